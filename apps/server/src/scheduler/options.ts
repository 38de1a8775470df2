import type PgBoss from 'pg-boss';
import type { DefineOptions, SendOptions } from './jobs.js';

/** pg-boss refuses an expiry of 24 hours or more. */
const MAX_EXPIRY_SECONDS = 23 * 3600;

/** The stored settings of a job name's queue: every job sent or fired under that name gets them. */
export function queueOptions(options: DefineOptions) {
  const retryLimit = options.retryLimit ?? 2;
  const retryDelay = options.retryDelaySeconds ?? 30;
  const expireInSeconds = options.expireInSeconds ?? 15 * 60;
  check('retryLimit', retryLimit, 0, 100);
  check('retryDelaySeconds', retryDelay, 0, 86_400);
  check('expireInSeconds', expireInSeconds, 1, MAX_EXPIRY_SECONDS);
  check('concurrency', options.concurrency ?? 1, 1, 100);
  if (options.pollMs !== undefined) check('pollMs', options.pollMs, 100, 60_000);
  return {
    policy: options.policy ?? 'standard',
    retryLimit,
    retryDelay,
    retryBackoff: options.retryBackoff ?? false,
    expireInSeconds,
  } satisfies PgBoss.Queue extends infer Q ? Omit<Q, 'name'> : never;
}

/** pg-boss's send options, without the keys left undefined (it refuses a present but undefined retryLimit). */
export function sendOptions(options: SendOptions): PgBoss.SendOptions {
  const { startAfter, singletonKey, singletonSeconds, priority, retryLimit } = options;
  if (singletonSeconds !== undefined) check('singletonSeconds', singletonSeconds, 1, 12 * 3600);
  if (retryLimit !== undefined) check('retryLimit', retryLimit, 0, 100);
  if (priority !== undefined && !Number.isInteger(priority)) throw new Error('priority must be an integer');
  if (typeof startAfter === 'number' && !(startAfter >= 0))
    throw new Error('startAfter must be >= 0 seconds');
  const picked = { startAfter, singletonKey, singletonSeconds, priority, retryLimit };
  return Object.fromEntries(Object.entries(picked).filter(([, value]) => value !== undefined));
}

function check(option: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${option} must be an integer from ${min} to ${max}, not ${value}`);
  }
}
