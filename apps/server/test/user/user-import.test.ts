import * as XLSX from '@e965/xlsx';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dept, post, tenant, user } from '../../src/db/schema/index.js';
import { newId } from '../../src/lib/ids.js';
import { as, createTestApp, multipartForm, passwordGrant } from '../helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

const B = '300201';
const C = '300202';
const ZH_HEADERS = [
  '账号',
  '昵称',
  '姓名',
  '工号',
  '手机号',
  '邮箱',
  '性别',
  '生日',
  '学历',
  '角色',
  '部门',
  '岗位',
  '用户平台',
];
const EN_HEADERS = [
  'Account',
  'Nickname',
  'Real name',
  'Work number',
  'Phone',
  'Email',
  'Sex',
  'Birthday',
  'Education',
  'Roles',
  'Departments',
  'Posts',
  'Platform',
];

let app: FastifyInstance;
/** B owns the imports, C tries to reach them. */
let tenants: { mine: TenantSide; theirs: TenantSide };
let adminB: string;
let adminC: string;
let teamId: string;

/** An xlsx (or xls) file built the way a person fills the template. */
function workbook(rows: unknown[][], bookType: 'xlsx' | 'biff8' = 'xlsx'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Users');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

function readBook(data: Buffer): string[][] {
  const book = XLSX.read(data, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, {
    header: 1,
    raw: false,
    defval: '',
  });
}

async function upload(
  token: string,
  file: Buffer,
  filename: string,
  query: Record<string, string> = {},
  language = 'zh-CN',
) {
  return as(app, token, language).post('/api/blade-user/import-user', {
    query,
    ...(await multipartForm([{ name: 'file', filename, content: file }])),
  });
}

const live = (tenantId: string, account: string) =>
  app.database.db
    .select()
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.account, account), eq(user.isDeleted, 0)));

beforeAll(async () => {
  app = await createTestApp();
  tenants = await twoTenants(app, { mine: B, theirs: C });
  adminB = tenants.mine.token;
  adminC = tenants.theirs.token;
  const [root] = await app.database.db
    .select()
    .from(dept)
    .where(and(eq(dept.tenantId, B), eq(dept.parentId, '0')));
  teamId = newId();
  await app.database.db.insert(dept).values({
    id: teamId,
    tenantId: B,
    parentId: root!.id,
    ancestors: `0,${root!.id}`,
    deptName: '飞行一队',
  });
  await app.database.db
    .insert(post)
    .values({ id: newId(), tenantId: B, postCode: 'pilot', postName: '飞手' });
});
afterAll(async () => {
  await app?.close();
});

describe('import template', () => {
  it('is an xlsx with localized headers (required ones marked) and one example row of this tenant', async () => {
    const zh = await as(app, adminB).get('/api/blade-user/export-template');
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-type']).toContain('spreadsheetml');
    expect(zh.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('用户导入模板.xlsx')}`,
    );
    const [headers, example, ...rest] = readBook(zh.rawPayload);
    expect(headers).toEqual(
      ZH_HEADERS.map((h) => (['账号', '昵称', '角色', '部门'].includes(h) ? `${h}*` : h)),
    );
    expect(example).toMatchObject({ 0: 'zhangsan', 6: '男', 9: '普通用户', 10: 'Tenant 300201', 12: 'WEB' });
    expect(rest).toEqual([]);
    const en = await as(app, adminB, 'en-US').get('/api/blade-user/export-template');
    const [enHeaders, enExample] = readBook(en.rawPayload);
    expect(enHeaders![0]).toBe('Account*');
    expect(enHeaders!.slice(1, 3)).toEqual(['Nickname*', 'Real name']);
    expect(enExample![6]).toBe('Male');
  });

  it('imports as downloaded: the example row is a valid user', async () => {
    const template = (await as(app, adminC).get('/api/blade-user/export-template')).rawPayload;
    const response = await upload(adminC, template, 'template.xlsx');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      total: 1,
      saved: 1,
      failed: 0,
      errors: [],
      reportKey: null,
    });
    expect(await live(C, 'zhangsan')).toHaveLength(1);
  });
});

describe('import', () => {
  it('saves the good rows, reports each bad row with its number, column and message, and saves none of them', async () => {
    const file = workbook([
      ZH_HEADERS,
      [
        'pilot01',
        '飞手一',
        '王一',
        'A01',
        '13800000001',
        'p1@example.com',
        '男',
        '1990-01-02',
        '本科',
        '普通用户',
        '飞行一队',
        '飞手',
        'WEB',
      ],
      ['pilot02', '飞手二', '', '', '12345', '', '', '', '', '普通用户', '飞行一队', '', ''],
      [
        'pilot03',
        '飞手三',
        '',
        '',
        13800000003,
        '',
        'Female',
        '',
        '',
        'user',
        '飞行一队，Tenant 300201',
        '',
        'APP',
      ],
      ['pilot01', '重复', '', '', '', '', '', '', '', '普通用户', '飞行一队', '', ''],
      ['admin', '管理员', '', '', '', '', '', '', '', '普通用户', '飞行一队', '', ''],
      ['pilot04', '飞手四', '', '', '', '', '', '', '', '不存在的角色', '飞行一队', '', ''],
      ['', '', '', '', '', '', '', '', '', '', '', '', ''],
      ['pilot05', '', '', '', '', 'not-an-email', '妖', '', '', '普通用户', '不存在的部门', '', ''],
      ['pilot06', '飞手六', '', '', '', '', '', '2023-02-30', '', '普通用户', '飞行一队', '', ''],
    ]);
    const response = await upload(adminB, file, '用户.xlsx', {}, 'zh-CN');
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data;
    expect(result).toMatchObject({ total: 8, saved: 2, updated: 0, failed: 6 });
    const byRow = (row: number) => result.errors.filter((error: { row: number }) => error.row === row);
    expect(byRow(2)).toEqual([]);
    expect(byRow(3)).toEqual([{ row: 3, field: 'phone', message: '手机号格式不正确' }]);
    expect(byRow(4)).toEqual([]);
    expect(byRow(5)).toEqual([{ row: 5, field: 'account', message: '账号与第 2 行重复' }]);
    expect(byRow(6)).toEqual([{ row: 6, field: 'account', message: expect.stringContaining('账号已存在') }]);
    expect(byRow(7)).toEqual([{ row: 7, field: 'roleName', message: '角色不存在：不存在的角色' }]);
    expect(byRow(9)).toEqual(
      expect.arrayContaining([
        { row: 9, field: 'name', message: '昵称不能为空' },
        { row: 9, field: 'sex', message: '取值不在字典中：妖' },
        { row: 9, field: 'email', message: '邮箱格式不正确' },
      ]),
    );
    expect(byRow(10)).toEqual([{ row: 10, field: 'birthday', message: '日期格式应为 yyyy-MM-dd' }]);
    expect(result.errors.some((error: { row: number }) => error.row === 8)).toBe(false);

    const [first] = await live(B, 'pilot01');
    expect(first).toMatchObject({
      name: '飞手一',
      realName: '王一',
      code: 'A01',
      phone: '13800000001',
      sex: 1,
      birthday: '1990-01-02',
      education: '本科',
      deptId: teamId,
      userType: 1,
    });
    expect(first!.postId).not.toBe('');
    const [third] = await live(B, 'pilot03');
    expect(third).toMatchObject({ phone: '13800000003', sex: 2, userType: 2 });
    expect(third!.deptId.split(',')).toHaveLength(2);
    for (const account of ['pilot02', 'pilot04', 'pilot05', 'pilot06'])
      expect(await live(B, account)).toEqual([]);
    const [admin] = await live(B, 'admin');
    expect(admin!.name).toBe('admin');

    // imported users sign in with the init password (account.initPassword, default 123456)
    expect((await app.inject(passwordGrant(B, 'pilot01', '123456'))).statusCode).toBe(200);

    // the same errors as a spreadsheet, for this tenant only
    const report = await as(app, adminB).get('/api/blade-user/import-report', {
      query: { key: result.reportKey },
    });
    expect(report.statusCode).toBe(200);
    const [header, ...lines] = readBook(report.rawPayload);
    expect(header).toEqual(['行号', '列', '错误信息']);
    expect(lines).toContainEqual(['3', '手机号', '手机号格式不正确']);
    expect(lines).toHaveLength(result.errors.length);
    const imported = (await live(B, 'pilot01'))[0]!;
    await expectIsolated(tenants.mine, tenants.theirs, {
      read: `/api/blade-user/detail?id=${imported.id}`,
      names: [imported.id, 'pilot01'],
      hidden: ['/api/blade-user/page?size=200'],
      refused: [`/api/blade-user/import-report?key=${result.reportKey}`],
    });
  });

  it('reads English headers, xls files, and updates existing accounts only when asked (isCovered)', async () => {
    const rows = [
      EN_HEADERS,
      ['pilot01', 'Renamed', '', '', '', '', 'Male', '', '', 'user', '飞行一队', '', 'Other'],
    ];
    const refused = await upload(adminB, workbook(rows, 'biff8'), 'users.xls', {}, 'en-US');
    expect(refused.json().data).toMatchObject({ saved: 0, updated: 0, failed: 1 });
    expect(refused.json().data.errors[0]).toMatchObject({ row: 2, field: 'account' });
    const covered = await upload(adminB, workbook(rows, 'biff8'), 'users.xls', { isCovered: '1' }, 'en-US');
    expect(covered.json().data).toMatchObject({ saved: 0, updated: 1, failed: 0, reportKey: null });
    const [row] = await live(B, 'pilot01');
    // filled cells change, empty ones keep what was there
    expect(row).toMatchObject({ name: 'Renamed', userType: 3, realName: '王一', phone: '13800000001' });
  });

  it('saves each good row whole: the row beyond the account quota is refused, the ones before are kept', async () => {
    const total = (
      await app.database.db
        .select()
        .from(user)
        .where(and(eq(user.tenantId, B), eq(user.isDeleted, 0)))
    ).length;
    await app.database.db
      .update(tenant)
      .set({ accountNumber: total + 1 })
      .where(eq(tenant.tenantId, B));
    try {
      const file = workbook([
        ZH_HEADERS,
        ['quota1', '一', '', '', '', '', '', '', '', '普通用户', '飞行一队', '', ''],
        ['quota2', '二', '', '', '', '', '', '', '', '普通用户', '飞行一队', '', ''],
      ]);
      const result = (await upload(adminB, file, 'q.xlsx', {}, 'en-US')).json().data;
      expect(result).toMatchObject({ saved: 1, failed: 1 });
      expect(result.errors[0]).toMatchObject({ row: 3, message: expect.stringContaining(String(total + 1)) });
      expect(await live(B, 'quota1')).toHaveLength(1);
      expect(await live(B, 'quota2')).toEqual([]);
    } finally {
      await app.database.db.update(tenant).set({ accountNumber: -1 }).where(eq(tenant.tenantId, B));
    }
  });

  it('refuses what is not an xls or xlsx file, too large, empty, or without the required columns', async () => {
    const message = async (file: Buffer, name: string) => {
      const response = await upload(adminB, file, name, {}, 'en-US');
      expect(response.statusCode, response.body).toBe(400);
      return response.json().data.errors.file as string;
    };
    expect(await message(Buffer.from('account,name\na,b\n'), 'users.csv')).toBe(
      'only xls or xlsx files can be imported',
    );
    expect(await message(Buffer.from('account,name\na,b\n'), 'users.xlsx')).toBe(
      'only xls or xlsx files can be imported',
    );
    expect(await message(workbook([ZH_HEADERS]), 'users.txt')).toBe('only xls or xlsx files can be imported');
    expect(
      await message(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100)]), 'broken.xlsx'),
    ).toMatch(/cannot be read|no data rows/);
    expect(await message(workbook([ZH_HEADERS]), 'empty.xlsx')).toBe('the file has no data rows');
    expect(
      await message(
        workbook([
          ['账号', '姓名'],
          ['a', 'b'],
        ]),
        'columns.xlsx',
      ),
    ).toBe('required columns are missing: Nickname, Roles, Departments');
    const big = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    expect(await message(big, 'big.xlsx')).toBe('the import file cannot be larger than 5 MB');
    const none = await as(app, adminB, 'en-US').post('/api/blade-user/import-user');
    expect(none.json().data.errors.file).toBe('please choose a file to upload');
  });
});

describe('export', () => {
  it('exports the filtered users with localized headers, names for ids and labels for dictionary keys', async () => {
    const zh = await as(app, adminB).get('/api/blade-user/export-user', {
      query: { deptId: teamId, account: 'pilot0' },
    });
    expect(zh.statusCode, zh.body).toBe(200);
    expect(zh.headers['content-disposition']).toContain('attachment');
    const [header, ...rows] = readBook(zh.rawPayload);
    expect(header).toEqual([...ZH_HEADERS, '状态', '禁飞区权限', '最后登录', '创建时间']);
    const byAccount = new Map(rows.map((row) => [row[0], row]));
    expect([...byAccount.keys()].sort()).toEqual(['pilot01', 'pilot03']);
    expect(byAccount.get('pilot01')).toMatchObject({
      6: '男',
      9: '普通用户',
      10: '飞行一队',
      11: '飞手',
      12: '其他',
      13: '启用',
      14: '否',
    });
    expect(byAccount.get('pilot01')![15]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(byAccount.get('pilot03')![10]).toBe('飞行一队,Tenant 300201');
    const en = await as(app, adminB, 'en-US').get('/api/blade-user/export-user', {
      query: { account: 'pilot03' },
    });
    const [enHeader, enRow] = readBook(en.rawPayload);
    expect(enHeader!.slice(0, 3)).toEqual(['Account', 'Nickname', 'Real name']);
    expect(enRow).toMatchObject({ 0: 'pilot03', 6: 'Female', 12: 'App', 13: 'Enabled', 14: 'No' });
    // another tenant's export holds only its own users
    const other = readBook((await as(app, adminC).get('/api/blade-user/export-user')).rawPayload);
    expect(
      other
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(['admin', 'zhangsan']);
  });

  it('keeps the password out of every file', async () => {
    const file = (await as(app, adminB).get('/api/blade-user/export-user')).rawPayload;
    expect(JSON.stringify(readBook(file))).not.toContain('scrypt');
  });
});
