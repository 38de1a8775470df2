import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { DeviceDirectory } from '../../src/device/directory.js';
import { isUnavailable } from '../../src/lib/unavailable.js';
import { TelemetryWriter } from '../../src/modules/telemetry/telemetry.writer.js';
import { createTestApp, login } from '../helper.js';
import { dockWithDrone } from '../telemetry/helper.js';

/**
 * The pieces that carry the device link through a database outage, on a database that fails on demand
 * (the real one behind a switch): the registry's last answer, and the telemetry writer's retries. The
 * restarts themselves are postgres.test.ts's.
 */

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** `db` with `select` and `transaction` failing as an unreachable database does while `down.now`. */
function switchable(db: Db, down: { now: boolean }): Db {
  return new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if ((key === 'select' || key === 'transaction') && typeof value === 'function') {
        return (...args: unknown[]) => {
          if (down.now) {
            if (key === 'transaction') return Promise.reject(refused());
            throw refused();
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return value;
    },
  });
}

describe('degraded, not broken, while the database is unreachable', () => {
  let app: FastifyInstance;
  let device: Awaited<ReturnType<typeof dockWithDrone>>;
  const down = { now: false };

  beforeAll(async () => {
    app = await createTestApp();
    device = await dockWithDrone(app, (await login(app)).access_token);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('recognises the drivers’ connection errors, and only those', () => {
    expect(isUnavailable(refused())).toBe(true);
    expect(isUnavailable(new Error('x', { cause: { code: '57P01' } }))).toBe(true);
    expect(isUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('r'), { name: 'MaxRetriesPerRequestError' }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isUnavailable(new Error('syntax error at or near'))).toBe(false);
  });

  it('the registry answers a known device’s last identity, and fails for one never read', async () => {
    const directory = new DeviceDirectory(switchable(app.database.db, down), 0);
    const known = await directory.lookup(device.drone.serialNumber);
    expect(known?.ownerId).toBe(device.drone.ownerId);
    down.now = true;
    try {
      await expect(directory.lookup(device.drone.serialNumber)).resolves.toEqual(known);
      await expect(directory.lookup(device.dock.serialNumber)).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      down.now = false;
    }
    await expect(directory.lookup(device.dock.serialNumber)).resolves.toMatchObject({ kind: 'dock' });
  });

  it('the telemetry writer keeps a batch until the database is back, and drops it only when closing', async () => {
    let clock = Date.now();
    const writer = new TelemetryWriter(switchable(app.database.db, down), {
      flushMs: 60_000,
      now: () => clock,
    });
    const osd = (at: number) =>
      writer.accept({
        device: device.drone,
        gatewaySn: null,
        timestamp: at,
        data: { latitude: 30, longitude: 120 },
        osd: { latitude: 30, longitude: 120 },
      });
    down.now = true;
    osd(clock);
    const written = writer.flush();
    await expect.poll(() => writer.stats.retries, { timeout: 10_000 }).toBeGreaterThan(1);
    expect(writer.pendingRows).toBe(1);
    down.now = false;
    await written;
    expect(writer.stats).toMatchObject({ written: 1, droppedRows: 0, failedBatches: 0 });
    expect(writer.pendingRows).toBe(0);

    // Closing while the database is still down: the batch is dropped and counted, not waited for.
    down.now = true;
    clock += 2000; // the next sampling period of a drone
    osd(clock);
    await writer.close();
    down.now = false;
    expect(writer.stats).toMatchObject({ written: 1, droppedRows: 1, failedBatches: 1 });
  });
});
