/**
 * Every job name and its payload. Empty here: each area adds its own jobs by declaration merging, so a
 * `send`, `schedule` or `define` of a name nobody declared, or with the wrong payload, does not compile:
 *
 *   declare module '../../scheduler/jobs.js' {
 *     interface JobMap {
 *       'telemetry.prune': { days: number };
 *     }
 *   }
 *
 * Names are `<area>.<verb>`. Payloads are stored as JSON: plain data only (no Date, Map or class).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface JobMap {}

export type JobName = keyof JobMap & string;

/** What a handler gets for one run of a job. */
export interface Job<N extends JobName = JobName> {
  id: string;
  name: N;
  data: JobMap[N];
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  /** aborted when the job outlives its expiry or the scheduler stops past its grace period */
  signal: AbortSignal;
}

/** Runs one job. Throwing (or rejecting) fails this attempt: it is retried, or dead-lettered after the last. */
export type JobHandler<N extends JobName = JobName> = (job: Job<N>) => Promise<void> | void;

/** pg-boss's queue policies, for jobs that must not pile up or overlap (see server.md "Scheduler"). */
export type JobPolicy = 'standard' | 'short' | 'singleton' | 'stately';

export interface DefineOptions {
  /** retries after the first attempt before the job is dead-lettered; default 2 */
  retryLimit?: number;
  /** seconds before a retry; default 30 */
  retryDelaySeconds?: number;
  /** double the delay on each retry (with jitter); default false */
  retryBackoff?: boolean;
  /** a run longer than this fails (and is retried); default 15 minutes, at most 23 hours */
  expireInSeconds?: number;
  /** jobs of this name run at once on each instance; default 1 */
  concurrency?: number;
  /**
   * how often this instance looks for due jobs of this name, ms (100 to 60,000); default the scheduler's
   * polling interval (2 s). A job sent here wakes the loop at once; one due later (startAfter) is found at the
   * next look, so a name whose jobs must start on time looks more often.
   */
  pollMs?: number;
  /** default 'standard': every job sent runs */
  policy?: JobPolicy;
}

export interface SendOptions {
  /** not before this time, or this many seconds from now */
  startAfter?: Date | number;
  /**
   * with `singletonSeconds`: one job per key and time slot of that length (later sends answer null);
   * with a policy other than 'standard': one queued / running job per key
   */
  singletonKey?: string;
  singletonSeconds?: number;
  /** higher runs first; default 0 */
  priority?: number;
  /** override the defined retry limit for this job */
  retryLimit?: number;
}

export interface ScheduleOptions {
  /** IANA time zone the cron is read in; default the server's TIME_ZONE */
  tz?: string;
}

/** A timer as stored: the job `name` is sent with `data` at every `cron` time in `timezone`. */
export interface ScheduledTimer {
  name: string;
  cron: string;
  timezone: string;
  data: unknown;
}

/** A job that failed its last attempt: kept (and retryable) for the scheduler's dead-letter days. */
export interface DeadLetter {
  id: string;
  name: string;
  data: unknown;
  /** how many times it ran */
  attempts: number;
  /** the last attempt's error message */
  error: string | null;
  createdAt: Date;
  failedAt: Date;
}
