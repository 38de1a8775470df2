import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether each part's build is current: what `npm start` builds before it serves, and nothing else.
 *
 * A TypeScript part (`tsc -b`) is current when its build info is newer than every source and setting, and
 * its `dist` holds one `.js` per source and no other (a `.js` without its source is a removed file still
 * lingering there). The console (Vite) is current when `dist/index.html`, written by the build, is newer
 * than every input file and folder; a folder's time changes when a file in it is added, removed or
 * renamed, so a removed source counts too. Times, not content: a checkout or an edit is newer than the
 * last build; touching a file without changing it costs one build.
 */

/** @typedef {{name: string, dir: string, inputs: string[], skip?: (relative: string) => boolean}} Part */

const TEST_FILE = /\.test\.tsx?$/;

/** @type {Part[]} the TypeScript parts, in build order (tsc -b follows their references) */
export const TYPESCRIPT_PARTS = [
  { name: 'contract', dir: 'packages/contract', inputs: ['src', 'package.json', 'tsconfig.json'] },
  { name: 'wpml', dir: 'packages/wpml', inputs: ['src', 'package.json', 'tsconfig.json'] },
  {
    name: 'device-sim',
    dir: 'apps/device-sim',
    inputs: ['src', 'package.json', 'tsconfig.json'],
    skip: (relative) => relative.startsWith(`src${path.sep}test-support`),
  },
  { name: 'server', dir: 'apps/server', inputs: ['src', 'package.json', 'tsconfig.json'] },
];

/** @type {Part} the console: its own files, the contract's sources it bundles, and the locked dependencies */
export const CONSOLE_PART = {
  name: 'web',
  dir: 'apps/web',
  inputs: [
    'src',
    'public',
    'index.html',
    'package.json',
    'tsconfig.json',
    'vite.config.ts',
    '../../packages/contract/src',
    '../../package-lock.json',
  ],
};

/** Settings every part is compiled with. */
const SHARED_INPUTS = ['tsconfig.base.json'];

/** Every file and folder under `entry` (itself included), with paths relative to `base`. */
function* walk(base, entry) {
  const full = path.join(base, entry);
  let stat;
  try {
    stat = statSync(full);
  } catch {
    return; // an optional input (public/) that is not there
  }
  yield { relative: entry, stat };
  if (!stat.isDirectory()) return;
  for (const name of readdirSync(full)) yield* walk(base, path.join(entry, name));
}

/** The newest modification time among a part's inputs (files and folders), in milliseconds. */
export function newestInput(root, part) {
  const base = path.join(root, part.dir);
  let newest = 0;
  const entries = [
    ...part.inputs.flatMap((input) => [...walk(base, input)]),
    ...SHARED_INPUTS.flatMap((input) => [...walk(root, input)]),
  ];
  for (const { relative, stat } of entries) {
    if (TEST_FILE.test(relative) || part.skip?.(relative)) continue;
    // A TypeScript part's folders are checked by the source/output lists below instead: a test file added
    // beside the code changes its folder's time but not the build.
    if (stat.isDirectory() && part !== CONSOLE_PART) continue;
    newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : undefined);

/** `src/a/b.ts` → `a/b`: the module names of a TypeScript part's sources, or of its emitted `.js` files. */
function moduleNames(base, folder, pattern, part) {
  const names = new Set();
  for (const { relative, stat } of walk(base, folder)) {
    if (!stat.isFile() || !pattern.test(relative) || TEST_FILE.test(relative) || part.skip?.(relative))
      continue;
    if (relative.endsWith('.d.ts')) continue;
    names.add(path.relative(folder, relative).replace(pattern, ''));
  }
  return names;
}

/** Why a TypeScript part must be built, or null when its build is current. */
export function typescriptStaleness(root, part) {
  const base = path.join(root, part.dir);
  const built = mtime(path.join(base, 'tsconfig.tsbuildinfo'));
  if (built === undefined || !existsSync(path.join(base, 'dist'))) return 'never built';
  const sources = moduleNames(base, 'src', /\.ts$/, part);
  const outputs = moduleNames(base, 'dist', /\.js$/, part);
  const missing = [...sources].find((name) => !outputs.has(name));
  if (missing) return `src/${missing}.ts has no build`;
  const lingering = [...outputs].find((name) => !sources.has(name));
  if (lingering) return `dist/${lingering}.js has no source any more`;
  if (newestInput(root, part) > built) return 'sources changed since the last build';
  return null;
}

/** Why the console must be built, or null when `apps/web/dist` is current. */
export function consoleStaleness(root) {
  const built = mtime(path.join(root, CONSOLE_PART.dir, 'dist', 'index.html'));
  if (built === undefined) return 'never built';
  if (newestInput(root, CONSOLE_PART) > built) return 'sources changed since the last build';
  return null;
}
