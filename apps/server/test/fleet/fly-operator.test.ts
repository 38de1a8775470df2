import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flyOperator } from '../../src/db/schema/index.js';
import { today } from '../../src/modules/fleet/fly-operator.service.js';
import { as, createTestApp } from '../helper.js';
import { addUser, signInWithGrants } from '../org-helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;
let platform: string;
let tenantB: string;
const B = '800011';
const BASE = '/api/cloud-user/fly-operator';

type Row = Record<string, unknown>;

const users: Record<string, string> = {};
let userOfB: string;

beforeAll(async () => {
  app = await createTestApp();
  ({ mine, theirs } = await twoTenants(app, { theirs: B }));
  platform = mine.token;
  tenantB = theirs.token;
  for (const account of ['pilot1', 'pilot2', 'pilot3', 'pilot4', 'pilot5', 'pilot6', 'pilot7']) {
    users[account] = await addUser(app, '000000', account);
  }
  userOfB = await addUser(app, B, 'pilot-b');
});
afterAll(async () => {
  await app?.close();
});

const nextYear = `${new Date().getFullYear() + 1}-06-30`;
const valid = (userId: string, extra: Row = {}) => ({
  userId,
  name: 'Li Wei',
  phone: '13800138000',
  licenceNumber: `CAAC-${userId.slice(-6)}`,
  licenceExpiry: nextYear,
  ...extra,
});
const add = (token: string, payload: Row, language = 'en-US') =>
  app.inject({
    method: 'POST',
    url: `${BASE}/add`,
    payload,
    headers: { 'blade-auth': `bearer ${token}`, 'accept-language': language },
  });
const call = (token: string, method: 'PUT' | 'DELETE', path: string, payload?: Row, language = 'en-US') =>
  app.inject({
    method,
    url: `${BASE}/${path}`,
    ...(payload ? { payload } : {}),
    headers: { 'blade-auth': `bearer ${token}`, 'accept-language': language },
  });
const rowOf = async (id: string) =>
  (await app.database.db.select().from(flyOperator).where(eq(flyOperator.id, id)))[0]!;

describe('fly operators', () => {
  it('adds, pages (page 1, size 9999), reads, updates and removes an operator', async () => {
    const created = await add(platform, valid(users.pilot1!));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      msg: 'added successfully',
      data: { name: 'Li Wei', licenceExpiry: nextYear, status: 1, tenantId: '000000' },
    });
    const id = created.json().data.id as string;

    const page = (await as(app, platform).get(`${BASE}/page?current=1&size=9999`)).json().data;
    expect(page).toMatchObject({ current: 1, size: 9999 });
    expect(page.records.find((row: Row) => row.id === id)).toMatchObject({
      userAccount: 'pilot1',
      userId: users.pilot1,
    });
    const byName = (await as(app, platform).get(`${BASE}/page?name=wei`)).json().data;
    expect(byName.records.map((row: Row) => row.id)).toContain(id);

    const updated = await call(
      platform,
      'PUT',
      'update',
      valid(users.pilot1!, { id, name: 'Li Wei (chief)', tenantId: B }),
    );
    expect(updated.json()).toMatchObject({
      msg: 'updated successfully',
      data: { id, name: 'Li Wei (chief)', tenantId: '000000' },
    });
    const detail = (await as(app, platform).get(`${BASE}/detail?id=${id}`)).json().data;
    expect(detail).toMatchObject({ name: 'Li Wei (chief)', userAccount: 'pilot1' });

    const removed = await call(platform, 'DELETE', `remove?ids=${id}`);
    expect(removed.json()).toMatchObject({ data: 1, msg: 'deleted successfully' });
    expect((await as(app, platform).get(`${BASE}/detail?id=${id}`)).statusCode).toBe(404);
    expect((await rowOf(id)).isDeleted).toBe(1);
    // once removed, the account may be linked again
    expect((await add(platform, valid(users.pilot1!))).statusCode).toBe(200);
  });

  it('names the field of every bad input and writes nothing', async () => {
    const before = await app.database.db.select().from(flyOperator);
    const cases: Array<[Row, Record<string, string>]> = [
      [valid(users.pilot2!, { name: '   ' }), { name: 'cannot be empty or all spaces' }],
      [valid(users.pilot2!, { phone: '12345' }), { phone: 'the phone number is not valid' }],
      [valid(users.pilot2!, { phone: '' }), { phone: 'phone cannot be empty' }],
      [
        valid(users.pilot2!, { licenceExpiry: '2030-02-30' }),
        { licenceExpiry: 'the date must be yyyy-MM-dd' },
      ],
      [valid(users.pilot2!, { licenceExpiry: '2020-01-01' }), { licenceExpiry: 'the licence has expired' }],
      [valid(users.pilot2!, { licenceNumber: '' }), { licenceNumber: 'cannot be empty or all spaces' }],
      [valid('123456789'), { userId: 'no such user account in this tenant' }],
      [valid(userOfB), { userId: 'no such user account in this tenant' }],
      [
        { name: 'x', phone: '13800138000', licenceNumber: 'L', licenceExpiry: nextYear },
        { userId: 'userId is required' },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await add(platform, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().data.errors).toEqual(errors);
    }
    const zh = await add(platform, valid(users.pilot2!, { licenceExpiry: '2020-01-01' }), 'zh-CN');
    expect(zh.json().msg).toBe('licenceExpiry: 执照已过期');
    expect(await app.database.db.select().from(flyOperator)).toHaveLength(before.length);
  });

  it('links one operator per user and keeps licence numbers unique in the tenant', async () => {
    const first = (await add(platform, valid(users.pilot3!, { licenceNumber: 'UNIQ-1' }))).json().data;
    const sameUser = await add(platform, valid(users.pilot3!, { licenceNumber: 'UNIQ-2' }));
    expect(sameUser.statusCode).toBe(400);
    expect(sameUser.json().data.errors).toEqual({
      userId: 'this account is already linked to another fly operator',
    });
    const sameLicence = await add(platform, valid(users.pilot4!, { licenceNumber: 'UNIQ-1' }));
    expect(sameLicence.json().data.errors).toEqual({ licenceNumber: 'the licence number already exists' });
    const second = (await add(platform, valid(users.pilot4!, { licenceNumber: 'UNIQ-2' }))).json().data;
    // an update may keep its own user and number but not take another's
    expect(
      (await call(platform, 'PUT', 'update', valid(users.pilot3!, { id: first.id, licenceNumber: 'UNIQ-1' })))
        .statusCode,
    ).toBe(200);
    const taken = await call(
      platform,
      'PUT',
      'update',
      valid(users.pilot4!, { id: first.id, licenceNumber: 'UNIQ-1' }),
    );
    expect(taken.json().data.errors).toEqual({
      userId: 'this account is already linked to another fly operator',
    });
    expect((await rowOf(first.id)).userId).toBe(users.pilot3);
    // another tenant may use the same licence number for its own user
    expect((await add(tenantB, valid(userOfB, { licenceNumber: 'UNIQ-1' }))).statusCode).toBe(200);
    expect(second.status).toBe(1);
  });

  it('turns operators off and on in bulk, refusing to turn on an expired licence', async () => {
    const a = (await add(platform, valid(users.pilot5!))).json().data.id as string;
    const b = (await add(platform, valid(users.pilot6!))).json().data.id as string;
    const off = await call(platform, 'PUT', `turnOff?ids=${a},${b}`);
    expect(off.json()).toMatchObject({ data: 2, msg: 'disabled successfully' });
    expect([(await rowOf(a)).status, (await rowOf(b)).status]).toEqual([0, 0]);
    const offOnly = (await as(app, platform).get(`${BASE}/page?status=0&size=9999`)).json().data;
    expect(offOnly.records.map((row: Row) => row.id)).toEqual(expect.arrayContaining([a, b]));

    // b's licence runs out while it is off: turning both on is refused as a whole
    await app.database.db
      .update(flyOperator)
      .set({ licenceExpiry: '2024-01-31' })
      .where(eq(flyOperator.id, b));
    const refused = await call(platform, 'PUT', `turnOn?ids=${a},${b}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('cannot enable, the licence has expired: Li Wei');
    expect([(await rowOf(a)).status, (await rowOf(b)).status]).toEqual([0, 0]);

    const on = await call(platform, 'PUT', `turnOn?ids=${a}`);
    expect(on.json()).toMatchObject({ data: 1, msg: 'enabled successfully' });
    expect((await rowOf(a)).status).toBe(1);
    // a licence valid through today still counts
    await app.database.db.update(flyOperator).set({ licenceExpiry: today() }).where(eq(flyOperator.id, b));
    expect((await call(platform, 'PUT', `turnOn?ids=${b}`)).statusCode).toBe(200);
    expect((await call(platform, 'PUT', 'turnOn?ids=abc')).statusCode).toBe(400);
  });

  it('another tenant can neither read, change, switch nor remove an operator', async () => {
    const id = (await add(platform, valid(users.pilot7!))).json().data.id as string;
    await expectIsolated(mine, theirs, {
      read: `${BASE}/detail?id=${id}`,
      names: [id],
      hidden: [`${BASE}/page?current=1&size=9999`],
      refused: [
        `${BASE}/detail?id=${id}`,
        { method: 'PUT', url: `${BASE}/update`, payload: valid(userOfB, { id, licenceNumber: 'B-TAKE' }) },
        { method: 'PUT', url: `${BASE}/turnOff?ids=${id}` },
        { method: 'DELETE', url: `${BASE}/remove?ids=${id}` },
        // the platform's user behind the operator
        { method: 'POST', url: `${BASE}/add`, payload: valid(users.pilot7!), status: 400, field: 'userId' },
      ],
    });
    expect(await rowOf(id)).toMatchObject({ name: 'Li Wei', status: 1, isDeleted: 0 });
  });

  it('refuses each action without its button code', async () => {
    const id = (await add(platform, valid(users.pilot2!, { licenceNumber: 'GUARD-1' }))).json().data
      .id as string;
    const reader = await signInWithGrants(app, '000000', 'fly-reader', ['fly_operator']);
    expect((await as(app, reader).get(`${BASE}/page?current=1&size=9999`)).statusCode).toBe(200);
    const reader2 = await addUser(app, '000000', 'pilot-extra');
    for (const response of [
      await add(reader, valid(reader2)),
      await call(reader, 'PUT', 'update', valid(users.pilot2!, { id, licenceNumber: 'GUARD-1' })),
      await call(reader, 'DELETE', `remove?ids=${id}`),
      await call(reader, 'PUT', `turnOn?ids=${id}`),
      await call(reader, 'PUT', `turnOff?ids=${id}`),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    const switcher = await signInWithGrants(app, '000000', 'fly-switch', [
      'fly_operator',
      'fly_operator_off',
    ]);
    expect((await call(switcher, 'PUT', `turnOff?ids=${id}`)).statusCode).toBe(200);
    expect((await call(switcher, 'PUT', `turnOn?ids=${id}`)).statusCode).toBe(403);
    const stranger = await signInWithGrants(app, '000000', 'fly-stranger', ['post']);
    expect((await as(app, stranger).get(`${BASE}/page`)).statusCode).toBe(403);
  });
});
