import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dept, deviceCredential, hangar, hangarDrone } from '../src/db/schema/index.js';
import { addBrand as addBrandAs, as, createTenant, createTestApp, login, send as sendAs } from './helper.js';
import { signInWithGrants } from './org-helper.js';

let app: FastifyInstance;
let platform: string;
let tenantB: string;
let brand: string;
let aircraftOnlyBrand: string;
let brandOfB: string;
let team: string;
const B = '800032';
const BASE = '/api/cloud-equipment/uavhangar';
const BASIC = '/api/cloud-equipment/hangarbasicset';
const DEVICES = '/api/cloud-equipment/equipment-management';
const LINK = '/files/000000/20240101/912169450854137856-AbCdEfGhIjKlMnOpQrStUv.png';

type Row = Record<string, unknown>;
type Saved = Row & { id: string; serialNumber: string; name: string; credential?: Row };

/** A JSON call on this file's app (see helper.ts `send`). */
const send = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Row,
  language?: string,
) => sendAs(app, token, method, url, payload, language);

let serial = 0;
const next = () => String(++serial).padStart(6, '0');
/** A valid DJI Dock 2 of the platform tenant with a serial number of its own. */
const dock = (extra: Row = {}): Row => ({
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
const submit = (token: string, payload: Row, language?: string) =>
  send(token, 'POST', `${BASE}/submit`, payload, language);
const saved = async (token: string, payload: Row): Promise<Saved> => {
  const response = await submit(token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const aircraft = async (token: string, name: string, extra: Row = {}): Promise<Saved> => {
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
const addBrand = (token: string, code: string, entitySigns: string) =>
  addBrandAs(app, token, code, entitySigns, 2);

beforeAll(async () => {
  app = await createTestApp();
  await createTenant(app, B);
  platform = (await login(app)).access_token;
  tenantB = (await login(app, B)).access_token;
  brand = await addBrand(platform, 'dji', 'aircraft,dock');
  aircraftOnlyBrand = await addBrand(platform, 'drones-only', 'aircraft');
  brandOfB = await addBrand(tenantB, 'dji-b', 'dock');
  const [root] = await app.database.db
    .select({ id: dept.id })
    .from(dept)
    .where(and(eq(dept.tenantId, '000000'), eq(dept.parentId, '0')));
  team = root!.id;
});
afterAll(async () => {
  await app?.close();
});

describe('docks: register', () => {
  it('adds (answering the credentials once), lists, reads, updates and removes a dock', async () => {
    const drone = await aircraft(platform, 'M3TD one');
    const created = await submit(
      platform,
      dock({ name: 'Roof dock', serialNumber: '7CTDM3D00ROOF', droneIds: drone.id }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const row = created.json().data;
    expect(created.json().msg).toBe('added successfully');
    expect(row).toMatchObject({
      name: 'Roof dock',
      type: 1,
      serialNumber: '7CTDM3D00ROOF',
      modelId: 'dji-dock2',
      modelName: 'DJI Dock 2',
      manufacturerName: 'DJI',
      deptId: team,
      droneIds: drone.id,
      droneNames: 'M3TD one',
      images: `${LINK},https://example.com/dock.jpg`,
      streamOutside: 'webrtc://live.example.com/dock/outside',
      alternateLongitude: 113.94,
      alternateLatitude: 22.52,
      lowBattery: 30,
      ultraLowBattery: 20,
      safeLandHeight: 30,
      rthAltitude: 100,
      outOfControlAction: 0,
      visible: 1,
      tenantId: '000000',
      credential: { serialNumber: '7CTDM3D00ROOF' },
    });
    expect(row.deptName).toBeTruthy();
    const { username, password } = row.credential as { username: string; password: string };
    expect(await app.services.deviceCredentials.verify(username, password)).toEqual({
      tenantId: '000000',
      serialNumber: '7CTDM3D00ROOF',
      kind: 'hangar',
      ownerId: row.id,
    });
    const bound = (await as(app, platform).get(`${DEVICES}/detail?id=${drone.id}`)).json().data;
    expect(bound).toMatchObject({ hangarId: row.id, hangarName: 'Roof dock' });

    const page = await as(app, platform).get(`${BASE}/page?name=Roof`);
    expect(page.json().data.records.map((record: Row) => record.id)).toEqual([row.id]);
    expect(page.body).not.toContain(password);
    const detail = await as(app, platform).get(`${BASE}/detail?id=${row.id}`);
    expect(detail.json().data).not.toHaveProperty('credential');
    expect(detail.body).not.toContain(password);
    const list = await send(platform, 'POST', `${BASE}/list`, { serialNumber: 'ROOF' });
    expect(list.json().data.map((record: Row) => record.id)).toEqual([row.id]);
    expect((await send(platform, 'POST', `${BASE}/list`, { type: 2 })).json().data).toEqual([]);

    const updated = await submit(
      platform,
      dock({
        id: row.id,
        name: 'Roof dock B',
        serialNumber: '7CTDM3D00ROOF',
        droneIds: drone.id,
        tenantId: B,
      }),
    );
    expect(updated.json()).toMatchObject({
      msg: 'updated successfully',
      data: { id: row.id, name: 'Roof dock B', droneIds: drone.id, tenantId: '000000' },
    });
    expect(updated.json().data).not.toHaveProperty('credential');

    const removed = await send(platform, 'POST', `${BASE}/remove?ids=${row.id}`);
    expect(removed.json()).toMatchObject({ data: 1, msg: 'deleted successfully' });
    expect((await as(app, platform).get(`${BASE}/detail?id=${row.id}`)).statusCode).toBe(404);
    const [kept] = await app.database.db.select().from(hangar).where(eq(hangar.id, row.id));
    expect(kept!.isDeleted).toBe(1);
    expect(await app.services.deviceCredentials.verify(username, password)).toBeNull();
    expect(await app.database.db.select().from(hangarDrone).where(eq(hangarDrone.hangarId, row.id))).toEqual(
      [],
    );
    // the drone is free again, and so is the serial number
    const freed = (await as(app, platform).get(`${DEVICES}/detail?id=${drone.id}`)).json().data;
    expect(freed).toMatchObject({ hangarId: null, hangarName: null });
    expect(
      (await submit(platform, dock({ serialNumber: '7CTDM3D00ROOF', droneIds: drone.id }))).statusCode,
    ).toBe(200);
  });

  it('names the field of every bad input, in the caller language, and writes nothing', async () => {
    const payload = await send(platform, 'POST', `${DEVICES}/add`, {
      name: 'Gimbal camera',
      serialNumber: `PAYLOAD${next()}`,
      type: 2,
      modelId: 'dji-h30t',
    });
    const before = await app.database.db.select().from(hangar);
    const credentialsBefore = await app.database.db.select().from(deviceCredential);
    const links = Array.from({ length: 7 }, (_, index) => `https://example.com/${index}.jpg`).join(',');
    const cases: Array<[Row, Record<string, string>]> = [
      [dock({ name: ' ' }), { name: 'cannot be empty or all spaces' }],
      [dock({ type: 9 }), { type: 'no such type' }],
      [
        dock({ serialNumber: 'a b' }),
        { serialNumber: 'the serial number may contain only letters, digits, - and _' },
      ],
      [dock({ modelId: 'dji-none' }), { modelId: 'no such model in the catalogue' }],
      [dock({ modelId: 'dji-m30' }), { modelId: 'the model does not match the type' }],
      [dock({ type: 2 }), { modelId: 'the model does not match the type' }],
      [
        dock({ manufacturerId: aircraftOnlyBrand }),
        { manufacturerId: 'this brand is not associated with: Dock' },
      ],
      [dock({ manufacturerId: brandOfB }), { manufacturerId: 'no such brand in this tenant' }],
      [dock({ deptId: '123456789' }), { deptId: 'no such team in this tenant' }],
      [
        dock({ streamTail: 'ftp://live.example.com/x' }),
        { streamTail: 'the stream address must start with rtmp, rtsp, http(s) or webrtc' },
      ],
      [dock({ logUrl: 'logs.example.com' }), { logUrl: 'the address must start with http or https' }],
      [
        dock({ images: links }),
        { images: 'up to 6 pictures, each uploaded to this platform or an http(s) address' },
      ],
      [
        dock({ images: 'data:image/png;base64,AAAA' }),
        { images: 'up to 6 pictures, each uploaded to this platform or an http(s) address' },
      ],
      [
        dock({ alternateLatitude: null }),
        { alternateLatitude: 'enter both the alternate landing longitude and latitude, or neither' },
      ],
      [
        dock({ alternateLongitude: undefined }),
        { alternateLongitude: 'enter both the alternate landing longitude and latitude, or neither' },
      ],
      [dock({ alternateLatitude: 91 }), { alternateLatitude: 'the latitude must be between -90 and 90' }],
      [
        dock({ alternateLongitude: -181 }),
        { alternateLongitude: 'the longitude must be between -180 and 180' },
      ],
      [
        dock({ lowBattery: 101 }),
        { lowBattery: 'the battery threshold must be a whole number from 0 to 100' },
      ],
      [
        dock({ ultraLowBattery: 12.5 }),
        { ultraLowBattery: 'the battery threshold must be a whole number from 0 to 100' },
      ],
      [
        dock({ lowBattery: 25, ultraLowBattery: 25 }),
        {
          ultraLowBattery:
            'the ultra-low battery alarm threshold must be below the low battery alarm threshold',
        },
      ],
      [
        dock({ ultraLowBattery: 40 }),
        {
          ultraLowBattery:
            'the ultra-low battery alarm threshold must be below the low battery alarm threshold',
        },
      ],
      [dock({ visible: 2 }), { visible: 'visible must be 0 (hidden) or 1 (shown)' }],
      [dock({ droneIds: '1,x' }), { droneIds: 'the ids are not valid' }],
      [dock({ droneIds: '123456789' }), { droneIds: 'choose aircraft of this tenant' }],
      [
        dock({ droneIds: payload.json().data.id }),
        { droneIds: 'not an aircraft, cannot be bound to a dock: Gimbal camera' },
      ],
      [{ name: 'No model', type: 1, serialNumber: 'NOMODEL1' }, { modelId: 'modelId is required' }],
    ];
    for (const [body, errors] of cases) {
      const response = await submit(platform, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().data.errors, JSON.stringify(body)).toEqual(errors);
    }
    const zh = await submit(platform, dock({ lowBattery: 20, ultraLowBattery: 30 }), 'zh-CN');
    expect(zh.json().msg).toBe('ultraLowBattery: 严重低电量告警阈值须低于低电量告警阈值');
    const zhPair = await submit(platform, dock({ alternateLongitude: null }), 'zh-CN');
    expect(zhPair.json().data.errors).toEqual({ alternateLongitude: '备降点经度和纬度须同时填写或同时留空' });
    expect(await app.database.db.select().from(hangar)).toHaveLength(before.length);
    expect(await app.database.db.select().from(deviceCredential)).toHaveLength(credentialsBefore.length);
    // a VTOL dock takes the VTOL dock model; no alternate point at all is fine
    const vtol = await submit(
      platform,
      dock({ type: 2, modelId: 'generic-vtol-dock', alternateLongitude: null, alternateLatitude: null }),
    );
    expect(vtol.json().data).toMatchObject({
      type: 2,
      modelName: 'Generic VTOL dock',
      alternateLongitude: null,
    });
  });
});

describe('docks: drones, serial numbers and credentials', () => {
  it('binds a drone to one dock only, aircraft only, and refuses to remove a bound drone', async () => {
    const drone = await aircraft(platform, 'Bound drone');
    const spare = await aircraft(platform, 'Spare drone');
    const first = await saved(platform, dock({ name: 'First dock', droneIds: `${drone.id},${spare.id}` }));
    expect(first.droneNames).toBe('Bound drone,Spare drone');
    const second = await submit(platform, dock({ name: 'Second dock', droneIds: drone.id }));
    expect(second.statusCode).toBe(400);
    expect(second.json().data.errors).toEqual({ droneIds: 'already bound to another dock: Bound drone' });
    const zh = await submit(platform, dock({ droneIds: `${spare.id}` }), 'zh-CN');
    expect(zh.json().msg).toBe('droneIds: 已绑定其他机库：Spare drone');
    // keeping its own drones on update is fine; dropping one frees it
    const kept = await saved(
      platform,
      dock({ id: first.id, name: 'First dock', serialNumber: first.serialNumber, droneIds: drone.id }),
    );
    expect(kept.droneIds).toBe(drone.id);
    const other = await saved(platform, dock({ name: 'Other dock', droneIds: spare.id }));
    expect(other.droneNames).toBe('Spare drone');

    const refused = await send(platform, 'DELETE', `${DEVICES}/remove?ids=${drone.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(
      'the device Bound drone is bound to the dock First dock: unbind it first',
    );
    const retype = await send(platform, 'PUT', `${DEVICES}/update`, {
      id: drone.id,
      name: 'Bound drone',
      serialNumber: drone.serialNumber,
      type: 2,
    });
    expect(retype.json().data.errors).toEqual({
      type: 'the device Bound drone is bound to the dock First dock: unbind it first',
    });
    await send(platform, 'POST', `${BASE}/remove?ids=${first.id}`);
    expect((await send(platform, 'DELETE', `${DEVICES}/remove?ids=${drone.id}`)).json().data).toBe(1);
  });

  it('gives two docks racing for one drone one binding and one error naming the drone', async () => {
    const drone = await aircraft(platform, 'Contested drone');
    const [first, second] = await Promise.all([
      submit(platform, dock({ droneIds: drone.id })),
      submit(platform, dock({ droneIds: drone.id })),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const loser = first.statusCode === 400 ? first : second;
    expect(loser.json().data.errors).toEqual({ droneIds: 'already bound to another dock: Contested drone' });
    expect(
      await app.database.db.select().from(hangarDrone).where(eq(hangarDrone.equipmentId, drone.id)),
    ).toHaveLength(1);
  });

  it('keeps a serial number unique across tenants and across docks and devices', async () => {
    const mine = await saved(platform, dock({ serialNumber: 'DOCK-SHARED-1' }));
    const inB = await submit(
      tenantB,
      dock({ serialNumber: 'DOCK-SHARED-1', manufacturerId: brandOfB, deptId: null }),
    );
    expect(inB.json().data.errors).toEqual({ serialNumber: 'this serial number is already registered' });
    expect(inB.body).not.toContain('000000');
    const device = await send(tenantB, 'POST', `${DEVICES}/add`, {
      name: 'Same SN',
      serialNumber: 'DOCK-SHARED-1',
      type: 1,
    });
    expect(device.json().data.errors).toEqual({ serialNumber: 'this serial number is already registered' });
    // a new serial number moves the credential; the old number is free
    const renamed = await saved(platform, dock({ id: mine.id, serialNumber: 'DOCK-SHARED-2' }));
    expect(renamed.serialNumber).toBe('DOCK-SHARED-2');
    const credential = mine.credential as { username: string; password: string };
    expect(
      (await app.services.deviceCredentials.verify(credential.username, credential.password))?.serialNumber,
    ).toBe('DOCK-SHARED-2');
    expect(
      (await submit(tenantB, dock({ serialNumber: 'DOCK-SHARED-1', manufacturerId: brandOfB, deptId: null })))
        .statusCode,
    ).toBe(200);
  });

  it('resets the credentials of a dock: the old password fails at once', async () => {
    const mine = await saved(platform, dock());
    const { username, password } = mine.credential as { username: string; password: string };
    const reset = await send(platform, 'POST', `${BASE}/resetCredential?id=${mine.id}`);
    expect(reset.json().data).toMatchObject({ serialNumber: mine.serialNumber, username });
    const fresh = reset.json().data.password as string;
    expect(await app.services.deviceCredentials.verify(username, password)).toBeNull();
    expect(await app.services.deviceCredentials.verify(username, fresh)).toMatchObject({
      kind: 'hangar',
      ownerId: mine.id,
    });
  });
});

describe('docks: pickers, visibility, streams and basic settings', () => {
  it('lists docks for pickers: by tenant (the platform may name one) and by brand', async () => {
    const ofB = await saved(tenantB, dock({ name: 'B dock', manufacturerId: brandOfB, deptId: null }));
    const mine = await saved(platform, dock({ name: 'Picker dock' }));
    const own = (await as(app, platform).get(`${BASE}/listForTenant`)).json().data as Row[];
    expect(own.some((row) => row.id === mine.id)).toBe(true);
    expect(own.some((row) => row.id === ofB.id)).toBe(false);
    expect(own.find((row) => row.id === mine.id)).toEqual({
      id: mine.id,
      tenantId: '000000',
      name: 'Picker dock',
      serialNumber: mine.serialNumber,
      type: 1,
      modelId: 'dji-dock2',
      deptId: team,
      manufacturerId: brand,
      visible: 1,
    });
    const named = (await as(app, platform).get(`${BASE}/listForTenant?tenantId=${B}`)).json().data as Row[];
    expect(named.map((row) => row.id)).toContain(ofB.id);
    expect(named.every((row) => row.tenantId === B)).toBe(true);
    const fromB = (await as(app, tenantB).get(`${BASE}/listForTenant`)).json().data as Row[];
    expect(fromB.every((row) => row.tenantId === B)).toBe(true);
    expect((await as(app, tenantB).get(`${BASE}/listForTenant?tenantId=000000`)).statusCode).toBe(403);
    expect((await as(app, tenantB).get(`${BASE}/listForTenant?tenantId=${B}`)).statusCode).toBe(200);

    const otherBrand = await addBrand(platform, 'vtol-maker', 'dock');
    const vtol = await saved(
      platform,
      dock({ type: 2, modelId: 'generic-vtol-dock', manufacturerId: otherBrand }),
    );
    const byBrand = (
      await as(app, platform).get(`${BASE}/selectListByManufacturerId?manufacturerId=${otherBrand}`)
    ).json().data as Row[];
    expect(byBrand.map((row) => row.id)).toEqual([vtol.id]);
    expect(
      (await as(app, tenantB).get(`${BASE}/selectListByManufacturerId?manufacturerId=${otherBrand}`)).json()
        .data,
    ).toEqual([]);
  });

  it('shows and hides a dock', async () => {
    const mine = await saved(platform, dock({ name: 'Hidden dock' }));
    const hidden = await send(platform, 'POST', `${BASE}/updateVisibility?id=${mine.id}&visible=0`);
    expect(hidden.json()).toMatchObject({ msg: 'updated successfully', data: { id: mine.id, visible: 0 } });
    const hiddenPage = (await as(app, platform).get(`${BASE}/page?visible=0`)).json().data.records as Row[];
    expect(hiddenPage.map((row) => row.id)).toContain(mine.id);
    expect(
      (await send(platform, 'POST', `${BASE}/updateVisibility?id=${mine.id}&visible=1`)).json().data.visible,
    ).toBe(1);
    const bad = await send(platform, 'POST', `${BASE}/updateVisibility?id=${mine.id}&visible=2`);
    expect(bad.json().data.errors).toEqual({ visible: 'visible must be 0 (hidden) or 1 (shown)' });
  });

  it("answers a dock's five stream addresses by id or serial number", async () => {
    const mine = await saved(platform, dock({ streamInside: '' }));
    const byId = (await as(app, platform).get(`${BASE}/getPlayStream?id=${mine.id}`)).json().data;
    expect(byId).toEqual({
      hangarId: mine.id,
      serialNumber: mine.serialNumber,
      streamLeftWing: 'rtmp://live.example.com/dock/left',
      streamRightWing: 'rtsp://10.0.0.2:554/right',
      streamTail: 'https://live.example.com/dock/tail.flv',
      streamInside: null,
      streamOutside: 'webrtc://live.example.com/dock/outside',
    });
    const bySerial = (
      await as(app, platform).get(`${BASE}/getPlayStream?serialNumber=${mine.serialNumber}`)
    ).json().data;
    expect(bySerial).toEqual(byId);
    expect((await as(app, platform).get(`${BASE}/getPlayStream?serialNumber=NOPE`)).statusCode).toBe(404);
    expect((await as(app, platform).get(`${BASE}/getPlayStream`)).statusCode).toBe(400);
  });

  it('reads and saves the basic settings with the same rules as the dock form', async () => {
    const mine = await saved(platform, dock({ name: 'Settings dock' }));
    const detail = (await as(app, platform).get(`${BASIC}/detail?hangarId=${mine.id}`)).json().data;
    expect(detail).toEqual({
      hangarId: mine.id,
      hangarName: 'Settings dock',
      serialNumber: mine.serialNumber,
      alternateLongitude: 113.94,
      alternateLatitude: 22.52,
      safeLandHeight: 30,
      lowBattery: 30,
      ultraLowBattery: 20,
      logUrl: 'https://logs.example.com/dock',
      rthAltitude: 100,
      outOfControlAction: 0,
    });
    const settings = {
      hangarId: mine.id,
      alternateLongitude: 114.05,
      alternateLatitude: 22.6,
      safeLandHeight: 60,
      lowBattery: 40,
      ultraLowBattery: 15,
      logUrl: 'http://logs.example.com/other',
      rthAltitude: 120,
      outOfControlAction: 1,
    };
    const saveResult = await send(platform, 'POST', `${BASIC}/submit`, settings);
    expect(saveResult.json()).toMatchObject({
      msg: 'updated successfully',
      data: { ...settings, hangarName: 'Settings dock' },
    });
    expect((await as(app, platform).get(`${BASE}/detail?id=${mine.id}`)).json().data).toMatchObject({
      safeLandHeight: 60,
      lowBattery: 40,
      rthAltitude: 120,
      outOfControlAction: 1,
    });
    // a dock form update keeps what only the basic settings write
    await saved(platform, dock({ id: mine.id, name: 'Settings dock', serialNumber: mine.serialNumber }));
    expect((await as(app, platform).get(`${BASIC}/detail?hangarId=${mine.id}`)).json().data).toMatchObject({
      safeLandHeight: 60,
      rthAltitude: 120,
      outOfControlAction: 1,
    });

    const cases: Array<[Row, Record<string, string>]> = [
      [
        { ...settings, safeLandHeight: 10 },
        { safeLandHeight: 'the safe landing height must be a whole number of metres from 20 to 500' },
      ],
      [
        { ...settings, rthAltitude: 1600 },
        { rthAltitude: 'the return-home altitude must be a whole number of metres from 20 to 1500' },
      ],
      [
        { ...settings, outOfControlAction: 3 },
        { outOfControlAction: 'the out-of-control action must be 0 (return home), 1 (hover) or 2 (land)' },
      ],
      [
        { ...settings, alternateLatitude: null },
        { alternateLatitude: 'enter both the alternate landing longitude and latitude, or neither' },
      ],
      [
        { ...settings, ultraLowBattery: 40 },
        {
          ultraLowBattery:
            'the ultra-low battery alarm threshold must be below the low battery alarm threshold',
        },
      ],
      [
        { ...settings, lowBattery: -1 },
        { lowBattery: 'the battery threshold must be a whole number from 0 to 100' },
      ],
      [{ ...settings, logUrl: 'ftp://x' }, { logUrl: 'the address must start with http or https' }],
      [{ ...settings, hangarId: undefined }, { hangarId: 'hangarId is required' }],
    ];
    for (const [body, errors] of cases) {
      const response = await send(platform, 'POST', `${BASIC}/submit`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().data.errors, JSON.stringify(body)).toEqual(errors);
    }
    const zh = await send(platform, 'POST', `${BASIC}/submit`, { ...settings, rthAltitude: 5 }, 'zh-CN');
    expect(zh.json().msg).toBe('rthAltitude: 返航高度须为 20 到 1500 米的整数');
    expect((await as(app, platform).get(`${BASIC}/detail?hangarId=${mine.id}`)).json().data.rthAltitude).toBe(
      120,
    );
    const [row] = await app.database.db.select().from(hangar).where(eq(hangar.id, mine.id));
    expect(row!.rthAltitude).toBe(120);
  });
});

describe('docks: tenants, permissions and brands', () => {
  it("another tenant can neither read, change, remove, bind, show nor reset a tenant's dock", async () => {
    const drone = await aircraft(platform, 'Tenant A drone');
    const mine = await saved(platform, dock({ name: 'A dock', droneIds: drone.id }));
    const page = (await as(app, tenantB).get(`${BASE}/page?size=100`)).json().data;
    expect(page.records.some((row: Row) => row.id === mine.id)).toBe(false);
    expect(
      (await send(tenantB, 'POST', `${BASE}/list`, {})).json().data.some((row: Row) => row.id === mine.id),
    ).toBe(false);
    expect((await as(app, tenantB).get(`${BASE}/detail?id=${mine.id}`)).statusCode).toBe(404);
    const update = await submit(
      tenantB,
      dock({
        id: mine.id,
        serialNumber: mine.serialNumber,
        manufacturerId: brandOfB,
        deptId: null,
        droneIds: '',
      }),
    );
    expect(update.statusCode).toBe(404);
    expect((await send(tenantB, 'POST', `${BASE}/remove?ids=${mine.id}`)).statusCode).toBe(404);
    expect((await send(tenantB, 'POST', `${BASE}/updateVisibility?id=${mine.id}&visible=0`)).statusCode).toBe(
      404,
    );
    expect((await send(tenantB, 'POST', `${BASE}/resetCredential?id=${mine.id}`)).statusCode).toBe(404);
    expect((await as(app, tenantB).get(`${BASE}/getPlayStream?id=${mine.id}`)).statusCode).toBe(404);
    expect(
      (await as(app, tenantB).get(`${BASE}/getPlayStream?serialNumber=${mine.serialNumber}`)).statusCode,
    ).toBe(404);
    expect((await as(app, tenantB).get(`${BASIC}/detail?hangarId=${mine.id}`)).statusCode).toBe(404);
    const settings = await send(tenantB, 'POST', `${BASIC}/submit`, {
      hangarId: mine.id,
      safeLandHeight: 50,
      lowBattery: 50,
      ultraLowBattery: 10,
      rthAltitude: 50,
      outOfControlAction: 2,
    });
    expect(settings.statusCode).toBe(404);
    const bind = await submit(tenantB, dock({ manufacturerId: brandOfB, deptId: null, droneIds: drone.id }));
    expect(bind.json().data.errors).toEqual({ droneIds: 'choose aircraft of this tenant' });
    const foreignTeam = await submit(tenantB, dock({ manufacturerId: brandOfB }));
    expect(foreignTeam.json().data.errors).toEqual({ deptId: 'no such team in this tenant' });
    const [row] = await app.database.db.select().from(hangar).where(eq(hangar.id, mine.id));
    expect(row).toMatchObject({
      name: 'A dock',
      visible: 1,
      rthAltitude: 100,
      isDeleted: 0,
      tenantId: '000000',
    });
    const credential = mine.credential as { username: string; password: string };
    expect(
      await app.services.deviceCredentials.verify(credential.username, credential.password),
    ).not.toBeNull();
  });

  it('refuses add, edit, remove, visibility, basic settings and reset without their button codes', async () => {
    const mine = await saved(platform, dock());
    const reader = await signInWithGrants(app, '000000', 'dock-reader', ['hangar']);
    expect((await as(app, reader).get(`${BASE}/page`)).statusCode).toBe(200);
    expect((await as(app, reader).get(`${BASE}/getPlayStream?id=${mine.id}`)).statusCode).toBe(200);
    for (const response of [
      await submit(reader, dock()),
      await submit(reader, dock({ id: mine.id, serialNumber: mine.serialNumber })),
      await send(reader, 'POST', `${BASE}/remove?ids=${mine.id}`),
      await send(reader, 'POST', `${BASE}/updateVisibility?id=${mine.id}&visible=0`),
      await send(reader, 'POST', `${BASE}/resetCredential?id=${mine.id}`),
      await as(app, reader).get(`${BASIC}/detail?hangarId=${mine.id}`),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    const keeper = await signInWithGrants(app, '000000', 'dock-keeper', [
      'hangar',
      'hangar_visibility',
      'hangar_basic_set',
    ]);
    expect((await send(keeper, 'POST', `${BASE}/updateVisibility?id=${mine.id}&visible=0`)).statusCode).toBe(
      200,
    );
    expect((await as(app, keeper).get(`${BASIC}/detail?hangarId=${mine.id}`)).statusCode).toBe(200);
    expect((await submit(keeper, dock({ id: mine.id, serialNumber: mine.serialNumber }))).statusCode).toBe(
      403,
    );
    const editor = await signInWithGrants(app, '000000', 'dock-editor', ['hangar', 'hangar_edit']);
    expect((await submit(editor, dock({ id: mine.id, serialNumber: mine.serialNumber }))).statusCode).toBe(
      200,
    );
    expect((await submit(editor, dock())).statusCode).toBe(403);
    // the remote-control screen shows the dock's video: its operators read the stream addresses, nothing else
    const operator = await signInWithGrants(app, '000000', 'dock-operator', ['remote_control']);
    expect((await as(app, operator).get(`${BASE}/getPlayStream?id=${mine.id}`)).statusCode).toBe(200);
    expect((await as(app, operator).get(`${BASE}/page`)).statusCode).toBe(403);
    const stranger = await signInWithGrants(app, '000000', 'dock-stranger', ['post']);
    expect((await as(app, stranger).get(`${BASE}/getPlayStream?id=${mine.id}`)).statusCode).toBe(403);
    expect((await as(app, stranger).get(`${BASE}/page`)).statusCode).toBe(403);
    expect((await send(stranger, 'POST', `${BASE}/list`, {})).statusCode).toBe(403);
    // pickers are open to every signed-in user of the tenant
    expect((await as(app, stranger).get(`${BASE}/listForTenant`)).statusCode).toBe(200);
  });

  it('refuses to remove a brand a dock uses, over HTTP', async () => {
    const maker = await addBrand(platform, 'dock-maker', 'dock');
    const mine = await saved(platform, dock({ manufacturerId: maker }));
    const refused = await send(platform, 'DELETE', `/api/cloud-equipment/manufacturer/remove?ids=${maker}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('the brand is in use and cannot be removed: DOCK-MAKER');
    await send(platform, 'POST', `${BASE}/remove?ids=${mine.id}`);
    expect(
      (await send(platform, 'DELETE', `/api/cloud-equipment/manufacturer/remove?ids=${maker}`)).json().data,
    ).toBe(1);
  });
});
