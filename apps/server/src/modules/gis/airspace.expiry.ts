import type { Services } from '../../area.js';
import { platformCtx } from '../../lib/context.js';
import type { Platform } from '../../platform.js';
import type { Scheduler } from '../../scheduler/scheduler.js';

declare module '../../scheduler/jobs.js' {
  interface JobMap {
    /** store as expired every approved airspace application past its end time, of every tenant */
    'gis.expireAirspaces': Record<string, never>;
  }
}

/** Every minute: reads show the expiry at once; the job stores it, records it and updates the index. */
export const AIRSPACE_EXPIRY_CRON = '* * * * *';

/**
 * The airspace expiry as a scheduler timer (once a minute, on one instance): approved → expired for the
 * applications whose end time has passed (AirspaceService.expire; idempotent, so a retry or a second run
 * changes nothing).
 */
export async function airspaceExpiry(
  scheduler: Scheduler,
  { airspaces }: Services,
  { database, log: appLog }: Platform,
): Promise<void> {
  const log = appLog.child({ module: 'gis' });
  scheduler.define(
    'gis.expireAirspaces',
    async ({ attempt }) => {
      // The platform acting across tenants: the service groups what it expires by tenant.
      const expired = await airspaces.expire(platformCtx(database.db, '000000'), new Date());
      if (expired) log.info({ expired, attempt }, 'airspace applications expired');
    },
    { policy: 'singleton', retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 600 },
  );
  await scheduler.schedule('gis.expireAirspaces', AIRSPACE_EXPIRY_CRON, {});
}
