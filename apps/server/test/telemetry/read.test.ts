import { TRACK_POINT_LIMIT } from '@aos/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { DeviceRef } from '../../src/device/events.js';
import type { TelemetryWriter } from '../../src/modules/telemetry/telemetry.writer.js';
import {
  attachControlledWriter,
  BASE,
  BIGLOG,
  data,
  flying,
  telemetryCalls,
  telemetryFixture,
  time,
  writeFlight,
} from './helper.js';
import { expectIsolated, type TenantSide } from '../tenants.js';

/**
 * Reading stored telemetry: the three cloud-biglog calls (findHistoryRouteTrack, trackPage,
 * uavDataModel/page), their validation, tenant isolation, and retention. The file stores its own flights
 * first (three of tenant A's drone through its dock); tests that need more write it through a writer with
 * a controlled clock (the app's own is detached).
 */

let app: FastifyInstance;
let tokenA: string, tokenB: string;
let tenants: { mine: TenantSide; theirs: TenantSide };
/** tenant A's drone and the dock it flies from, tenant B's drone */
let droneA: DeviceRef, dockA: DeviceRef, droneB: DeviceRef;
let clock = 0;
let writer: TelemetryWriter;
const { emitOsd, get, samples } = telemetryCalls(() => ({ app, clock }));
/** When the first of the file's flights starts. */
const start = BASE + 200_000;

beforeAll(async () => {
  ({ app, tenants, tokenA, tokenB, droneA, dockA, droneB } = await telemetryFixture());
  writer = await attachControlledWriter(app, () => clock);
  await writeFlight(app, droneA, 'trk-a1', start, 10, dockA.serialNumber);
  await writeFlight(app, droneA, 'trk-a2', start + 100_000, 12, dockA.serialNumber);
  await writeFlight(app, droneA, 'trk-a3', start + 200_000, 6, dockA.serialNumber);
});

afterAll(async () => {
  await writer?.close();
  await app?.close();
});

describe('flight tracks', () => {
  it('points by serial number and time window, evenly thinned beyond the limit', async () => {
    const from = BASE - 10 * 86_400_000;
    const count = TRACK_POINT_LIMIT + 17;
    await app.database.db.execute(sql`
      insert into aos_telemetry_sample
        (id, tenant_id, serial_number, kind, owner_id, at, longitude, latitude, osd, period)
      select 9000000000000000 + n, ${droneA.tenantId}, ${droneA.serialNumber}, 'device', ${droneA.ownerId},
        to_timestamp((${from}::bigint + n * 1000) / 1000.0), 121, 31 + n * 0.00001, '{}'::jsonb,
        (${from}::bigint + n * 1000) / 1000
      from generate_series(0, ${count - 1}) as n`);
    const window = {
      serialNumber: droneA.serialNumber,
      startTime: time(from),
      endTime: time(from + count * 1000),
    };
    const history = data(await get(tokenA, 'state-log-message/findHistoryRouteTrack', window));
    expect(history.track).toBeNull();
    expect(history.total).toBe(count);
    expect(history.thinned).toBe(true);
    expect(history.points.length).toBeLessThanOrEqual(TRACK_POINT_LIMIT);
    expect(history.points.length).toBeGreaterThan(TRACK_POINT_LIMIT / 2);
    expect(history.points[0].timestamp).toBe(from);
    expect(history.points.at(-1).timestamp).toBe(from + (count - 1) * 1000);
    const times = history.points.map((point: { timestamp: number }) => point.timestamp);
    expect(new Set(times).size).toBe(times.length);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('filters the flights by dock and time window', async () => {
    const byDock = data(
      await get(tokenA, 'state-log-message/trackPage', { hangarSerialNumber: dockA.serialNumber, size: '1' }),
    );
    expect(byDock).toMatchObject({ total: 3, size: 1, pages: 3 });
    const first = data(
      await get(tokenA, 'state-log-message/trackPage', {
        startTime: time(start - 1000),
        endTime: time(start + 50_000),
      }),
    );
    expect(first.records.map((row: { trackId: string }) => row.trackId)).toEqual(['trk-a1']);
    const none = data(await get(tokenA, 'state-log-message/trackPage', { hangarSerialNumber: 'NOSUCHDOCK' }));
    expect(none.total).toBe(0);
  });
});

describe('validation', () => {
  it('answers 400 naming the field', async () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      ['state-log-message/findHistoryRouteTrack', { trackId: 'bad id!' }, 'trackId'],
      ['state-log-message/findHistoryRouteTrack', {}, 'serialNumber,startTime,endTime'],
      [
        'state-log-message/findHistoryRouteTrack',
        { serialNumber: droneA.serialNumber, startTime: '2026-01-02 00:00:00' },
        'endTime',
      ],
      [
        'state-log-message/findHistoryRouteTrack',
        {
          serialNumber: droneA.serialNumber,
          startTime: '2026-01-02 00:00:00',
          endTime: '2026-01-01 00:00:00',
        },
        'startTime',
      ],
      [
        'state-log-message/findHistoryRouteTrack',
        { serialNumber: droneA.serialNumber, startTime: '2026/01/01', endTime: '2026-01-02 00:00:00' },
        'startTime',
      ],
      [
        'state-log-message/trackPage',
        { startTime: '2026-01-02 00:00:00', endTime: '2026-01-02 00:00:00' },
        'startTime',
      ],
      ['state-log-message/trackPage', { serialNumber: 'not a serial' }, 'serialNumber'],
    ];
    for (const [path, query, field] of cases) {
      const response = await get(tokenA, path, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(Object.keys(response.json().data.errors), JSON.stringify(query)).toEqual(field.split(','));
    }
    const order = await get(tokenA, 'state-log-message/trackPage', {
      startTime: '2026-01-03 00:00:00',
      endTime: '2026-01-02 00:00:00',
    });
    expect(order.json().data.errors).toEqual({ startTime: 'the start time must be before the end time' });
    const format = await samples(tokenA, { startTime: '2026-01-01T00:00:00' });
    expect(format.json().data.errors).toEqual({ startTime: 'the time must be yyyy-MM-dd HH:mm:ss' });
    const kind = await samples(tokenA, { kind: 'boat' });
    expect(kind.statusCode).toBe(400);
    expect(Object.keys(kind.json().data.errors)).toEqual(['kind']);
    const unknown = await get(tokenA, 'state-log-message/findHistoryRouteTrack', {
      trackId: 'no-such-track',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('tenant isolation', () => {
  it("another tenant's flights and samples are invisible", async () => {
    const from = BASE + 2_000_000;
    for (let index = 0; index < 3; index++) {
      clock = from + index * 1000;
      emitOsd(droneB, flying('trk-b1', index));
    }
    await writer.flush();
    // tenant B sees its own flight
    const own = data(await get(tokenB, 'state-log-message/findHistoryRouteTrack', { trackId: 'trk-b1' }));
    expect(own.total).toBe(3);
    expect(data(await samples(tokenB, { trackId: 'trk-b1' })).total).toBe(3);
    const ownPage = data(await get(tokenB, 'state-log-message/trackPage', {}));
    expect(ownPage.records.map((row: { trackId: string }) => row.trackId)).toEqual(['trk-b1']);

    // tenant A sees none of it, however it asks
    const history = `${BIGLOG}/state-log-message/findHistoryRouteTrack`;
    const sampled = (body: Record<string, unknown>) => ({
      method: 'POST' as const,
      url: `${BIGLOG}/uavDataModel/page`,
      payload: { current: 1, size: 100, ...body },
    });
    await expectIsolated(tenants.theirs, tenants.mine, {
      read: `${history}?trackId=trk-b1`,
      names: ['trk-b1', droneB.serialNumber],
      hidden: [
        `${BIGLOG}/state-log-message/trackPage?size=100`,
        `${BIGLOG}/state-log-message/trackPage?serialNumber=${droneB.serialNumber}`,
        sampled({ trackId: 'trk-b1' }),
        sampled({ serialNumber: droneB.serialNumber }),
      ],
      refused: [`${history}?trackId=trk-b1`],
    });
    // a time window answers points only (no names to look for): none of B's
    const byWindow = data(
      await get(tokenA, 'state-log-message/findHistoryRouteTrack', {
        serialNumber: droneB.serialNumber,
        startTime: time(from - 1000),
        endTime: time(from + 10_000),
      }),
    );
    expect(byWindow).toMatchObject({ total: 0, points: [] });
    // and B none of A's
    await expectIsolated(tenants.mine, tenants.theirs, {
      read: `${history}?trackId=trk-a1`,
      names: ['trk-a1', droneA.serialNumber],
      hidden: [
        sampled({ serialNumber: droneA.serialNumber }),
        `${BIGLOG}/state-log-message/trackPage?size=100`,
      ],
      refused: [`${history}?trackId=trk-a1`],
    });
  });
});

describe('retention', () => {
  it('deletes samples and flights older than the cutoff', async () => {
    const old = BASE - 200 * 86_400_000;
    for (let index = 0; index < 3; index++) {
      clock = old + index * 1000;
      emitOsd(droneA, flying('trk-old', index));
    }
    await writer.flush();
    expect(data(await samples(tokenA, { trackId: 'trk-old' })).total).toBe(3);
    const removed = await app.services.telemetry.prune(app.database, new Date(BASE - 100 * 86_400_000), 2);
    expect(removed).toEqual({ samples: 3, tracks: 1 });
    expect(data(await samples(tokenA, { trackId: 'trk-old' })).total).toBe(0);
    const left = await get(tokenA, 'state-log-message/findHistoryRouteTrack', { trackId: 'trk-old' });
    expect(left.statusCode).toBe(404);
    // the recent ones stay
    expect(data(await samples(tokenA, { trackId: 'trk-a1' })).total).toBe(10);
  });

  it('TELEMETRY_RETENTION_DAYS: 90 by default, 0 keeps everything, nonsense refused', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).TELEMETRY_RETENTION_DAYS).toBe(90);
    expect(
      loadConfig({ JWT_SECRET: 'x'.repeat(32), TELEMETRY_RETENTION_DAYS: '0' }).TELEMETRY_RETENTION_DAYS,
    ).toBe(0);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), TELEMETRY_RETENTION_DAYS: '-1' })).toThrow(
      /TELEMETRY_RETENTION_DAYS/,
    );
  });
});
