import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { dept } from '../../src/db/schema/index.js';
import type { Row } from '../device-helper.js';
import { addBrand as addBrandAs, createTestApp, send as sendAs } from '../helper.js';
import { type TenantSide, twoTenants } from '../tenants.js';

/**
 * The dock register (uavhangar) in tests: one app per test file, started by `dockSuite()`, with a second
 * tenant, brands and the platform's root team, and the calls that fill in a valid dock. The app, tokens and
 * ids are live bindings: set before the file's tests, read-only to the files that import them (vitest gives
 * each test file its own copy of this module). Used by fleet-hangar and fleet-hangar-*.
 */

/** The second tenant. */
export const B = '800032';
/** The dock register's routes. */
export const BASE = '/api/cloud-equipment/uavhangar';
/** The dock basic settings' routes. */
export const BASIC = '/api/cloud-equipment/hangarbasicset';
/** The device register's routes (aircraft and payloads). */
export const DEVICES = '/api/cloud-equipment/equipment-management';
/** A picture uploaded to this platform, as the dock form sends it. */
export const LINK = '/files/000000/20240101/912169450854137856-AbCdEfGhIjKlMnOpQrStUv.png';

/** A dock or device as the API answers it; `credential` only when it was just added. */
export type Saved = Row & { id: string; serialNumber: string; name: string; credential?: Row };

/** This file's app. */
export let app: FastifyInstance;
/** The platform tenant (000000, `mine`) and tenant B (`theirs`), signed in as their admins. */
export let tenants: { mine: TenantSide; theirs: TenantSide };
/** The admins' tokens of the platform tenant (000000) and of tenant B. */
export let platform: string, tenantB: string;
/** The platform's brands (docks and aircraft; aircraft only) and tenant B's dock brand. */
export let brand: string, aircraftOnlyBrand: string, brandOfB: string;
/** The platform's root team. */
export let team: string;

/** Starts this file's app before its tests (both tenants, then the platform's side and tenant B's); closes it after. */
export function dockSuite(): void {
  beforeAll(async () => {
    app = await createTestApp();
    tenants = await twoTenants(app, { theirs: B });
    platform = tenants.mine.token;
    tenantB = tenants.theirs.token;
    brand = await addBrand(platform, 'dji', 'aircraft,dock');
    aircraftOnlyBrand = await addBrand(platform, 'drones-only', 'aircraft');
    const [root] = await app.database.db
      .select({ id: dept.id })
      .from(dept)
      .where(and(eq(dept.tenantId, '000000'), eq(dept.parentId, '0')));
    team = root!.id;
    brandOfB = await addBrand(tenantB, 'dji-b', 'dock');
  });
  afterAll(async () => {
    await app?.close();
  });
}

/** helper.ts `send`'s arguments after the app. */
type SendCall = Parameters<typeof sendAs> extends [FastifyInstance, ...infer Rest] ? Rest : never;
/** A JSON call on this file's app (see helper.ts `send`). */
export const send = (...call: SendCall) => sendAs(app, ...call);

let serial = 0;
/** The next six-digit serial number suffix of this file. */
export const next = () => String(++serial).padStart(6, '0');
/** A valid DJI Dock 2 of the platform tenant with a serial number of its own. */
export const dock = (extra: Row = {}): Row => ({
  name: `Dock ${serial + 1}`,
  type: 1,
  serialNumber: `7CTDM3D00${next()}`,
  modelId: 'dji-dock2',
  manufacturerId: brand,
  deptId: team,
  images: `${LINK}, https://example.com/dock.jpg`,
  streamLeftWing: 'rtmp://live.example.com/dock/left',
  streamRightWing: 'rtsp://10.0.0.2:554/right',
  streamTail: 'https://live.example.com/dock/tail.flv',
  streamInside: 'https://live.example.com/dock/inside.m3u8',
  streamOutside: 'webrtc://live.example.com/dock/outside',
  logUrl: 'https://logs.example.com/dock',
  alternateLongitude: 113.94,
  alternateLatitude: 22.52,
  remark: 'roof',
  ...extra,
});
/** The dock form sent as `token` (an add without `id`, an update with it). */
export const submit = (token: string, payload: Row, language?: string) =>
  send(token, 'POST', `${BASE}/submit`, payload, language);
/** The dock form sent, expecting success; answers the saved dock. */
export const saved = async (token: string, payload: Row): Promise<Saved> => {
  const response = await submit(token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
/** An M3TD aircraft of the caller's tenant named `name`, added through the device register. */
export const aircraft = async (token: string, name: string, extra: Row = {}): Promise<Saved> => {
  const response = await send(token, 'POST', `${DEVICES}/add`, {
    name,
    serialNumber: `1581F6${next()}`,
    type: 1,
    modelId: 'dji-m3td',
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
/** A brand of the caller's tenant making `entitySigns` (type 2); answers its id. */
export const addBrand = (token: string, code: string, entitySigns: string) =>
  addBrandAs(app, token, code, entitySigns, 2);
