import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAll } from '../live-helper.js';
import {
  apiAnswers,
  CAP,
  dockEvent,
  droneOsd,
  type FaultFixture,
  faultFixture,
  handledOnce,
  liveAgain,
  telemetryAccounted,
} from './helper.js';
import { available, type PrivateService, startPostgres } from './services.js';

/**
 * PostgreSQL restarted under a running app (its own private PostgreSQL on a free port, never the machine's
 * shared one): requests answer 503 meanwhile and 200 after, device messages keep flowing to the console,
 * a QoS 1 event is handled once, and every telemetry sample is written after the restart or counted.
 */
describe.skipIf(!available.postgres)(
  'PostgreSQL restarted (skipped without PostgreSQL binaries in /usr/lib/postgresql or setpriv)',
  () => {
    let postgres: PrivateService;
    let fixture: FaultFixture;

    beforeAll(async () => {
      postgres = await startPostgres();
      fixture = await faultFixture({ DATABASE_URL: postgres.url }, (app) => {
        return `mqtt://127.0.0.1:${app.deviceBroker!.port}`;
      });
    });
    afterAll(async () => {
      await closeAll();
      await postgres?.start().catch(() => undefined); // the app's close drops its database
      await fixture?.app.close();
      await postgres?.destroy();
    }, 120_000);

    it('answers 503 while it is down, keeps the live view, and loses no event or sample', async () => {
      const { app, drone } = fixture;
      const link = app.platform.deviceLink;
      await apiAnswers(fixture, 200);
      for (let i = 0; i < 5; i += 1) droneOsd(fixture);

      await postgres.stop();
      await apiAnswers(fixture, 503);
      // Device messages are still handled: the registry answers what it knew, the console is live.
      const during = dockEvent(fixture);
      await liveAgain(fixture);
      await handledOnce(fixture, during);
      // Telemetry taken meanwhile waits for the database: its writes fail and are tried again.
      const writer = app.services.telemetryWriter;
      await vi.waitFor(() => {
        droneOsd(fixture);
        expect(writer.stats.retries).toBeGreaterThan(0);
        expect(writer.pendingRows).toBeGreaterThan(0);
      }, CAP);

      await postgres.start();
      await apiAnswers(fixture, 200);
      const after = dockEvent(fixture);
      await liveAgain(fixture);
      await handledOnce(fixture, after);
      const figures = await telemetryAccounted(app, link, drone.serialNumber);
      expect(figures.stored).toBeGreaterThan(0);
      expect(figures.retries).toBeGreaterThan(0);
      expect(figures.droppedRows).toBe(0);
    }, 150_000);
  },
);
