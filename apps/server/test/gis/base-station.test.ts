import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseStation } from '../../src/db/schema/index.js';
import { as, createTestApp } from '../helper.js';
import { signInWithGrants } from '../org-helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;
let platform: string;
const B = '800012';
const BASE = '/api/aos-gisservice/basestation';

type Row = Record<string, unknown>;

beforeAll(async () => {
  app = await createTestApp();
  ({ mine, theirs } = await twoTenants(app, { theirs: B }));
  platform = mine.token;
});
afterAll(async () => {
  await app?.close();
});

const valid = (extra: Row = {}) => ({
  name: 'North ridge RTK',
  type: 1,
  address: 'Ridge road 7',
  stationIp: '192.168.10.20',
  adhocIp: '10.0.0.2',
  lanIp: 'fd00::20',
  port: 9000,
  lonLat: '116.397128,39.916527',
  ...extra,
});
const submit = (token: string, payload: Row, language = 'en-US') =>
  as(app, token, language).post(`${BASE}/submit`, { payload });
const COORDINATES = 'please enter correct coordinates as longitude,latitude';

describe('base stations', () => {
  it('adds, pages, lists, reads, updates and removes a station', async () => {
    const created = await submit(platform, valid());
    expect(created.json()).toMatchObject({
      code: 200,
      msg: 'added successfully',
      data: {
        name: 'North ridge RTK',
        type: 1,
        stationIp: '192.168.10.20',
        lanIp: 'fd00::20',
        port: 9000,
        longitude: 116.397128,
        latitude: 39.916527,
        lonLat: '116.397128,39.916527',
        tenantId: '000000',
      },
    });
    const id = created.json().data.id as string;
    await submit(platform, valid({ name: 'Valley relay', type: 2, lonLat: ' -73.98 , 40.75 ', adhocIp: '' }));

    const page = (await as(app, platform).get(`${BASE}/page?current=1&size=10`)).json().data;
    expect(page.records.map((row: Row) => row.name)).toEqual(['Valley relay', 'North ridge RTK']);
    expect(page.records[0]).toMatchObject({ lonLat: '-73.98,40.75', adhocIp: null });
    const byType = (await as(app, platform).get(`${BASE}/page?type=2`)).json().data;
    expect(byType.records.map((row: Row) => row.name)).toEqual(['Valley relay']);
    const list = (await as(app, platform).get(`${BASE}/list?name=ridge`)).json().data;
    expect(list.map((row: Row) => row.id)).toEqual([id]);

    const updated = await submit(platform, valid({ id, port: 65535, lonLat: '180,-90', tenantId: B }));
    expect(updated.json()).toMatchObject({
      msg: 'updated successfully',
      data: { id, port: 65535, longitude: 180, latitude: -90, tenantId: '000000' },
    });
    expect((await as(app, platform).get(`${BASE}/detail?id=${id}`)).json().data.lonLat).toBe('180,-90');
    const removed = await as(app, platform, 'en-US').post(`${BASE}/remove?ids=${id}`);
    expect(removed.json()).toMatchObject({ data: 1, msg: 'deleted successfully' });
    expect((await as(app, platform).get(`${BASE}/detail?id=${id}`)).statusCode).toBe(404);
    const [kept] = await app.database.db.select().from(baseStation).where(eq(baseStation.id, id));
    expect(kept!.isDeleted).toBe(1);
  });

  it('refuses coordinates that are not "longitude,latitude" with the spec message', async () => {
    for (const lonLat of [
      '',
      '116.39',
      '39.9 116.3',
      '116.3;39.9',
      '181,39',
      '116,91',
      '-180.5,0',
      'abc,def',
      '1,2,3',
    ]) {
      const response = await submit(platform, valid({ lonLat }));
      expect(response.statusCode, lonLat).toBe(400);
      expect(response.json().data.errors).toEqual({ lonLat: COORDINATES });
    }
    const zh = await submit(platform, valid({ lonLat: '200,10' }), 'zh-CN');
    expect(zh.json().msg).toBe('lonLat: 请输入正确的经纬度，格式为“经度,纬度”');
  });

  it('names the field of every other bad input and writes nothing', async () => {
    const before = await app.database.db.select().from(baseStation);
    const cases: Array<[Row, Record<string, string>]> = [
      [valid({ name: '  ' }), { name: 'cannot be empty or all spaces' }],
      [valid({ name: 'x'.repeat(101) }), { name: 'at most 100 characters' }],
      [valid({ type: 99 }), { type: 'no such type' }],
      [valid({ stationIp: '300.1.1.1' }), { stationIp: 'please enter a valid IP address (IPv4 or IPv6)' }],
      [valid({ stationIp: '' }), { stationIp: 'please enter a valid IP address (IPv4 or IPv6)' }],
      [valid({ adhocIp: 'edge-server' }), { adhocIp: 'please enter a valid IP address (IPv4 or IPv6)' }],
      [valid({ lanIp: 'fd00::zz' }), { lanIp: 'please enter a valid IP address (IPv4 or IPv6)' }],
      [valid({ port: 0 }), { port: 'the port must be a whole number from 1 to 65535' }],
      [valid({ port: 65536 }), { port: 'the port must be a whole number from 1 to 65535' }],
      [valid({ port: 'http' }), { port: 'the port must be a whole number from 1 to 65535' }],
      [valid({ port: 80.5 }), { port: 'the port must be a whole number from 1 to 65535' }],
      [valid({ address: 'a'.repeat(201) }), { address: 'at most 200 characters' }],
      [{ ...valid(), lonLat: undefined }, { lonLat: 'lonLat is required' }],
    ];
    for (const [payload, errors] of cases) {
      const response = await submit(platform, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().data.errors).toEqual(errors);
    }
    expect(await app.database.db.select().from(baseStation)).toHaveLength(before.length);
  });

  it('another tenant can neither read, change nor remove a station', async () => {
    const id = (await submit(platform, valid({ name: 'Platform only' }))).json().data.id as string;
    await expectIsolated(mine, theirs, {
      read: `${BASE}/detail?id=${id}`,
      names: [id, 'Platform only'],
      hidden: [`${BASE}/page`, `${BASE}/list`],
      refused: [
        `${BASE}/detail?id=${id}`,
        { method: 'POST', url: `${BASE}/submit`, payload: valid({ id, name: 'Taken' }) },
        { method: 'POST', url: `${BASE}/remove?ids=${id}` },
      ],
    });
    expect((await submit(theirs.token, valid({ name: 'Of B' }))).json().data.tenantId).toBe(B);
  });

  it('refuses add, edit and remove without their button codes', async () => {
    const id = (await submit(platform, valid({ name: 'Guarded' }))).json().data.id as string;
    const reader = await signInWithGrants(app, '000000', 'station-reader', ['basestation']);
    expect((await as(app, reader).get(`${BASE}/page`)).statusCode).toBe(200);
    for (const response of [
      await submit(reader, valid()),
      await submit(reader, valid({ id })),
      await as(app, reader).post(`${BASE}/remove?ids=${id}`),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    const editor = await signInWithGrants(app, '000000', 'station-editor', [
      'basestation',
      'basestation_edit',
    ]);
    expect((await submit(editor, valid({ id, name: 'Edited' }))).statusCode).toBe(200);
    expect((await submit(editor, valid())).statusCode).toBe(403);
    const stranger = await signInWithGrants(app, '000000', 'station-stranger', ['post']);
    expect((await as(app, stranger).get(`${BASE}/page`)).statusCode).toBe(403);
  });
});
