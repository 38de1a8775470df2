import { DEVICE_MODELS } from '@aos/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCredential, device as deviceTable, devicePayload } from '../../src/db/schema/index.js';
import { addBrand as addBrandAs, as, createTestApp, send as sendAs } from '../helper.js';
import { signInWithGrants } from '../org-helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

let app: FastifyInstance;
let tenants: { mine: TenantSide; theirs: TenantSide };
let platform: string;
let tenantB: string;
let brand: string;
let payloadOnlyBrand: string;
let brandOfB: string;
const B = '800031';
const BASE = '/api/cloud-equipment/equipment-management';
const MANAGER = '/api/equipment-manager';

type Row = Record<string, unknown>;

/** A JSON call on this file's app (see helper.ts `send`). */
const send = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Row,
  language?: string,
) => sendAs(app, token, method, url, payload, language);

let serial = 0;
/** A valid aircraft of the platform tenant with a serial number of its own. */
const device = (extra: Row = {}): Row => ({
  name: `Drone ${++serial}`,
  serialNumber: `1581F5FHD${String(serial).padStart(6, '0')}`,
  type: 1,
  modelId: 'dji-m30t',
  manufacturerId: brand,
  power: 380,
  takeoffWeight: 3.77,
  load: 0.2,
  flightSpeed: 23,
  iotCard: '898604A1192170000001',
  fingerprint: 'fp-0001',
  address: 'Shenzhen, Nanshan',
  remark: 'first',
  image: '/files/000000/20240101/912169450854137856-AbCdEfGhIjKlMnOpQrStUv.png',
  ...extra,
});
const add = (token: string, payload: Row, language?: string) =>
  send(token, 'POST', `${BASE}/add`, payload, language);
const added = async (token: string, payload: Row) => {
  const response = await add(token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Row & { id: string; credential: Row };
};
const addBrand = (token: string, code: string, entitySigns: string) =>
  addBrandAs(app, token, code, entitySigns, 1);

beforeAll(async () => {
  app = await createTestApp();
  tenants = await twoTenants(app, { theirs: B });
  platform = tenants.mine.token;
  tenantB = tenants.theirs.token;
  brand = await addBrand(platform, 'dji', 'aircraft,payload,datalink,remote_controller,dock');
  payloadOnlyBrand = await addBrand(platform, 'gimbals', 'payload');
  brandOfB = await addBrand(tenantB, 'dji-b', 'aircraft,payload,datalink');
});
afterAll(async () => {
  await app?.close();
});

describe('devices: register', () => {
  it('adds (answering the credentials once), pages, reads, updates and removes a device', async () => {
    const created = await add(platform, device({ name: 'Inspector 1', serialNumber: '1581F5FHD0000A1' }));
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json();
    expect(body.msg).toBe('added successfully');
    expect(body.data).toMatchObject({
      name: 'Inspector 1',
      serialNumber: '1581F5FHD0000A1',
      type: 1,
      modelId: 'dji-m30t',
      modelName: 'Matrice 30T',
      manufacturerId: brand,
      manufacturerName: 'DJI',
      power: 380,
      takeoffWeight: 3.77,
      load: 0.2,
      flightSpeed: 23,
      payloadIds: '',
      payloadNames: '',
      datalinkId: null,
      status: 1,
      iotCard: '898604A1192170000001',
      fingerprint: 'fp-0001',
      hangarId: null,
      hangarName: null,
      createUserName: '管理员',
      tenantId: '000000',
      credential: { serialNumber: '1581F5FHD0000A1' },
    });
    expect(body.data.credential.username).toMatch(/^dev-[0-9a-f]{16}$/);
    expect(body.data.credential.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const id = body.data.id as string;
    const { password } = body.data.credential as { password: string };

    const page = await as(app, platform).get(`${BASE}/page?serialNumber=0000A1`);
    expect(page.json().data.records.map((row: Row) => row.id)).toEqual([id]);
    expect(page.body).not.toContain(password);
    expect(page.json().data.records[0]).not.toHaveProperty('credential');
    const byId = await as(app, platform).get(`${BASE}/detail?id=${id}`);
    const bySerial = await as(app, platform).get(`${BASE}/detail?serialNumber=1581F5FHD0000A1`);
    expect(bySerial.json().data).toEqual(byId.json().data);
    expect(byId.body).not.toContain(password);
    expect(byId.json().data).not.toHaveProperty('credential');
    const manager = await as(app, platform).get(`${MANAGER}/page?current=1&size=10&name=Inspector`);
    expect(manager.json().data.records.map((row: Row) => row.id)).toEqual([id]);
    expect((await as(app, platform).get(`${MANAGER}/detail?id=${id}`)).json().data.name).toBe('Inspector 1');
    expect((await as(app, platform, 'en-US').get(`${BASE}/detail`)).json().data.errors).toEqual({
      id: 'id is required',
    });

    const updated = await send(platform, 'PUT', `${BASE}/update`, {
      ...device({ name: 'Inspector 1b', serialNumber: '1581F5FHD0000A1', status: 2, modelId: 'dji-m30' }),
      id,
      tenantId: B,
    });
    expect(updated.json()).toMatchObject({
      msg: 'updated successfully',
      data: { id, name: 'Inspector 1b', status: 2, modelName: 'Matrice 30', tenantId: '000000' },
    });
    expect(updated.json().data).not.toHaveProperty('credential');
    const viaManager = await send(platform, 'PUT', `${MANAGER}/update`, {
      ...device({ name: 'Inspector 1c', serialNumber: '1581F5FHD0000A1' }),
      id,
    });
    expect(viaManager.json().data.name).toBe('Inspector 1c');
    expect((await as(app, platform).get(`${BASE}/page?status=2`)).json().data.total).toBe(0);

    const removed = await send(platform, 'DELETE', `${BASE}/remove?ids=${id}`);
    expect(removed.json()).toMatchObject({ data: 1, msg: 'deleted successfully' });
    expect((await as(app, platform).get(`${BASE}/detail?id=${id}`)).statusCode).toBe(404);
    const [kept] = await app.database.db.select().from(deviceTable).where(eq(deviceTable.id, id));
    expect(kept!.isDeleted).toBe(1);
    expect(
      await app.database.db.select().from(deviceCredential).where(eq(deviceCredential.ownerId, id)),
    ).toEqual([]);
    // the serial number is free again once the device is gone
    expect((await add(platform, device({ serialNumber: '1581F5FHD0000A1' }))).statusCode).toBe(200);
    const viaManagerAdd = await send(
      platform,
      'POST',
      `${MANAGER}/add`,
      device({ type: 4, modelId: 'dji-rc-plus' }),
    );
    expect(viaManagerAdd.json().data.credential.username).toMatch(/^dev-/);
    const managerRemove = await send(
      platform,
      'DELETE',
      `${MANAGER}/remove?ids=${viaManagerAdd.json().data.id}`,
    );
    expect(managerRemove.json().data).toBe(1);
  });

  it('names the field of every bad input, in the caller language, and writes nothing', async () => {
    const aircraft = await added(platform, device());
    const payload = await added(platform, device({ type: 2, modelId: 'dji-h20t' }));
    const before = await app.database.db.select().from(deviceTable);
    const credentialsBefore = await app.database.db.select().from(deviceCredential);
    const cases: Array<[Row, Record<string, string>]> = [
      [device({ name: ' ' }), { name: 'cannot be empty or all spaces' }],
      [
        device({ serialNumber: 'SN/1#' }),
        { serialNumber: 'the serial number may contain only letters, digits, - and _' },
      ],
      [
        device({ type: 5 }),
        { type: 'choose a device type: aircraft, payload, data link or remote controller' },
      ],
      [device({ modelId: 'dji-x99' }), { modelId: 'no such model in the catalogue' }],
      [device({ modelId: 'dji-dock2' }), { modelId: 'the model does not match the type' }],
      [device({ type: 2, modelId: 'dji-m30' }), { modelId: 'the model does not match the type' }],
      [device({ manufacturerId: '123456789' }), { manufacturerId: 'no such brand in this tenant' }],
      [
        device({ manufacturerId: payloadOnlyBrand }),
        { manufacturerId: 'this brand is not associated with: Aircraft' },
      ],
      [device({ power: -1 }), { power: 'the power must be a number from 0 to 100000 (W)' }],
      [
        device({ takeoffWeight: 1001 }),
        { takeoffWeight: 'the takeoff weight must be a number from 0 to 1000 (kg)' },
      ],
      [device({ load: 'heavy' }), { load: 'the load must be a number from 0 to 1000 (kg)' }],
      [
        device({ flightSpeed: 250 }),
        { flightSpeed: 'the flight speed must be a number from 0 to 200 (m/s)' },
      ],
      [device({ status: 3 }), { status: 'the status must be 1 (normal) or 2 (disabled)' }],
      [
        device({ image: 'javascript:alert(1)' }),
        { image: 'the picture must be uploaded to this platform or be an http(s) address' },
      ],
      [
        device({ image: '/files/../../etc/passwd' }),
        { image: 'the picture must be uploaded to this platform or be an http(s) address' },
      ],
      [device({ payloadIds: 'abc' }), { payloadIds: 'the ids are not valid' }],
      [
        device({ type: 2, modelId: 'dji-h20', payloadIds: payload.id }),
        { payloadIds: 'only an aircraft carries payloads and a data link' },
      ],
      [
        device({ type: 3, modelId: null, datalinkId: payload.id }),
        { datalinkId: 'only an aircraft carries payloads and a data link' },
      ],
      [
        device({ payloadIds: `${payload.id},${aircraft.id}` }),
        { payloadIds: 'choose payload devices of this tenant' },
      ],
      [device({ datalinkId: payload.id }), { datalinkId: 'choose a data-link device of this tenant' }],
      [
        device({ serialNumber: aircraft.serialNumber }),
        { serialNumber: 'this serial number is already registered' },
      ],
      [{ name: 'X', type: 1 }, { serialNumber: 'serialNumber is required' }],
    ];
    for (const [payloadBody, errors] of cases) {
      const response = await add(platform, payloadBody);
      expect(response.statusCode, JSON.stringify(payloadBody)).toBe(400);
      expect(response.json().data.errors, JSON.stringify(payloadBody)).toEqual(errors);
    }
    const zh = await add(platform, device({ modelId: 'dji-dock' }), 'zh-CN');
    expect(zh.json().msg).toBe('modelId: 所选型号与类型不符');
    const zhRange = await add(platform, device({ flightSpeed: -3 }), 'zh-CN');
    expect(zhRange.json().data.errors).toEqual({ flightSpeed: '飞行速度须为 0 到 200 之间的数（m/s）' });
    expect(await app.database.db.select().from(deviceTable)).toHaveLength(before.length);
    expect(await app.database.db.select().from(deviceCredential)).toHaveLength(credentialsBefore.length);
  });

  it('lists the model catalogue by device type, kind and keyword, in the caller language', async () => {
    const all = (await as(app, platform, 'en-US').get(`${BASE}/findEquipmentModel`)).json().data as Row[];
    expect(all).toHaveLength(DEVICE_MODELS.length);
    expect(all.find((model) => model.id === 'dji-m30t')).toEqual({
      id: 'dji-m30t',
      name: 'Matrice 30T',
      manufacturerName: 'DJI',
      kind: 'aircraft',
      deviceType: 1,
      hangarType: null,
      domain: 0,
      type: 67,
      subType: 1,
      key: '0-67-1',
      maxTakeoffWeight: 3.998,
      maxSpeed: 23,
      maxPayload: null,
    });
    const aircraft = (await as(app, platform).get(`${BASE}/findEquipmentModel?deviceType=1`)).json().data;
    expect(aircraft.length).toBeGreaterThan(5);
    expect(aircraft.every((model: Row) => model.kind === 'aircraft' && model.domain === 0)).toBe(true);
    const docks = (await as(app, platform, 'zh-CN').get(`${BASE}/findEquipmentModel?kind=dock`)).json().data;
    expect(docks.map((model: Row) => [model.name, model.key, model.hangarType])).toEqual([
      ['大疆机场', '3-1-0', 1],
      ['大疆机场 2', '3-2-0', 1],
      ['大疆机场 3', '3-3-0', 1],
      ['通用垂起机库', '3-60001-0', 2],
    ]);
    const h30 = (await as(app, platform, 'en-US').get(`${BASE}/findEquipmentModel?keyword=h30`)).json().data;
    expect(h30.map((model: Row) => model.name)).toEqual(['Zenmuse H30', 'Zenmuse H30T']);
    const byKey = (await as(app, platform).get(`${BASE}/findEquipmentModel?keyword=0-67-`)).json().data;
    expect(byKey.map((model: Row) => model.id)).toEqual(['dji-m30', 'dji-m30t']);
    const rc = (await as(app, platform).get(`${BASE}/findEquipmentModel?deviceType=4&keyword=pro`)).json()
      .data;
    expect(rc.map((model: Row) => model.key)).toEqual(['2-144-0']);
    const bad = await as(app, platform, 'en-US').get(`${BASE}/findEquipmentModel?kind=boat`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.errors)).toEqual(['kind']);
  });
});

describe('devices: serial numbers and credentials', () => {
  it('keeps a serial number unique across tenants and across devices and docks, without naming the holder', async () => {
    const taken = await added(platform, device({ serialNumber: 'SHARED-SN-1' }));
    const registered = { serialNumber: 'this serial number is already registered' };
    await expectIsolated(tenants.mine, tenants.theirs, {
      read: `${BASE}/detail?id=${taken.id}`,
      names: [taken.id, '000000', taken.name as string],
      refused: [
        {
          method: 'POST',
          url: `${BASE}/add`,
          payload: device({ serialNumber: 'SHARED-SN-1', manufacturerId: brandOfB }),
          status: 400,
          errors: registered,
        },
        {
          method: 'POST',
          url: '/api/cloud-equipment/uavhangar/submit',
          payload: { name: 'Dock', type: 1, serialNumber: 'SHARED-SN-1', modelId: 'dji-dock2' },
          status: 400,
          errors: registered,
        },
      ],
    });
    const other = await added(platform, device());
    const moved = await send(platform, 'PUT', `${BASE}/update`, {
      ...device({ serialNumber: 'SHARED-SN-1' }),
      id: other.id,
    });
    expect(moved.json().data.errors).toEqual(registered);
    // serial numbers are case-sensitive, as MQTT topics are
    expect(
      (await add(tenantB, device({ serialNumber: 'shared-sn-1', manufacturerId: brandOfB }))).statusCode,
    ).toBe(200);
  });

  it('gives two adds racing for one serial number one device and one field error', async () => {
    const [first, second] = await Promise.all([
      add(platform, device({ serialNumber: 'RACE-SN-1' })),
      add(tenantB, device({ serialNumber: 'RACE-SN-1', manufacturerId: brandOfB })),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const loser = first.statusCode === 400 ? first : second;
    expect(loser.json().data.errors).toEqual({ serialNumber: 'this serial number is already registered' });
    const live = await app.database.db
      .select()
      .from(deviceTable)
      .where(and(eq(deviceTable.serialNumber, 'RACE-SN-1'), eq(deviceTable.isDeleted, 0)));
    expect(live).toHaveLength(1);
  });

  it('verifies the credentials once issued, follows a new serial number, and a reset invalidates the old password', async () => {
    const credentials = app.platform.deviceDirectory;
    const created = await added(platform, device({ serialNumber: 'CRED-SN-1' }));
    const { username, password } = created.credential as { username: string; password: string };
    expect(await credentials.verify(username, password)).toEqual({
      tenantId: '000000',
      serialNumber: 'CRED-SN-1',
      kind: 'device',
      ownerId: created.id,
    });
    const wrong = `${password.slice(0, -1)}${password.endsWith('x') ? 'y' : 'x'}`;
    expect(await credentials.verify(username, wrong)).toBeNull();
    expect(await credentials.verify('dev-0000000000000000', password)).toBeNull();
    expect(await credentials.verify(username, '')).toBeNull();
    const [stored] = await app.database.db
      .select()
      .from(deviceCredential)
      .where(eq(deviceCredential.ownerId, created.id));
    expect(stored!.passwordHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(password);

    await send(platform, 'PUT', `${BASE}/update`, {
      ...device({ serialNumber: 'CRED-SN-2' }),
      id: created.id,
    });
    expect((await credentials.verify(username, password))?.serialNumber).toBe('CRED-SN-2');
    expect((await add(platform, device({ serialNumber: 'CRED-SN-1' }))).statusCode).toBe(200);

    const reset = await send(platform, 'POST', `${BASE}/resetCredential?id=${created.id}`);
    expect(reset.json()).toMatchObject({
      msg: 'new device credentials issued: the password is shown only once, keep it safe',
      data: { serialNumber: 'CRED-SN-2', username },
    });
    const fresh = reset.json().data.password as string;
    expect(fresh).not.toBe(password);
    expect(await credentials.verify(username, password)).toBeNull();
    expect((await credentials.verify(username, fresh))?.ownerId).toBe(created.id);
    const detail = await as(app, platform).get(`${BASE}/detail?id=${created.id}`);
    expect(detail.body).not.toContain(fresh);

    await send(platform, 'DELETE', `${BASE}/remove?ids=${created.id}`);
    expect(await credentials.verify(username, fresh)).toBeNull();
  });
});

describe('devices: payloads and data links', () => {
  it('lets only an aircraft carry payloads and a data link, and refuses to remove what is carried', async () => {
    const h20 = await added(platform, device({ name: 'H20 camera', type: 2, modelId: 'dji-h20' }));
    const l2 = await added(platform, device({ name: 'L2 lidar', type: 2, modelId: 'dji-l2' }));
    const link = await added(platform, device({ name: 'Mesh link', type: 3, modelId: null }));
    const carrier = await added(
      platform,
      device({
        name: 'Heavy lifter',
        modelId: 'dji-m350',
        payloadIds: ` ${l2.id},${h20.id},${l2.id} `,
        datalinkId: link.id,
      }),
    );
    expect(carrier).toMatchObject({
      payloadIds: `${l2.id},${h20.id}`,
      payloadNames: 'L2 lidar,H20 camera',
      datalinkId: link.id,
      datalinkName: 'Mesh link',
    });
    const refused = await send(platform, 'DELETE', `${BASE}/remove?ids=${h20.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(
      'the device H20 camera is carried by the aircraft Heavy lifter as payload or data link: remove it there first',
    );
    const datalinkRefused = await send(
      platform,
      'DELETE',
      `${BASE}/remove?ids=${link.id}`,
      undefined,
      'zh-CN',
    );
    expect(datalinkRefused.json().msg).toBe(
      '设备“Mesh link”正被飞行器“Heavy lifter”作为载荷或数据链使用，请先解除关联',
    );
    const retyped = await send(platform, 'PUT', `${BASE}/update`, {
      ...device({ name: 'H20 camera', type: 1, modelId: 'dji-m30', serialNumber: h20.serialNumber }),
      id: h20.id,
    });
    expect(retyped.json().data.errors).toEqual({
      type: 'the device H20 camera is carried by the aircraft Heavy lifter as payload or data link: remove it there first',
    });
    // the aircraft drops the H20 and its data link: both are free
    const lighter = await send(platform, 'PUT', `${BASE}/update`, {
      ...device({
        name: 'Heavy lifter',
        modelId: 'dji-m350',
        serialNumber: carrier.serialNumber,
        payloadIds: l2.id,
      }),
      id: carrier.id,
    });
    expect(lighter.json().data).toMatchObject({
      payloadIds: l2.id,
      payloadNames: 'L2 lidar',
      datalinkId: null,
    });
    expect((await send(platform, 'DELETE', `${BASE}/remove?ids=${h20.id},${link.id}`)).json().data).toBe(2);
    // an aircraft removed together with its payload does not hold it back
    expect((await send(platform, 'DELETE', `${BASE}/remove?ids=${carrier.id},${l2.id}`)).json().data).toBe(2);
    expect(
      await app.database.db.select().from(devicePayload).where(eq(devicePayload.aircraftId, carrier.id)),
    ).toEqual([]);
  });
});

describe('devices: tenants, permissions and brands', () => {
  it("another tenant can neither read, change, remove, carry nor reset a tenant's device", async () => {
    const mine = await added(platform, device({ name: 'Platform only' }));
    const payload = await added(platform, device({ type: 2, modelId: 'dji-p1' }));
    await expectIsolated(tenants.mine, tenants.theirs, {
      read: `${BASE}/detail?id=${mine.id}`,
      names: [mine.id, mine.serialNumber as string, 'Platform only'],
      hidden: [`${BASE}/page?size=100`, `${MANAGER}/page?size=100`],
      refused: [
        `${BASE}/detail?id=${mine.id}`,
        `${BASE}/detail?serialNumber=${mine.serialNumber}`,
        `${MANAGER}/detail?id=${mine.id}`,
        {
          method: 'PUT',
          url: `${BASE}/update`,
          payload: { ...device({ serialNumber: mine.serialNumber, manufacturerId: brandOfB }), id: mine.id },
        },
        { method: 'DELETE', url: `${BASE}/remove?ids=${mine.id}` },
        { method: 'POST', url: `${BASE}/resetCredential?id=${mine.id}` },
        {
          method: 'POST',
          url: `${BASE}/add`,
          payload: device({ manufacturerId: brandOfB, payloadIds: payload.id }),
          status: 400,
          errors: { payloadIds: 'choose payload devices of this tenant' },
        },
        {
          method: 'POST',
          url: `${BASE}/add`,
          payload: device({ manufacturerId: brand }),
          status: 400,
          errors: { manufacturerId: 'no such brand in this tenant' },
        },
      ],
    });
    const [row] = await app.database.db.select().from(deviceTable).where(eq(deviceTable.id, mine.id));
    expect(row).toMatchObject({ name: 'Platform only', tenantId: '000000', isDeleted: 0 });
    const credential = mine.credential as { username: string; password: string };
    expect(
      await app.platform.deviceDirectory.verify(credential.username, credential.password),
    ).not.toBeNull();
  });

  it('refuses add, edit, remove and reset without their button codes', async () => {
    const target = await added(platform, device());
    const reader = await signInWithGrants(app, '000000', 'device-reader', ['device']);
    expect((await as(app, reader).get(`${BASE}/page`)).statusCode).toBe(200);
    expect((await as(app, reader).get(`${MANAGER}/page`)).statusCode).toBe(200);
    for (const response of [
      await add(reader, device()),
      await send(reader, 'POST', `${MANAGER}/add`, device()),
      await send(reader, 'PUT', `${BASE}/update`, { ...device(), id: target.id }),
      await send(reader, 'DELETE', `${BASE}/remove?ids=${target.id}`),
      await send(reader, 'POST', `${BASE}/resetCredential?id=${target.id}`),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    const editor = await signInWithGrants(app, '000000', 'device-editor', ['device', 'device_edit']);
    expect((await send(editor, 'POST', `${BASE}/resetCredential?id=${target.id}`)).statusCode).toBe(200);
    const stranger = await signInWithGrants(app, '000000', 'device-stranger', ['post']);
    expect((await as(app, stranger).get(`${BASE}/page`)).statusCode).toBe(403);
    expect((await as(app, stranger).get(`${BASE}/detail?id=${target.id}`)).statusCode).toBe(403);
    // the model catalogue is open to every signed-in user (pickers)
    expect((await as(app, stranger).get(`${BASE}/findEquipmentModel`)).statusCode).toBe(200);
  });

  it('refuses to remove a brand a device uses, over HTTP', async () => {
    const maker = await addBrand(platform, 'autel', 'aircraft');
    const drone = await added(platform, device({ manufacturerId: maker, modelId: null }));
    const refused = await send(platform, 'DELETE', `/api/cloud-equipment/manufacturer/remove?ids=${maker}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('the brand is in use and cannot be removed: AUTEL');
    await send(platform, 'DELETE', `${BASE}/remove?ids=${drone.id}`);
    const removed = await send(platform, 'DELETE', `/api/cloud-equipment/manufacturer/remove?ids=${maker}`);
    expect(removed.json().data).toBe(1);
  });
});
