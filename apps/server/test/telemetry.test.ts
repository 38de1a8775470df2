import type { DeviceData } from '@aos/contract';
import { TRACK_POINT_LIMIT } from '@aos/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { DeviceRef } from '../src/device/events.js';
import { formatDateTime } from '../src/lib/time.js';
import { haversine } from '../src/modules/telemetry/telemetry.tracks.js';
import { TelemetryWriter } from '../src/modules/telemetry/telemetry.writer.js';
import { createTenant, createTestApp, login, send } from './helper.js';

/**
 * Stored telemetry: the writer fed by the device link's osd events (emitted on the link directly), the
 * flight tracks it upserts, and the three cloud-biglog calls that read them. Most tests use a writer of
 * their own with a controlled clock (the app's writer is detached after the first test), so downsampling
 * and batches are deterministic.
 */

const B = '800071';
const BIGLOG = '/api/cloud-biglog';
let app: FastifyInstance;
let tokenA: string;
let tokenB: string;
let droneA: DeviceRef;
let dockA: DeviceRef;
let droneB: DeviceRef;
let clock = 0;
let writer: TelemetryWriter;
let serial = 0;
const run = Date.now().toString(36).toUpperCase();

/** About an hour ago, on a multiple of 10 s (a dock's sampling period): tests move the clock from here. */
const BASE = Math.floor((Date.now() - 3_600_000) / 10_000) * 10_000;
const time = (ms: number) => formatDateTime(new Date(ms));

async function register(token: string, kind: 'drone' | 'dock', droneIds = ''): Promise<DeviceRef> {
  const serialNumber = `${kind === 'drone' ? '1581F6' : '7CTD'}${run}${++serial}`;
  const [url, body] =
    kind === 'drone'
      ? [
          '/api/cloud-equipment/equipment-management/add',
          { name: `Drone ${serial}`, serialNumber, type: 1, modelId: 'dji-m3td' },
        ]
      : [
          '/api/cloud-equipment/uavhangar/submit',
          { name: `Dock ${serial}`, serialNumber, type: 1, modelId: 'dji-dock2', droneIds },
        ];
  const response = await send(app, token, 'POST', url, body);
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data as { id: string; tenantId: string };
  return {
    tenantId: data.tenantId,
    serialNumber,
    kind: kind === 'drone' ? 'equipment' : 'hangar',
    ownerId: data.id,
  };
}

/** An osd event of the link, as if `device` had just sent `osd`. */
function emitOsd(device: DeviceRef, osd: DeviceData, gatewaySn: string | null = null) {
  app.services.deviceLink.emit('osd', { device, gatewaySn, timestamp: clock, data: osd, osd });
}

/** A drone in the air on `trackId`, `index` seconds into a straight flight north (0.001° a second). */
const flying = (trackId: string, index: number, extra: DeviceData = {}): DeviceData => ({
  mode_code: 5,
  track_id: trackId,
  longitude: 120,
  latitude: 30 + index * 0.001,
  height: 100 + index,
  elevation: 50 + index,
  attitude_head: 0,
  horizontal_speed: 111,
  vertical_speed: 0,
  battery: { capacity_percent: 90 - index },
  ...extra,
});

/** The exact length of the straight flight from second `from` to second `to`. */
const lengthOf = (from: number, to: number) => {
  let total = 0;
  for (let index = from + 1; index <= to; index++)
    total += haversine(120, 30 + (index - 1) * 0.001, 120, 30 + index * 0.001);
  return total;
};

const get = (token: string, path: string, query: Record<string, string>) =>
  send(app, token, 'GET', `${BIGLOG}/${path}?${new URLSearchParams(query)}`);
const samples = (token: string, body: Record<string, unknown>) =>
  send(app, token, 'POST', `${BIGLOG}/uavDataModel/page`, { current: 1, size: 100, ...body });
const data = (response: { statusCode: number; body: string; json: () => { data: unknown } }) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
};

beforeAll(async () => {
  app = await createTestApp({ TELEMETRY_RETENTION_DAYS: '0' });
  await createTenant(app, B);
  tokenA = (await login(app)).access_token;
  tokenB = (await login(app, B)).access_token;
  droneA = await register(tokenA, 'drone');
  dockA = await register(tokenA, 'dock', droneA.ownerId);
  droneB = await register(tokenB, 'drone');
});

afterAll(async () => {
  await writer?.close();
  await app?.close();
});

describe('ingestion', () => {
  it("stores the link's osd through the app's own writer", async () => {
    clock = Date.now();
    emitOsd(droneA, { mode_code: 0, longitude: 120, latitude: 30, height: 10 }, dockA.serialNumber);
    await app.services.telemetryWriter.flush();
    const page = data(await samples(tokenA, { serialNumber: droneA.serialNumber }));
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({
      serialNumber: droneA.serialNumber,
      kind: 'equipment',
      ownerId: droneA.ownerId,
      gatewaySn: dockA.serialNumber,
      longitude: 120,
      latitude: 30,
      height: 10,
      modeCode: 0,
      trackId: null,
      deviceTimestamp: clock,
      osd: { mode_code: 0, longitude: 120, latitude: 30, height: 10 },
    });
    // From here on a writer with a controlled clock; the app's stops listening.
    await app.services.telemetryWriter.close();
    writer = new TelemetryWriter(app.database.db, { now: () => clock, flushMs: 3_600_000 });
    writer.attach(app.services.deviceLink);
  });

  it('keeps at most one sample a second per drone and one per 10 s per dock', async () => {
    const start = BASE;
    for (const offset of [0, 200, 999, 1000, 1500, 2000]) {
      clock = start + offset;
      emitOsd(droneA, { mode_code: 0, battery: { capacity_percent: 80 } });
    }
    for (const offset of [0, 5000, 9999, 10_000, 19_999]) {
      clock = start + offset;
      emitOsd(dockA, { mode_code: 0, temperature: 20, longitude: 120.5, latitude: 30.5 });
    }
    await writer.flush();
    const window = { startTime: time(start), endTime: time(start + 30_000) };
    const drone = data(await samples(tokenA, { serialNumber: droneA.serialNumber, ...window }));
    expect(drone.total).toBe(3);
    expect(drone.records.map((row: { time: string }) => row.time)).toEqual([
      time(start + 2000),
      time(start + 1000),
      time(start),
    ]);
    expect(drone.records[0].batteryPercent).toBe(80);
    const docks = data(await samples(tokenA, { kind: 'hangar', ...window }));
    expect(docks.total).toBe(2);
    expect(docks.records[0]).toMatchObject({ serialNumber: dockA.serialNumber, batteryPercent: null });
    expect(writer.stats.downsampled).toBe(6);
  });

  it('a database failure drops the batch without throwing out of the event handler', async () => {
    const eager = new TelemetryWriter(app.database.db, { now: () => clock, batchRows: 1 });
    eager.attach(app.services.deviceLink);
    const failing = vi
      .spyOn(app.database.db, 'transaction')
      .mockRejectedValueOnce(new Error('database down'))
      .mockRejectedValueOnce(new Error('database down'));
    try {
      clock = BASE + 100_000;
      // batchRows 1: the handler itself starts the (failing) write
      expect(() => emitOsd(droneA, { mode_code: 0 })).not.toThrow();
      await eager.flush();
      await writer.flush();
      expect(eager.stats).toMatchObject({ failedBatches: 1, droppedRows: 1, written: 0 });
      expect(writer.stats.failedBatches).toBe(1);
    } finally {
      failing.mockRestore();
      await eager.close();
    }
    clock = BASE + 101_000;
    emitOsd(droneA, { mode_code: 0 });
    await writer.flush();
    const window = { startTime: time(BASE + 99_000), endTime: time(BASE + 102_000) };
    expect(data(await samples(tokenA, { serialNumber: droneA.serialNumber, ...window })).total).toBe(1);
  });
});

describe('flight tracks', () => {
  const start = BASE + 200_000;

  it('one flight upserted across two batches, exact on findHistoryRouteTrack', async () => {
    for (let index = 0; index < 10; index++) {
      clock = start + index * 1000;
      emitOsd(droneA, flying('trk-a1', index), dockA.serialNumber);
      if (index === 4) await writer.flush(); // first batch: seconds 0-4
    }
    // landed: the same track id, not part of the flight
    clock = start + 10_000;
    emitOsd(droneA, flying('trk-a1', 10, { mode_code: 0 }), dockA.serialNumber);
    await writer.flush();

    const page = data(
      await get(tokenA, 'state-log-message/trackPage', { serialNumber: droneA.serialNumber }),
    );
    expect(page.total).toBe(1);
    const track = page.records[0];
    expect(track).toMatchObject({
      droneSn: droneA.serialNumber,
      droneId: droneA.ownerId,
      droneName: expect.stringMatching(/^Drone /),
      dockSn: dockA.serialNumber,
      dockName: expect.stringMatching(/^Dock /),
      trackId: 'trk-a1',
      startedAt: time(start),
      endedAt: time(start + 9000),
      pointCount: 10,
      maxElevation: 59,
      durationS: 9,
      startLongitude: 120,
      startLatitude: 30,
      endLongitude: 120,
    });
    expect(track.endLatitude).toBeCloseTo(30.009, 9);
    // two batches joined by the segment between them: the whole length
    expect(track.distanceM).toBeCloseTo(lengthOf(0, 9), 3);

    const history = data(await get(tokenA, 'state-log-message/findHistoryRouteTrack', { trackId: 'trk-a1' }));
    expect(history.thinned).toBe(false);
    expect(history.total).toBe(10);
    expect(history.track).toMatchObject({ id: track.id, pointCount: 10 });
    expect(history.track.distanceM).toBeCloseTo(lengthOf(0, 9), 3);
    expect(history.points).toHaveLength(10);
    expect(history.points[0]).toEqual({
      time: time(start),
      timestamp: start,
      longitude: 120,
      latitude: 30,
      height: 100,
      elevation: 50,
      heading: 0,
      horizontalSpeed: 111,
      batteryPercent: 90,
      modeCode: 5,
    });
    const times = history.points.map((point: { timestamp: number }) => point.timestamp);
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const landed = data(
      await samples(tokenA, { serialNumber: droneA.serialNumber, startTime: time(start + 10_000) }),
    );
    expect(landed.records[0]).toMatchObject({ modeCode: 0, trackId: null });
    const inFlight = data(await samples(tokenA, { trackId: 'trk-a1' }));
    expect(inFlight.total).toBe(10);
  });

  it('two instances each receiving part of one flight write one consistent track', async () => {
    const other = new TelemetryWriter(app.database.db, { now: () => clock, flushMs: 3_600_000 });
    const from = start + 100_000;
    try {
      for (let index = 0; index < 12; index++) {
        clock = from + index * 1000;
        // shared subscription: messages alternate between the instances
        (index % 2 === 0 ? writer : other).accept({
          device: droneA,
          gatewaySn: dockA.serialNumber,
          timestamp: clock,
          data: {},
          osd: flying('trk-a2', index),
        });
        if (index % 4 === 3) await Promise.all([writer.flush(), other.flush()]);
      }
      await Promise.all([writer.flush(), other.flush()]);
    } finally {
      await other.close();
    }
    const history = data(await get(tokenA, 'state-log-message/findHistoryRouteTrack', { trackId: 'trk-a2' }));
    expect(history.total).toBe(12);
    expect(history.track.distanceM).toBeCloseTo(lengthOf(0, 11), 3);
    const page = data(
      await get(tokenA, 'state-log-message/trackPage', { serialNumber: droneA.serialNumber }),
    );
    const stored = page.records.find((row: { trackId: string }) => row.trackId === 'trk-a2');
    expect(stored).toMatchObject({
      pointCount: 12,
      startedAt: time(from),
      endedAt: time(from + 11_000),
      startLatitude: 30,
    });
    // a straight flight: the stored approximation is the exact length
    expect(stored.distanceM).toBeCloseTo(lengthOf(0, 11), 3);
    // newest first
    expect(page.records[0].trackId).toBe('trk-a2');
  });

  it('instances receiving one drone within the same second keep one sample a second between them', async () => {
    const other = new TelemetryWriter(app.database.db, { now: () => clock, flushMs: 3_600_000 });
    const from = start + 200_000;
    const before = { ...writer.stats };
    try {
      // Three messages a second, alternating between the instances: each keeps the first of a second it
      // sees, so both keep one for the same second; the database keeps one of them.
      for (let index = 0; index < 18; index++) {
        clock = from + Math.floor(index / 3) * 1000 + (index % 3) * 300;
        (index % 2 === 0 ? writer : other).accept({
          device: droneA,
          gatewaySn: dockA.serialNumber,
          timestamp: clock,
          data: {},
          osd: flying('trk-a3', Math.floor(index / 3)),
        });
        if (index % 3 === 2) {
          await writer.flush();
          await other.flush();
        }
      }
    } finally {
      await other.close();
    }
    const stored = data(await samples(tokenA, { trackId: 'trk-a3' }));
    expect(stored.total).toBe(6);
    const seconds = stored.records.map((row: { time: string }) => row.time.slice(0, 19));
    expect(new Set(seconds).size).toBe(6);
    const written = writer.stats.written - before.written + other.stats.written;
    const duplicates = writer.stats.duplicates - before.duplicates + other.stats.duplicates;
    expect(written).toBe(6);
    expect(duplicates).toBeGreaterThan(0);
    // the flight counts each kept sample once
    const history = data(await get(tokenA, 'state-log-message/findHistoryRouteTrack', { trackId: 'trk-a3' }));
    expect(history.total).toBe(6);
    const page = data(
      await get(tokenA, 'state-log-message/trackPage', { serialNumber: droneA.serialNumber }),
    );
    expect(page.records.find((row: { trackId: string }) => row.trackId === 'trk-a3')).toMatchObject({
      pointCount: 6,
    });
  });

  it('points by serial number and time window, evenly thinned beyond the limit', async () => {
    const from = BASE - 10 * 86_400_000;
    const count = TRACK_POINT_LIMIT + 17;
    await app.database.db.execute(sql`
      insert into aos_telemetry_sample
        (id, tenant_id, serial_number, kind, owner_id, at, longitude, latitude, osd, period)
      select 9000000000000000 + n, ${droneA.tenantId}, ${droneA.serialNumber}, 'equipment', ${droneA.ownerId},
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
    const byTrack = await get(tokenA, 'state-log-message/findHistoryRouteTrack', { trackId: 'trk-b1' });
    expect(byTrack.statusCode).toBe(404);
    const byWindow = data(
      await get(tokenA, 'state-log-message/findHistoryRouteTrack', {
        serialNumber: droneB.serialNumber,
        startTime: time(from - 1000),
        endTime: time(from + 10_000),
      }),
    );
    expect(byWindow).toMatchObject({ total: 0, points: [] });
    const trackPage = data(await get(tokenA, 'state-log-message/trackPage', { size: '100' }));
    expect(trackPage.records.map((row: { trackId: string }) => row.trackId)).not.toContain('trk-b1');
    expect(
      data(await get(tokenA, 'state-log-message/trackPage', { serialNumber: droneB.serialNumber })).total,
    ).toBe(0);
    expect(data(await samples(tokenA, { trackId: 'trk-b1' })).total).toBe(0);
    expect(data(await samples(tokenA, { serialNumber: droneB.serialNumber })).total).toBe(0);
    // and B none of A's
    expect(data(await samples(tokenB, { serialNumber: droneA.serialNumber })).total).toBe(0);
    const aTrack = await get(tokenB, 'state-log-message/findHistoryRouteTrack', { trackId: 'trk-a1' });
    expect(aTrack.statusCode).toBe(404);
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

describe('shutdown', () => {
  it('app.close() writes what is buffered before the database closes', async () => {
    const other = await createTestApp({ TELEMETRY_RETENTION_DAYS: '0' });
    try {
      const device = { ...droneA, ownerId: '1' };
      other.services.deviceLink.emit('osd', {
        device,
        gatewaySn: null,
        timestamp: Date.now(),
        data: {},
        osd: { mode_code: 0 },
      });
    } finally {
      await other.close();
    }
    expect(other.services.telemetryWriter.stats).toMatchObject({ written: 1, failedBatches: 0 });
  });
});
