import { defineArea, type Services } from '../../area.js';
import { flightTrack, telemetrySample } from '../../db/schema/index.js';
import type { Platform } from '../../platform.js';
import telemetryRoutes from './telemetry.routes.js';
import { TelemetryService } from './telemetry.service.js';
import { TelemetryWriter } from './telemetry.writer.js';

const DAY_MS = 86_400_000;
/** the first retention run, after the start has settled */
const FIRST_PRUNE_MS = 60_000;

function buildServices(platform: Platform): Pick<Services, 'telemetryWriter' | 'telemetry'> {
  return {
    telemetryWriter: new TelemetryWriter(platform.database.db),
    telemetry: new TelemetryService(),
  };
}

declare module '../../area.js' {
  /** the telemetry area's */
  interface Services {
    /** stores the device link's OSD as samples and flights while the app runs */
    telemetryWriter: TelemetryWriter;
    telemetry: TelemetryService;
  }
}

/**
 * Telemetry (spec §7 cloud-biglog): stored OSD samples and flight tracks. While the app runs, the writer
 * stores what the device link hears, and the daily retention (TELEMETRY_RETENTION_DAYS, 0 keeps everything)
 * prunes what is older; closing the app writes what is buffered.
 */
export default defineArea({
  name: 'telemetry',
  services: buildServices,
  routes: [telemetryRoutes],
  tables: [telemetrySample, flightTrack],
  permissions: ['track'],
  subscribe(_events, { telemetryWriter }, { deviceLink, log }) {
    telemetryWriter.attach(deviceLink, log.child({ module: 'telemetry' }));
  },
  start(app) {
    const log = app.log.child({ module: 'telemetry' });
    const { telemetry } = app.services;
    let retention: NodeJS.Timeout | null = null;
    const days = app.config.TELEMETRY_RETENTION_DAYS;
    if (days > 0) {
      const prune = async () => {
        try {
          const removed = await telemetry.prune(app.database, new Date(Date.now() - days * DAY_MS));
          log.info(removed, 'telemetry retention');
        } catch (error) {
          log.warn({ err: error }, 'telemetry retention failed');
        }
      };
      retention = setTimeout(function run() {
        void prune();
        retention = setTimeout(run, DAY_MS);
        retention.unref();
      }, FIRST_PRUNE_MS);
      retention.unref();
    }
    return () => {
      if (retention) clearTimeout(retention);
    };
  },
  // What is buffered is written before the database closes, whether or not the app was started.
  stop: (app) => app.services.telemetryWriter.close(),
});
