import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dock as dockTable } from '../../src/db/schema/index.js';
import type { Row } from '../device-helper.js';
import { app, B, BASE, BASIC, brand, brandOfB, platform, team, tenantB, tenants } from './dock-helper.js';
import { addBrand, dock, dockSuite, saved, send } from './dock-helper.js';
import { as } from '../helper.js';
import { expectIsolated } from '../tenants.js';

/**
 * What the other screens read and write of a dock: the pickers' lists (by tenant, by brand), visibility,
 * the five stream addresses, and the basic settings with the dock form's rules.
 */

dockSuite();

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
    await expectIsolated(tenants.mine, tenants.theirs, {
      read: `${BASE}/detail?id=${vtol.id}`,
      names: [vtol.id],
      hidden: [`${BASE}/listForTenant`, `${BASE}/selectListByManufacturerId?manufacturerId=${otherBrand}`],
      refused: [{ url: `${BASE}/listForTenant?tenantId=000000`, status: 403 }],
    });
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
    const [row] = await app.database.db.select().from(dockTable).where(eq(dockTable.id, mine.id));
    expect(row!.rthAltitude).toBe(120);
  });
});
