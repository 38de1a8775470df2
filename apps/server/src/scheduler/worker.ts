import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { JobHandler, JobName } from './jobs.js';

interface Run {
  controller: AbortController;
  done: Promise<void>;
  /** the handler has returned or thrown: its outcome is being saved */
  settling: boolean;
}

/**
 * Runs the jobs of one name on this instance, up to `concurrency` at once. Our own loop over pg-boss's
 * `fetch`/`complete`/`fail` rather than its `work()`: pg-boss 10's worker neither awaits nor catches its
 * complete/fail calls (a database hiccup there is an unhandled rejection, which ends a Node process), and
 * here a send wakes the loop at once and a stop knows exactly which handlers are still running.
 *
 * `fetch` claims jobs with FOR UPDATE SKIP LOCKED, so a job is claimed by one worker of one instance.
 */
export class JobWorker {
  readonly #runs = new Map<string, Run>();
  #stopping = false;
  #loop: Promise<void> | null = null;
  #wake: (() => void) | null = null;
  /** a wake-up that came while the loop was not asleep: the next sleep returns at once */
  #woken = false;

  constructor(
    private readonly boss: PgBoss,
    private readonly name: JobName,
    private readonly handler: JobHandler,
    private readonly concurrency: number,
    private readonly pollMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.#loop = this.#poll();
  }

  /** Look for jobs now instead of at the next poll (a job was just sent or retried). */
  wake(): void {
    this.#woken = true;
    this.#wake?.();
  }

  /**
   * Claim nothing more, give the running handlers `graceMs` to finish, then abort the rest and fail their
   * attempt so another instance retries them at once instead of after their expiry.
   */
  async stop(graceMs: number): Promise<void> {
    this.#stopping = true;
    this.wake();
    await this.#loop;
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.allSettled([...this.#runs.values()].map((run) => run.done)), grace]);
    clearTimeout(timer);
    for (const [id, run] of this.#runs) {
      if (run.settling) continue;
      const reason = new Error('the server stopped while the job ran');
      run.controller.abort(reason);
      await this.#settle(() => this.boss.fail(this.name, id, reason));
    }
    await Promise.allSettled([...this.#runs.values()].map((run) => run.done));
  }

  /** Abort the handler of job `id` if it runs here (the job was cancelled). */
  abort(id: string, reason: Error): void {
    this.#runs.get(id)?.controller.abort(reason);
  }

  async #poll(): Promise<void> {
    while (!this.#stopping) {
      this.#woken = false;
      const free = this.concurrency - this.#runs.size;
      let claimed = 0;
      if (free > 0) {
        try {
          const jobs = await this.boss.fetch<object>(this.name, { batchSize: free, includeMetadata: true });
          claimed = jobs.length;
          for (const job of jobs) this.#start(job);
        } catch (error) {
          this.log.warn({ err: error, job: this.name }, 'job fetch failed');
        }
      }
      // A full batch may leave more waiting: fetch again at once. Otherwise sleep until the next poll, a
      // wake-up or a slot freed by a finished job.
      if (claimed < free || this.#runs.size >= this.concurrency) await this.#sleep();
    }
  }

  #sleep(): Promise<void> {
    if (this.#woken) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wake = null;
        resolve();
      };
      const timer = setTimeout(done, this.pollMs);
      this.#wake = done;
    });
  }

  #start(job: PgBoss.JobWithMetadata<object>): void {
    const run: Run = { controller: new AbortController(), done: Promise.resolve(), settling: false };
    run.done = this.#run(job, run).finally(() => {
      this.#runs.delete(job.id);
      this.wake();
    });
    this.#runs.set(job.id, run);
  }

  async #run(job: PgBoss.JobWithMetadata<object>, run: Run): Promise<void> {
    const { controller } = run;
    const attempt = job.retryCount + 1;
    const expiryMs = Number(job.expireInSeconds) * 1000;
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`expired after ${expiryMs / 1000} s`)), expiryMs);
    });
    try {
      const handled = Promise.resolve().then(() =>
        this.handler({
          id: job.id,
          name: this.name,
          data: job.data as never,
          attempt,
          signal: controller.signal,
        }),
      );
      // after an expiry the handler may still fail: nobody waits for it any more
      handled.catch(() => undefined);
      await Promise.race([handled, expired]);
      // Aborted (cancelled, or stopped) but returned anyway: whoever aborted it has saved its state.
      if (controller.signal.aborted) return;
      run.settling = true;
      await this.#settle(() => this.boss.complete(this.name, job.id));
    } catch (error) {
      const context = { err: error, job: this.name, id: job.id, attempt };
      // Aborted before it failed: cancelled, or stopped, which saved the job's state and said why.
      if (controller.signal.aborted) return void this.log.debug(context, 'job aborted');
      run.settling = true;
      controller.abort(error);
      const last = job.retryCount >= job.retryLimit;
      if (last) this.log.error(context, 'job failed its last attempt: dead-lettered');
      else this.log.warn(context, 'job failed: will retry');
      await this.#settle(() => this.boss.fail(this.name, job.id, error as object));
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A lost complete/fail leaves the job active until its expiry, when maintenance fails it and it is retried:
   * log it, never let it escape.
   */
  async #settle(call: () => Promise<unknown>): Promise<void> {
    try {
      await call();
    } catch (error) {
      this.log.warn({ err: error, job: this.name }, 'job state not saved');
    }
  }
}
