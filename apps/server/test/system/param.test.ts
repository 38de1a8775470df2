import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menu, param, role, roleMenu, user } from '../../src/db/schema/index.js';
import type { Ctx } from '../../src/lib/context.js';
import { newId } from '../../src/lib/ids.js';
import { hashPassword, md5Hex } from '../../src/lib/password.js';
import { ADMIN_PASSWORD, as, createTestApp, login } from '../helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

let app: FastifyInstance;
let tenants: { mine: TenantSide; theirs: TenantSide };
let platform: string;
let tenantB: string;
const B = '300201';
const BASE = '/api/blade-system/param';

type Row = Record<string, unknown> & { id: string };

function submit(token: string, payload: Record<string, unknown>, language?: string) {
  return as(app, token, language).post(`${BASE}/submit`, { payload });
}

function ctxOf(tenantId: string): Ctx {
  return {
    tenantId,
    user: null,
    roles: [],
    depts: [],
    dataScopes: [],
    language: 'zh-CN',
    db: app.database.db,
  };
}

beforeAll(async () => {
  app = await createTestApp();
  tenants = await twoTenants(app, { theirs: B });
  platform = tenants.mine.token;
  tenantB = tenants.theirs.token;
});
afterAll(async () => {
  await app?.close();
});

describe('parameters', () => {
  let created: Row;

  it('the platform adds a parameter with a multi-line value', async () => {
    const response = await submit(platform, {
      paramName: '  巡检报告抬头 ',
      paramKey: 'report.header',
      paramValue: '第一行\n第二行',
      remark: 'two lines',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().msg).toBe('新增成功');
    created = response.json().data;
    expect(created).toMatchObject({
      paramName: '巡检报告抬头',
      paramKey: 'report.header',
      paramValue: '第一行\n第二行',
    });
  });

  it('searches by name and key but not by value', async () => {
    const byName = (
      await as(app, platform).get(`${BASE}/list?paramName=${encodeURIComponent('报告')}`)
    ).json().data;
    expect(byName.records.map((row: Row) => row.id)).toEqual([created.id]);
    const byKey = (await as(app, platform).get(`${BASE}/list?paramKey=initPass`)).json().data;
    expect(byKey.records.map((row: Row) => row.paramKey)).toEqual(['account.initPassword']);
    const byValue = (await as(app, platform).get(`${BASE}/list?paramValue=nothing-matches`)).json().data;
    expect(byValue.total).toBe(2);
  });

  it('reads, updates and removes one', async () => {
    const detail = await as(app, platform).get(`${BASE}/detail?id=${created.id}`);
    expect(detail.json().data.paramValue).toBe('第一行\n第二行');
    const update = await submit(platform, {
      id: created.id,
      paramName: 'Report header',
      paramKey: 'report.title',
      paramValue: 'One line',
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().msg).toBe('修改成功');
    expect(await app.services.params.value(ctxOf('000000'), 'report.title')).toBe('One line');
    const removed = await as(app, platform).post(`${BASE}/remove?ids=${created.id}`);
    expect(removed.json()).toMatchObject({ code: 200, data: 1, msg: '删除成功' });
    expect((await as(app, platform).get(`${BASE}/detail?id=${created.id}`)).statusCode).toBe(404);
    expect(await app.services.params.value(ctxOf('000000'), 'report.title', 'none')).toBe('none');
  });

  it('a key is unique', async () => {
    const response = await submit(
      platform,
      { paramName: 'x', paramKey: 'account.initPassword', paramValue: '1' },
      'en-US',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual({ paramKey: 'the key name already exists' });
  });

  it('the reset-password parameter can change value but cannot be renamed or removed', async () => {
    const [initial] = await app.database.db
      .select()
      .from(param)
      .where(eq(param.paramKey, 'account.initPassword'));
    const renamed = await submit(
      platform,
      { id: initial!.id, paramName: 'x', paramKey: 'account.other', paramValue: '1' },
      'en-US',
    );
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().data.errors).toEqual({
      paramKey: 'a built-in parameter cannot be removed and its key name cannot be changed',
    });
    const removed = await as(app, platform).post(`${BASE}/remove?ids=${initial!.id}`);
    expect(removed.statusCode).toBe(400);
    expect(removed.json().msg).toBe('系统内置参数不能删除，也不能修改键名');
    const changed = await submit(platform, {
      id: initial!.id,
      paramName: initial!.paramName,
      paramKey: 'account.initPassword',
      paramValue: 'Reset@2024',
    });
    expect(changed.statusCode).toBe(200);
    // What the user area's reset-password reads, whatever the caller's tenant.
    expect(await app.services.params.value(ctxOf(B), 'account.initPassword')).toBe('Reset@2024');
  });
});

describe('validation (spec §5 messages)', () => {
  const cases: Array<[Record<string, unknown>, string, string, string]> = [
    [{ paramName: undefined }, 'paramName', '请输入参数名称', 'please enter the parameter name'],
    [{ paramName: '   ' }, 'paramName', '请输入参数名称', 'please enter the parameter name'],
    [{ paramKey: '' }, 'paramKey', '请输入参数键名', 'please enter the key name'],
    [{ paramKey: null }, 'paramKey', '请输入参数键名', 'please enter the key name'],
    [{ paramValue: undefined }, 'paramValue', '请输入参数键值', 'please enter the key value'],
    [{ paramValue: ' \n ' }, 'paramValue', '请输入参数键值', 'please enter the key value'],
    [{ paramName: 'x'.repeat(201) }, 'paramName', '长度不能超过 200 个字符', 'at most 200 characters'],
    [{ paramValue: 'x'.repeat(2001) }, 'paramValue', '长度不能超过 2000 个字符', 'at most 2000 characters'],
  ];
  for (const [change, field, zh, en] of cases) {
    it(`${field}: ${JSON.stringify(change).slice(0, 40)}`, async () => {
      const payload = { paramName: 'Name', paramKey: 'valid.key', paramValue: 'v', ...change };
      for (const [language, message] of [
        ['zh-CN', zh],
        ['en-US', en],
      ] as const) {
        const response = await submit(platform, payload, language);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 400, success: false, msg: `${field}: ${message}` });
        expect(response.json().data.errors[field]).toBe(message);
      }
    });
  }

  it('an empty body names all three fields; nothing is written', async () => {
    const response = await submit(platform, {}, 'en-US');
    expect(response.json().data.errors).toEqual({
      paramName: 'please enter the parameter name',
      paramKey: 'please enter the key name',
      paramValue: 'please enter the key value',
    });
    const rows = await app.database.db.select().from(param).where(eq(param.paramKey, 'valid.key'));
    expect(rows).toEqual([]);
  });
});

describe('who may change parameters', () => {
  it('parameters are platform-wide: a tenant reads them but cannot change them', async () => {
    const caller = as(app, tenantB, 'en-US');
    const list = (await caller.get(`${BASE}/list`)).json().data;
    expect(list.records.map((row: Row) => row.paramKey)).toContain('account.initPassword');
    const [initial] = await app.database.db
      .select()
      .from(param)
      .where(eq(param.paramKey, 'account.initPassword'));
    const shared = 'parameters are shared by all tenants: only the platform tenant can change them';
    const refused = { status: 403, method: 'POST' as const };
    // shared, so readable: only the changes are refused, and the parameter stays as it was
    await expectIsolated(tenants.mine, tenants.theirs, {
      read: `${BASE}/detail?id=${initial!.id}`,
      names: [],
      refused: [
        {
          ...refused,
          url: `${BASE}/submit`,
          payload: { paramName: 'Mine', paramKey: 'tenant.own', paramValue: '1' },
        },
        {
          ...refused,
          url: `${BASE}/submit`,
          payload: {
            id: initial!.id,
            paramName: 'x',
            paramKey: 'account.initPassword',
            paramValue: 'hacked',
          },
        },
        { ...refused, url: `${BASE}/remove?ids=${initial!.id}` },
      ],
    });
    expect((await caller.post(`${BASE}/remove?ids=${initial!.id}`)).json().msg).toBe(shared);
  });

  it('a platform role with the menu but without the button codes gets 403', async () => {
    const db = app.database.db;
    const roleId = newId();
    await db
      .insert(role)
      .values({ id: roleId, tenantId: '000000', roleName: 'Param viewer', roleAlias: 'param_viewer' });
    const menus = await db
      .select({ id: menu.id })
      .from(menu)
      .where(inArray(menu.code, ['param']));
    await db.insert(roleMenu).values(menus.map((row) => ({ id: newId(), roleId, menuId: row.id })));
    await db.insert(user).values({
      id: newId(),
      tenantId: '000000',
      account: 'paramviewer',
      password: await hashPassword(md5Hex(ADMIN_PASSWORD), 10),
      name: 'paramviewer',
      roleId,
    });
    const viewer = (await login(app, '000000', 'paramviewer')).access_token;
    expect((await as(app, viewer).get(`${BASE}/list`)).statusCode).toBe(200);
    const [initial] = await db.select().from(param).where(eq(param.paramKey, 'account.initPassword'));
    for (const response of [
      await submit(viewer, { paramName: 'x', paramKey: 'viewer.key', paramValue: '1' }, 'en-US'),
      await submit(
        viewer,
        { id: initial!.id, paramName: 'x', paramKey: 'account.initPassword', paramValue: '1' },
        'en-US',
      ),
      await as(app, viewer, 'en-US').post(`${BASE}/remove?ids=${initial!.id}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().msg).toBe('you do not have permission for this action');
    }
  });
});
