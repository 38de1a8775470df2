import { type DeviceData, haversineM } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DeviceRef } from '../../src/device/events.js';
import { formatDateTime } from '../../src/lib/time.js';
import { TelemetryWriter } from '../../src/modules/telemetry/telemetry.writer.js';
import { registerDock, registerDrone, type Registered } from '../device-helper.js';
import { createTestApp, send } from '../helper.js';
import { type TenantSide, twoTenants } from '../tenants.js';

/**
 * Stored telemetry in tests: an app with two tenants and their devices, osd events emitted on the device
 * link directly, writers on a controlled clock, straight flights whose exact length is known, and the
 * cloud-biglog calls that read them. Used by telemetry-write and telemetry-read.
 */

const B = '800071';
/** The stored telemetry's routes. */
export const BIGLOG = '/api/cloud-biglog';

/** About an hour ago, on a multiple of 10 s (a dock's sampling period): tests move the clock from here. */
export const BASE = Math.floor((Date.now() - 3_600_000) / 10_000) * 10_000;
/** A time as the API writes and reads it (yyyy-MM-dd HH:mm:ss). */
export const time = (ms: number) => formatDateTime(new Date(ms));

/** The app and devices every telemetry suite starts from. */
interface TelemetryFixture {
  app: FastifyInstance;
  /** the platform tenant (A, `mine`) and tenant B (`theirs`), signed in as their admins */
  tenants: { mine: TenantSide; theirs: TenantSide };
  tokenA: string;
  tokenB: string;
  /** tenant A's drone, bound to `dockA` */
  droneA: DeviceRef;
  dockA: DeviceRef;
  /** tenant B's drone */
  droneB: DeviceRef;
}

/** A registered device as the link names it in its events (the API answers its tenant with it). */
const refOf = (registered: Registered, kind: DeviceRef['kind']): DeviceRef => ({
  tenantId: (registered as Registered & { tenantId: string }).tenantId,
  serialNumber: registered.serialNumber,
  kind,
  ownerId: registered.id,
});

/** A dock of the caller's tenant with a drone bound to it, as the link names them. */
export async function dockWithDrone(app: FastifyInstance, token: string) {
  const drone = await registerDrone(app, token);
  const dock = await registerDock(app, token, [drone]);
  return { drone: refOf(drone, 'device'), dock: refOf(dock, 'dock') };
}

/** An app that keeps telemetry forever, a second tenant, tenant A's dock with its drone and tenant B's drone. */
export async function telemetryFixture(): Promise<TelemetryFixture> {
  const app = await createTestApp({ TELEMETRY_RETENTION_DAYS: '0' });
  const tenants = await twoTenants(app, { theirs: B });
  const tokenA = tenants.mine.token;
  const tokenB = tenants.theirs.token;
  const { drone, dock } = await dockWithDrone(app, tokenA);
  const droneB = refOf(await registerDrone(app, tokenB), 'device');
  return { app, tenants, tokenA, tokenB, droneA: drone, dockA: dock, droneB };
}

/** A writer on the app's database and the test's clock that writes only when flushed (or closed). */
const controlledWriter = (app: FastifyInstance, now: () => number) =>
  new TelemetryWriter(app.database.db, { now, flushMs: 3_600_000 });

/** Detaches the app's own writer (it would stamp samples with the real time) and attaches a controlled one. */
export async function attachControlledWriter(app: FastifyInstance, now: () => number) {
  await app.services.telemetryWriter.close();
  const writer = controlledWriter(app, now);
  writer.attach(app.platform.deviceLink);
  return writer;
}

/** A drone in the air on `trackId`, `index` seconds into a straight flight north (0.001° a second). */
export const flying = (trackId: string, index: number, extra: DeviceData = {}): DeviceData => ({
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
export const lengthOf = (from: number, to: number) => {
  let total = 0;
  for (let index = from + 1; index <= to; index++)
    total += haversineM([120, 30 + (index - 1) * 0.001], [120, 30 + index * 0.001]);
  return total;
};

/** Stores `seconds` samples of the straight flight `trackId` from `from`, through a writer of its own. */
export async function writeFlight(
  app: FastifyInstance,
  device: DeviceRef,
  trackId: string,
  from: number,
  seconds: number,
  gatewaySn: string | null = null,
) {
  let now = from;
  const writer = controlledWriter(app, () => now);
  for (let index = 0; index < seconds; index++) {
    now = from + index * 1000;
    writer.accept({ device, gatewaySn, timestamp: now, data: {}, osd: flying(trackId, index) });
  }
  await writer.close();
}

/**
 * The calls of a telemetry suite, bound to the app and clock its file holds (read at each call: the app
 * is made in beforeAll, the clock moves in every test).
 */
export function telemetryCalls(current: () => { app: FastifyInstance; clock: number }) {
  const app = () => current().app;
  return {
    /** An osd event of the link, as if `device` had just sent `osd`. */
    emitOsd: (device: DeviceRef, osd: DeviceData, gatewaySn: string | null = null) => {
      const timestamp = current().clock;
      app().platform.deviceLink.emit('osd', { device, gatewaySn, timestamp, data: osd, osd });
    },
    /** A GET on a cloud-biglog path. */
    get: (token: string, path: string, query: Record<string, string>) =>
      send(app(), token, 'GET', `${BIGLOG}/${path}?${new URLSearchParams(query)}`),
    /** The first 100 samples matching `body`, newest first. */
    samples: (token: string, body: Record<string, unknown>) =>
      send(app(), token, 'POST', `${BIGLOG}/uavDataModel/page`, { current: 1, size: 100, ...body }),
  };
}

/** The data of a 200 answer (the body is shown if it is not one). */
export const data = (response: { statusCode: number; body: string; json: () => { data: unknown } }) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
};
