import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dept, user } from '../../src/db/schema/index.js';
import type { Ctx, DataScopeRule, Principal } from '../../src/lib/context.js';
import { type DataScopeTarget, dataScopeCondition } from '../../src/lib/data-scope.js';
import { addDept, addUser, menuIds, rootDept, screenMenuIds } from '../authority-helper.js';
import { as, createTestApp, login } from '../helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

const TENANT = '100003';
const DATA = '/api/blade-system/data-scope';
const API = '/api/blade-system/api-scope';
const ROLE = '/api/blade-system/role';

let app: FastifyInstance;
let platform: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;
let postMenu: string;
let postScreen: string[];
const depts: Record<string, string> = {};
const users: Record<string, string> = {};
const clients: Record<string, ReturnType<typeof as>> = {};
let roleA: string;
let roleB: string;

async function addScope(kind: 'data' | 'api', body: Record<string, unknown>): Promise<string> {
  const response = await platform.post(`${kind === 'data' ? DATA : API}/submit`, {
    payload: { menuId: postMenu, resourceCode: 'post', scopeName: `rule ${Math.random()}`, ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id;
}

async function grant(roleId: string, scopes: { data?: string[]; api?: string[] } = {}) {
  const response = await admin.post(`${ROLE}/grant`, {
    payload: {
      roleIds: [roleId],
      menuIds: postScreen,
      dataScopeIds: scopes.data ?? [],
      apiScopeIds: scopes.api ?? [],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function visiblePosts(account: string): Promise<string[]> {
  const response = await clients[account]!.get('/api/blade-system/post/list?size=100');
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json()
    .data.records.map((row: { postCode: string }) => row.postCode)
    .sort();
}

let tenants: { mine: TenantSide; theirs: TenantSide };

beforeAll(async () => {
  app = await createTestApp();
  tenants = await twoTenants(app, { theirs: TENANT });
  platform = as(app, tenants.mine.token, 'en-US');
  admin = as(app, tenants.theirs.token, 'en-US');
  postMenu = (await menuIds(app, ['post']))[0]!;
  postScreen = [...(await menuIds(app, ['system'])), ...(await screenMenuIds(app, 'post'))];
  // R ─┬─ D1 ── D2
  //    └─ D3
  depts.R = await rootDept(app, TENANT);
  depts.D1 = await addDept(app, TENANT, 'D1', depts.R);
  depts.D2 = await addDept(app, TENANT, 'D2', depts.D1);
  depts.D3 = await addDept(app, TENANT, 'D3', depts.R);
  const role = async (alias: string) =>
    (await admin.post(`${ROLE}/submit`, { payload: { roleName: alias, roleAlias: alias, sort: 3 } })).json()
      .data.id as string;
  roleA = await role('clerk_a');
  roleB = await role('clerk_b');
  await grant(roleA);
  await grant(roleB);
  const people: Array<[string, string, string[]]> = [
    ['u1', 'D1', [roleA]],
    ['u4', 'D1', [roleA]],
    ['u2', 'D2', [roleA]],
    ['u3', 'D3', [roleA]],
    ['u5', 'D2', [roleA, roleB]],
  ];
  for (const [account, deptName, roles] of people) {
    users[account] = await addUser(app, TENANT, account, roles, [depts[deptName]!]);
    clients[account] = as(app, (await login(app, TENANT, account)).access_token, 'en-US');
    const created = await clients[account].post('/api/blade-system/post/submit', {
      payload: { category: 1, postCode: `p-${account}`, postName: `Post of ${account}`, sort: 1 },
    });
    expect(created.statusCode, created.body).toBe(200);
  }
});
afterAll(async () => {
  await app?.close();
});

describe('data scopes and API scopes: administration', () => {
  it('adds, pages by menu, shows, edits and removes data scopes (platform tenant)', async () => {
    const id = await addScope('data', { scopeName: 'Own posts', scopeType: 2, scopeColumn: 'create_user' });
    const page = (await platform.get(`${DATA}/list?menuId=${postMenu}`)).json().data;
    expect(page.records.map((row: { id: string }) => row.id)).toContain(id);
    const [dictMenu] = await menuIds(app, ['dict']);
    expect((await platform.get(`${DATA}/list?menuId=${dictMenu}`)).json().data.total).toBe(0);
    expect((await platform.get(`${DATA}/detail?id=${id}`)).json().data).toMatchObject({
      scopeName: 'Own posts',
      scopeType: 2,
      resourceCode: 'post',
    });
    const edited = await platform.post(`${DATA}/submit`, {
      payload: { id, menuId: postMenu, resourceCode: 'post', scopeName: 'Mine', scopeType: 2 },
    });
    expect(edited.json()).toMatchObject({ msg: 'updated successfully', data: { scopeName: 'Mine' } });
    // BladeX's older path reaches the same rows
    expect((await platform.get(`/api/blade-system/scope/detail?id=${id}`)).json().data.scopeName).toBe(
      'Mine',
    );
    expect((await platform.post(`${DATA}/remove?ids=${id}`)).json()).toMatchObject({ data: 1 });
    expect((await platform.get(`${DATA}/detail?id=${id}`)).statusCode).toBe(404);
  });

  it('validates data scopes: a known menu, a custom value of dept ids, the type', async () => {
    const submit = (payload: Record<string, unknown>) =>
      platform.post(`${DATA}/submit`, {
        payload: { menuId: postMenu, resourceCode: 'post', scopeName: 'x', scopeType: 1, ...payload },
      });
    expect((await submit({ menuId: '42' })).json().data.errors.menuId).toBe('the menu does not exist');
    for (const scopeValue of [undefined, '', 'abc', '1,x']) {
      const response = await submit({ scopeType: 5, scopeValue });
      expect(response.statusCode).toBe(400);
      expect(response.json().data.errors.scopeValue).toMatch(/comma-separated dept ids/);
    }
    const custom = await submit({ scopeType: 5, scopeValue: ' 12, 34 ' });
    expect(custom.json().data.scopeValue).toBe('12,34');
    expect((await submit({ scopeType: 6 })).json().data.errors).toHaveProperty('scopeType');
    expect((await submit({ resourceCode: 'no spaces' })).json().data.errors).toHaveProperty('resourceCode');
    expect((await submit({ scopeName: '   ' })).json().data.errors).toHaveProperty('scopeName');
  });

  it('adds API scopes with a path pattern and validates the path', async () => {
    const id = await addScope('api', {
      scopeName: 'List only',
      scopePath: '/api/blade-system/post/list',
      scopeType: 2,
    });
    expect((await platform.get(`${API}/detail?id=${id}`)).json().data.scopePath).toBe(
      '/api/blade-system/post/list',
    );
    const bad = await platform.post(`${API}/submit`, {
      payload: {
        menuId: postMenu,
        resourceCode: 'post',
        scopeName: 'x',
        scopePath: 'no-slash',
        scopeType: 2,
      },
    });
    expect(bad.json().data.errors.scopePath).toMatch(/must start with \//);
    expect((await platform.get(`${API}/list?menuId=${postMenu}`)).json().data.total).toBeGreaterThan(0);
    expect((await platform.post(`${API}/remove?ids=${id}`)).json().data).toBe(1);
  });

  it('lets tenants read scopes but only the platform tenant change them', async () => {
    const id = await addScope('data', { scopeType: 1 });
    expect((await admin.get(`${DATA}/detail?id=${id}`)).statusCode).toBe(200);
    const edit = await admin.post(`${DATA}/submit`, {
      payload: { id, menuId: postMenu, resourceCode: 'post', scopeName: 'x', scopeType: 2 },
    });
    expect(edit.json().msg).toBe('only the platform tenant may change data and API scopes');
    // shared, so readable: only the changes are refused, and the scope stays as it was
    await expectIsolated(tenants.mine, tenants.theirs, {
      read: `${DATA}/detail?id=${id}`,
      names: [],
      refused: [
        {
          method: 'POST',
          url: `${DATA}/submit`,
          payload: { id, menuId: postMenu, resourceCode: 'post', scopeName: 'x', scopeType: 2 },
          status: 403,
        },
        { method: 'POST', url: `${DATA}/remove?ids=${id}`, status: 403 },
        { method: 'POST', url: `${API}/remove?ids=${id}`, status: 403 },
      ],
    });
  });

  it('needs the data_scope / api_scope codes; the menu list serves those screens too', async () => {
    expect((await clients.u1!.get(`${DATA}/list`)).statusCode).toBe(403);
    expect((await clients.u1!.get(`${API}/list`)).statusCode).toBe(403);
    expect((await clients.u1!.get('/api/blade-system/menu/lazy-menu-list')).statusCode).toBe(403);
    const viewerRole = (
      await admin.post(`${ROLE}/submit`, { payload: { roleName: 'v', roleAlias: 'scope_viewer', sort: 9 } })
    ).json().data.id;
    const [dataScopeMenu] = await menuIds(app, ['data_scope']);
    await admin.post(`${ROLE}/grant`, { payload: { roleIds: [viewerRole], menuIds: [dataScopeMenu] } });
    await addUser(app, TENANT, 'viewer', [viewerRole]);
    const viewer = as(app, (await login(app, TENANT, 'viewer')).access_token);
    expect((await viewer.get(`${DATA}/list`)).statusCode).toBe(200);
    expect((await viewer.get('/api/blade-system/menu/lazy-menu-list')).statusCode).toBe(200);
    expect((await viewer.get('/api/blade-system/menu/lazy-list')).statusCode).toBe(403);
    expect((await viewer.get(`${API}/list`)).statusCode).toBe(403);
  });

  it('grants scopes only with their menu, and shows the scope trees and keys', async () => {
    const scope = await addScope('data', { scopeName: 'Everything', scopeType: 1 });
    const [home] = await menuIds(app, ['home']);
    const refused = await admin.post(`${ROLE}/grant`, {
      payload: { roleIds: [roleB], menuIds: [home], dataScopeIds: [scope] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.errors.dataScopeIds).toBe(
      'a data or API scope can only be granted together with its menu',
    );
    const unknown = await admin.post(`${ROLE}/grant`, {
      payload: { roleIds: [roleB], menuIds: postScreen, apiScopeIds: ['99'] },
    });
    expect(unknown.json().data.errors.apiScopeIds).toBe('some data or API scopes do not exist');
    await grant(roleB, { data: [scope] });
    const keys = (await admin.get(`/api/blade-system/menu/data-scope-tree-keys?roleIds=${roleB}`)).json()
      .data;
    expect(keys).toEqual([scope]);
    expect(
      (await admin.get(`/api/blade-system/menu/api-scope-tree-keys?roleIds=${roleB}`)).json().data,
    ).toEqual([]);
    const tree = (await admin.get('/api/blade-system/menu/grant-data-scope-tree')).json().data;
    expect(tree.map((node: { title: string }) => node.title)).toEqual(['System']);
    const posts = tree[0].children.find((node: { id: string }) => node.id === postMenu);
    expect(posts.children).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: scope, title: 'Everything', category: 3 })]),
    );
    // removing a scope takes it out of the grants
    await platform.post(`${DATA}/remove?ids=${scope}`);
    expect(
      (await admin.get(`/api/blade-system/menu/data-scope-tree-keys?roleIds=${roleB}`)).json().data,
    ).toEqual([]);
    await grant(roleB);
  });
});

describe('data scope enforcement (on posts)', () => {
  const all = ['p-u1', 'p-u2', 'p-u3', 'p-u4', 'p-u5'];
  let scopes: Record<string, string>;

  beforeAll(async () => {
    scopes = {
      all: await addScope('data', { scopeType: 1 }),
      own: await addScope('data', { scopeType: 2 }),
      ownDept: await addScope('data', { scopeType: 3 }),
      below: await addScope('data', { scopeType: 4 }),
      custom: await addScope('data', { scopeType: 5, scopeValue: depts.D3 }),
      otherResource: await addScope('data', { scopeType: 2, resourceCode: 'dept' }),
    };
  });

  it('without a rule for the resource everyone sees every row', async () => {
    await grant(roleA, { data: [scopes.otherResource!] });
    expect(await visiblePosts('u1')).toEqual(all);
  });

  it('1 all: every row', async () => {
    await grant(roleA, { data: [scopes.all!] });
    expect(await visiblePosts('u1')).toEqual(all);
  });

  it('2 own: the rows the user created; others are not found', async () => {
    await grant(roleA, { data: [scopes.own!] });
    expect(await visiblePosts('u1')).toEqual(['p-u1']);
    expect(await visiblePosts('u2')).toEqual(['p-u2']);
    const theirs = (await clients.u2!.get('/api/blade-system/post/list')).json().data.records[0].id;
    expect((await clients.u1!.get(`/api/blade-system/post/detail?id=${theirs}`)).statusCode).toBe(404);
  });

  it('3 own dept: the rows of the user’s dept only', async () => {
    await grant(roleA, { data: [scopes.ownDept!] });
    expect(await visiblePosts('u1')).toEqual(['p-u1', 'p-u4']);
    expect(await visiblePosts('u2')).toEqual(['p-u2', 'p-u5']);
  });

  it('4 own dept and below: the user’s dept and every dept under it', async () => {
    await grant(roleA, { data: [scopes.below!] });
    expect(await visiblePosts('u1')).toEqual(['p-u1', 'p-u2', 'p-u4', 'p-u5']);
    expect(await visiblePosts('u2')).toEqual(['p-u2', 'p-u5']);
    expect(await visiblePosts('u3')).toEqual(['p-u3']);
  });

  it('5 custom: the depts listed in the rule', async () => {
    await grant(roleA, { data: [scopes.custom!] });
    expect(await visiblePosts('u1')).toEqual(['p-u3']);
  });

  it('several rules and several roles add up: a row passes when any rule lets it through', async () => {
    await grant(roleA, { data: [scopes.own!] });
    await grant(roleB, { data: [scopes.custom!] });
    expect(await visiblePosts('u5')).toEqual(['p-u3', 'p-u5']);
    expect(await visiblePosts('u1')).toEqual(['p-u1']);
    await grant(roleA, { data: [scopes.own!, scopes.ownDept!] });
    expect(await visiblePosts('u1')).toEqual(['p-u1', 'p-u4']);
    await grant(roleB, { data: [scopes.all!] });
    expect(await visiblePosts('u5')).toEqual(all);
    await grant(roleA);
    await grant(roleB);
  });

  it('does not bind the administrator role', async () => {
    const response = await admin.get('/api/blade-system/post/list?size=100');
    expect(response.json().data.total).toBe(all.length);
  });
});

describe('the data-scope condition against the database', () => {
  function ctxFor(account: string, deptNames: string[], rules: Array<Partial<DataScopeRule>>): Ctx {
    return {
      tenantId: TENANT,
      user: { userId: users[account]! } as Principal,
      roles: [],
      depts: deptNames.map((name) => depts[name]!),
      dataScopes: rules.map((rule) => ({
        resourceCode: 'user',
        scopeColumn: null,
        scopeType: 1,
        scopeValue: null,
        ...rule,
      })),
      language: 'en-US',
      db: app.database.db,
    };
  }
  const userTarget = (): DataScopeTarget => ({ code: 'user', deptList: user.deptId, user: user.id });

  async function accounts(ctx: Ctx): Promise<string[]> {
    const rows = await app.database.db
      .select({ account: user.account })
      .from(user)
      .where(and(eq(user.tenantId, TENANT), eq(user.isDeleted, 0), dataScopeCondition(ctx, userTarget())));
    return rows
      .map((row) => row.account)
      .filter((account) => /^u\d$/.test(account))
      .sort();
  }

  it('adds nothing without rules for the code, or with an "all" rule among them', () => {
    expect(dataScopeCondition(ctxFor('u1', ['D1'], []), userTarget())).toBeUndefined();
    expect(
      dataScopeCondition(ctxFor('u1', ['D1'], [{ resourceCode: 'post', scopeType: 2 }]), userTarget()),
    ).toBeUndefined();
    expect(
      dataScopeCondition(ctxFor('u1', ['D1'], [{ scopeType: 2 }, { scopeType: 1 }]), userTarget()),
    ).toBeUndefined();
  });

  it('restricts a dept-list column (blade_user.dept_id) by type', async () => {
    expect(await accounts(ctxFor('u1', ['D1'], [{ scopeType: 2 }]))).toEqual(['u1']);
    expect(await accounts(ctxFor('u1', ['D1'], [{ scopeType: 3 }]))).toEqual(['u1', 'u4']);
    expect(await accounts(ctxFor('u1', ['D1'], [{ scopeType: 4 }]))).toEqual(['u1', 'u2', 'u4', 'u5']);
    expect(
      await accounts(ctxFor('u1', ['D1'], [{ scopeType: 5, scopeValue: `${depts.D3},${depts.D2}` }])),
    ).toEqual(['u2', 'u3', 'u5']);
    expect(await accounts(ctxFor('u1', ['D3', 'D2'], [{ scopeType: 3 }]))).toEqual(['u2', 'u3', 'u5']);
    expect(
      await accounts(ctxFor('u1', ['D1'], [{ scopeType: 2 }, { scopeType: 5, scopeValue: depts.D3 }])),
    ).toEqual(['u1', 'u3']);
  });

  it('matches a user listed in several depts, and shows nothing to a user without a dept', async () => {
    const many = await addUser(app, TENANT, 'u6', [], [depts.D3!, depts.D1!]);
    expect(await accounts(ctxFor('u1', ['D1'], [{ scopeType: 3 }]))).toEqual(['u1', 'u4', 'u6']);
    expect(await accounts(ctxFor('u1', [], [{ scopeType: 3 }]))).toEqual([]);
    expect(await accounts(ctxFor('u1', [], [{ scopeType: 4 }]))).toEqual([]);
    expect(await accounts(ctxFor('u1', ['D1'], [{ scopeType: 5, scopeValue: '' }]))).toEqual([]);
    await app.database.db.update(user).set({ isDeleted: 1 }).where(eq(user.id, many));
  });

  it('restricts a single dept column, also when the target is the dept table itself', async () => {
    const ctx = (type: number) =>
      ({ ...ctxFor('u1', ['D1'], [{ scopeType: type, resourceCode: 'dept' }]) }) satisfies Ctx;
    const names = async (type: number) =>
      (
        await app.database.db
          .select({ name: dept.deptName })
          .from(dept)
          .where(
            and(eq(dept.tenantId, TENANT), dataScopeCondition(ctx(type), { code: 'dept', dept: dept.id })),
          )
      )
        .map((row) => row.name)
        .sort();
    expect(await names(3)).toEqual(['D1']);
    expect(await names(4)).toEqual(['D1', 'D2']);
  });

  it('never lets another tenant’s depts in through "own dept and below"', async () => {
    const ctx = { ...ctxFor('u1', ['D1'], [{ scopeType: 4 }]), tenantId: '000000' };
    expect(await accounts(ctx)).toEqual([]);
  });
});

describe('API scope enforcement', () => {
  let rules: Record<string, string>;

  beforeAll(async () => {
    rules = {
      list: await addScope('api', { scopePath: '/api/blade-system/post/list', scopeType: 2 }),
      detail: await addScope('api', { scopePath: '/blade-system/post/detail', scopeType: 2 }),
      everything: await addScope('api', { scopePath: '/blade-system/post/**', scopeType: 2 }),
      oneLevel: await addScope('api', { scopePath: '/api/blade-system/post/*', scopeType: 2 }),
      all: await addScope('api', { scopePath: '/nothing', scopeType: 1 }),
      button: await addScope('api', {
        resourceCode: 'post_add',
        scopePath: '/api/blade-system/post/none',
        scopeType: 2,
      }),
    };
  });

  async function statuses(account: string) {
    const client = clients[account]!;
    const list = await client.get('/api/blade-system/post/list');
    const id = list.statusCode === 200 ? list.json().data.records[0]?.id : '1';
    const detail = await client.get(`/api/blade-system/post/detail?id=${id}`);
    const add = await client.post('/api/blade-system/post/submit', {
      payload: { category: 1, postCode: `api-${Math.random()}`, postName: 'x', sort: 1 },
    });
    return { list: list.statusCode, detail: detail.statusCode, add: add.statusCode };
  }

  it('without a rule the menu permission alone decides', async () => {
    await grant(roleA);
    expect(await statuses('u1')).toEqual({ list: 200, detail: 200, add: 200 });
  });

  it('with rules for the resource only the granted paths may be called (the menu’s buttons included)', async () => {
    await grant(roleA, { api: [rules.list!] });
    expect(await statuses('u1')).toEqual({ list: 200, detail: 403, add: 403 });
    const refused = await clients.u1!.get('/api/blade-system/post/detail?id=1');
    expect(refused.json().msg).toBe('your API scope does not allow calling this path');
    // routes of other resources and plain signed-in routes are untouched
    expect((await clients.u1!.get('/api/blade-system/post/select')).statusCode).toBe(200);
    expect((await clients.u1!.get('/api/blade-system/menu/routes')).statusCode).toBe(200);
    await grant(roleA, { api: [rules.list!, rules.detail!] });
    expect(await statuses('u1')).toEqual({ list: 200, detail: 200, add: 403 });
  });

  it('accepts * (one segment) and ** (any depth) at the end of a path, and type 1 for every path', async () => {
    await grant(roleA, { api: [rules.everything!] });
    expect(await statuses('u1')).toEqual({ list: 200, detail: 200, add: 200 });
    await grant(roleA, { api: [rules.oneLevel!] });
    expect(await statuses('u1')).toEqual({ list: 200, detail: 200, add: 200 });
    await grant(roleA, { api: [rules.all!] });
    expect(await statuses('u1')).toEqual({ list: 200, detail: 200, add: 200 });
  });

  it('a rule on a button code covers that button only', async () => {
    await grant(roleA, { api: [rules.button!] });
    expect(await statuses('u1')).toEqual({ list: 200, detail: 200, add: 403 });
  });

  it('adds up the rules of several roles', async () => {
    await grant(roleA, { api: [rules.list!] });
    await grant(roleB, { api: [rules.detail!] });
    expect(await statuses('u5')).toEqual({ list: 200, detail: 200, add: 403 });
    expect(await statuses('u1')).toEqual({ list: 200, detail: 403, add: 403 });
    await grant(roleA);
    await grant(roleB);
    expect(await statuses('u5')).toEqual({ list: 200, detail: 200, add: 200 });
  });
});
