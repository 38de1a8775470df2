import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import type { Job } from '../../src/scheduler/jobs.js';
import type { Scheduler } from '../../src/scheduler/scheduler.js';
import {
  gate,
  jobState,
  type LogLine,
  recordingLog,
  type TestDatabase,
  testDatabase,
  testScheduler,
  waitFor,
} from './scheduler-helper.js';

/**
 * One scheduler on its own database (PGlite, or PostgreSQL with DATABASE_URL): sending, delaying,
 * deduplicating, retrying, dead-lettering, cancelling, expiring, stopping, and the input it refuses.
 */

let store: TestDatabase;
let database: Database;
let scheduler: Scheduler;
const lines: LogLine[] = [];
const echoes: Job<'test.echo'>[] = [];
/** per label: the attempts seen; a label in `healed` succeeds from then on, as does `succeedOn` */
const attempts = new Map<string, number[]>();
const healed = new Set<string>();
/** per label: the slow handler's job, resolved by the test */
const slow = new Map<string, { job: Job<'test.slow' | 'test.expiring'>; release: () => void }>();

beforeAll(async () => {
  store = await testDatabase();
  database = await store.open();
  scheduler = testScheduler(database, { log: recordingLog(lines), stopGraceMs: 300 });
  scheduler.define('test.echo', (job) => void echoes.push({ ...job }));
  scheduler.define(
    'test.flaky',
    ({ data, attempt }) => {
      attempts.set(data.label, [...(attempts.get(data.label) ?? []), attempt]);
      if (healed.has(data.label) || attempt === data.succeedOn) return;
      throw new Error(`${data.label} failed on attempt ${attempt}`);
    },
    { retryLimit: 2, retryDelaySeconds: 0 },
  );
  // Ends when the test releases it or when the job is aborted (cancelled, expired, stopped).
  const held = async (job: Job<'test.slow' | 'test.expiring'>) => {
    const { open, opened } = gate();
    slow.set(job.data.label, { job, release: open });
    await Promise.race([opened, new Promise((resolve) => job.signal.addEventListener('abort', resolve))]);
    if (job.signal.aborted) throw job.signal.reason;
  };
  scheduler.define('test.slow', held, { retryLimit: 1, retryDelaySeconds: 0, concurrency: 3 });
  scheduler.define('test.expiring', held, { expireInSeconds: 1, retryLimit: 1, retryDelaySeconds: 0 });
  await scheduler.start();
}, 120_000);

afterAll(async () => {
  await scheduler?.stop();
  await database?.close();
  await store?.drop();
});

describe('sending', () => {
  it('runs a job once, with its id, payload and attempt 1', async () => {
    const id = await scheduler.send('test.echo', { n: 1 });
    const job = await waitFor('the echo job', () => echoes.find((echo) => echo.id === id));
    expect(job).toMatchObject({ name: 'test.echo', data: { n: 1 }, attempt: 1 });
    expect(await waitFor('completed', async () => (await jobState(database, id!)) === 'completed')).toBe(
      true,
    );
    expect(echoes.filter((echo) => echo.id === id)).toHaveLength(1);
  });

  it('startAfter: the job waits in the queue and runs once it is due', async () => {
    const due = new Date(Date.now() + 1500);
    const id = await scheduler.send('test.echo', { n: 2 }, { startAfter: due });
    expect(await jobState(database, id!)).toBe('created');
    await waitFor('the delayed job', () => echoes.find((echo) => echo.id === id));
    expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
  });

  it('singletonKey with singletonSeconds: one job per key and slot, the second send answers null', async () => {
    const options = { singletonKey: 'tenant-1', singletonSeconds: 43_200 };
    const first = await scheduler.send('test.echo', { n: 3 }, options);
    expect(first).toEqual(expect.any(String));
    expect(await scheduler.send('test.echo', { n: 4 }, options)).toBeNull();
    expect(
      await scheduler.send('test.echo', { n: 5 }, { ...options, singletonKey: 'tenant-2' }),
    ).not.toBeNull();
  });
});

describe('retries and dead letters', () => {
  it('retries a failing job with the attempt number, dead-letters it after the last retry', async () => {
    const id = await scheduler.send('test.flaky', { label: 'a' });
    const dead = await waitFor('the dead letter', async () =>
      (await scheduler.deadLetters({ name: 'test.flaky' })).find((letter) => letter.id === id),
    );
    expect(attempts.get('a')).toEqual([1, 2, 3]);
    expect(dead).toMatchObject({
      name: 'test.flaky',
      data: { label: 'a' },
      attempts: 3,
      error: 'a failed on attempt 3',
    });
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'job failed its last attempt: dead-lettered' }),
    );
  });

  it('retry(id) runs a dead letter once more; done, it leaves the dead letters', async () => {
    const id = await scheduler.send('test.flaky', { label: 'b' });
    await waitFor('the dead letter', async () =>
      (await scheduler.deadLetters()).some((letter) => letter.id === id),
    );
    healed.add('b');
    expect(await scheduler.retry(id!)).toBe(true);
    await waitFor('the fourth attempt', () => attempts.get('b')?.length === 4);
    expect(await waitFor('completed', async () => (await jobState(database, id!)) === 'completed')).toBe(
      true,
    );
    expect((await scheduler.deadLetters()).some((letter) => letter.id === id)).toBe(false);
  });

  it('a job that succeeds on a retry is not dead-lettered', async () => {
    const id = await scheduler.send('test.flaky', { label: 'c', succeedOn: 2 });
    expect(await waitFor('completed', async () => (await jobState(database, id!)) === 'completed')).toBe(
      true,
    );
    expect(attempts.get('c')).toEqual([1, 2]);
  });

  it('retry answers false for an unknown id, a job that is no dead letter and a malformed id', async () => {
    const done = await scheduler.send('test.echo', { n: 6 });
    await waitFor('completed', async () => (await jobState(database, done!)) === 'completed');
    expect(await scheduler.retry(done!)).toBe(false);
    expect(await scheduler.retry('00000000-0000-4000-8000-000000000000')).toBe(false);
    expect(await scheduler.retry('not an id')).toBe(false);
  });
});

describe('cancelling and expiring', () => {
  it('cancel(id): a queued job is cancelled and never becomes a dead letter; twice answers false', async () => {
    const id = await scheduler.send('test.echo', { n: 7 }, { startAfter: 3600 });
    expect(await scheduler.cancel(id!)).toBe(true);
    expect(await jobState(database, id!)).toBe('cancelled');
    expect(await scheduler.cancel(id!)).toBe(false);
    expect(await scheduler.cancel('not an id')).toBe(false);
  });

  it('cancel(id) of a running job aborts its handler, and it is not retried', async () => {
    const id = await scheduler.send('test.slow', { label: 'cancelled' });
    const { job } = await waitFor('the slow job running', () => slow.get('cancelled'));
    expect(await scheduler.cancel(id!)).toBe(true);
    expect(job.signal.aborted).toBe(true);
    expect(await jobState(database, id!)).toBe('cancelled');
  });

  it('a run longer than expireInSeconds is aborted and retried', async () => {
    const id = await scheduler.send('test.expiring', { label: 'expiring' });
    const first = await waitFor('the first attempt', () => slow.get('expiring'));
    await waitFor('the second attempt', () => slow.get('expiring')!.job.attempt === 2);
    expect(first.job.signal.aborted).toBe(true);
    slow.get('expiring')!.release();
    expect(await waitFor('completed', async () => (await jobState(database, id!)) === 'completed')).toBe(
      true,
    );
  });
});

describe('refusals', () => {
  it('refuses bad options, a cron with seconds, an undefined job and a definition after the start', async () => {
    expect(() => testScheduler(database).define('test.echo', () => undefined, { retryLimit: -1 })).toThrow(
      /retryLimit/,
    );
    await expect(scheduler.schedule('test.echo', '0 30 3 * * *', { n: 1 })).rejects.toThrow(/5 fields/);
    await expect(scheduler.send('test.undefined' as 'test.echo', { n: 1 })).rejects.toThrow(/not defined/);
    await expect(scheduler.schedule('test.undefined' as 'test.echo', '0 3 * * *', { n: 1 })).rejects.toThrow(
      /not defined/,
    );
    await expect(scheduler.send('test.echo', { n: 1 }, { singletonSeconds: 0.5 })).rejects.toThrow(
      /singletonSeconds/,
    );
    expect(() => scheduler.define('test.echo', () => undefined)).toThrow(/after the scheduler started/);
    await expect(testScheduler(database).send('test.echo', { n: 1 })).rejects.toThrow(/not running/);
  });

  it('types: a job name nobody declared, or a wrong payload, does not compile', () => {
    const compileOnly = () => {
      // @ts-expect-error -- no area declared this job
      void scheduler.send('nobody.declared', {});
      // @ts-expect-error -- the payload of test.echo is {n: number}
      void scheduler.send('test.echo', { n: 'one' });
    };
    expect(compileOnly).toBeTypeOf('function');
  });
});

describe('stopping', () => {
  it('waits for a running handler; past the grace period aborts it and fails the attempt for a retry', async () => {
    const finishing = await scheduler.send('test.slow', { label: 'finishing' });
    const stuck = await scheduler.send('test.slow', { label: 'stuck' });
    const { release } = await waitFor('the finishing job running', () => slow.get('finishing'));
    const { job } = await waitFor('the stuck job running', () => slow.get('stuck'));
    const stopped = scheduler.stop();
    release();
    await stopped;
    expect(await jobState(database, finishing!)).toBe('completed');
    expect(job.signal.aborted).toBe(true);
    expect(await jobState(database, stuck!)).toBe('retry');
  });
});
