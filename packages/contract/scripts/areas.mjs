#!/usr/bin/env node
// Writes src/areas.ts and src/area-messages.ts from the area folders of src/ (each folder with an index.ts
// is an area; its messages.ts, when there is one, joins the catalogue). Areas register themselves by
// existing: adding one is adding its folder, then `npm run areas -w @aos/contract` (the build runs it).
// `--check` fails when the files on disk differ from what the folders say (the contract's tests run it).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const folders = readdirSync(src, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`${src}${entry.name}/index.ts`))
  .map((entry) => entry.name)
  .sort();
const withMessages = folders.filter((name) => existsSync(`${src}${name}/messages.ts`));
const identifier = (name) => name.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());
const banner = '// Written by scripts/areas.mjs from the folders of src/: do not edit.\n';

export const files = {
  'areas.ts': `${banner}${folders.map((name) => `export * from './${name}/index.js';`).join('\n')}\n`,
  'area-messages.ts':
    `${banner}${withMessages
      .map((name) => `import { messages as ${identifier(name)} } from './${name}/messages.js';`)
      .join('\n')}\n\n` +
    `/** Every area's messages; keys are \`<namespace>.<name>\`, and no two areas share a key. */\n` +
    `export const areaMessages = {\n${withMessages.map((name) => `  ...${identifier(name)},`).join('\n')}\n};\n`,
};

const check = process.argv.includes('--check');
let stale = [];
for (const [name, text] of Object.entries(files)) {
  const path = `${src}${name}`;
  const current = existsSync(path) ? readFileSync(path, 'utf8') : null;
  if (current === text) continue;
  if (check) stale.push(name);
  else writeFileSync(path, text);
}
if (stale.length) {
  console.error(`packages/contract/src/${stale.join(', ')} out of date: run npm run areas -w @aos/contract`);
  process.exit(1);
}
