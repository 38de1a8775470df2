import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { RETENTION_CRON } from '../../src/modules/telemetry/telemetry.retention.js';
import { createTestApp } from '../helper.js';
import { BASE, data, telemetryCalls, telemetryFixture, writeFlight } from '../telemetry/helper.js';
import { jobState, testDatabase, waitFor } from './scheduler-helper.js';

/**
 * The telemetry retention on the scheduler: the app sets a daily timer with TELEMETRY_RETENTION_DAYS in
 * TIME_ZONE, 0 days removes it, and the job deletes what is older than its days.
 */

const DAY_MS = 86_400_000;
const apps: FastifyInstance[] = [];

afterAll(async () => {
  for (const app of apps) await app.close();
});

// Each test starts whole apps: slow on a busy machine.
describe('telemetry retention timer', { timeout: 120_000 }, () => {
  it('is set at 03:30 in TIME_ZONE with the configured days, and removed by 0 days', async () => {
    // Two starts of the server on one database, as a configuration change would go.
    const store = await testDatabase();
    const shared = {
      database: store.target,
      jwtSecret: randomBytes(32).toString('hex'),
      cachePrefix: `aos-test-${randomBytes(4).toString('hex')}:`,
    };
    try {
      const keeping = await createTestApp(
        { TELEMETRY_RETENTION_DAYS: '30', TIME_ZONE: 'Europe/Berlin' },
        shared,
      );
      await keeping.ready();
      // other areas keep timers of their own (the airspace expiry): only the retention timer is this test's
      const retention = async (app: typeof keeping) =>
        (await app.platform.scheduler.schedules()).filter((schedule) => schedule.name === 'telemetry.prune');
      expect(await retention(keeping)).toEqual([
        { name: 'telemetry.prune', cron: RETENTION_CRON, timezone: 'Europe/Berlin', data: { days: 30 } },
      ]);
      expect(RETENTION_CRON).toBe('30 3 * * *');
      await keeping.close();

      const forever = await createTestApp({ TELEMETRY_RETENTION_DAYS: '0' }, shared);
      await forever.ready();
      expect(await retention(forever)).toEqual([]);
      await forever.close();
    } finally {
      await store.drop();
    }
  });
});

describe('telemetry.prune job', { timeout: 120_000 }, () => {
  it('deletes the samples and flights older than its days, and keeps the rest', async () => {
    const { app, tokenA, droneA } = await telemetryFixture();
    apps.push(app);
    await app.ready();
    const { get, samples } = telemetryCalls(() => ({ app, clock: BASE }));
    const flight = (trackId: string) => get(tokenA, 'state-log-message/findHistoryRouteTrack', { trackId });
    await writeFlight(app, droneA, 'trk-old', BASE - 200 * DAY_MS, 3);
    await writeFlight(app, droneA, 'trk-new', BASE - 10 * DAY_MS, 4);
    expect(data(await samples(tokenA, { trackId: 'trk-old' })).total).toBe(3);
    expect((await flight('trk-old')).statusCode).toBe(200);

    const id = await app.platform.scheduler.send('telemetry.prune', { days: 100 });
    await waitFor(
      'the prune job to complete',
      async () => (await jobState(app.database, id!)) === 'completed',
    );
    expect(data(await samples(tokenA, { trackId: 'trk-old' })).total).toBe(0);
    expect((await flight('trk-old')).statusCode).toBe(404);
    expect(data(await samples(tokenA, { trackId: 'trk-new' })).total).toBe(4);
    expect((await flight('trk-new')).statusCode).toBe(200);
  });
});
