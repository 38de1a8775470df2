import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../src/db/schema/index.js';
import { as, createTestApp, login } from '../helper.js';

let app: FastifyInstance;
let token: string;
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

beforeAll(async () => {
  app = await createTestApp();
  app.get('/api/test/boom', { config: { permission: 'public' } }, async () => {
    throw new Error('connection to db-secret-host refused');
  });
  token = (await login(app)).access_token;
});
afterAll(async () => {
  await app?.close();
});

describe('envelope, ids, times and pages', () => {
  it('submits, reads, pages and soft-deletes through the BladeX contract', async () => {
    const caller = as(app, token, 'en-US');
    const created = await caller.post('/api/blade-system/post/submit', {
      payload: { category: 1, postCode: 'ops', postName: 'Operations', sort: 1 },
    });
    expect(created.json()).toMatchObject({ code: 200, success: true, msg: 'added successfully' });
    const row = created.json().data;
    expect(row.id).toMatch(/^\d{15,19}$/);
    expect(row.createTime).toMatch(TIME);
    expect(row.createUser).toMatch(/^\d+$/);

    const updated = await caller.post('/api/blade-system/post/submit', {
      payload: { id: row.id, category: 2, postCode: 'ops', postName: 'Operations team', sort: 1 },
    });
    expect(updated.json()).toMatchObject({
      msg: 'updated successfully',
      data: { id: row.id, postName: 'Operations team' },
    });

    for (let index = 0; index < 11; index++) {
      await caller.post('/api/blade-system/post/submit', {
        payload: { category: 1, postCode: `p${index}`, postName: `Post ${index}`, sort: index + 2 },
      });
    }
    const page = (await caller.get('/api/blade-system/post/list')).json().data;
    expect(page).toMatchObject({ total: 12, size: 10, current: 1, pages: 2 });
    expect(page.records).toHaveLength(10);
    const second = (await caller.get('/api/blade-system/post/list?current=2&size=10&descs=sort')).json().data;
    expect(second.records).toHaveLength(2);
    expect(second.records[0].postName).toBe('Post 0');
    const filtered = (await caller.get('/api/blade-system/post/list?postName=team')).json().data;
    expect(filtered.records.map((item: { id: string }) => item.id)).toEqual([row.id]);

    const removed = await caller.post(`/api/blade-system/post/remove?ids=${row.id}`);
    expect(removed.json()).toMatchObject({ code: 200, data: 1, msg: 'deleted successfully' });
    expect((await caller.get(`/api/blade-system/post/detail?id=${row.id}`)).statusCode).toBe(404);
    const [kept] = await app.database.db.select().from(post).where(eq(post.id, row.id));
    expect(kept?.isDeleted).toBe(1);
  });

  it('answers msg in the caller language', async () => {
    const zh = await as(app, token).get('/api/blade-system/post/list');
    expect(zh.json().msg).toBe('操作成功');
    const en = await as(app, token, 'en-US,en;q=0.9').get('/api/blade-system/post/list');
    expect(en.json().msg).toBe('operation succeeded');
  });
});

describe('errors', () => {
  it('400 names the field, with the message in the caller language, and writes nothing', async () => {
    const before = (await as(app, token).get('/api/blade-system/post/list')).json().data.total;
    const english = await as(app, token, 'en-US').post('/api/blade-system/post/submit', {
      payload: { category: 1, postCode: '   ', sort: 1 },
    });
    expect(english.statusCode).toBe(400);
    const body = english.json();
    expect(body).toMatchObject({ code: 400, success: false });
    expect(body.data.errors).toEqual({
      postCode: 'cannot be empty or all spaces',
      postName: 'postName is required',
    });
    expect(body.msg).toBe('postCode: cannot be empty or all spaces');
    const chinese = await as(app, token).post('/api/blade-system/post/submit', {
      payload: { category: 1, postCode: 'x', postName: 'y'.repeat(65), sort: 1 },
    });
    expect(chinese.json().data.errors).toEqual({ postName: '长度不能超过 64 个字符' });
    expect((await as(app, token).get('/api/blade-system/post/list')).json().data.total).toBe(before);
  });

  it('400 for a bad id, bad ids, bad sort column and bad JSON, never 500', async () => {
    const caller = as(app, token, 'en-US');
    expect((await caller.get('/api/blade-system/post/detail?id=abc')).json()).toMatchObject({
      code: 400,
      data: { errors: { id: 'the id is not valid' } },
    });
    expect((await caller.post('/api/blade-system/post/remove?ids=')).statusCode).toBe(400);
    expect((await caller.post('/api/blade-system/post/remove?ids=1,x')).statusCode).toBe(400);
    const sort = await caller.get('/api/blade-system/post/list?ascs=password');
    expect(sort.json()).toMatchObject({
      code: 400,
      data: { errors: { ascs: 'the sort columns are not valid' } },
    });
    const json = await caller.post('/api/blade-system/post/submit', {
      headers: { 'content-type': 'application/json' },
      payload: '{"postCode": ',
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({
      code: 400,
      success: false,
      msg: 'the request body is not valid JSON',
    });
  });

  it('a duplicate post code is refused on the postCode field', async () => {
    const caller = as(app, token, 'en-US');
    const payload = { category: 1, postCode: 'dup', postName: 'Dup', sort: 1 };
    expect((await caller.post('/api/blade-system/post/submit', { payload })).statusCode).toBe(200);
    const again = await caller.post('/api/blade-system/post/submit', { payload });
    expect(again.statusCode).toBe(400);
    expect(again.json().data.errors).toEqual({ postCode: 'the post code already exists' });
  });

  it('401 for strangers on any path but sign-in, captcha and health; 404 for signed-in users', async () => {
    for (const url of [
      '/api/blade-system/post/list',
      '/api/no/such/thing',
      '/api/blade-system/menu/routes',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ code: 401, success: false });
    }
    const missing = await as(app, token, 'en-US').get('/api/no/such/thing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 404,
      success: false,
      msg: 'no such API: /api/no/such/thing',
    });
    for (const url of ['/api/health', '/api/blade-auth/oauth/captcha']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('500 says nothing of the cause and carries no stack trace', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 500,
      success: false,
      data: null,
      msg: 'server error, please contact the administrator',
    });
    expect(response.body).not.toContain('db-secret-host');
    expect(response.body).not.toContain('at ');
  });
});

describe('operations', () => {
  it('reports database and cache health', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toMatchObject({
      code: 200,
      data: {
        status: 'up',
        database: { kind: process.env.DATABASE_URL ? 'postgres' : 'pglite', status: 'up' },
        cache: { kind: process.env.REDIS_URL ? 'redis' : 'memory', status: 'up' },
      },
    });
  });

  it('gives every request an id, keeping a sane one the caller sent', async () => {
    const fresh = await app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(given.headers['x-request-id']).toBe('trace-12345678');
  });

  it('publishes OpenAPI generated from the route schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/blade-auth/oauth/token', '/api/blade-system/post/list', '/api/health']),
    );
    const submit = document.paths['/api/blade-system/post/submit'].post;
    expect(submit.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['postCode', 'postName']),
    );
    expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('refuses to start a route that declares no permission', async () => {
    const other = await createTestApp();
    try {
      expect(() => other.get('/api/forgotten', async () => 'x')).toThrow(/declares no config.permission/);
    } finally {
      await other.close();
    }
  });
});
