import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../src/db/schema/index.js';
import type { Ctx } from '../../src/lib/context.js';
import { md5Hex, sha256 } from '../../src/lib/password.js';
import { ADMIN_PASSWORD, as, createTestApp } from '../helper.js';
import { signInWithGrants } from '../org-helper.js';
import { expectIsolated, sideOf, type TenantSide, twoTenants } from '../tenants.js';

let app: FastifyInstance;
let tenants: { mine: TenantSide; theirs: TenantSide };
let platform: string;
const base = '/api/blade-system/client';
const OTHER = '300401';

const valid = {
  clientId: 'hangar_app',
  scope: 'all',
  authorizedGrantTypes: 'password,refresh_token',
  accessTokenValidity: 7200,
  refreshTokenValidity: 86400,
};

/** Sign the platform admin in through a given client: proves what secret the client accepts. */
function signInThrough(clientId: string, secret: string) {
  return app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    query: {
      tenantId: '000000',
      username: 'admin',
      password: md5Hex(ADMIN_PASSWORD),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
  });
}

beforeAll(async () => {
  app = await createTestApp();
  tenants = await twoTenants(app, { theirs: OTHER });
  platform = tenants.mine.token;
});
afterAll(async () => {
  await app?.close();
});

describe('client CRUD and secrets', () => {
  it('generates a secret told once, stores only its sha-256, and the token endpoint accepts it', async () => {
    const caller = as(app, platform, 'en-US');
    const created = await caller.post(`${base}/submit`, { payload: valid });
    expect(created.json()).toMatchObject({
      code: 200,
      msg: 'added successfully',
      data: { clientId: 'hangar_app' },
    });
    const { id, clientSecret } = created.json().data;
    expect(clientSecret).toMatch(/^[\w-]{32}$/);
    const [row] = await app.database.db.select().from(client).where(eq(client.id, id));
    expect(row!.clientSecret).toBe(sha256(clientSecret));

    const detail = (await caller.get(`${base}/detail?id=${id}`)).json().data;
    expect(detail).toMatchObject({ clientId: 'hangar_app', accessTokenValidity: 7200 });
    expect(detail).not.toHaveProperty('clientSecret');
    const page = (await caller.get(`${base}/list?clientId=hangar`)).json().data;
    expect(page.total).toBe(1);
    expect(JSON.stringify(page)).not.toContain('clientSecret');

    const signIn = await signInThrough('hangar_app', clientSecret);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().expires_in).toBe(7200);
  });

  it('keeps the secret on an edit without one and resets it with a new one', async () => {
    const caller = as(app, platform, 'en-US');
    const created = (
      await caller.post(`${base}/submit`, {
        payload: { ...valid, clientId: 'edit_me', clientSecret: 'first-secret' },
      })
    ).json().data;
    expect(created.clientSecret).toBe('first-secret');
    const edited = await caller.post(`${base}/submit`, {
      payload: { ...valid, id: created.id, clientId: 'edit_me', accessTokenValidity: 60 },
    });
    expect(edited.json()).toMatchObject({ msg: 'updated successfully', data: { accessTokenValidity: 60 } });
    expect(edited.json().data).not.toHaveProperty('clientSecret');
    expect((await signInThrough('edit_me', 'first-secret')).statusCode).toBe(200);

    const reset = await caller.post(`${base}/submit`, {
      payload: { ...valid, id: created.id, clientId: 'edit_me', clientSecret: 'second-secret' },
    });
    expect(reset.json().data.clientSecret).toBe('second-secret');
    expect((await signInThrough('edit_me', 'first-secret')).statusCode).toBe(401);
    expect((await signInThrough('edit_me', 'second-secret')).statusCode).toBe(200);

    expect((await caller.post(`${base}/remove?ids=${created.id}`)).json()).toMatchObject({
      msg: 'deleted successfully',
      data: 1,
    });
    expect((await signInThrough('edit_me', 'second-secret')).statusCode).toBe(401);
    expect((await caller.get(`${base}/detail?id=${created.id}`)).statusCode).toBe(404);
  });

  it('names the field of bad input: grant types, validities, ids, secrets, addresses', async () => {
    const caller = as(app, platform, 'en-US');
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [
        { authorizedGrantTypes: 'password,implicit' },
        'authorizedGrantTypes',
        'grant types are some of password, captcha, refresh_token, social, sms_code, comma-separated without repeats',
      ],
      [{ authorizedGrantTypes: 'password,password' }, 'authorizedGrantTypes'],
      [{ authorizedGrantTypes: ' , ' }, 'authorizedGrantTypes'],
      [{ accessTokenValidity: 0 }, 'accessTokenValidity', 'a validity is a positive whole number of seconds'],
      [{ refreshTokenValidity: -5 }, 'refreshTokenValidity'],
      [{ accessTokenValidity: 1.5 }, 'accessTokenValidity'],
      [{ accessTokenValidity: 'long' }, 'accessTokenValidity'],
      [{ clientId: 'has space' }, 'clientId'],
      [{ clientId: '   ' }, 'clientId'],
      [{ clientSecret: 'abc' }, 'clientSecret', 'a client secret is at least 6 characters'],
      [{ webServerRedirectUri: 'ftp://x' }, 'webServerRedirectUri'],
      [{ scope: '  ' }, 'scope'],
    ];
    for (const [change, field, message] of cases) {
      const response = await caller.post(`${base}/submit`, {
        payload: { ...valid, clientId: 'bad_one', ...change },
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(response.json().data.errors)).toEqual([field]);
      if (message) expect(response.json().data.errors[field]).toBe(message);
    }
    const missing = await caller.post(`${base}/submit`, { payload: { clientId: 'bad_one' } });
    expect(Object.keys(missing.json().data.errors)).toEqual(
      expect.arrayContaining(['authorizedGrantTypes', 'accessTokenValidity', 'refreshTokenValidity']),
    );
    const clash = await caller.post(`${base}/submit`, { payload: { ...valid, clientId: 'saber' } });
    expect(clash.json().data.errors).toEqual({ clientId: 'the client id already exists' });
  });

  it('refuses removing or renaming the client the console signs in with', async () => {
    const [saber] = await app.database.db.select().from(client).where(eq(client.clientId, 'saber'));
    const caller = as(app, platform, 'en-US');
    const removed = await caller.post(`${base}/remove?ids=${saber!.id}`);
    expect(removed.statusCode).toBe(400);
    expect(removed.json().msg).toBe('the console signs in with this client: it cannot be removed or renamed');
    const renamed = await caller.post(`${base}/submit`, {
      payload: { ...valid, id: saber!.id, clientId: 'sabre' },
    });
    expect(renamed.json().data.errors).toEqual({
      clientId: 'the console signs in with this client: it cannot be removed or renamed',
    });
    expect((await signInThrough('saber', 'saber_secret')).statusCode).toBe(200);
  });
});

describe('client permissions', () => {
  it('every other tenant gets 403, even with a forged grant; the service refuses on its own', async () => {
    const [saber] = await app.database.db.select().from(client).where(eq(client.clientId, 'saber'));
    const codes = ['client', 'client_add', 'client_edit', 'client_delete'];
    const forbidden = { status: 403 };
    for (const other of [
      tenants.theirs,
      sideOf(app, OTHER, await signInWithGrants(app, OTHER, 'forger', codes)),
    ]) {
      await expectIsolated(tenants.mine, other, {
        read: `${base}/detail?id=${saber!.id}`,
        names: [saber!.id, 'saber'],
        refused: [
          { ...forbidden, url: `${base}/list` },
          { ...forbidden, url: `${base}/detail?id=${saber!.id}` },
          { ...forbidden, method: 'POST', url: `${base}/submit`, payload: { ...valid, clientId: 'theirs' } },
          {
            ...forbidden,
            method: 'POST',
            url: `${base}/submit`,
            payload: { ...valid, id: saber!.id, clientId: 'saber' },
          },
          { ...forbidden, method: 'POST', url: `${base}/remove?ids=${saber!.id}` },
        ],
      });
    }
    const ctx: Ctx = {
      tenantId: OTHER,
      user: null,
      roles: [],
      depts: [],
      dataScopes: [],
      language: 'en-US',
      db: app.database.db,
    };
    await expect(app.services.clients.detail(ctx, saber!.id)).rejects.toMatchObject({ status: 403 });
  });

  it('a platform role without the button codes reads but cannot change', async () => {
    const reader = as(app, await signInWithGrants(app, '000000', 'client-reader', ['client']));
    const [saber] = await app.database.db.select().from(client).where(eq(client.clientId, 'saber'));
    expect((await reader.get(`${base}/list`)).statusCode).toBe(200);
    for (const response of [
      await reader.post(`${base}/submit`, { payload: { ...valid, clientId: 'nope' } }),
      await reader.post(`${base}/submit`, { payload: { ...valid, id: saber!.id, clientId: 'saber' } }),
      await reader.post(`${base}/remove?ids=${saber!.id}`),
    ]) {
      expect(response.statusCode).toBe(403);
    }
  });
});
