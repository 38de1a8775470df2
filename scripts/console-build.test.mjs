import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEVELOPMENT_REACT_MARKERS, developmentReactIn, entryScripts } from './console-build.mjs';

let dist;

function build(files) {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<head><script type="module" crossorigin src="/assets/index-A.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react-B.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index-C.css"></head>',
  );
  for (const [name, code] of Object.entries(files)) writeFileSync(path.join(dist, 'assets', name), code);
}

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'aos-console-build-'));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe("React's development build in the console", () => {
  it('reads the entry and its preloaded modules from index.html', () => {
    build({ 'index-A.js': '', 'react-B.js': '' });
    expect(entryScripts(dist)).toEqual(['assets/index-A.js', 'assets/react-B.js']);
  });

  it('finds no development build in a production one', () => {
    build({ 'index-A.js': 'createRoot(x)', 'react-B.js': 'function Xe(){return"production"}' });
    expect(developmentReactIn(dist)).toEqual([]);
  });

  it('names the entry script that holds it', () => {
    for (const marker of DEVELOPMENT_REACT_MARKERS) {
      build({ 'index-A.js': '', 'react-B.js': `console.error(\`${marker}.%s%s\`)` });
      expect(developmentReactIn(dist), marker).toEqual(['assets/react-B.js']);
    }
  });
});
