import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceRef } from '../../src/device/events.js';
import { TelemetryWriter } from '../../src/modules/telemetry/telemetry.writer.js';
import { createTestApp } from '../helper.js';
import {
  attachControlledWriter,
  BASE,
  data,
  dockWithDrone,
  flying,
  lengthOf,
  telemetryCalls,
  telemetryFixture,
  time,
} from './helper.js';

/**
 * Writing telemetry: the writer fed by the device link's osd events (emitted on the link directly), its
 * downsampling and batches, and the flight tracks it upserts, also from several writers (instances) at
 * once. The first test uses the app's own writer; every other describe detaches it and uses a fresh writer
 * with a controlled clock, so downsampling, batches and counts are deterministic.
 */

let app: FastifyInstance;
/** tenant A's admin, and the drone and dock the current test writes for */
let tokenA: string, droneA: DeviceRef, dockA: DeviceRef;
/** the time the controlled writer stamps samples with, and the current describe's writer */
let clock = 0;
let writer: TelemetryWriter;
const { emitOsd, get, samples } = telemetryCalls(() => ({ app, clock }));

beforeAll(async () => {
  ({ app, tokenA, droneA, dockA } = await telemetryFixture());
});

afterAll(async () => {
  await app?.close();
});

/** The describe calling it writes through a fresh writer on the test clock: its counts start at zero. */
function useControlledWriter() {
  beforeAll(async () => {
    writer = await attachControlledWriter(app, () => clock);
  });
  afterAll(async () => {
    await writer?.close();
  });
}

describe("the app's writer", () => {
  it("stores the link's osd through the app's own writer", async () => {
    clock = Date.now();
    emitOsd(droneA, { mode_code: 0, longitude: 120, latitude: 30, height: 10 }, dockA.serialNumber);
    await app.services.telemetryWriter.flush();
    const page = data(await samples(tokenA, { serialNumber: droneA.serialNumber }));
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({
      serialNumber: droneA.serialNumber,
      kind: 'device',
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
  });

  it('app.close() writes what is buffered before the database closes', async () => {
    const other = await createTestApp({ TELEMETRY_RETENTION_DAYS: '0' });
    try {
      const device = { ...droneA, ownerId: '1' };
      other.platform.deviceLink.emit('osd', {
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

describe('ingestion', () => {
  useControlledWriter();

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
    const docks = data(await samples(tokenA, { kind: 'dock', ...window }));
    expect(docks.total).toBe(2);
    expect(docks.records[0]).toMatchObject({ serialNumber: dockA.serialNumber, batteryPercent: null });
    expect(writer.stats.downsampled).toBe(6);
  });

  it('a database failure drops the batch without throwing out of the event handler', async () => {
    const eager = new TelemetryWriter(app.database.db, { now: () => clock, batchRows: 1 });
    eager.attach(app.platform.deviceLink);
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

  useControlledWriter();
  // A dock and drone of its own for each test: the flights a test counts are only its own.
  beforeEach(async () => {
    ({ drone: droneA, dock: dockA } = await dockWithDrone(app, tokenA));
  });

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
});
