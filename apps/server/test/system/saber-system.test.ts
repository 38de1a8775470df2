import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, CLIENT_BASIC, createTestApp, login } from '../helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';
import { saber } from '../saber-helper.js';

/** System screens of the Saber console that called what BladeX answers and we did not. */
const TENANT = '100021';
let app: FastifyInstance;
let platform: ReturnType<typeof saber>;
let admin: ReturnType<typeof saber>;
let other: ReturnType<typeof saber>;
/** TENANT owns the rows, tenant 100022 tries to reach them. */
let tenants: { mine: TenantSide; theirs: TenantSide };

beforeAll(async () => {
  app = await createTestApp();
  tenants = await twoTenants(app, { mine: TENANT, theirs: '100022' });
  platform = saber(app, (await login(app)).access_token);
  admin = saber(app, tenants.mine.token);
  other = saber(app, tenants.theirs.token);
});
afterAll(async () => {
  await app?.close();
});

describe('the new routes', () => {
  it('are in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/blade-system/tenant/select']).toHaveProperty('get');
    expect(doc.paths['/api/blade-system/dept/lazy-list']).toHaveProperty('get');
    const remove = doc.paths['/api/blade-system/region/remove'].post.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(remove).toEqual(expect.arrayContaining(['id', 'ids']));
  });
});

describe('the sign-in page', () => {
  it('gets {} from tenant/info when no tenant owns the address, so it can read data.tenantId', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/blade-system/tenant/info?domain=${encodeURIComponent('http://localhost:1888/#/login')}`,
      headers: { authorization: CLIENT_BASIC },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, success: true, data: {} });
    expect(response.json().data.tenantId).toBeUndefined();
  });
});

describe('tenant/select', () => {
  it('lists every tenant for the platform and only one’s own tenant for others', async () => {
    const all = (await platform.get('/api/blade-system/tenant/select')).json().data as Array<{
      tenantId: string;
    }>;
    expect(all.map((row) => row.tenantId)).toEqual(expect.arrayContaining(['000000', TENANT, '100022']));
    const own = (await admin.get('/api/blade-system/tenant/select')).json().data;
    expect(own).toEqual([{ id: expect.any(String), tenantId: TENANT, tenantName: `Tenant ${TENANT}` }]);
  });
});

describe('regions', () => {
  it('adds a division below the selected one (the form keeps its id), removes it by id', async () => {
    const provinces = (await platform.get('/api/blade-system/region/lazy-tree?parentCode=00')).json().data;
    expect(provinces[0]).toMatchObject({ id: '11', hasChildren: true });
    const selected = (await platform.get('/api/blade-system/region/detail?code=11')).json().data;
    // region.vue addChildren + handleSubmit: the detail's fields, the parent set to it, a new code
    const added = await platform.post('/api/blade-system/region/submit', {
      ...selected,
      parentCode: '11',
      parentName: selected.name,
      code: '1199',
      subCode: '99',
      name: '测试区',
      regionLevel: null,
    });
    expect(added.json(), added.body).toMatchObject({ code: 200, data: { code: '1199', parentCode: '11' } });
    expect((await platform.get('/api/blade-system/region/detail?code=11')).json().data.name).toBe(
      selected.name,
    );
    expect((await other.post('/api/blade-system/region/remove?id=1199')).statusCode).toBe(403);
    const removed = await platform.post('/api/blade-system/region/remove?id=1199');
    expect(removed.json()).toMatchObject({ code: 200, data: 1 });
    expect((await platform.get('/api/blade-system/region/detail?code=1199')).statusCode).toBe(404);
    const nothing = await as(app, (await login(app)).access_token, 'en-US').post(
      '/api/blade-system/region/remove',
    );
    expect(nothing.json()).toMatchObject({ code: 400, data: { errors: { id: 'id is required' } } });
  });
});

describe('dictionaries', () => {
  it('answers the whole tree for code=DICT, as BladeX does, and one dictionary for its code', async () => {
    for (const base of ['/api/blade-system/dict', '/api/blade-system/dict-biz']) {
      const every = (await admin.get(`${base}/tree`)).json().data;
      const saberTree = (await admin.get(`${base}/tree?code=DICT`)).json().data;
      expect(saberTree.length, base).toBeGreaterThan(1);
      expect(saberTree).toEqual(every);
    }
    const sex = (await admin.get('/api/blade-system/dict/tree?code=sex')).json().data;
    expect(sex).toHaveLength(1);
  });
});

describe('dept/lazy-list', () => {
  it('answers one level with hasChildren, searches at any depth, and stays in the tenant', async () => {
    const post = (body: Record<string, unknown>) => admin.post('/api/blade-system/dept/submit', body);
    const [root] = (await admin.get('/api/blade-system/dept/lazy-list?parentId=0')).json().data;
    expect(root).toMatchObject({ parentId: '0', tenantId: TENANT, title: root.deptName });
    const area = (
      await post({ parentId: root.id, deptName: 'North', fullName: 'North area', deptCategory: 2 })
    ).json().data;
    await post({
      parentId: area.id,
      deptName: 'Hangar crew',
      fullName: 'North hangar crew',
      deptCategory: 3,
    });
    expect((await admin.get('/api/blade-system/dept/lazy-list?parentId=0')).json().data).toEqual([
      expect.objectContaining({ id: root.id, hasChildren: true }),
    ]);
    const below = (await admin.get(`/api/blade-system/dept/lazy-list?parentId=${root.id}`)).json().data;
    expect(below).toEqual([expect.objectContaining({ id: area.id, deptName: 'North', hasChildren: true })]);
    // dept.vue searchChange: parentId '' and the search fields
    const found = await admin.get(
      '/api/blade-system/dept/lazy-list?deptName=crew&tenantId=&fullName=&parentId=',
    );
    expect(found.json().data.map((row: { deptName: string }) => row.deptName)).toEqual(['Hangar crew']);
    expect((await other.get(`/api/blade-system/dept/lazy-list?parentId=${root.id}`)).json().data).toEqual([]);
    await expectIsolated(tenants.mine, tenants.theirs, {
      read: `/api/blade-system/dept/detail?id=${area.id}`,
      names: [area.id, 'North area'],
      hidden: [
        `/api/blade-system/dept/lazy-list?parentId=${root.id}`,
        '/api/blade-system/dept/lazy-list?deptName=crew&tenantId=&fullName=&parentId=',
      ],
      refused: [{ url: `/api/blade-system/dept/lazy-list?tenantId=${TENANT}`, status: 403 }],
    });
  });
});

describe('SMS configurations', () => {
  const SMS = '/api/blade-resource/sms';
  const config = (category: number, smsCode: string) => ({
    category,
    smsCode,
    templateId: 'SMS_1',
    accessKey: 'ak',
    secretKey: 'sk',
    regionId: 'cn-hangzhou',
    signName: 'Drone Cloud',
  });

  it('stores a configuration of every carrier of the sms_category dictionary, and no other', async () => {
    for (const [category, code] of [
      [1, 'yunpian'],
      [2, 'qiniu'],
      [3, 'aliyun'],
      [4, 'tencent'],
    ] as const) {
      const saved = await admin.post(`${SMS}/submit`, config(category, code));
      expect(saved.json(), saved.body).toMatchObject({ code: 200, data: { category, smsCode: code } });
    }
    const unknown = await admin.post(`${SMS}/submit`, config(9, 'nine'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.errors).toHaveProperty('category');
  });

  it('refuses a send through a carrier the platform does not ship, naming it, before anything is done', async () => {
    const params = encodeURIComponent('{"code":"1234"}');
    const send = await admin.post(
      `${SMS}/endpoint/send-message?code=aliyun&phones=13800138000&params=${params}`,
    );
    expect(send.statusCode).toBe(400);
    expect(send.json()).toMatchObject({ code: 400, success: false });
    expect(send.json().msg).toContain('阿里云');
    const english = await as(app, (await login(app, TENANT)).access_token, 'en-US').post(
      `${SMS}/endpoint/send-message?code=tencent&phones=13800138000`,
    );
    expect(english.json().msg).toContain('Tencent Cloud');
    const list = (await admin.get(`${SMS}/list?category=&smsCode=aliyun&current=1&size=10`)).json().data;
    await admin.post(`${SMS}/enable?id=${list.records[0].id}`);
    const code = await admin.post(`${SMS}/endpoint/send-validate?phone=13800138001`);
    expect(code.statusCode).toBe(400);
    expect(code.json().msg).toContain('阿里云');
    // the refused attempt used none of the phone's quota: the built-in outbox sends at once
    const outbox = (await admin.post(`${SMS}/submit`, config(0, 'outbox'))).json().data;
    await admin.post(`${SMS}/enable?id=${outbox.id}`);
    expect((await admin.post(`${SMS}/endpoint/send-validate?phone=13800138001`)).statusCode).toBe(200);
    // another tenant has no such configuration
    await expectIsolated(tenants.mine, tenants.theirs, {
      read: `${SMS}/detail?id=${list.records[0].id}`,
      names: [list.records[0].id],
      refused: [
        {
          method: 'POST',
          url: `${SMS}/endpoint/send-message?code=aliyun&phones=13800138000`,
          status: 400,
          field: 'code',
        },
      ],
    });
  });
});
