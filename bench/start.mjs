// Start benchmark: `npm start` until the platform serves (`GET /api/health` answers 200).
//   node bench/start.mjs [--runs 3] [--checkout DIR] [--write]
// - first start: a fresh clone of this repository's committed HEAD, after `npm ci` (not timed): a full build;
// - current build: the same checkout started again, `--runs` times (median), with nothing to build.
// Each start is a real `npm start` with the README's NODE_ENV=development set explicitly and free ports (the
// demo fleet and the embedded broker included); one DATA_DIR for the checkout, as `./data` is: the first start
// also creates the embedded database, the others open it. `--checkout DIR` reuses a clone made before
// (its first start is then whatever state it is in). The built console's first-page JavaScript is weighed
// too: React's production build, whatever NODE_ENV said.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { developmentReactIn, entryScripts } from '../scripts/console-build.mjs';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(option('--runs')) || 3;
const write = args.includes('--write');
const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'aos-bench-start-'));

/**
 * Run `command` in `dir` until /api/health answers: the seconds it took, whether `npm start` built anything,
 * and when it had decided (its last `[start]` line: what it costs before the server itself starts).
 */
async function timedStart(dir, command = [...npm, 'start']) {
  const [port, mqttPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    MQTT_PORT: String(mqttPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  const began = performance.now();
  const child = spawn(command[0], command.slice(1), { cwd: dir, env, detached: true });
  let output = '';
  let decided;
  const collect = (chunk) => {
    output += chunk;
    if (decided === undefined && /\[start\] (build is current|built in)/.test(output))
      decided = (performance.now() - began) / 1000;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let seconds;
  while (seconds === undefined) {
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 50))]);
    if (code !== undefined)
      throw new Error(`${command.join(' ')} exited (${code}) before serving:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) seconds = (performance.now() - began) / 1000;
  }
  process.kill(-child.pid, 'SIGTERM');
  await exited;
  const built = !output.includes('[start] build is current');
  const buildSeconds = Number(/\[start\] built in ([\d.]+) s/.exec(output)?.[1] ?? 0);
  const what = command.includes('start')
    ? built
      ? `${buildSeconds} s of it building`
      : 'nothing built'
    : 'no check';
  console.log(`${command.slice(-1)[0]} → serving in ${seconds.toFixed(1)} s (${what})`);
  return { seconds, built, buildSeconds, decided };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const checkout = option('--checkout') ?? mkdtempSync(path.join(tmpdir(), 'aos-bench-clone-'));
const fresh = !option('--checkout');
if (fresh) {
  console.log(`cloning into ${checkout} and running npm ci (not timed)...`);
  execFileSync('git', ['clone', '--quiet', root, checkout], { stdio: 'inherit' });
  execFileSync(npm[0], [...npm.slice(1), 'ci', '--no-audit', '--no-fund'], {
    cwd: checkout,
    stdio: 'ignore',
  });
}

const load = (await import('node:os')).loadavg()[0];
const first = await timedStart(checkout);
const again = [];
const bare = [];
for (let run = 0; run < runs; run++) {
  again.push(await timedStart(checkout));
  // the same server started directly, without npm or the build check: what the check adds
  bare.push(await timedStart(checkout, [process.execPath, 'apps/server/dist/main.js']));
}

const dist = path.join(checkout, 'apps/web/dist');
const gzip = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
const scripts = entryScripts(dist);
const reactChunk = scripts.find((file) => /\/react-[^/]+\.js$/.test(file));
const development = developmentReactIn(dist);
const firstPageKb = scripts.reduce((sum, file) => sum + gzip(file), 0);
const reactKb = reactChunk ? gzip(reactChunk) : undefined;
rmSync(dataDir, { recursive: true, force: true });
if (fresh) rmSync(checkout, { recursive: true, force: true });

const lines = [
  '| start | built | to serving |',
  '| --- | --- | ---: |',
  `| first start of a fresh clone, after \`npm ci\` (also creates the embedded database) | ${first.built ? `everything, ${first.buildSeconds.toFixed(1)} s` : 'nothing'} | ${first.seconds.toFixed(1)} s |`,
  `| start with the build current (median of ${runs}) | ${again.some((run) => run.built) ? 'something' : 'nothing'}, decided after ${median(again.map((run) => run.decided)).toFixed(1)} s | ${median(again.map((run) => run.seconds)).toFixed(1)} s |`,
  `| for comparison: \`node apps/server/dist/main.js\` (median of ${runs}) | no check | ${median(bare.map((run) => run.seconds)).toFixed(1)} s |`,
  '',
  `- Date: ${new Date().toISOString().slice(0, 10)}; Node ${process.version}; ${cpus().length} cores, load average ${load.toFixed(1)} at the start (other work on the machine).`,
  `- Every start with \`NODE_ENV=development\` set; the console's framework chunk is ${reactKb === undefined ? 'not found' : `${reactKb.toFixed(1)} kB gzip`}, ${development.length ? "React's development build" : "React's production build"}; first-page JavaScript ${firstPageKb.toFixed(1)} kB gzip (${scripts.length} files).`,
  `- Current-build starts: ${again.map((run) => `${run.seconds.toFixed(1)} s`).join(', ')}; the server alone: ${bare.map((run) => `${run.seconds.toFixed(1)} s`).join(', ')} (run in turns).`,
];
console.log(`\n${lines.join('\n')}`);

if (write) {
  const file = path.join(root, 'bench/RESULTS.md');
  const text = readFileSync(file, 'utf8');
  const [start, end] = ['<!-- start:start -->', '<!-- start:end -->'];
  const block = `${start}\n${lines.join('\n')}\n${end}`;
  const next = text.includes(start)
    ? text.replace(new RegExp(`${start}[\\s\\S]*${end}`), block)
    : `${text.trimEnd()}\n\n## Start (bench/start.mjs)\n\nFigures of \`node bench/start.mjs --write\`.\n\n${block}\n`;
  writeFileSync(file, next);
}
// The scenarios must be what they say: the first start builds, the others do not.
process.exit((fresh && !first.built) || again.some((run) => run.built) || development.length ? 1 : 0);
