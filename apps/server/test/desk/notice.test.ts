import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notice } from '../../src/db/schema/index.js';
import { as, createTestApp } from '../helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';
import { signInWithGrants } from '../org-helper.js';

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;
let platform: string;
let tenantB: string;
const B = '800001';
const BASE = '/api/blade-desk/notice';

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
  title: 'Hangar maintenance',
  category: 1,
  releaseTime: '2025-03-01 09:00:00',
  content: 'Hangar 3 is closed on Saturday.\nFlights move to hangar 4.',
  ...extra,
});
const submit = (token: string, payload: Row, language = 'en-US') =>
  as(app, token, language).post(`${BASE}/submit`, { payload });

describe('notices', () => {
  it('adds, pages, reads, updates and removes a notice', async () => {
    const created = await submit(platform, valid());
    expect(created.json()).toMatchObject({
      code: 200,
      msg: 'added successfully',
      data: {
        title: 'Hangar maintenance',
        category: 1,
        releaseTime: '2025-03-01 09:00:00',
        tenantId: '000000',
      },
    });
    const id = created.json().data.id;
    expect(created.json().data.content).toContain('\n');
    await submit(platform, valid({ title: 'Later notice', category: 2, releaseTime: '2025-04-01 09:00:00' }));

    const page = (await as(app, platform).get(`${BASE}/list`)).json().data;
    expect(page.records.map((row: Row) => row.title)).toEqual(['Later notice', 'Hangar maintenance']);
    const byTitle = (await as(app, platform).get(`${BASE}/list?title=maint`)).json().data;
    expect(byTitle.records.map((row: Row) => row.id)).toEqual([id]);
    const byCategory = (await as(app, platform).get(`${BASE}/list?category=2`)).json().data;
    expect(byCategory.records.map((row: Row) => row.title)).toEqual(['Later notice']);

    const updated = await submit(platform, valid({ id, title: 'Hangar maintenance (moved)', tenantId: B }));
    expect(updated.json()).toMatchObject({
      msg: 'updated successfully',
      data: { id, title: 'Hangar maintenance (moved)', tenantId: '000000' },
    });
    expect((await as(app, platform).get(`${BASE}/detail?id=${id}`)).json().data.title).toBe(
      'Hangar maintenance (moved)',
    );
    const removed = await as(app, platform, 'en-US').post(`${BASE}/remove?ids=${id}`);
    expect(removed.json()).toMatchObject({ data: 1, msg: 'deleted successfully' });
    expect((await as(app, platform).get(`${BASE}/detail?id=${id}`)).statusCode).toBe(404);
    const [kept] = await app.database.db.select().from(notice).where(eq(notice.id, id));
    expect(kept!.isDeleted).toBe(1);
  });

  it('names the field of every bad input and writes nothing', async () => {
    const before = await app.database.db.select().from(notice);
    const cases: Array<[Row, Record<string, string>]> = [
      [valid({ title: '   ' }), { title: 'cannot be empty or all spaces' }],
      [valid({ title: 'x'.repeat(201) }), { title: 'at most 200 characters' }],
      [valid({ category: 99 }), { category: 'no such notice category' }],
      [valid({ category: 'release' }), { category: expect.any(String) as unknown as string }],
      [valid({ releaseTime: '2025-03-01' }), { releaseTime: 'the time must be yyyy-MM-dd HH:mm:ss' }],
      [valid({ content: '' }), { content: 'cannot be empty or all spaces' }],
      [{ category: 1, releaseTime: '2025-03-01 09:00:00', content: 'c' }, { title: 'title is required' }],
    ];
    for (const [payload, errors] of cases) {
      const response = await submit(platform, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().data.errors).toEqual(errors);
    }
    const zh = await submit(platform, valid({ category: 99 }), 'zh-CN');
    expect(zh.json().msg).toBe('category: 通知类型不存在');
    expect(await app.database.db.select().from(notice)).toHaveLength(before.length);
  });

  it('another tenant can neither read, change nor remove a notice', async () => {
    const id = (await submit(platform, valid({ title: 'Platform only' }))).json().data.id;
    await expectIsolated(mine, theirs, {
      read: `${BASE}/detail?id=${id}`,
      names: [id, 'Platform only'],
      hidden: [`${BASE}/list`],
      refused: [
        `${BASE}/detail?id=${id}`,
        { method: 'POST', url: `${BASE}/submit`, payload: valid({ id, title: 'Taken' }) },
        { method: 'POST', url: `${BASE}/remove?ids=${id}` },
      ],
    });
    const [row] = await app.database.db.select().from(notice).where(eq(notice.id, id));
    expect(row).toMatchObject({ title: 'Platform only', isDeleted: 0 });
    const own = await submit(tenantB, valid({ title: 'Of B' }));
    expect(own.json().data.tenantId).toBe(B);
  });

  it('refuses add, edit and remove without their button codes', async () => {
    const id = (await submit(platform, valid({ title: 'Guarded' }))).json().data.id;
    const reader = await signInWithGrants(app, '000000', 'notice-reader', ['notice']);
    expect((await as(app, reader).get(`${BASE}/list`)).statusCode).toBe(200);
    for (const response of [
      await submit(reader, valid()),
      await submit(reader, valid({ id })),
      await as(app, reader).post(`${BASE}/remove?ids=${id}`),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    const editor = await signInWithGrants(app, '000000', 'notice-editor', ['notice', 'notice_edit']);
    expect((await submit(editor, valid({ id, title: 'Edited' }))).statusCode).toBe(200);
    expect((await submit(editor, valid())).statusCode).toBe(403);
    const stranger = await signInWithGrants(app, '000000', 'notice-stranger', ['post']);
    expect((await as(app, stranger).get(`${BASE}/list`)).statusCode).toBe(403);
  });
});
