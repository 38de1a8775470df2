import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supplierConfig } from '../../src/db/schema/index.js';
import { as, createTestApp } from '../helper.js';
import { signInWithGrants } from '../org-helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;
let platform: string;
let tenantB: string;
const B = '800014';
const BASE = '/api/cloud-equipment/supplier-config';
const MASK = '******';

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
  name: 'DJI FlightHub',
  code: 'dji-fh2',
  baseUrl: 'https://fh.dji.com/openapi',
  appKey: 'key-123',
  appSecret: 'secret-abc',
  remark: 'organisation key',
  ...extra,
});
const send = (token: string, method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: Row) =>
  app.inject({
    method,
    url: `${BASE}/${path}`,
    ...(payload ? { payload } : {}),
    headers: { 'blade-auth': `bearer ${token}`, 'accept-language': 'en-US' },
  });
const add = (token: string, payload: Row) => send(token, 'POST', 'add', payload);
const stored = async (id: string) =>
  (await app.database.db.select().from(supplierConfig).where(eq(supplierConfig.id, id)))[0]!;

describe('supplier configuration', () => {
  it('adds, pages, reads, updates and removes a configuration, never answering the secret', async () => {
    const created = await add(platform, valid());
    expect(created.json()).toMatchObject({
      msg: 'added successfully',
      data: { code: 'dji-fh2', appSecret: MASK, tenantId: '000000' },
    });
    const id = created.json().data.id as string;
    expect((await stored(id)).appSecret).toBe('secret-abc');
    const page = (await as(app, platform).get(`${BASE}/page?name=flight`)).json().data;
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({ id, appSecret: MASK });
    expect(JSON.stringify(page)).not.toContain('secret-abc');
    expect((await as(app, platform).get(`${BASE}/detail?id=${id}`)).json().data.appSecret).toBe(MASK);

    // the mask, or nothing, keeps the secret; a new value replaces it
    await send(platform, 'PUT', 'update', valid({ id, appSecret: MASK, name: 'FlightHub 2' }));
    expect(await stored(id)).toMatchObject({ name: 'FlightHub 2', appSecret: 'secret-abc' });
    await send(platform, 'PUT', 'update', valid({ id, appSecret: undefined }));
    expect((await stored(id)).appSecret).toBe('secret-abc');
    const changed = await send(platform, 'PUT', 'update', valid({ id, appSecret: 'rotated', tenantId: B }));
    expect(changed.json()).toMatchObject({
      msg: 'updated successfully',
      data: { appSecret: MASK, tenantId: '000000' },
    });
    expect((await stored(id)).appSecret).toBe('rotated');

    const removed = await send(platform, 'DELETE', `remove?ids=${id}`);
    expect(removed.json()).toMatchObject({ data: 1, msg: 'deleted successfully' });
    expect((await as(app, platform).get(`${BASE}/detail?id=${id}`)).statusCode).toBe(404);
    expect((await stored(id)).isDeleted).toBe(1);
  });

  it('names the field of every bad input, keeps codes unique and writes nothing', async () => {
    await add(platform, valid({ code: 'taken' }));
    const before = await app.database.db.select().from(supplierConfig);
    const cases: Array<[Row, Record<string, string>]> = [
      [
        valid({ baseUrl: 'ftp://files.example.com' }),
        { baseUrl: 'the address must start with http or https' },
      ],
      [valid({ baseUrl: 'fh.dji.com' }), { baseUrl: 'the address must start with http or https' }],
      [
        valid({ baseUrl: 'https:// spaced' }),
        { baseUrl: 'the address cannot contain spaces, control characters or backslashes' },
      ],
      [
        valid({ baseUrl: 'https://fh.example.com/api?x=' }),
        { baseUrl: 'the address cannot contain a ? query' },
      ],
      [
        valid({ baseUrl: 'https://fh.example.com/#' }),
        { baseUrl: 'the address cannot contain a # fragment' },
      ],
      [
        valid({ baseUrl: 'https://me:pw@fh.example.com' }),
        { baseUrl: 'the address cannot contain a user name or password' },
      ],
      [valid({ appSecret: '' }), { appSecret: 'appSecret is required' }],
      [valid({ appSecret: MASK }), { appSecret: 'appSecret is required' }],
      [valid({ appKey: '  ' }), { appKey: 'cannot be empty or all spaces' }],
      [valid({ name: 'n'.repeat(101) }), { name: 'at most 100 characters' }],
      [valid({ code: 'taken' }), { code: 'the supplier code already exists' }],
    ];
    for (const [payload, errors] of cases) {
      const response = await add(platform, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().data.errors).toEqual(errors);
    }
    expect(await app.database.db.select().from(supplierConfig)).toHaveLength(before.length);
    expect((await add(tenantB, valid({ code: 'taken' }))).statusCode).toBe(200);
  });

  it('refuses a base URL inside our own network on add and on update, and saves the normalised form', async () => {
    const own =
      'the address cannot point at this machine, a private or link-local network or a cloud metadata service';
    const before = await app.database.db.select().from(supplierConfig);
    for (const baseUrl of [
      'http://127.0.0.1:8080/api',
      'http://[::1]/',
      'http://169.254.169.254/latest',
      'http://0x7f000001/',
      'http://2130706433/',
      'http://localhost./',
      'http://api.localhost/',
      'http://metadata.google.internal/computeMetadata/v1',
      'http://[::ffff:127.0.0.1]/',
      'http://10.0.0.8/',
      'http://minio:9000/',
    ]) {
      const response = await add(platform, valid({ code: 'inside', baseUrl }));
      expect(response.statusCode, baseUrl).toBe(400);
      expect(response.json().data.errors, baseUrl).toEqual({ baseUrl: own });
    }
    expect(await app.database.db.select().from(supplierConfig)).toHaveLength(before.length);
    const id = (await add(platform, valid({ code: 'outside', baseUrl: 'HTTPS://FH.Example.com/' }))).json()
      .data.id as string;
    expect((await stored(id)).baseUrl).toBe('https://fh.example.com');
    const moved = await send(
      platform,
      'PUT',
      'update',
      valid({ id, code: 'outside', baseUrl: 'http://192.168.1.2' }),
    );
    expect(moved.statusCode).toBe(400);
    expect(moved.json().data.errors).toEqual({ baseUrl: own });
    expect((await stored(id)).baseUrl).toBe('https://fh.example.com');
  });

  it('another tenant can neither read, change nor remove a configuration', async () => {
    const id = (await add(platform, valid({ code: 'platform-only' }))).json().data.id as string;
    await expectIsolated(mine, theirs, {
      read: `${BASE}/detail?id=${id}`,
      names: [id, 'platform-only'],
      hidden: [`${BASE}/page`],
      refused: [
        `${BASE}/detail?id=${id}`,
        { method: 'PUT', url: `${BASE}/update`, payload: valid({ id, code: 'x', appSecret: 'stolen' }) },
        { method: 'DELETE', url: `${BASE}/remove?ids=${id}` },
      ],
    });
    expect(await stored(id)).toMatchObject({ code: 'platform-only', appSecret: 'secret-abc', isDeleted: 0 });
  });

  it('refuses add, edit and remove without their button codes', async () => {
    const id = (await add(platform, valid({ code: 'guarded' }))).json().data.id as string;
    const reader = await signInWithGrants(app, '000000', 'supplier-reader', ['supplier']);
    expect((await as(app, reader).get(`${BASE}/page`)).statusCode).toBe(200);
    for (const response of [
      await add(reader, valid({ code: 'by-reader' })),
      await send(reader, 'PUT', 'update', valid({ id, code: 'guarded' })),
      await send(reader, 'DELETE', `remove?ids=${id}`),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    const stranger = await signInWithGrants(app, '000000', 'supplier-stranger', ['post']);
    expect((await as(app, stranger).get(`${BASE}/page`)).statusCode).toBe(403);
  });
});
