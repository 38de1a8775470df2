import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consoleStaleness, TYPESCRIPT_PARTS, typescriptStaleness } from './build-state.mjs';

const server = TYPESCRIPT_PARTS.find((part) => part.name === 'server');
const deviceSim = TYPESCRIPT_PARTS.find((part) => part.name === 'device-sim');
let root;

/** Write a file `seconds` after an arbitrary epoch, so tests never depend on the clock. */
function file(relative, seconds, content = '') {
  const full = path.join(root, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  const time = new Date(1_700_000_000_000 + seconds * 1000);
  utimesSync(full, time, time);
}

/** Set a folder's time (what adding or removing a file in it does). */
function folder(relative, seconds) {
  const time = new Date(1_700_000_000_000 + seconds * 1000);
  utimesSync(path.join(root, relative), time, time);
}

/** A server built at t=100 from sources written at t=10. */
function builtServer() {
  file('tsconfig.base.json', 1);
  for (const name of ['package.json', 'tsconfig.json']) file(`apps/server/${name}`, 1);
  file('apps/server/src/main.ts', 10);
  file('apps/server/src/modules/a/index.ts', 10);
  file('apps/server/dist/main.js', 100);
  file('apps/server/dist/main.d.ts', 100);
  file('apps/server/dist/modules/a/index.js', 100);
  file('apps/server/tsconfig.tsbuildinfo', 100);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'aos-build-state-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('a TypeScript part', () => {
  it('is current when built after its sources', () => {
    builtServer();
    expect(typescriptStaleness(root, server)).toBeNull();
  });

  it('must be built when never built', () => {
    file('apps/server/src/main.ts', 10);
    expect(typescriptStaleness(root, server)).toBe('never built');
  });

  it('must be built when a source, its settings or the shared settings changed', () => {
    builtServer();
    file('apps/server/src/modules/a/index.ts', 200);
    expect(typescriptStaleness(root, server)).toBe('sources changed since the last build');
    builtServer();
    file('apps/server/tsconfig.json', 200);
    expect(typescriptStaleness(root, server)).toBe('sources changed since the last build');
    builtServer();
    file('tsconfig.base.json', 200);
    expect(typescriptStaleness(root, server)).toBe('sources changed since the last build');
  });

  it('must be built when a source was added, even with an old time (a file copied in)', () => {
    builtServer();
    file('apps/server/src/modules/b/index.ts', 5);
    expect(typescriptStaleness(root, server)).toBe('src/modules/b/index.ts has no build');
  });

  it('must be built when a source was removed: its output would linger', () => {
    builtServer();
    rmSync(path.join(root, 'apps/server/src/modules/a/index.ts'));
    expect(typescriptStaleness(root, server)).toBe('dist/modules/a/index.js has no source any more');
  });

  it('ignores tests beside the code and test support', () => {
    builtServer();
    file('apps/server/src/modules/a/index.test.ts', 300);
    folder('apps/server/src/modules/a', 300);
    expect(typescriptStaleness(root, server)).toBeNull();
    file('tsconfig.base.json', 1);
    for (const name of ['package.json', 'tsconfig.json']) file(`apps/device-sim/${name}`, 1);
    file('apps/device-sim/src/fleet.ts', 10);
    file('apps/device-sim/src/test-support/broker.ts', 300);
    file('apps/device-sim/dist/fleet.js', 100);
    file('apps/device-sim/tsconfig.tsbuildinfo', 100);
    expect(typescriptStaleness(root, deviceSim)).toBeNull();
  });
});

describe('the console', () => {
  /** A console built at t=100; the contract's sources it bundles written at t=10. */
  function builtConsole() {
    file('tsconfig.base.json', 1);
    file('package-lock.json', 1);
    for (const name of ['package.json', 'tsconfig.json', 'vite.config.ts', 'index.html'])
      file(`apps/web/${name}`, 1);
    file('apps/web/src/main.tsx', 10);
    file('apps/web/src/app/App.tsx', 10);
    file('packages/contract/src/rules.ts', 10);
    for (const dir of ['apps/web/src/app', 'apps/web/src', 'packages/contract/src']) folder(dir, 10);
    file('apps/web/dist/index.html', 100);
  }

  it('is current when built after its inputs', () => {
    builtConsole();
    expect(consoleStaleness(root)).toBeNull();
  });

  it('must be built when never built', () => {
    file('apps/web/src/main.tsx', 10);
    expect(consoleStaleness(root)).toBe('never built');
  });

  it('must be built when a source, a contract source or the locked dependencies changed', () => {
    for (const changed of [
      'apps/web/src/app/App.tsx',
      'packages/contract/src/rules.ts',
      'package-lock.json',
    ]) {
      builtConsole();
      file(changed, 200);
      expect(consoleStaleness(root), changed).toBe('sources changed since the last build');
    }
  });

  it('must be built when a source was removed (its folder changed)', () => {
    builtConsole();
    rmSync(path.join(root, 'apps/web/src/app/App.tsx'));
    folder('apps/web/src/app', 200);
    expect(consoleStaleness(root)).toBe('sources changed since the last build');
  });
});
