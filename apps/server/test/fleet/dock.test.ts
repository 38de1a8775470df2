import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceCredential, dock as dockTable, dockDrone } from '../../src/db/schema/index.js';
import type { Row } from '../device-helper.js';
import { aircraftOnlyBrand, app, B, BASE, brandOfB, DEVICES, LINK, platform, team } from './dock-helper.js';
import { aircraft, dock, dockSuite, next, send, submit } from './dock-helper.js';
import { as } from '../helper.js';

/**
 * The dock register: add, list, read, update and remove, and the named error of every bad field. The rest
 * of the docks' suites: fleet-hangar-binding (drones, serial numbers, credentials), fleet-hangar-settings
 * (pickers, visibility, streams, basic settings), fleet-hangar-access (button codes, brands, other tenants).
 */

dockSuite();

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
    expect(await app.platform.deviceDirectory.verify(username, password)).toEqual({
      tenantId: '000000',
      serialNumber: '7CTDM3D00ROOF',
      kind: 'dock',
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
    const [kept] = await app.database.db.select().from(dockTable).where(eq(dockTable.id, row.id));
    expect(kept!.isDeleted).toBe(1);
    expect(await app.platform.deviceDirectory.verify(username, password)).toBeNull();
    expect(await app.database.db.select().from(dockDrone).where(eq(dockDrone.dockId, row.id))).toEqual([]);
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
    const before = await app.database.db.select().from(dockTable);
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
    expect(await app.database.db.select().from(dockTable)).toHaveLength(before.length);
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
