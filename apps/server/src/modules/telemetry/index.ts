import { defineArea, type Services } from '../../area.js';
import { flightTrack, telemetrySample } from '../../db/schema/index.js';
import type { Platform } from '../../platform.js';
import telemetryRoutes from './telemetry.routes.js';
import { TelemetryService } from './telemetry.service.js';
import { telemetryRetention } from './telemetry.retention.js';
import { TelemetryWriter } from './telemetry.writer.js';

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
 * Telemetry (spec §7 cloud-biglog): stored OSD samples and flight tracks. The writer stores what the device
 * link hears (closing the app writes what is buffered), and a daily scheduler timer prunes what is older than
 * TELEMETRY_RETENTION_DAYS (telemetry.retention.ts; 0 keeps everything).
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
  jobs: telemetryRetention,
  // What is buffered is written before the database closes, whether or not the app was started.
  stop: (app) => app.services.telemetryWriter.close(),
});
