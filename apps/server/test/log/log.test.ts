import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logApi, logError, logUsual } from '../../src/db/schema/index.js';
import { md5Hex } from '../../src/lib/password.js';
import { ADMIN_PASSWORD, as, createTestApp, login } from '../helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';
import { signInWithGrants } from '../org-helper.js';

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;
let platform: string;
let tenantB: string;
const B = '500001';

type Row = Record<string, unknown>;

beforeAll(async () => {
  app = await createTestApp();
  app.post(
    '/api/test/boom',
    { config: { permission: 'authenticated' }, schema: { summary: 'Fail on purpose' } },
    async () => {
      throw new Error('connection to db-secret-host refused');
    },
  );
  app.post(
    '/api/test/boom-sql',
    { config: { permission: 'authenticated' }, schema: { summary: 'Fail as a failed query does' } },
    async () => {
      throw new Error('Failed query: select "password" from "blade_user" where "id" = $1\nparams: 42');
    },
  );
  app.post(
    '/api/test/boom-nul',
    { config: { permission: 'authenticated' }, schema: { summary: 'Fail with a NUL in the message' } },
    async () => {
      throw new Error('bad byte \u0000 in the input');
    },
  );
  ({ mine, theirs } = await twoTenants(app, { theirs: B }));
  platform = mine.token;
  tenantB = theirs.token;
});
afterAll(async () => {
  await app?.close();
});

const flush = () => app.services.logs.flush();

async function apiRows(uri: string): Promise<Row[]> {
  await flush();
  return app.database.db.select().from(logApi).where(eq(logApi.requestUri, uri));
}

const notice = (title: string) => ({
  title,
  category: 1,
  releaseTime: '2025-01-01 08:00:00',
  content: 'text',
});

describe('API log', () => {
  it('records a mutating call with its summary, caller, address and timing, and no GET', async () => {
    await as(app, platform).get('/api/blade-desk/notice/list');
    const created = await as(app, platform).post('/api/blade-desk/notice/submit', {
      payload: notice('Logged'),
      headers: { 'user-agent': 'log-test-agent' },
    });
    expect(created.statusCode).toBe(200);
    expect(await apiRows('/api/blade-desk/notice/list')).toEqual([]);
    const [row] = await apiRows('/api/blade-desk/notice/submit');
    expect(row).toMatchObject({
      tenantId: '000000',
      serviceId: 'blade-desk',
      method: 'POST',
      title: 'Add (no id) or update (with id) a notice',
      status: 200,
      type: 1,
      createBy: 'admin',
      userAgent: 'log-test-agent',
      remoteIp: '127.0.0.1',
      env: 'test',
    });
    expect(row!.time).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(row!.params as string)).toMatchObject({ body: { title: 'Logged', category: 1 } });
  });

  it('keeps the parameters but never a secret: storage keys and passwords are redacted', async () => {
    await as(app, platform).post('/api/blade-resource/oss/submit', {
      payload: {
        category: 1,
        ossCode: 'logged-minio',
        endpoint: 'http://minio.local:9000',
        accessKey: 'AKIALOGTEST',
        secretKey: 'TopSecretValue',
        bucketName: 'bucket-a',
      },
    });
    const old = md5Hex('Wrong@1234');
    const fresh = md5Hex('Fresh@1234');
    const refused = await as(app, platform).post(
      `/api/blade-user/update-password?oldPassword=${old}&newPassword=${fresh}&newPassword1=${fresh}`,
    );
    expect(refused.statusCode).toBe(400);

    const [storage] = await apiRows('/api/blade-resource/oss/submit');
    expect(storage!.params).toContain('"secretKey":"***"');
    expect(storage!.params).toContain('AKIALOGTEST');
    expect(storage!.params).not.toContain('TopSecretValue');
    const [password] = await apiRows('/api/blade-user/update-password');
    expect(password).toMatchObject({ status: 400, type: 2 });
    expect(password!.requestUri).toBe('/api/blade-user/update-password');
    for (const secret of [old, fresh]) expect(JSON.stringify(password)).not.toContain(secret);
  });

  it('never logs the token call; a sign-in becomes a usual log without the password', async () => {
    await login(app, B);
    expect(await apiRows('/api/blade-auth/oauth/token')).toEqual([]);
    const signIns = await app.database.db.select().from(logUsual).where(eq(logUsual.logId, 'auth.signIn'));
    expect(signIns.find((row) => row.tenantId === B)).toMatchObject({
      createBy: 'admin',
      logLevel: 'info',
      logData: '账号 admin 登录成功',
      params: null,
    });
    const everything = JSON.stringify([
      ...(await app.database.db.select().from(logUsual)),
      ...(await app.database.db.select().from(logApi)),
    ]);
    expect(everything).not.toContain(md5Hex(ADMIN_PASSWORD));
  });

  it('records a sign-out as a usual log', async () => {
    const token = (await login(app, B)).access_token;
    expect((await as(app, token).post('/api/blade-auth/oauth/logout')).statusCode).toBe(200);
    await flush();
    const rows = await app.database.db.select().from(logUsual).where(eq(logUsual.logId, 'auth.signOut'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tenantId: B,
      createBy: 'admin',
      requestUri: '/api/blade-auth/oauth/logout',
    });
  });

  it('does not log strangers refused with 401', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/blade-desk/notice/remove?ids=1' });
    expect(response.statusCode).toBe(401);
    expect(await apiRows('/api/blade-desk/notice/remove')).toEqual([]);
  });
});

describe('error log', () => {
  it('keeps the stack of a 500 on the server, with the call, and tells the client nothing', async () => {
    const response = await as(app, platform, 'en-US').post('/api/test/boom?password=hunter2', {
      payload: { name: 'visible', clientSecret: 'hidden-value' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('db-secret-host');
    expect(response.body).not.toMatch(/\bat\s/);
    await flush();
    const [row] = await app.database.db
      .select()
      .from(logError)
      .where(eq(logError.requestUri, '/api/test/boom'));
    expect(row).toMatchObject({
      tenantId: '000000',
      method: 'POST',
      exceptionName: 'Error',
      message: 'connection to db-secret-host refused',
      createBy: 'admin',
    });
    expect(row!.stackTrace).toContain('connection to db-secret-host refused');
    expect(row!.stackTrace).toMatch(/\n\s+at /);
    expect(row!.fileName).toContain('log.test.ts');
    expect(row!.lineNumber).toBeGreaterThan(0);
    expect(row!.params).toContain('visible');
    expect(row!.params).not.toContain('hunter2');
    expect(row!.params).not.toContain('hidden-value');
    const [api] = await apiRows('/api/test/boom');
    expect(api).toMatchObject({ status: 500, type: 2, title: 'Fail on purpose' });

    const listed = (await as(app, platform).get('/api/blade-log/error/list?requestUri=boom')).json().data;
    expect(listed.total).toBe(1);
    const detail = await as(app, platform).get(`/api/blade-log/error/detail?id=${row!.id}`);
    expect(detail.json().data).toMatchObject({ id: row!.id, stackTrace: row!.stackTrace });
  });
});

describe('reading logs', () => {
  it('a tenant’s administrator reads its errors without the server’s internals; the platform reads them whole', async () => {
    for (const url of ['/api/test/boom?note=visible', '/api/test/boom-sql']) {
      expect((await as(app, tenantB).post(url, { payload: { name: 'x' } })).statusCode).toBe(500);
    }
    await flush();
    const page = (
      await as(app, tenantB).get('/api/blade-log/error/list?size=100&requestUri=/api/test/boom')
    ).json().data.records as Row[];
    expect(page.map((row) => row.requestUri).sort()).toEqual(['/api/test/boom', '/api/test/boom-sql']);
    for (const row of page) {
      expect(row).toMatchObject({
        tenantId: B,
        method: 'POST',
        stackTrace: null,
        fileName: null,
        lineNumber: null,
      });
      expect(row).toMatchObject({ params: null, serverHost: null, serverIp: null });
      expect(row.createTime).toEqual(expect.any(String));
      const detail = (await as(app, tenantB).get(`/api/blade-log/error/detail?id=${row.id}`)).json().data;
      expect(detail).toEqual(row);
      expect(JSON.stringify(detail)).not.toMatch(/blade_user|password|log\.test\.ts|\bat\s/);
    }
    const messages = Object.fromEntries(page.map((row) => [row.requestUri, row.message]));
    expect(messages).toEqual({
      '/api/test/boom': 'connection to db-secret-host refused',
      '/api/test/boom-sql': 'A database query failed',
    });
    const whole = (
      await as(app, platform).get(`/api/blade-log/error/list?size=100&tenantId=${B}&requestUri=boom-sql`)
    ).json().data.records[0];
    expect(whole.message).toContain('select "password" from "blade_user"');
    expect(whole.stackTrace).toMatch(/\n\s+at /);
    expect(whole.serverHost).toEqual(expect.any(String));
  });

  it('a tenant reads only its own logs; the platform reads all and filters by tenant', async () => {
    await as(app, tenantB).post('/api/blade-desk/notice/submit', { payload: notice('Of B') });
    await as(app, platform).post('/api/blade-desk/notice/submit', { payload: notice('Of platform') });
    await flush();
    const ofB = (await as(app, tenantB).get('/api/blade-log/api/list?size=100')).json().data;
    expect(ofB.total).toBeGreaterThan(0);
    expect(new Set(ofB.records.map((row: Row) => row.tenantId))).toEqual(new Set([B]));
    // B naming the platform tenant still sees only its own rows
    const forged = (await as(app, tenantB).get('/api/blade-log/api/list?size=100&tenantId=000000')).json()
      .data;
    expect(new Set(forged.records.map((row: Row) => row.tenantId))).toEqual(new Set([B]));

    const all = (await as(app, platform).get('/api/blade-log/api/list?size=100')).json().data;
    expect(new Set(all.records.map((row: Row) => row.tenantId))).toEqual(new Set(['000000', B]));
    const filtered = (await as(app, platform).get(`/api/blade-log/api/list?size=100&tenantId=${B}`)).json()
      .data;
    expect(filtered.total).toBe(ofB.total);

    const platformRow = all.records.find((row: Row) => row.tenantId === '000000');
    await expectIsolated(mine, theirs, {
      read: `/api/blade-log/api/detail?id=${platformRow.id}`,
      names: [platformRow.id],
      hidden: ['/api/blade-log/api/list?size=100', '/api/blade-log/api/list?size=100&tenantId=000000'],
      refused: [`/api/blade-log/api/detail?id=${platformRow.id}`],
    });
  });

  it('filters by title, URI, method and creation time, newest first', async () => {
    const caller = as(app, platform);
    const byTitle = (await caller.get('/api/blade-log/api/list?title=notice&method=post&size=100')).json()
      .data;
    expect(byTitle.total).toBeGreaterThan(0);
    for (const row of byTitle.records) {
      expect(row.title).toContain('notice');
      expect(row.method).toBe('POST');
    }
    const byUri = (await caller.get('/api/blade-log/api/list?requestUri=oss/submit')).json().data;
    expect(byUri.records.map((row: Row) => row.requestUri)).toEqual(['/api/blade-resource/oss/submit']);
    const future = (await caller.get('/api/blade-log/api/list?createTimeBegin=2999-01-01 00:00:00')).json()
      .data;
    expect(future.total).toBe(0);
    const times = byTitle.records.map((row: Row) => row.createTime as string);
    expect([...times].sort().reverse()).toEqual(times);
    const bad = await caller.get('/api/blade-log/api/list?createTimeBegin=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors).toHaveProperty('createTimeBegin');
  });

  it('needs the log menu codes: another screen’s grant gets 403', async () => {
    const apiOnly = await signInWithGrants(app, '000000', 'api-log-reader', ['log_api']);
    expect((await as(app, apiOnly).get('/api/blade-log/api/list')).statusCode).toBe(200);
    for (const kind of ['usual', 'error']) {
      expect((await as(app, apiOnly).get(`/api/blade-log/${kind}/list`)).statusCode).toBe(403);
    }
    const none = await signInWithGrants(app, B, 'no-logs', ['notice']);
    expect((await as(app, none).get('/api/blade-log/api/list')).statusCode).toBe(403);
  });

  it('records a signed-in caller refused with 403, with the caller and the status', async () => {
    const reader = await signInWithGrants(app, B, 'refused-writer', ['notice']);
    const refused = await as(app, reader).post('/api/blade-desk/notice/remove?ids=1');
    expect(refused.statusCode).toBe(403);
    const [row] = await apiRows('/api/blade-desk/notice/remove');
    expect(row).toMatchObject({ tenantId: B, createBy: 'refused-writer', status: 403, type: 2 });
  });
});

describe('writing without slowing or failing requests', () => {
  it('a request neither waits for its log row nor fails when the log cannot be written', async () => {
    const writer = app.services.logs.writer as unknown as { db: unknown; onProblem: unknown };
    const realDb = writer.db;
    const realProblem = writer.onProblem;
    const problems = vi.fn();
    let release: () => void = () => undefined;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    writer.onProblem = problems;
    writer.db = {
      insert: () => ({
        values: async () => {
          await stuck;
          throw new Error('log database down');
        },
      }),
    };
    try {
      const response = await as(app, platform).post('/api/blade-desk/notice/submit', {
        payload: notice('Lost'),
      });
      expect(response.statusCode).toBe(200);
      const pending = flush();
      // the insert hangs, yet further calls answer
      const again = await as(app, platform).post('/api/blade-desk/notice/submit', {
        payload: notice('Lost 2'),
      });
      expect(again.statusCode).toBe(200);
      release();
      await pending;
      await flush();
      expect(problems).toHaveBeenCalled();
      expect(String(problems.mock.calls[0]![0])).toContain('log database down');
    } finally {
      writer.db = realDb;
      writer.onProblem = realProblem;
    }
  });

  it('a row holding NUL is cleaned, and the other rows of its batch are written', async () => {
    const before = { ...app.services.logs.writer.stats };
    const failing = await as(app, platform).post('/api/test/boom-nul', { payload: {} });
    expect(failing.statusCode).toBe(500);
    const after = await as(app, platform).post('/api/blade-desk/notice/submit', {
      payload: notice('After NUL'),
    });
    expect(after.statusCode).toBe(200);
    await flush();
    const [error] = await app.database.db
      .select()
      .from(logError)
      .where(eq(logError.requestUri, '/api/test/boom-nul'));
    expect(error?.message).toBe('bad byte  in the input');
    expect((await apiRows('/api/test/boom-nul')).length).toBe(1);
    const stats = app.services.logs.writer.stats;
    expect(stats.cleaned).toBeGreaterThan(before.cleaned);
    expect(stats.dropped).toBe(before.dropped);
  });

  it('a row the database refuses is dropped alone and counted; the rest of its batch is written', async () => {
    const writer = app.services.logs.writer as unknown as {
      db: { insert: (table: unknown) => { values: (rows: Row | Row[]) => Promise<unknown> } };
      onProblem: unknown;
    };
    const realDb = writer.db;
    const realProblem = writer.onProblem;
    const problems = vi.fn();
    writer.onProblem = problems;
    // a database that refuses any insert holding the poisoned row (as a constraint would)
    writer.db = {
      insert: (table: unknown) => ({
        values: async (rows: Row | Row[]) => {
          const list = Array.isArray(rows) ? rows : [rows];
          if (list.some((row) => row.logId === 'test.poison')) throw new Error('refused row');
          return realDb.insert(table).values(rows);
        },
      }),
    };
    const dropped = app.services.logs.writer.stats.dropped;
    try {
      const ctx = { tenantId: '000000', user: null } as never;
      app.services.logs.usual(ctx, 'info', 'test.kept-1', 'kept');
      app.services.logs.usual(ctx, 'info', 'test.poison', 'refused');
      app.services.logs.usual(ctx, 'info', 'test.kept-2', 'kept');
      await flush();
    } finally {
      writer.db = realDb;
      writer.onProblem = realProblem;
    }
    const rows = await app.database.db.select({ logId: logUsual.logId }).from(logUsual);
    const ids = rows.map((row) => row.logId);
    expect(ids).toEqual(expect.arrayContaining(['test.kept-1', 'test.kept-2']));
    expect(ids).not.toContain('test.poison');
    expect(app.services.logs.writer.stats.dropped).toBe(dropped + 1);
    expect(problems).toHaveBeenCalledTimes(1);
    expect(problems.mock.calls[0]![1]).toMatchObject({ kind: 'usual', rows: 1, dropped: 1 });
  });

  it('writes what is queued when the app closes, before the database goes', async () => {
    const other = await createTestApp();
    const token = (await login(other)).access_token;
    const writer = other.services.logs.writer as unknown as { db: { insert: (table: unknown) => unknown } };
    const realDb = writer.db;
    const written: string[] = [];
    writer.db = {
      insert: (table: unknown) => ({
        values: async (rows: Row[]) => {
          await (realDb.insert(table) as { values: (rows: Row[]) => Promise<unknown> }).values(rows);
          written.push(...rows.map((row) => String(row.requestUri)));
        },
      }),
    };
    await as(other, token).post('/api/blade-desk/notice/submit', { payload: notice('At close') });
    expect(written).not.toContain('/api/blade-desk/notice/submit');
    await other.close();
    expect(written).toContain('/api/blade-desk/notice/submit');
  });
});
