import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dict, dictBiz, menu, role, roleMenu, user } from '../../src/db/schema/index.js';
import { newId } from '../../src/lib/ids.js';
import { hashPassword, md5Hex } from '../../src/lib/password.js';
import { ADMIN_PASSWORD, as, createTestApp, login } from '../helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

let app: FastifyInstance;
let platform: string;
let tenantB: string;
let tenantC: string;
const A = '000000';
const B = '300101';
const C = '300102';
const SYS = '/api/blade-system/dict';
const BIZ = '/api/blade-system/dict-biz';

type Row = Record<string, unknown> & { id: string };

/** A user of `tenantId` holding a new role with only the given menu codes. */
async function userWithMenus(tenantId: string, account: string, codes: string[]): Promise<string> {
  const db = app.database.db;
  const roleId = newId();
  await db.insert(role).values({ id: roleId, tenantId, roleName: account, roleAlias: account });
  const menus = await db.select({ id: menu.id }).from(menu).where(inArray(menu.code, codes));
  await db.insert(roleMenu).values(menus.map((row) => ({ id: newId(), roleId, menuId: row.id })));
  await db.insert(user).values({
    id: newId(),
    tenantId,
    account,
    password: await hashPassword(md5Hex(ADMIN_PASSWORD), 10),
    name: account,
    roleId,
  });
  return (await login(app, tenantId, account)).access_token;
}

async function submit(token: string, base: string, payload: Record<string, unknown>, language?: string) {
  return as(app, token, language).post(`${base}/submit`, { payload });
}

async function created(token: string, base: string, payload: Record<string, unknown>): Promise<Row> {
  const response = await submit(token, base, { sort: 1, isSealed: 0, ...payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** B owns the rows under test, C tries to reach them. */
let tenants: { mine: TenantSide; theirs: TenantSide };

beforeAll(async () => {
  app = await createTestApp();
  tenants = await twoTenants(app, { mine: B, theirs: C });
  platform = (await login(app, A)).access_token;
  tenantB = tenants.mine.token;
  tenantC = tenants.theirs.token;
});
afterAll(async () => {
  await app?.close();
});

describe('system dictionaries (dict)', () => {
  let parent: Row;
  let child: Row;

  it('the platform adds a dictionary and its entries; an entry takes its dictionary code', async () => {
    parent = await created(platform, SYS, {
      code: 'drone_color',
      dictValue: '机身颜色',
      dictValueEn: 'Body colour',
    });
    expect(parent).toMatchObject({ parentId: '0', dictKey: '-1', code: 'drone_color', isSealed: 0 });
    child = await created(platform, SYS, {
      parentId: parent.id,
      code: 'whatever',
      dictKey: 'red',
      dictValue: '红色',
      dictValueEn: 'Red',
      sort: 2,
    });
    expect(child).toMatchObject({ parentId: parent.id, code: 'drone_color', dictKey: 'red' });
    await created(platform, SYS, {
      parentId: parent.id,
      code: 'drone_color',
      dictKey: 'grey',
      dictValue: '灰色',
    });
    const response = await submit(
      platform,
      SYS,
      { parentId: parent.id, code: 'drone_color', dictKey: 'red', dictValue: 'x', sort: 3, isSealed: 0 },
      'en-US',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual({ dictKey: 'this key already exists under the same parent' });
  });

  it('lists dictionaries (parents) with search, and the entries of one with parentId', async () => {
    const parents = (await as(app, platform).get(`${SYS}/list?code=drone_col`)).json().data;
    expect(parents.records.map((row: Row) => row.id)).toEqual([parent.id]);
    const byName = (
      await as(app, platform).get(`${SYS}/parent-list?dictValue=${encodeURIComponent('机身')}`)
    ).json().data;
    expect(byName.total).toBe(1);
    const all = (await as(app, platform).get(`${SYS}/list?size=100`)).json().data;
    expect(all.records.every((row: Row) => row.parentId === '0')).toBe(true);
    expect(all.total).toBeGreaterThan(20);
    const entries = (await as(app, platform).get(`${SYS}/list?parentId=${parent.id}`)).json().data;
    expect(entries.records.map((row: Row) => row.dictKey)).toEqual(['grey', 'red']);
  });

  it('answers child-list as a tree, detail with the parent name, tree-select nodes and dictionary-tree', async () => {
    const nested = await created(platform, SYS, {
      parentId: child.id,
      code: 'drone_color',
      dictKey: 'dark',
      dictValue: '深红',
      dictValueEn: 'Dark red',
    });
    const tree = (await as(app, platform).get(`${SYS}/child-list?parentId=${parent.id}`)).json().data;
    expect(tree.map((node: Row) => [node.dictKey, node.hasChildren])).toEqual([
      ['grey', false],
      ['red', true],
    ]);
    expect(tree[1].children.map((node: Row) => node.id)).toEqual([nested.id]);
    const detail = (await as(app, platform, 'en-US').get(`${SYS}/detail?id=${nested.id}`)).json().data;
    expect(detail).toMatchObject({ dictKey: 'dark', parentName: 'Red' });
    const select = (await as(app, platform).get(`${SYS}/tree?code=drone_color`)).json().data;
    expect(select).toHaveLength(1);
    expect(select[0]).toMatchObject({
      id: parent.id,
      title: '机身颜色',
      key: parent.id,
      value: parent.id,
      hasChildren: true,
    });
    expect(select[0].children[1].children[0]).toMatchObject({ title: '深红', value: nested.id });
    const everything = (await as(app, platform).get(`${SYS}/tree`)).json().data;
    expect(everything.length).toBeGreaterThan(20);
    const dictionaryTree = (
      await as(app, platform, 'en-US').get(`${SYS}/dictionary-tree?code=drone_color`)
    ).json().data;
    expect(dictionaryTree[1]).toMatchObject({
      dictKey: 'red',
      dictValue: 'Red',
      title: 'Red',
      key: 'red',
      value: 'red',
    });
    expect(dictionaryTree[1].children[0]).toMatchObject({ dictKey: 'dark', title: 'Dark red' });
    const flat = (await as(app, platform, 'en-US').get(`${SYS}/dictionary?code=drone_color`)).json().data;
    expect(flat.map((row: Row) => row.dictValue)).toEqual(['灰色', 'Red']);
  });

  it('renaming a dictionary renames the code of its entries, so dictionary answers under the new code', async () => {
    const response = await submit(platform, SYS, {
      id: parent.id,
      parentId: '0',
      code: 'body_color',
      dictValue: '机身颜色',
      sort: 5,
      isSealed: 0,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().msg).toBe('修改成功');
    const entries = (await as(app, platform).get(`${SYS}/dictionary?code=body_color`)).json().data;
    expect(entries.map((row: Row) => row.dictKey)).toEqual(['grey', 'red']);
    expect((await as(app, platform).get(`${SYS}/dictionary?code=drone_color`)).json().data).toEqual([]);
    const rows = await app.database.db.select().from(dict).where(eq(dict.code, 'drone_color'));
    expect(rows).toEqual([]);
  });

  it('refuses a second dictionary with the same code', async () => {
    const response = await submit(
      platform,
      SYS,
      { code: 'sex', dictValue: '性别2', sort: 1, isSealed: 0 },
      'en-US',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual({ code: 'the dictionary code already exists' });
  });

  it('moves an entry only within its dictionary and never under itself', async () => {
    const [nested] = await app.database.db.select().from(dict).where(eq(dict.dictKey, 'dark'));
    const under = await submit(
      platform,
      SYS,
      {
        id: child.id,
        parentId: nested!.id,
        code: 'body_color',
        dictKey: 'red',
        dictValue: '红色',
        sort: 2,
        isSealed: 0,
      },
      'en-US',
    );
    expect(under.statusCode).toBe(400);
    expect(under.json().data.errors.parentId).toBe(
      'the parent cannot be the entry itself or one of its own entries',
    );
    const [sex] = await app.database.db.select().from(dict).where(eq(dict.code, 'sex'));
    const elsewhere = await submit(
      platform,
      SYS,
      {
        id: child.id,
        parentId: sex!.id,
        code: 'sex',
        dictKey: 'red',
        dictValue: '红色',
        sort: 2,
        isSealed: 0,
      },
      'en-US',
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().data.errors).toHaveProperty('parentId');
    const toRoot = await submit(platform, SYS, {
      id: child.id,
      parentId: '0',
      code: 'body_color',
      dictValue: '红色',
      sort: 2,
      isSealed: 0,
    });
    expect(toRoot.statusCode).toBe(400);
    const rootUnder = await submit(platform, SYS, {
      id: parent.id,
      parentId: sex!.id,
      code: 'sex',
      dictKey: 'x',
      dictValue: 'x',
      sort: 2,
      isSealed: 0,
    });
    expect(rootUnder.statusCode).toBe(400);
    const missing = await submit(
      platform,
      SYS,
      { parentId: '123456789', code: 'body_color', dictKey: 'x', dictValue: 'x', sort: 2, isSealed: 0 },
      'en-US',
    );
    expect(missing.json().data.errors).toEqual({ parentId: 'the parent dictionary does not exist' });
  });

  it('an update without parentId keeps the entry under its parent', async () => {
    const response = await submit(platform, SYS, {
      id: child.id,
      code: 'body_color',
      dictKey: 'red',
      dictValue: '大红',
      sort: 2,
      isSealed: 0,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ parentId: parent.id, dictValue: '大红' });
  });

  it('refuses to remove an entry that still has entries under it, in both languages', async () => {
    const zh = await as(app, platform).post(`${SYS}/remove?ids=${parent.id}`);
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toBe('该字典下还有字典项，请先删除子项');
    const en = await as(app, platform, 'en-US').post(`${SYS}/remove?ids=${child.id}`);
    expect(en.json().msg).toBe('this entry still has entries under it: remove them first');
    expect((await as(app, platform).get(`${SYS}/detail?id=${child.id}`)).statusCode).toBe(200);
  });

  it('removes a dictionary together with every entry under it when all are selected', async () => {
    const rows = await app.database.db.select().from(dict).where(eq(dict.code, 'body_color'));
    expect(rows).toHaveLength(4);
    const response = await as(app, platform).post(`${SYS}/remove?ids=${rows.map((row) => row.id).join(',')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: 4, msg: '删除成功' });
    expect((await as(app, platform).get(`${SYS}/dictionary?code=body_color`)).json().data).toEqual([]);
    expect((await as(app, platform).get(`${SYS}/detail?id=${parent.id}`)).statusCode).toBe(404);
  });

  it('any tenant reads system dictionaries; only the platform tenant changes them', async () => {
    const caller = as(app, tenantB, 'en-US');
    expect((await caller.get(`${SYS}/dictionary?code=sex`)).json().data).toHaveLength(3);
    const list = await caller.get(`${SYS}/list`);
    expect(list.statusCode).toBe(200);
    const [sex] = await app.database.db.select().from(dict).where(eq(dict.code, 'sex'));
    const refused = [
      await submit(tenantB, SYS, { code: 'mine', dictValue: 'Mine', sort: 1, isSealed: 0 }, 'en-US'),
      await submit(
        tenantB,
        SYS,
        { id: sex!.id, code: 'sex', dictValue: 'Changed', sort: 1, isSealed: 0 },
        'en-US',
      ),
      await caller.post(`${SYS}/remove?ids=${sex!.id}`),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(403);
      expect(response.json().msg).toBe(
        'system dictionaries are shared by all tenants: only the platform tenant can change them',
      );
    }
    const [after] = await app.database.db.select().from(dict).where(eq(dict.id, sex!.id));
    expect(after).toMatchObject({ dictValue: '性别', isDeleted: 0 });
  });
});

describe('validation of a dictionary submit (spec §5)', () => {
  const cases: Array<[string, Record<string, unknown>, string, string, string]> = [
    ['code', { code: '   ' }, 'code', '请输入字典编号', 'please enter the dictionary code'],
    [
      'code format',
      { code: 'a b' },
      'code',
      '字典编号只能包含字母、数字、下划线、点和中划线',
      'the dictionary code may contain only letters, digits, _ . and -',
    ],
    ['name', { dictValue: undefined }, 'dictValue', '请输入字典名称', 'please enter the dictionary name'],
    ['sort', { sort: '' }, 'sort', '请输入字典排序', 'please enter the sort order'],
    [
      'sort range',
      { sort: -1 },
      'sort',
      '排序须为 0 到 99999 的整数',
      'the sort order must be a whole number from 0 to 99999',
    ],
    [
      'sealed',
      { isSealed: undefined },
      'isSealed',
      '请选择是否封存',
      'please choose whether the entry is sealed',
    ],
    [
      'sealed value',
      { isSealed: 2 },
      'isSealed',
      '请选择是否封存',
      'please choose whether the entry is sealed',
    ],
    [
      'name length',
      { dictValue: 'x'.repeat(201) },
      'dictValue',
      '长度不能超过 200 个字符',
      'at most 200 characters',
    ],
  ];
  for (const [name, change, field, zh, en] of cases) {
    it(`names the field: ${name}`, async () => {
      const payload = { code: 'valid_code', dictValue: 'Valid', sort: 1, isSealed: 0, ...change };
      for (const [language, message] of [
        ['zh-CN', zh],
        ['en-US', en],
      ] as const) {
        const response = await submit(platform, BIZ, payload, language);
        expect(response.statusCode).toBe(400);
        expect(response.json().data.errors[field]).toBe(message);
        expect(response.json().msg).toBe(`${field}: ${message}`);
      }
    });
  }

  it('an empty body names every required field', async () => {
    const response = await submit(platform, SYS, {}, 'en-US');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().data.errors).sort()).toEqual([
      'code',
      'dictValue',
      'isSealed',
      'sort',
    ]);
  });

  it('an entry (child) needs its key value', async () => {
    const [sex] = await app.database.db.select().from(dict).where(eq(dict.code, 'sex'));
    for (const [language, message] of [
      ['zh-CN', '请输入字典键值'],
      ['en-US', 'please enter the key value'],
    ] as const) {
      const response = await submit(
        platform,
        SYS,
        { parentId: sex!.id, code: 'sex', dictKey: '  ', dictValue: 'x', sort: 1, isSealed: 0 },
        language,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().data.errors).toEqual({ dictKey: message });
    }
  });

  it('ignores unknown fields and takes the tenant from the token', async () => {
    const row = await created(tenantB, BIZ, {
      code: 'extra_fields',
      dictValue: 'Extra',
      tenantId: C,
      isDeleted: 1,
      whatever: 1,
    });
    const [stored] = await app.database.db.select().from(dictBiz).where(eq(dictBiz.id, row.id));
    expect(stored).toMatchObject({ tenantId: B, isDeleted: 0 });
  });
});

describe('business dictionaries (dict-biz)', () => {
  let mine: Row;
  let entry: Row;

  beforeAll(async () => {
    mine = await created(tenantB, BIZ, { code: 'weather_kind', dictValue: '天气', dictValueEn: 'Weather' });
    entry = await created(tenantB, BIZ, {
      parentId: mine.id,
      code: 'weather_kind',
      dictKey: 'rain',
      dictValue: '雨',
      dictValueEn: 'Rain',
    });
    await created(tenantB, BIZ, {
      parentId: entry.id,
      code: 'weather_kind',
      dictKey: 'light',
      dictValue: '小雨',
      dictValueEn: 'Light rain',
    });
    await created(tenantB, BIZ, {
      parentId: entry.id,
      code: 'weather_kind',
      dictKey: 'heavy',
      dictValue: '大雨',
      dictValueEn: 'Heavy rain',
      sort: 2,
    });
  });

  it('each tenant has its own copy of the seeded business dictionaries', async () => {
    const b = (await as(app, tenantB).get(`${BIZ}/dictionary?code=task_nature`)).json().data;
    const c = (await as(app, tenantC).get(`${BIZ}/dictionary?code=task_nature`)).json().data;
    expect(b.map((row: Row) => row.dictKey)).toEqual(c.map((row: Row) => row.dictKey));
    expect(b[0].id).not.toBe(c[0].id);
    const tree = (await as(app, tenantB, 'en-US').get(`${BIZ}/dictionary-tree?code=task_nature`)).json().data;
    expect(tree[0]).toMatchObject({
      dictKey: '1',
      title: 'Aerial photography',
      hasChildren: false,
      children: [],
    });
  });

  it('getDictBizByParentKey answers the entries under the entry with that key', async () => {
    const en = await as(app, tenantB, 'en-US').get(
      `${BIZ}/getDictBizByParentKey?code=weather_kind&parentKey=rain`,
    );
    expect(en.json().data.map((row: Row) => [row.dictKey, row.dictValue])).toEqual([
      ['light', 'Light rain'],
      ['heavy', 'Heavy rain'],
    ]);
    const none = await as(app, tenantB).get(`${BIZ}/getDictBizByParentKey?code=weather_kind&parentKey=snow`);
    expect(none.json().data).toEqual([]);
    expect((await as(app, tenantB).get(`${BIZ}/getDictBizByParentKey?code=weather_kind`)).statusCode).toBe(
      400,
    );
    const elsewhere = await as(app, tenantC).get(
      `${BIZ}/getDictBizByParentKey?code=weather_kind&parentKey=rain`,
    );
    expect(elsewhere.json().data).toEqual([]);
  });

  it("another tenant can neither read, change, extend nor remove a tenant's entries", async () => {
    await expectIsolated(tenants.mine, tenants.theirs, {
      read: `${BIZ}/detail?id=${mine.id}`,
      names: [mine.id, entry.id],
      hidden: [
        `${BIZ}/list?size=100`,
        `${BIZ}/list?parentId=${mine.id}`,
        `${BIZ}/dictionary?code=weather_kind`,
        `${BIZ}/tree`,
      ],
      refused: [
        `${BIZ}/detail?id=${mine.id}`,
        `${BIZ}/child-list?parentId=${mine.id}`,
        {
          method: 'POST',
          url: `${BIZ}/submit`,
          payload: { id: mine.id, code: 'weather_kind', dictValue: 'Stolen', sort: 1, isSealed: 0 },
        },
        {
          method: 'POST',
          url: `${BIZ}/submit`,
          payload: {
            parentId: mine.id,
            code: 'weather_kind',
            dictKey: 'x',
            dictValue: 'x',
            sort: 1,
            isSealed: 0,
          },
          status: 400,
          errors: { parentId: 'the parent dictionary does not exist' },
        },
        { method: 'POST', url: `${BIZ}/remove?ids=${entry.id}` },
      ],
    });
    expect((await as(app, tenantB).get(`${BIZ}/detail?id=${entry.id}`)).statusCode).toBe(200);
    // The same code is free in every tenant.
    await created(tenantC, BIZ, { code: 'weather_kind', dictValue: 'Weather of C' });
  });

  it('a removal that reaches another tenant removes nothing', async () => {
    const ofC = await created(tenantC, BIZ, { code: 'c_only', dictValue: 'C only' });
    const lone = await created(tenantB, BIZ, { code: 'b_lone', dictValue: 'B lone' });
    await expectIsolated(tenants.theirs, tenants.mine, {
      read: `${BIZ}/detail?id=${ofC.id}`,
      names: [ofC.id],
      refused: [{ method: 'POST', url: `${BIZ}/remove?ids=${lone.id},${ofC.id}` }],
    });
    expect((await as(app, tenantB).get(`${BIZ}/detail?id=${lone.id}`)).statusCode).toBe(200);
  });

  it('a tenant cannot change or remove a sealed (seeded) dictionary, but may add entries to it', async () => {
    const [nature] = await app.database.db
      .select()
      .from(dictBiz)
      .where(eq(dictBiz.tenantId, B))
      .then((rows) => rows.filter((row) => row.code === 'task_nature' && row.parentId === '0'));
    expect(nature!.isSealed).toBe(1);
    const edit = await submit(
      tenantB,
      BIZ,
      { id: nature!.id, code: 'task_nature', dictValue: 'Renamed', sort: 1, isSealed: 0 },
      'en-US',
    );
    expect(edit.statusCode).toBe(400);
    expect(edit.json().msg).toBe('this entry is sealed and cannot be changed or removed');
    const remove = await as(app, tenantB).post(`${BIZ}/remove?ids=${nature!.id}`);
    expect(remove.statusCode).toBe(400);
    expect(remove.json().msg).toBe('该字典已封存，不能修改或删除');
    const added = await created(tenantB, BIZ, {
      parentId: nature!.id,
      code: 'task_nature',
      dictKey: '7',
      dictValue: '夜航',
      dictValueEn: 'Night flight',
      sort: 7,
    });
    expect((await as(app, tenantB).get(`${BIZ}/dictionary?code=task_nature`)).json().data.at(-1).id).toBe(
      added.id,
    );
    // A seeded value (not sealed) stays the tenant's to edit.
    const [aerial] = await app.database.db.select().from(dictBiz).where(eq(dictBiz.parentId, nature!.id));
    const renamed = await submit(tenantB, BIZ, {
      id: aerial!.id,
      parentId: nature!.id,
      code: 'task_nature',
      dictKey: aerial!.dictKey,
      dictValue: '航拍摄影',
      sort: 1,
      isSealed: 0,
    });
    expect(renamed.statusCode).toBe(200);
  });

  it('only the platform seals; the platform may change its own sealed entries', async () => {
    const seal = await submit(
      tenantB,
      BIZ,
      { id: mine.id, code: 'weather_kind', dictValue: '天气', sort: 1, isSealed: 1 },
      'en-US',
    );
    expect(seal.statusCode).toBe(400);
    expect(seal.json().data.errors).toEqual({ isSealed: 'only the platform can seal an entry' });
    const [nature] = (await app.database.db.select().from(dictBiz).where(eq(dictBiz.tenantId, A))).filter(
      (row) => row.code === 'task_nature' && row.parentId === '0',
    );
    const changed = await submit(platform, BIZ, {
      id: nature!.id,
      code: 'task_nature',
      dictValue: '任务性质',
      dictValueEn: 'Nature of task',
      sort: 1,
      isSealed: 1,
    });
    expect(changed.statusCode).toBe(200);
    const sealed = await created(platform, BIZ, {
      code: 'platform_sealed',
      dictValue: 'Sealed',
      isSealed: 1,
    });
    expect(sealed.isSealed).toBe(1);
  });

  it('a role with the menu but without the button codes reads but cannot add, edit or delete', async () => {
    const viewer = await userWithMenus(B, 'dictviewer', ['dict', 'dict_biz']);
    const caller = as(app, viewer, 'en-US');
    expect((await caller.get(`${BIZ}/list`)).statusCode).toBe(200);
    expect((await caller.get(`${BIZ}/child-list?parentId=${mine.id}`)).statusCode).toBe(200);
    expect((await caller.get(`${SYS}/list`)).statusCode).toBe(200);
    const attempts = [
      await submit(viewer, BIZ, { code: 'nope', dictValue: 'Nope', sort: 1, isSealed: 0 }, 'en-US'),
      await submit(
        viewer,
        BIZ,
        { id: mine.id, code: 'weather_kind', dictValue: 'Changed', sort: 1, isSealed: 0 },
        'en-US',
      ),
      await caller.post(`${BIZ}/remove?ids=${entry.id}`),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(403);
      expect(response.json().msg).toBe('you do not have permission for this action');
    }
    const outsider = await userWithMenus(B, 'nodict', ['post']);
    expect((await as(app, outsider).get(`${BIZ}/list`)).statusCode).toBe(403);
    expect((await as(app, outsider).get(`${SYS}/tree`)).statusCode).toBe(403);
    // The look-ups every screen uses need only a signed-in user.
    expect((await as(app, outsider).get(`${BIZ}/dictionary?code=weather_kind`)).json().data).toHaveLength(1);
    expect((await as(app, outsider).get(`${SYS}/dictionary-tree?code=sex`)).json().data).toHaveLength(3);
  });

  it('a platform role without dict_add cannot change system dictionaries either', async () => {
    const viewer = await userWithMenus(A, 'sysviewer', ['dict']);
    const response = await submit(viewer, SYS, { code: 'x', dictValue: 'x', sort: 1, isSealed: 0 }, 'en-US');
    expect(response.statusCode).toBe(403);
    expect(response.json().msg).toBe('you do not have permission for this action');
  });
});
