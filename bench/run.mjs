#!/usr/bin/env node
// HTTP benchmark of the platform API (see bench/README.md). Build first:
//   npx tsc -b packages/contract apps/server && node bench/run.mjs [--duration 10] [--connections 50]
//     [--db postgres|pglite] [--hash-cost 15] [--write]
// The servers run in a child process (bench/server.mjs); autocannon runs here.
import { fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { backgroundLoad, measured } from './lib/cpu.mjs';
import {
  BENCH_DATABASE,
  BENCH_DATABASE_URL,
  createBenchDatabase,
  dropBenchDatabase,
  REDIS_URL,
  redisAnswers,
} from './lib/infrastructure.mjs';
import { fmt, TARGET_PAGE_P99, TARGET_RATIO, textTable, writeResults } from './lib/report.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ADMIN_PASSWORD = 'Bench@123';
const TENANT_ID = '000000';
const CLIENT_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const WARMUP_SECONDS = 2;
const SIGN_IN_CONNECTIONS = 10;
/** users seeded for the user-page scenarios (bench/server.mjs seedUsers), all with the admin's password */
const SEED_USERS = 100_000;
/** the filtered page scenario: pages 1..FILTERED_PAGES of each branch's users of one surname (realName) */
const FILTERED_PAGES = 10;
const PAGE_QUERY = 'current=1&size=10';

// ---------------------------------------------------------------------------------------------- options

const USAGE =
  'usage: node bench/run.mjs [--duration 10] [--connections 50] [--db postgres|pglite] [--hash-cost 15] [--write] [--keep-db]';

class UsageError extends Error {}

function options() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        duration: { type: 'string', default: '10' },
        connections: { type: 'string', default: '50' },
        db: { type: 'string', default: 'postgres' },
        'hash-cost': { type: 'string', default: '15' },
        write: { type: 'boolean', default: false },
        'keep-db': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(error.message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const integer = (name, min, max) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new UsageError(`--${name} must be an integer from ${min} to ${max} (got ${values[name]})`);
    }
    return value;
  };
  if (!['postgres', 'pglite'].includes(values.db)) throw new UsageError('--db must be postgres or pglite');
  return {
    duration: integer('duration', 1, 3600),
    connections: integer('connections', 1, 1000),
    db: values.db,
    hashCost: integer('hash-cost', 10, 20),
    write: values.write,
    keepDb: values['keep-db'],
  };
}

// ------------------------------------------------------------------------------------------ server process

/** Fork bench/server.mjs and keep a way to wait for its next message of a given type. */
function startServer(env) {
  const child = fork(path.join(HERE, 'server.mjs'), [], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map();
  let failure = null;
  const rejectAll = (error) => {
    failure = error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  child.on('message', (message) => {
    if (message?.type === 'error') {
      const error = new Error(`server process: ${message.message}`);
      error.stack = message.stack ?? error.stack;
      rejectAll(error);
      return;
    }
    const waiter = waiting.get(message?.type);
    if (waiter) {
      waiting.delete(message.type);
      waiter.resolve(message);
    }
  });
  child.on('exit', (code, signal) => {
    rejectAll(new Error(`server process exited (${signal ?? `code ${code}`})`));
  });
  const next = (type, timeoutMs = 180_000) =>
    new Promise((resolve, reject) => {
      if (failure) return reject(failure);
      const timer = setTimeout(() => {
        waiting.delete(type);
        reject(new Error(`server process: no '${type}' within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      waiting.set(type, {
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const closed = next('closed', 30_000).catch(() => undefined);
    child.send({ type: 'close' });
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  /** Send `{ type }` and wait for the answer of the same type. */
  const request = (type) => {
    const answer = next(type, 10_000);
    child.send({ type });
    return answer;
  };
  return { child, next, request, stop };
}

// ------------------------------------------------------------------------------------------------ HTTP

const md5Hex = (plain) => createHash('md5').update(plain, 'utf8').digest('hex');

function tokenPath(username = 'admin', password = ADMIN_PASSWORD) {
  const query = new URLSearchParams({
    tenantId: TENANT_ID,
    username,
    password: md5Hex(password),
    grant_type: 'password',
    scope: 'all',
  });
  return `/api/blade-auth/oauth/token?${query}`;
}

async function signIn(base, username, password) {
  const response = await fetch(base + tokenPath(username, password), {
    method: 'POST',
    headers: { Authorization: CLIENT_BASIC },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${text}`);
  const body = JSON.parse(text);
  if (typeof body.access_token !== 'string') throw new Error(`sign-in answered no access_token: ${text}`);
  return body.access_token;
}

async function fetchText(url, headers = {}) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${text}`);
  return text;
}

/** A user page as `who` sees it: a 200 envelope with records and a total, or an error. */
async function fetchPage(url, headers, who) {
  const text = await fetchText(url, headers);
  const body = JSON.parse(text);
  const page = body.data;
  if (
    body.code !== 200 ||
    body.success !== true ||
    !Array.isArray(page?.records) ||
    !Number.isInteger(page.total) ||
    page.records.length !== Math.min(10, page.total)
  ) {
    throw new Error(`user page (${who}) answered an unexpected body: ${text.slice(0, 300)}`);
  }
  return page;
}

// -------------------------------------------------------------------------------------------- scenarios

/** One autocannon run (its promise form). Sign-ins wait seconds in line, hence the long timeout. */
const cannon = (opts) => autocannon({ timeout: 30, ...opts });

async function scenario(
  server,
  { name, url, requests, connections, duration, warmup, method = 'GET', headers = {} },
) {
  // `requests`: paths each connection goes through in turn (autocannon's request sequence), on `url`'s host.
  const common = {
    url,
    connections,
    method,
    headers,
    ...(requests ? { requests: requests.map((path) => ({ method, path, headers })) } : {}),
  };
  if (warmup) {
    process.stdout.write(`  ${name}: warm-up ${warmup} s ... `);
    const warm = await cannon({ ...common, duration: warmup });
    process.stdout.write(`${fmt(warm.requests.average)} req/s (not counted)\n`);
  }
  process.stdout.write(`  ${name}: ${duration} s with ${connections} connections ... `);
  const { result, cpu } = await measured(server, () => cannon({ ...common, duration }));
  const row = {
    name,
    connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.latency.totalCount,
    errors: result.errors,
    non2xx: result.non2xx,
    cpu,
  };
  process.stdout.write(
    `${fmt(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ` +
      `${row.errors} errors, ${row.non2xx} non-2xx\n`,
  );
  return row;
}

// -------------------------------------------------------------------------------------------------- main

async function main() {
  const opts = options();
  const redis = await redisAnswers(REDIS_URL);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aos-bench-'));
  let server;
  let createdDatabase = false;
  let stopping = false;

  const cleanUp = async () => {
    if (stopping) return;
    stopping = true;
    await server?.stop().catch((error) => console.error(`closing the servers: ${error.message}`));
    if (createdDatabase && !opts.keepDb) {
      await dropBenchDatabase().catch((error) =>
        console.error(`dropping database ${BENCH_DATABASE}: ${error.message}`),
      );
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const onSignal = (signal) => {
    console.error(`\n${signal}: cleaning up`);
    cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const idleLoad = await backgroundLoad();
    console.log(
      `bench: ${opts.db}, ${redis ? 'Redis' : 'no Redis (in-process cache)'}, hash cost ${opts.hashCost}, ` +
        `${opts.duration} s per scenario, ${os.cpus().length} cores, node ${process.version}`,
    );
    console.log(`background load before the start: ${idleLoad.toFixed(2)} cores busy with other work`);
    if (idleLoad > 0.15) {
      console.warn('warning: the machine is busy with other work; the figures will be low and noisy');
    }
    if (opts.db === 'postgres') {
      await createBenchDatabase();
      createdDatabase = true;
    }

    server = startServer({
      BENCH_DATA_DIR: dataDir,
      BENCH_DATABASE_URL: opts.db === 'postgres' ? BENCH_DATABASE_URL : '',
      BENCH_REDIS_URL: redis ? REDIS_URL : '',
      BENCH_JWT_SECRET: randomBytes(48).toString('base64url'),
      BENCH_ADMIN_PASSWORD: ADMIN_PASSWORD,
      BENCH_HASH_COST: String(opts.hashCost),
    });
    const started = Date.now();
    const ready = await server.next('ready');
    console.log(
      `platform API on port ${ready.port} (${ready.database}, ${ready.cache} cache), ` +
        `built in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const seeding = Date.now();
    server.child.send({ type: 'seed-users', count: SEED_USERS, password: ADMIN_PASSWORD });
    const seeded = await server.next('seeded');
    console.log(
      `seeded ${seeded.users.toLocaleString('en-US')} users in ${seeded.depts} depts and the scoped user ` +
        `'${seeded.account}' in ${((Date.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const apiBase = `http://127.0.0.1:${ready.port}`;
    const token = await signIn(apiBase);
    const userInfoUrl = `${apiBase}/api/blade-auth/oauth/user-info`;
    const authHeaders = { 'Blade-Auth': `bearer ${token}` };
    const userInfoBody = await fetchText(userInfoUrl, authHeaders);
    const envelope = JSON.parse(userInfoBody);
    if (envelope.code !== 200 || envelope.success !== true || !Array.isArray(envelope.data?.permissions)) {
      throw new Error(`user-info answered an unexpected body: ${userInfoBody.slice(0, 300)}`);
    }

    server.child.send({ type: 'bare', body: userInfoBody });
    const bare = await server.next('bare-ready');
    const bareUrl = `http://127.0.0.1:${bare.port}/bare`;
    if ((await fetchText(bareUrl)) !== userInfoBody) {
      throw new Error('the bare route does not answer the same bytes as user-info');
    }
    console.log(
      `bare Fastify on port ${bare.port}; body ${Buffer.byteLength(userInfoBody)} bytes, ` +
        `${envelope.data.permissions.length} permission codes`,
    );

    // The user pages: the admin sees every user, the scoped user its branch and the teams below it.
    const pageUrl = `${apiBase}/api/blade-user/page?${PAGE_QUERY}`;
    const scopedHeaders = { 'Blade-Auth': `bearer ${await signIn(apiBase, seeded.account, ADMIN_PASSWORD)}` };
    const adminPage = await fetchPage(pageUrl, authHeaders, 'admin');
    const scopedPage = await fetchPage(pageUrl, scopedHeaders, seeded.account);
    if (adminPage.total < SEED_USERS) {
      throw new Error(
        `the admin's user page counts ${adminPage.total} users, fewer than the ${SEED_USERS} seeded`,
      );
    }
    if (scopedPage.total >= adminPage.total || scopedPage.total !== seeded.scopedTotal) {
      throw new Error(
        `the scoped user's page counts ${scopedPage.total} users (admin: ${adminPage.total}); ` +
          `its data scope (own dept and below) should leave exactly ${seeded.scopedTotal}`,
      );
    }
    console.log(
      `user page: admin total ${adminPage.total.toLocaleString('en-US')}, ` +
        `scoped total ${scopedPage.total.toLocaleString('en-US')}`,
    );

    // The filtered pages (dept and name, pages 1..N), and the bare route running the SQL each one ran.
    const filteredPaths = seeded.branches.flatMap((branch, b) =>
      Array.from(
        { length: FILTERED_PAGES },
        (_, page) =>
          `/api/blade-user/page?current=${page + 1}&size=10&deptId=${branch}&realName=${seeded.surnames[b]}`,
      ),
    );
    const filteredTotals = new Set();
    for (const path of filteredPaths) {
      const page = await fetchPage(apiBase + path, authHeaders, 'admin, filtered');
      if (page.total < FILTERED_PAGES * 10) throw new Error(`${path} matched only ${page.total} users`);
      filteredTotals.add(page.total);
    }
    server.child.send({ type: 'record-pages', paths: filteredPaths, headers: authHeaders });
    const recorded = await server.next('recorded');
    const barePages = filteredPaths.map((_, i) => `/bare-page/${i}`);
    console.log(
      `filtered pages: ${filteredPaths.length} (10 branches × pages 1–${FILTERED_PAGES}, a surname each), totals ` +
        `${Math.min(...filteredTotals)}–${Math.max(...filteredTotals)}; ${recorded.queries.join('–')} ` +
        `queries per call in groups of ${recorded.groups.join(', ')}\n`,
    );

    const rows = [];
    rows.push(
      await scenario(server, {
        name: 'bare Fastify, same JSON',
        url: bareUrl,
        connections: opts.connections,
        duration: opts.duration,
        warmup: WARMUP_SECONDS,
      }),
    );
    rows.push(
      await scenario(server, {
        name: 'GET user-info (token)',
        url: userInfoUrl,
        headers: authHeaders,
        connections: opts.connections,
        duration: opts.duration,
        warmup: WARMUP_SECONDS,
      }),
    );
    rows.push(
      await scenario(server, {
        name: `GET user page (admin, 10 of ${SEED_USERS.toLocaleString('en-US')})`,
        url: pageUrl,
        headers: authHeaders,
        connections: opts.connections,
        duration: opts.duration,
        warmup: WARMUP_SECONDS,
      }),
    );
    rows.push(
      await scenario(server, {
        name: "bare: the filtered pages' SQL, same pool",
        url: `http://127.0.0.1:${bare.port}`,
        requests: barePages,
        connections: opts.connections,
        duration: opts.duration,
        warmup: WARMUP_SECONDS,
      }),
    );
    rows.push(
      await scenario(server, {
        name: `GET user page (admin, dept + name, pages 1–${FILTERED_PAGES})`,
        url: apiBase,
        requests: filteredPaths,
        headers: authHeaders,
        connections: opts.connections,
        duration: opts.duration,
        warmup: WARMUP_SECONDS,
      }),
    );
    rows.push(
      await scenario(server, {
        name: 'GET user page (data scope: own dept and below)',
        url: pageUrl,
        headers: scopedHeaders,
        connections: opts.connections,
        duration: opts.duration,
        warmup: WARMUP_SECONDS,
      }),
    );
    rows.push(
      await scenario(server, {
        name: 'POST token (password sign-in)',
        url: apiBase + tokenPath(),
        method: 'POST',
        headers: { Authorization: CLIENT_BASIC },
        connections: Math.min(SIGN_IN_CONNECTIONS, opts.connections),
        duration: opts.duration,
      }),
    );

    const ratio = rows[1].rps / rows[0].rps;
    const filtered = { ratio: rows[4].rps / rows[3].rps, p99: rows[4].p99 };
    console.log(`\n${textTable(rows)}\n`);
    console.log(
      `user-info / bare: ${(ratio * 100).toFixed(1)} % (target ≥ ${TARGET_RATIO * 100} %: ` +
        `${ratio >= TARGET_RATIO ? 'met' : 'NOT met'})`,
    );
    console.log(
      `filtered user page / bare SQL: ${(filtered.ratio * 100).toFixed(1)} % (target ≥ ` +
        `${TARGET_RATIO * 100} %: ${filtered.ratio >= TARGET_RATIO ? 'met' : 'NOT met'}), p99 ` +
        `${filtered.p99} ms (target < ${TARGET_PAGE_P99} ms: ${filtered.p99 < TARGET_PAGE_P99 ? 'met' : 'NOT met'})`,
    );

    if (opts.write) {
      writeResults({
        rows,
        ratio,
        filtered,
        settings: {
          date: new Date().toISOString().slice(0, 10),
          database: ready.database === 'postgres' ? 'PostgreSQL (local)' : 'PGlite (in-process)',
          redis: ready.cache === 'redis',
          hashCost: opts.hashCost,
          duration: opts.duration,
          warmup: WARMUP_SECONDS,
          connections: opts.connections,
          db: opts.db,
          idleLoad,
          pages: {
            users: seeded.users,
            depts: seeded.depts,
            adminTotal: adminPage.total,
            scopedTotal: scopedPage.total,
            filteredPages: filteredPaths.length,
            filteredTotals: [Math.min(...filteredTotals), Math.max(...filteredTotals)],
            queries: recorded.queries,
            groups: recorded.groups,
          },
        },
      });
    }
    const failed = rows.filter((row) => row.errors > 0 || row.non2xx > 0);
    for (const row of failed) console.error(`${row.name}: ${row.errors} errors, ${row.non2xx} non-2xx`);
    return failed.length ? 1 : 0;
  } finally {
    await cleanUp();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof UsageError) console.error(`${error.message}\n${USAGE}`);
    else console.error(error);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
