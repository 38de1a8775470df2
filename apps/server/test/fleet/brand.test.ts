import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brand as brandTable } from '../../src/db/schema/index.js';
import { as, createTestApp } from '../helper.js';
import { signInWithGrants } from '../org-helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;
let platform: string;
let tenantB: string;
const B = '800013';
const BASE = '/api/cloud-equipment/manufacturer';

type Row = Record<string, unknown>;

beforeAll(async () => {
  app = await createTestApp();
  ({ mine, theirs } = await twoTenants(app, { theirs: B }));
  platform = mine.token;
  tenantB = theirs.token;
});
afterAll(async () => {
  await app?.close();
});

const valid = (extra: Row = {}) => ({
  name: 'DJI',
  code: 'dji',
  type: 4,
  address: 'Shenzhen, Nanshan',
  phone: '0755-26656677',
  entitySigns: 'aircraft,dock,payload',
  ...extra,
});
const send = (
  token: string,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: Row,
  language = 'en-US',
) =>
  app.inject({
    method,
    url: `${BASE}/${path}`,
    ...(payload ? { payload } : {}),
    headers: { 'blade-auth': `bearer ${token}`, 'accept-language': language },
  });
const add = (token: string, payload: Row, language?: string) => send(token, 'POST', 'add', payload, language);

describe('manufacturers (brands)', () => {
  it('adds, pages (all by default), reads, updates and removes a brand', async () => {
    const created = await add(platform, valid());
    expect(created.json()).toMatchObject({
      msg: 'added successfully',
      data: { name: 'DJI', code: 'dji', type: 4, entitySigns: 'aircraft,dock,payload', tenantId: '000000' },
    });
    const id = created.json().data.id as string;
    for (let index = 0; index < 11; index += 1) {
      await add(
        platform,
        valid({
          name: `Maker ${index}`,
          code: `maker-${index}`,
          type: 1,
          phone: '',
          entitySigns: 'aircraft',
        }),
      );
    }
    const page = (await as(app, platform).get(`${BASE}/page`)).json().data;
    expect(page).toMatchObject({ size: 9999, current: 1, total: 12 });
    expect(page.records).toHaveLength(12);
    const small = (await as(app, platform).get(`${BASE}/page?size=5&current=3`)).json().data;
    expect(small.records).toHaveLength(2);
    const byCode = (await as(app, platform).get(`${BASE}/page?code=dji`)).json().data;
    expect(byCode.records.map((row: Row) => row.id)).toEqual([id]);
    expect((await as(app, platform).get(`${BASE}/page?type=1`)).json().data.total).toBe(11);

    const updated = await send(
      platform,
      'PUT',
      'update',
      valid({ id, name: 'DJI Enterprise', entitySigns: 'dock, dock ,aircraft', tenantId: B }),
    );
    expect(updated.json()).toMatchObject({
      msg: 'updated successfully',
      data: { id, name: 'DJI Enterprise', entitySigns: 'dock,aircraft', tenantId: '000000' },
    });
    expect((await as(app, platform).get(`${BASE}/detail?id=${id}`)).json().data.name).toBe('DJI Enterprise');
    const removed = await send(platform, 'DELETE', `remove?ids=${id}`);
    expect(removed.json()).toMatchObject({ data: 1, msg: 'deleted successfully' });
    expect((await as(app, platform).get(`${BASE}/detail?id=${id}`)).statusCode).toBe(404);
    const [kept] = await app.database.db.select().from(brandTable).where(eq(brandTable.id, id));
    expect(kept!.isDeleted).toBe(1);
    // the code is free again once the brand is gone
    expect((await add(platform, valid())).statusCode).toBe(200);
  });

  it('keeps codes unique in the tenant, not across tenants', async () => {
    const first = (await add(platform, valid({ code: 'autel', name: 'Autel' }))).json().data;
    const clash = await add(platform, valid({ code: 'autel', name: 'Autel again' }));
    expect(clash.statusCode).toBe(400);
    expect(clash.json().data.errors).toEqual({ code: 'the brand code already exists' });
    const other = (await add(platform, valid({ code: 'xag', name: 'XAG' }))).json().data;
    const taken = await send(platform, 'PUT', 'update', valid({ id: other.id, code: 'autel' }));
    expect(taken.json().data.errors).toEqual({ code: 'the brand code already exists' });
    expect(
      (await send(platform, 'PUT', 'update', valid({ id: first.id, code: 'autel', name: 'Autel Robotics' })))
        .statusCode,
    ).toBe(200);
    expect((await add(tenantB, valid({ code: 'autel' }))).statusCode).toBe(200);
  });

  it('names the field of every bad input and writes nothing', async () => {
    const before = await app.database.db.select().from(brandTable);
    const cases: Array<[Row, Record<string, string>]> = [
      [valid({ name: ' ' }), { name: 'cannot be empty or all spaces' }],
      [valid({ code: 'c'.repeat(65) }), { code: 'at most 64 characters' }],
      [valid({ type: 42 }), { type: 'no such type' }],
      [valid({ phone: '123' }), { phone: 'the phone number is not valid' }],
      [
        valid({ entitySigns: 'aircraft,submarine' }),
        { entitySigns: 'choose entity models from the entity center' },
      ],
      [valid({ entitySigns: '' }), { entitySigns: 'choose entity models from the entity center' }],
      [valid({ address: 'a'.repeat(201) }), { address: 'at most 200 characters' }],
      [{ name: 'X', type: 1, entitySigns: 'dock' }, { code: 'code is required' }],
    ];
    for (const [payload, errors] of cases) {
      const response = await add(platform, { ...payload, code: payload.code ?? undefined });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().data.errors).toEqual(errors);
    }
    const zh = await add(platform, valid({ code: 'zh', type: 42 }), 'zh-CN');
    expect(zh.json().msg).toBe('type: 类型不存在');
    expect(await app.database.db.select().from(brandTable)).toHaveLength(before.length);
  });

  it('another tenant can neither read, change nor remove a brand', async () => {
    const id = (await add(platform, valid({ code: 'platform-only', name: 'Platform only' }))).json().data
      .id as string;
    await expectIsolated(mine, theirs, {
      read: `${BASE}/detail?id=${id}`,
      names: [id, 'Platform only'],
      hidden: [`${BASE}/page`],
      refused: [
        `${BASE}/detail?id=${id}`,
        { method: 'PUT', url: `${BASE}/update`, payload: valid({ id, code: 'taken' }) },
        { method: 'DELETE', url: `${BASE}/remove?ids=${id}` },
      ],
    });
    const [row] = await app.database.db.select().from(brandTable).where(eq(brandTable.id, id));
    expect(row).toMatchObject({ name: 'Platform only', code: 'platform-only', isDeleted: 0 });
  });

  it('refuses add, edit and remove without their button codes', async () => {
    const id = (await add(platform, valid({ code: 'guarded' }))).json().data.id as string;
    const reader = await signInWithGrants(app, '000000', 'brand-reader', ['manufacturer']);
    expect((await as(app, reader).get(`${BASE}/page`)).statusCode).toBe(200);
    for (const response of [
      await add(reader, valid({ code: 'by-reader' })),
      await send(reader, 'PUT', 'update', valid({ id, code: 'guarded' })),
      await send(reader, 'DELETE', `remove?ids=${id}`),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    const stranger = await signInWithGrants(app, '000000', 'brand-stranger', ['post']);
    expect((await as(app, stranger).get(`${BASE}/page`)).statusCode).toBe(403);
    // the entity center is open to every signed-in user (pickers)
    expect((await as(app, stranger).get('/api/aos-slabentities/entitymodel/getEmBySign')).statusCode).toBe(
      200,
    );
  });

  it('lists the entity center models by sign, in the caller language', async () => {
    const all = (await as(app, platform, 'en-US').get('/api/aos-slabentities/entitymodel/getEmBySign')).json()
      .data;
    expect(all.map((model: Row) => model.sign)).toEqual([
      'aircraft',
      'dock',
      'payload',
      'datalink',
      'remote_controller',
    ]);
    const dock = (
      await as(app, platform, 'zh-CN').get('/api/aos-slabentities/entitymodel/getEmBySign?sign=dock')
    ).json().data;
    expect(dock).toEqual([{ sign: 'dock', name: '机库' }]);
    const none = (
      await as(app, platform).get('/api/aos-slabentities/entitymodel/getEmBySign?sign=boat')
    ).json().data;
    expect(none).toEqual([]);
  });
});
