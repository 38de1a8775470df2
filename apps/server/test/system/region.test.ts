import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRegions } from '../../src/db/region-seed.js';
import { as, createTestApp } from '../helper.js';
import { signInWithGrants } from '../org-helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

let app: FastifyInstance;
let tenants: { mine: TenantSide; theirs: TenantSide };
let platform: string;
let adminB: string;
const B = '300201';
const base = '/api/blade-system/region';

interface RegionBody {
  code: string;
  name: string;
  level: number;
  hasChildren: boolean;
  [key: string]: unknown;
}

beforeAll(async () => {
  app = await createTestApp();
  tenants = await twoTenants(app, { theirs: B });
  platform = tenants.mine.token;
  adminB = tenants.theirs.token;
});
afterAll(async () => {
  await app?.close();
});

describe('seeded divisions', () => {
  it("holds China's 31 provinces, 342 cities and 2978 counties, seeded once", async () => {
    const caller = as(app, platform);
    const count = async (level: number) =>
      (await caller.get(`${base}/list?size=1&level=${level}`)).json().data.total;
    expect([await count(1), await count(2), await count(3)]).toEqual([31, 342, 2978]);
    expect(await app.database.db.transaction((tx) => seedRegions(tx))).toBe(0);
    expect((await caller.get(`${base}/list?size=1`)).json().data.total).toBe(3351);
  });

  it('loads one level at a time: provinces, then the cities and counties below them', async () => {
    const caller = as(app, platform);
    const provinces = (await caller.get(`${base}/lazy-list`)).json().data as RegionBody[];
    expect(provinces).toHaveLength(31);
    expect(provinces[0]).toMatchObject({ code: '11', id: '11', name: '北京市', level: 1, hasChildren: true });
    const cities = (await caller.get(`${base}/lazy-list?parentCode=11`)).json().data as RegionBody[];
    expect(cities.map((row) => row.code)).toEqual(['1101']);
    const counties = (await caller.get(`${base}/lazy-tree?parentCode=1101`)).json().data as RegionBody[];
    expect(counties).toHaveLength(16);
    expect(counties[0]).toEqual({
      id: '110101',
      parentId: '1101',
      title: '东城区',
      key: '110101',
      value: '110101',
      level: 3,
      hasChildren: false,
    });
    const select = (await caller.get(`${base}/select?code=44`)).json().data as RegionBody[];
    expect(select.map((row) => row.name)).toContain('广州市');
  });

  it('answers one division with its place in the hierarchy, and searches by name and code', async () => {
    const caller = as(app, platform);
    const detail = (await caller.get(`${base}/detail?code=440106`)).json().data;
    expect(detail).toMatchObject({
      code: '440106',
      parentCode: '4401',
      ancestors: '00,44,4401',
      name: '天河区',
      provinceCode: '44',
      provinceName: '广东省',
      cityCode: '4401',
      cityName: '广州市',
      districtCode: '440106',
      districtName: '天河区',
      level: 3,
    });
    const byName = (await caller.get(`${base}/list?name=天河`)).json().data.records as RegionBody[];
    expect(byName.map((row) => row.code)).toEqual(['440106']);
    const byCode = (await caller.get(`${base}/list?code=4401&size=100`)).json().data;
    expect(byCode.records.every((row: RegionBody) => row.code.startsWith('4401'))).toBe(true);
    expect((await caller.get(`${base}/detail?code=999999`)).statusCode).toBe(404);
  });

  it('any signed-in user of any tenant reads them; strangers do not', async () => {
    const nobody = as(app, await signInWithGrants(app, B, 'region-nobody', []));
    expect((await nobody.get(`${base}/lazy-list`)).json().data).toHaveLength(31);
    expect((await as(app, adminB).get(`${base}/detail?code=11`)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `${base}/lazy-list` })).statusCode).toBe(401);
  });
});

describe('changing divisions', () => {
  it('adds a town under a county, renames the county everywhere below it, and removes the town', async () => {
    const caller = as(app, platform, 'en-US');
    const added = await caller.post(`${base}/submit`, {
      payload: { code: '110101001', parentCode: '110101', name: 'Test street', sort: 1 },
    });
    expect(added.json()).toMatchObject({
      msg: 'added successfully',
      data: {
        code: '110101001',
        ancestors: '00,11,1101,110101',
        level: 4,
        provinceName: '北京市',
        cityCode: '1101',
        districtName: '东城区',
        townCode: '110101001',
        townName: 'Test street',
      },
    });
    const renamed = await caller.post(`${base}/submit`, {
      payload: {
        id: '110101',
        code: '110101',
        parentCode: '1101',
        name: 'East City',
        sort: 1,
        remark: 'renamed',
      },
    });
    expect(renamed.json()).toMatchObject({
      msg: 'updated successfully',
      data: { name: 'East City', remark: 'renamed' },
    });
    const town = (await caller.get(`${base}/detail?code=110101001`)).json().data;
    expect(town).toMatchObject({ districtName: 'East City', townName: 'Test street' });

    const refused = await caller.post(`${base}/remove?ids=110101`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(
      'the division "East City" still has divisions below it: remove them first',
    );
    const removed = await caller.post(`${base}/remove?ids=110101001`);
    expect(removed.json()).toMatchObject({ msg: 'deleted successfully', data: 1 });
    expect((await caller.get(`${base}/detail?code=110101001`)).statusCode).toBe(404);
    // once gone, the code can be added again
    expect(
      (
        await caller.post(`${base}/submit`, {
          payload: { code: '110101001', parentCode: '110101', name: 'Again', sort: 1 },
        })
      ).statusCode,
    ).toBe(200);
    expect((await caller.post(`${base}/remove?ids=110101001`)).statusCode).toBe(200);
  });

  it('refuses codes that do not nest under their parent, clash, or go too deep, naming the field', async () => {
    const caller = as(app, platform, 'en-US');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ code: '12ab', parentCode: '12', name: 'X' }, 'code', 'a division code is 2 to 12 digits'],
      [
        { code: '129901', parentCode: '1101', name: 'X' },
        'code',
        'the code must start with the parent code 1101 and be longer',
      ],
      [{ code: '1101', parentCode: '1101', name: 'X' }, 'code', 'the division code already exists'],
      [
        { code: '990', parentCode: '00', name: 'X' },
        'code',
        'a province (top-level division) code is 2 digits',
      ],
      [{ code: '987654', parentCode: '9876', name: 'X' }, 'parentCode', 'the parent division does not exist'],
      [{ code: '99', parentCode: '00', name: '   ' }, 'name', 'cannot be empty or all spaces'],
      [{ code: '99', parentCode: '00' }, 'name', 'name is required'],
      [{ code: '99', parentCode: '00', name: 'X', sort: 'first' }, 'sort', ''],
      [
        { id: '1101', code: '1101', parentCode: '12', name: 'Moved' },
        'parentCode',
        'the code and parent of a division cannot be changed',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await caller.post(`${base}/submit`, { payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().data.errors)).toEqual([field]);
      if (message) expect(response.json().data.errors[field]).toBe(message);
    }
    // five levels at most: a village (level 5) takes no children
    await caller.post(`${base}/submit`, {
      payload: { code: '110101002', parentCode: '110101', name: 'Town' },
    });
    await caller.post(`${base}/submit`, {
      payload: { code: '110101002003', parentCode: '110101002', name: 'Village' },
    });
    const tooDeep = await caller.post(`${base}/submit`, {
      payload: { code: '1101010020031', parentCode: '110101002003', name: 'Below village' },
    });
    expect(tooDeep.statusCode).toBe(400);
    await caller.post(`${base}/remove?ids=110101002003,110101002`);
    expect((await caller.get(`${base}/detail?code=110101002`)).statusCode).toBe(404);
  });

  it('only the platform tenant changes them, even for a tenant admin holding the buttons', async () => {
    const caller = as(app, adminB, 'en-US');
    const add = await caller.post(`${base}/submit`, {
      payload: { code: '98', parentCode: '00', name: 'Mine' },
    });
    expect(add.json().msg).toBe('only the platform tenant may change the administrative divisions');
    // shared, so readable: only the changes are refused, and the division stays as it was
    await expectIsolated(tenants.mine, tenants.theirs, {
      read: `${base}/detail?code=11`,
      names: [],
      refused: [
        {
          method: 'POST',
          url: `${base}/submit`,
          payload: { code: '98', parentCode: '00', name: 'Mine' },
          status: 403,
        },
        {
          method: 'POST',
          url: `${base}/submit`,
          payload: { id: '11', code: '11', parentCode: '00', name: 'Renamed' },
          status: 403,
        },
        { method: 'POST', url: `${base}/remove?ids=110101`, status: 403 },
      ],
    });
    expect((await caller.get(`${base}/detail?code=11`)).json().data.name).toBe('北京市');
  });

  it('a platform user without the button codes cannot change them', async () => {
    const reader = as(app, await signInWithGrants(app, '000000', 'region-reader', ['region']), 'en-US');
    const add = await reader.post(`${base}/submit`, { payload: { code: '97', parentCode: '00', name: 'X' } });
    expect(add.statusCode).toBe(403);
    expect(add.json().msg).toBe('you do not have permission for this action');
    expect((await reader.post(`${base}/remove?ids=110101`)).statusCode).toBe(403);
  });
});
