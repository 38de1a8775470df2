import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import type { Scheduler } from '../../src/scheduler/scheduler.js';
import { jobState, type TestDatabase, testDatabase, testScheduler, waitFor } from './scheduler-helper.js';

/**
 * Several instances on one database (two schedulers on one PGlite, or on two pools of one PostgreSQL):
 * a job runs in one of them, a timer fires once per period, a job outlives the instance that sent it.
 */

let store: TestDatabase;
/** the database as the first instance opens it (in the hook: opening PGlite is slow on a busy machine) */
let first: Database;
/** every database and scheduler a test opened, closed after it in reverse order */
let opened: (Database | Scheduler)[];
/** the waits of a test add up, and the restart opens a database again */
const SLOW = { timeout: 120_000 };

beforeEach(async () => {
  store = await testDatabase();
  opened = [];
  first = await open();
}, SLOW.timeout);

afterEach(async () => {
  for (const item of opened.reverse()) await ('stop' in item ? item.stop() : item.close());
  await store.drop();
});

async function open(): Promise<Database> {
  const database = await store.open();
  opened.push(database);
  return database;
}

async function another(of: Database): Promise<Database> {
  const database = await store.another(of);
  if (database !== of) opened.push(database);
  return database;
}

function scheduler(database: Database, options: Parameters<typeof testScheduler>[1] = {}): Scheduler {
  const created = testScheduler(database, options);
  opened.push(created);
  return created;
}

/** The database's clock, which pg-boss's crons follow. */
async function databaseNow(database: Database): Promise<Date> {
  const result = (await database.db.execute(sql`select now() as now`)) as unknown as {
    rows: { now: unknown }[];
  };
  return new Date(result.rows[0]!.now as string);
}

/** When one of the instances last checked the crons (pg-boss keeps it to let one instance check per round). */
async function lastCronCheck(database: Database): Promise<string> {
  const result = (await database.db.execute(
    sql`select cron_on::text as at from pgboss.version`,
  )) as unknown as {
    rows: { at: string | null }[];
  };
  return String(result.rows[0]?.at);
}

describe('two instances on one database', SLOW, () => {
  it('each of 40 jobs runs exactly once', async () => {
    const runs: { id: string; instance: string }[] = [];
    const instances = [first, await another(first)].map((database, index) => {
      const instance = scheduler(database);
      instance.define('test.echo', ({ id }) => void runs.push({ id, instance: `#${index}` }), {
        concurrency: 4,
      });
      return instance;
    });
    await Promise.all(instances.map((instance) => instance.start()));
    const ids = await Promise.all(
      Array.from({ length: 40 }, (_, n) => instances[n % 2]!.send('test.echo', { n })),
    );
    await waitFor('40 runs', () => runs.length >= 40);
    await waitFor('all completed', async () => {
      const states = await Promise.all(ids.map((id) => jobState(first, id!)));
      return states.every((state) => state === 'completed');
    });
    expect(runs).toHaveLength(40);
    expect(new Set(runs.map((run) => run.id))).toEqual(new Set(ids));
  });

  it('a timer fires once per period, not once per instance', async () => {
    // A daily timer at the database's current minute fires in this minute only: any second run is a
    // duplicate. Late in a minute, take the next one, so the instances have time to check the crons in it.
    let now = await databaseNow(first);
    while (now.getUTCSeconds() >= 40) {
      await new Promise((resolve) => setTimeout(resolve, (61 - now.getUTCSeconds()) * 1000));
      now = await databaseNow(first);
    }
    const cron = `${now.getUTCMinutes()} ${now.getUTCHours()} * * *`;
    const runs: string[] = [];
    const instances = [first, await another(first)].map((database) => {
      const instance = scheduler(database, { timeZone: 'UTC', cronCheckSeconds: 1 });
      instance.define('test.echo', ({ id }) => void runs.push(id));
      return instance;
    });
    // Every instance sets the timer at its start, as the app does: one stored timer.
    for (const instance of instances) await instance.schedule('test.echo', cron, { n: 1 });
    await Promise.all(instances.map((instance) => instance.start()));
    expect(await instances[0]!.schedules()).toEqual([
      { name: 'test.echo', cron, timezone: 'UTC', data: { n: 1 } },
    ]);
    await waitFor('the timer to fire', () => runs.length > 0);
    // Several more cron checks (by either instance) after the first firing must not fire again.
    const seen = new Set([await lastCronCheck(first)]);
    await waitFor('three more cron checks', async () => seen.add(await lastCronCheck(first)).size > 3);
    expect(runs).toHaveLength(1);
  });
});

describe('restarts', SLOW, () => {
  it('a job sent before a restart runs after it', async () => {
    let database = first;
    const before = scheduler(database);
    const runsBefore: string[] = [];
    before.define('test.echo', ({ id }) => void runsBefore.push(id));
    await before.start();
    // due in 2 s: the instance stops long before
    const id = await before.send('test.echo', { n: 42 }, { startAfter: 2 });
    await before.stop();
    expect(runsBefore).toEqual([]);
    // PGlite: the folder closed and opened again; PostgreSQL: a new pool, as a restarted server has.
    await database.close();
    opened.splice(opened.indexOf(database), 1);
    database = await open();
    const runs: { id: string; n: number }[] = [];
    const after = scheduler(database);
    after.define('test.echo', ({ id, data }) => void runs.push({ id, n: data.n }));
    await after.start();
    await waitFor('the job to run after the restart', () => runs.length > 0);
    expect(runs).toEqual([{ id, n: 42 }]);
  });

  it('a job whose instance stopped while running it is retried by another instance', async () => {
    const leaving = scheduler(first, { stopGraceMs: 100 });
    leaving.define(
      'test.slow',
      ({ signal }) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve())),
      {
        retryDelaySeconds: 0,
      },
    );
    await leaving.start();
    const id = await leaving.send('test.slow', { label: 'takeover' });
    await waitFor('the first attempt to run', async () => (await jobState(first, id!)) === 'active');
    const attempts: number[] = [];
    const staying = scheduler(await another(first));
    staying.define('test.slow', ({ attempt }) => void attempts.push(attempt), { retryDelaySeconds: 0 });
    await staying.start();
    await leaving.stop();
    await waitFor('the retry on the other instance', () => attempts.length > 0);
    expect(attempts).toEqual([2]);
    expect(await waitFor('completed', async () => (await jobState(first, id!)) === 'completed')).toBe(true);
  });
});
