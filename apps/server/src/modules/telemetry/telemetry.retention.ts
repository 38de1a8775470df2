import type { Services } from '../../area.js';
import type { Platform } from '../../platform.js';
import type { Scheduler } from '../../scheduler/scheduler.js';

declare module '../../scheduler/jobs.js' {
  interface JobMap {
    /** delete telemetry samples received and flights ended more than `days` days ago */
    'telemetry.prune': { days: number };
  }
}

/** 03:30 in the server's TIME_ZONE: a quiet hour for a delete that may touch millions of rows. */
export const RETENTION_CRON = '30 3 * * *';
const DAY_MS = 86_400_000;

/**
 * The daily telemetry retention (TELEMETRY_RETENTION_DAYS) as a scheduler timer: it fires once a day
 * whatever the number of instances, and a failed run is retried. 0 days removes the timer (it is stored in
 * the database, so an earlier start's timer would otherwise keep firing).
 */
export async function telemetryRetention(
  scheduler: Scheduler,
  { telemetry }: Services,
  { config, database, log: appLog }: Platform,
): Promise<void> {
  const log = appLog.child({ module: 'telemetry' });
  scheduler.define(
    'telemetry.prune',
    async ({ data, attempt }) => {
      const removed = await telemetry.prune(database, new Date(Date.now() - data.days * DAY_MS));
      log.info({ ...removed, days: data.days, attempt }, 'telemetry retention');
    },
    // One prune at a time across the instances (a manual one may meet the timer's); deleting can be slow.
    {
      policy: 'singleton',
      retryLimit: 3,
      retryDelaySeconds: 300,
      retryBackoff: true,
      expireInSeconds: 3 * 3600,
    },
  );
  const days = config.TELEMETRY_RETENTION_DAYS;
  if (days > 0) await scheduler.schedule('telemetry.prune', RETENTION_CRON, { days });
  else await scheduler.unschedule('telemetry.prune');
}
