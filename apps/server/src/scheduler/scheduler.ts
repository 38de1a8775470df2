import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { type BossDb, bossDb } from './boss-db.js';
import { BOSS_SCHEMA, jobName, listDeadLetters } from './dead-letters.js';
import type {
  DeadLetter,
  DefineOptions,
  JobHandler,
  JobMap,
  JobName,
  ScheduledTimer,
  ScheduleOptions,
  SendOptions,
} from './jobs.js';
import { queueOptions, sendOptions } from './options.js';
import { JobWorker } from './worker.js';

export interface SchedulerOptions {
  /** the zone crons are read in unless a timer names its own: the server's TIME_ZONE */
  timeZone: string;
  log: FastifyBaseLogger;
  /** how often an idle instance looks for due jobs of each name; default 2 s (a send here wakes it at once) */
  pollingIntervalSeconds?: number;
  /** how often one of the instances checks the crons; default 30 s, at most 45 (a minute's slot must be seen) */
  cronCheckSeconds?: number;
  /** how long `stop()` waits for running handlers before aborting them; default 10 s */
  stopGraceMs?: number;
  /** how long dead letters stay listable and retryable; default 14 days */
  deadLetterDays?: number;
}

/** what pg-boss's cancel and retry answer (its types say void) */
interface CommandResult {
  affected: number;
}

interface Timer {
  cron: string;
  data: unknown;
  tz: string;
}

/**
 * Durable jobs and timers in the app's PostgreSQL (or PGlite) through pg-boss: each job runs once whatever
 * the number of instances, a timer fires once per period, jobs survive restarts, failures are retried and
 * dead-lettered after the last retry. See server.md "Scheduler".
 */
export class Scheduler {
  readonly #db: BossDb;
  readonly #boss: PgBoss;
  readonly #log: FastifyBaseLogger;
  readonly #definitions = new Map<JobName, { handler: JobHandler; options: DefineOptions }>();
  /** timers to set (or, null, to remove) at start */
  readonly #timers = new Map<JobName, Timer | null>();
  readonly #workers = new Map<JobName, JobWorker>();
  #state: 'idle' | 'starting' | 'started' | 'stopping' | 'stopped' = 'idle';
  #starting: Promise<void> | null = null;

  constructor(
    database: Database,
    private readonly options: SchedulerOptions,
  ) {
    this.#log = options.log;
    this.#db = bossDb(database);
    const cronCheckSeconds = options.cronCheckSeconds ?? 30;
    this.#boss = new PgBoss({
      db: this.#db as unknown as PgBoss.Db,
      schema: BOSS_SCHEMA,
      migrate: true,
      supervise: true,
      schedule: true,
      cronMonitorIntervalSeconds: cronCheckSeconds,
      cronWorkerIntervalSeconds: Math.min(5, cronCheckSeconds),
      archiveFailedAfterSeconds: (options.deadLetterDays ?? 14) * 86_400,
    });
    this.#boss.on('error', (error: Error) => {
      // after the stop only the statements dropped on the way out fail: nothing to report
      if (this.#state === 'starting' || this.#state === 'started')
        this.#log.warn({ err: error }, 'scheduler error');
    });
  }

  /** Declare a job and who runs it; before `start()` (areas do it while they register). */
  define<N extends JobName>(name: N, handler: JobHandler<N>, options: DefineOptions = {}): void {
    if (this.#state !== 'idle') throw new Error(`job ${name} defined after the scheduler started`);
    if (this.#definitions.has(name)) throw new Error(`job ${name} defined twice`);
    queueOptions(options); // refuse bad options now rather than at start
    this.#definitions.set(name, { handler: handler as JobHandler, options });
  }

  /**
   * Send `name` with `data` at every `cron` time (5 fields: minute hour day month weekday) in the server's
   * time zone. The timer is stored in the database: it is shared by every instance and fires once per
   * period. Before `start()` it is set at the start.
   */
  async schedule<N extends JobName>(name: N, cron: string, data: JobMap[N], options: ScheduleOptions = {}) {
    // A seconds field would let one period straddle two of pg-boss's one-minute slots and fire twice.
    if (cron.trim().split(/\s+/).length !== 5) throw new Error(`cron of ${name} must have 5 fields: ${cron}`);
    if (!this.#definitions.has(name)) throw new Error(`job ${name} is not defined`);
    const timer = { cron, data, tz: options.tz ?? this.options.timeZone };
    this.#timers.set(name, timer);
    if (this.#state === 'started') await this.#setTimer(name, timer);
  }

  /** Remove the timer of `name` (on every instance: timers live in the database). */
  async unschedule(name: JobName): Promise<void> {
    this.#timers.set(name, null);
    if (this.#state === 'started') await this.#setTimer(name, null);
  }

  /** The timers stored in the database. */
  async schedules(): Promise<ScheduledTimer[]> {
    this.#assertStarted('schedules');
    // the stored rows carry their `timezone` column, which pg-boss's types leave out
    const rows = (await this.#boss.getSchedules()) as (PgBoss.Schedule & { timezone: string })[];
    return rows.map(({ name, cron, timezone, data }) => ({ name, cron, timezone, data }));
  }

  /**
   * Queue one job; it runs once, on whichever instance claims it first. Answers its id, or null when a
   * singleton key (or the name's policy) already holds a job.
   */
  async send<N extends JobName>(name: N, data: JobMap[N], options: SendOptions = {}): Promise<string | null> {
    this.#assertStarted('send');
    if (!this.#definitions.has(name)) throw new Error(`job ${name} is not defined`);
    const id = await this.#boss.send(name, data as object, sendOptions(options));
    if (id && options.startAfter === undefined) this.#workers.get(name)?.wake();
    return id;
  }

  /** Cancel a job that has not finished; a handler running it here is aborted. False when there is none. */
  async cancel(id: string): Promise<boolean> {
    this.#assertStarted('cancel');
    const name = (await jobName(this.#db, id, ['created', 'retry', 'active'])) as JobName | null;
    if (!name) return false;
    const { affected } = (await this.#boss.cancel(name, id)) as unknown as CommandResult;
    this.#workers.get(name)?.abort(id, new Error('the job was cancelled'));
    return affected > 0;
  }

  /** Jobs that failed their last attempt, newest first. */
  async deadLetters(filter: { name?: JobName; limit?: number } = {}): Promise<DeadLetter[]> {
    this.#assertStarted('deadLetters');
    return listDeadLetters(this.#db, filter.name, filter.limit ?? 100);
  }

  /** Run a dead-lettered job once more (one more attempt). False when `id` is no dead letter. */
  async retry(id: string): Promise<boolean> {
    this.#assertStarted('retry');
    const name = (await jobName(this.#db, id, ['failed'])) as JobName | null;
    if (!name) return false;
    const { affected } = (await this.#boss.retry(name, id)) as unknown as CommandResult;
    this.#workers.get(name)?.wake();
    return affected > 0;
  }

  /** Create pg-boss's schema on first use of a database, the queues, the timers; then run jobs. */
  start(): Promise<void> {
    if (this.#state !== 'idle') return this.#starting ?? Promise.resolve();
    this.#state = 'starting';
    this.#starting = this.#start().then(
      () => void (this.#state = 'started'),
      async (error: unknown) => {
        await this.#shutdown();
        throw error;
      },
    );
    return this.#starting;
  }

  async #start(): Promise<void> {
    // One instance at a time: the first creates pg-boss's schema, the others find it.
    await this.#db.exclusive(() => this.#prepare());
    const pollMs = (this.options.pollingIntervalSeconds ?? 2) * 1000;
    for (const [name, { handler, options }] of this.#definitions) {
      const poll = options.pollMs ?? pollMs;
      const worker = new JobWorker(this.#boss, name, handler, options.concurrency ?? 1, poll, this.#log);
      this.#workers.set(name, worker);
      worker.start();
    }
  }

  async #prepare(): Promise<void> {
    await this.#boss.start();
    const queues = new Map((await this.#boss.getQueues()).map((queue) => [queue.name, queue]));
    for (const [name, { options }] of this.#definitions) {
      const wanted = queueOptions(options);
      const stored = queues.get(name);
      if (!stored) await this.#boss.createQueue(name, { name, ...wanted });
      else if (differs(stored, wanted)) await this.#boss.updateQueue(name, { name, ...wanted });
    }
    for (const [name, timer] of this.#timers) await this.#setTimer(name, timer);
  }

  /**
   * Stop claiming jobs, wait up to the grace period for running handlers, abort the rest (their attempt
   * fails and is retried by another instance), stop pg-boss's timers and wait for its last statements, so
   * the database can close next.
   */
  async stop(): Promise<void> {
    if (this.#state === 'starting') await this.#starting?.catch(() => undefined);
    await this.#shutdown();
  }

  async #shutdown(): Promise<void> {
    if (this.#state === 'stopping' || this.#state === 'stopped') return;
    this.#state = 'stopping';
    const grace = this.options.stopGraceMs ?? 10_000;
    await Promise.all([...this.#workers.values()].map((worker) => worker.stop(grace)));
    await this.#boss.stop({ graceful: true, wait: true, close: false, timeout: 1000 }).catch(() => undefined);
    await this.#db.close();
    this.#state = 'stopped';
  }

  async #setTimer(name: JobName, timer: Timer | null): Promise<void> {
    if (timer) await this.#boss.schedule(name, timer.cron, timer.data as object, { tz: timer.tz });
    else await this.#boss.unschedule(name);
  }

  #assertStarted(verb: string): void {
    if (this.#state !== 'started') throw new Error(`scheduler ${verb}: the scheduler is not running`);
  }
}

function differs(stored: PgBoss.QueueResult, wanted: ReturnType<typeof queueOptions>): boolean {
  return (Object.keys(wanted) as (keyof typeof wanted)[]).some((key) => stored[key] !== wanted[key]);
}
