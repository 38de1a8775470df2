#!/usr/bin/env node
// `npm start`: build what is stale, then run the server (`node apps/server/dist/main.js`), in this process.
// A checkout whose build is current starts serving without building anything; the first start after a
// fresh clone builds everything. The console is always built for production, whatever NODE_ENV says.
//
// Signals: the server runs in this very process, so SIGTERM/SIGINT reach its own handlers (main.ts: a
// graceful stop within 10 s, exit 0) and the process ends with it. While a build step runs, a signal is
// forwarded to that step and the start stops with the step's end: no tsc or vite is left running behind.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { consoleStaleness, TYPESCRIPT_PARTS, typescriptStaleness } from './build-state.mjs';
import { developmentReactIn } from './console-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDist = path.join(root, 'apps', 'web', 'dist');

const say = (text) => console.log(`[start] ${text}`);

/** the signal that asked this start to stop while it was building (the server is then not started) */
let stopSignal = null;
let building = null;
const forward = (signal) => {
  stopSignal ??= signal;
  building?.kill(signal);
  if (!building) process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
};
process.on('SIGTERM', forward);
process.on('SIGINT', forward);

/** Run a build step with its output here; a signal received meanwhile is passed on to it. */
async function run(command, args, env = process.env) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  building = child;
  const [code] = await new Promise((resolve) => {
    child.once('error', (error) => {
      console.error(`[start] ${path.basename(command)}: ${error.message}`);
      resolve([1]);
    });
    child.once('exit', (exitCode) => resolve([exitCode]));
  });
  building = null;
  if (stopSignal) {
    say(`${stopSignal} during the build: not starting`);
    process.exit(128 + (stopSignal === 'SIGINT' ? 2 : 15));
  }
  if (code !== 0) {
    console.error(`[start] ${[path.basename(command), ...args].join(' ')} failed; not starting`);
    process.exit(code ?? 1);
  }
}

const began = performance.now();

// The contract's area lists follow its folders (a new area folder is picked up before the staleness check).
await run(process.execPath, [path.join(root, 'packages', 'contract', 'scripts', 'areas.mjs')]);

const staleParts = TYPESCRIPT_PARTS.map((part) => ({ part, why: typescriptStaleness(root, part) })).filter(
  (entry) => entry.why,
);
if (staleParts.length) {
  for (const { part, why } of staleParts) {
    say(`${part.name}: ${why}: building`);
    // A fresh output folder: no file of a removed source lingers in it (the server finds its areas by
    // listing dist/modules/*), and the build info goes with it so tsc rebuilds the whole part.
    rmSync(path.join(root, part.dir, 'dist'), { recursive: true, force: true });
    rmSync(path.join(root, part.dir, 'tsconfig.tsbuildinfo'), { force: true });
  }
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  await run(process.execPath, [tsc, '-b', ...TYPESCRIPT_PARTS.map((part) => part.dir)]);
}

let consoleWhy = consoleStaleness(root);
if (!consoleWhy && developmentReactIn(webDist).length) consoleWhy = "it holds React's development build";
if (consoleWhy) {
  say(`console: ${consoleWhy}: building`);
  const npm = process.env.npm_execpath;
  const args = ['run', 'build', '-w', '@aos/web'];
  // The console is always the production build (apps/web's build script says so too).
  const env = { ...process.env, NODE_ENV: 'production' };
  if (npm) await run(process.execPath, [npm, ...args], env);
  else await run(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, env);
  const development = developmentReactIn(webDist);
  if (development.length) {
    console.error(`[start] the console build holds React's development build (${development.join(', ')})`);
    process.exit(1);
  }
}

say(
  staleParts.length || consoleWhy
    ? `built in ${((performance.now() - began) / 1000).toFixed(1)} s`
    : 'build is current: nothing to build',
);
// From here on the server's own handlers (main.ts) answer the signals.
process.off('SIGTERM', forward);
process.off('SIGINT', forward);
await import(pathToFileURL(path.join(root, 'apps', 'server', 'dist', 'main.js')).href);
