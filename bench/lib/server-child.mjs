// What a benchmark's server child process (bench/live-server.mjs, bench/tasks-server.mjs) shares: its IPC, a
// counter of the server's log lines at warn and above, the administrator's sign-in, API calls through
// `app.inject`, a bounded pool of work, the registration of dock + drone pairs, and its own CPU and memory.
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';

/** The console's OAuth client (BladeX's `saber`), as the browser sends it. */
export const CLIENT_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const md5Hex = (plain) => createHash('md5').update(plain, 'utf8').digest('hex');

/** The password sign-in's path for `username` (the password as the console sends it: its MD5). */
export function tokenPath(password, username = 'admin', tenantId = '000000') {
  const query = new URLSearchParams({
    tenantId,
    username,
    password: md5Hex(password),
    grant_type: 'password',
    scope: 'all',
  });
  return `/api/blade-auth/oauth/token?${query}`;
}

/** Exit with a hint when started without an IPC channel; answers `send(message)` to the parent. */
export function ipcChild(name, parents) {
  if (!process.send) {
    console.error(`bench/${name} is started by ${parents} (it needs an IPC channel)`);
    process.exit(2);
  }
  return (message) => new Promise((resolve) => process.send(message, () => resolve()));
}

/** The server's log lines at warn and above (pino's JSON lines), counted; the first few kept. */
export function logCounter() {
  const logs = { warn: 0, error: 0, first: [] };
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n')) {
        if (!line) continue;
        let entry;
        try {
          entry = JSON.parse(line);
        } catch {
          entry = { level: 50, msg: line };
        }
        if (entry.level >= 50) logs.error += 1;
        else if (entry.level >= 40) logs.warn += 1;
        if (entry.level >= 40 && logs.first.length < 10)
          logs.first.push(
            `${entry.level >= 50 ? 'error' : 'warn'}: ${entry.msg} ${entry.err?.message ?? ''}`.trim(),
          );
      }
      done();
    },
  });
  return { logs, stream };
}

/** The administrator's token from the app itself. */
export async function signInAdmin(app, password) {
  const signIn = await app.inject({
    method: 'POST',
    url: tokenPath(password),
    headers: { authorization: CLIENT_BASIC },
  });
  const token = signIn.json().access_token;
  if (!token) throw new Error(`sign-in failed: ${signIn.body}`);
  return token;
}

/** A call of the API as the console makes it; its `data`, or an error naming the call and the answer. */
export async function apiCall(app, token, method, url, payload) {
  const response = await app.inject({
    method,
    url,
    payload,
    headers: { 'blade-auth': `bearer ${token}` },
  });
  const body = response.json();
  if (response.statusCode !== 200 || (body.code !== undefined && body.code !== 200))
    throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  return body.data;
}

/** `work(item, index)` over `items`, `concurrency` at a time; the results in order (errors as { error }). */
export async function pool(items, work, concurrency = 8) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      try {
        results[index] = await work(items[index], index);
      } catch (error) {
        results[index] = { error: error?.message ?? String(error) };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/**
 * A drone and a dock holding it, through the same calls as the console: serial numbers `${serials.drone}` and
 * `${serials.dock}` followed by `suffix`. Answers both as the API answered them.
 */
export async function registerPair(call, suffix, serials) {
  const drone = await call('POST', '/api/cloud-equipment/equipment-management/add', {
    name: `Bench drone ${suffix}`,
    serialNumber: `${serials.drone}${suffix}`,
    type: 1,
    modelId: 'dji-m3td',
  });
  const dock = await call('POST', '/api/cloud-equipment/uavhangar/submit', {
    name: `Bench dock ${suffix}`,
    type: 1,
    serialNumber: `${serials.dock}${suffix}`,
    modelId: 'dji-dock2',
    droneIds: drone.id,
  });
  return { drone, dock };
}

/** This process's CPU (µs, user + system) and memory (bytes). */
export function processUsage() {
  const cpu = process.cpuUsage();
  const memory = process.memoryUsage();
  return { micros: cpu.user + cpu.system, rss: memory.rss, heap: memory.heapUsed, external: memory.external };
}
