import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { type AppOptions, buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { DatabaseTarget } from '../src/db/client.js';
import { provisionTenant } from '../src/db/provision.js';
import { md5Hex } from '../src/lib/password.js';
import { pgliteTemplate } from './pglite-template.js';

export const ADMIN_PASSWORD = 'Admin@123';
export const CLIENT_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/**
 * A whole app for one test file: PGlite in memory by default; with DATABASE_URL (CI) a fresh PostgreSQL
 * database made for it and dropped afterwards; with REDIS_URL a key prefix of its own. No console is served
 * unless `options.consoleDir` names one, so the suite does not depend on whether apps/web was built.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  shared?: { database: DatabaseTarget; jwtSecret: string; cachePrefix: string },
  options: Pick<AppOptions, 'consoleDir'> = {},
): Promise<FastifyInstance> {
  const suffix = randomBytes(4).toString('hex');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: `/tmp/aos-test-${suffix}`,
    JWT_SECRET: shared?.jwtSecret ?? randomBytes(32).toString('hex'),
    ADMIN_PASSWORD,
    // Low scrypt cost keeps the suite fast; production uses the default (15). The algorithm is the same.
    PASSWORD_HASH_COST: '10',
    CAPTCHA_ENABLED: 'false',
    CACHE_PREFIX: shared?.cachePrefix ?? `aos-test-${suffix}:`,
    LOG_LEVEL: 'silent',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
  let database: DatabaseTarget = shared?.database ?? {
    kind: 'pglite',
    dataDir: null,
    template: await pgliteTemplate(),
  };
  let drop: (() => Promise<void>) | undefined;
  if (config.DATABASE_URL && !shared) {
    const name = `aos_test_${suffix}`;
    const admin = new pg.Client({ connectionString: config.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(config.DATABASE_URL);
    url.pathname = `/${name}`;
    database = { kind: 'postgres', url: url.toString() };
    drop = async () => {
      const cleaner = new pg.Client({ connectionString: config.DATABASE_URL });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    };
  }
  const app = await buildApp({ config, database, logger: false, consoleDir: null, ...options });
  const close = app.close.bind(app);
  // Drop the database only once the app's pool has ended; the data folder (uploads) goes too.
  Object.assign(app, {
    close: async () => {
      await close();
      await drop?.();
      if (!env.DATA_DIR) await rm(config.DATA_DIR, { recursive: true, force: true });
    },
  });
  return app;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  [key: string]: unknown;
}

export function tokenRequest(
  params: Record<string, string>,
  headers: Record<string, string> = {},
): InjectOptions {
  return {
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    query: { scope: 'all', type: 'account', ...params },
    headers: { authorization: CLIENT_BASIC, ...headers },
  };
}

export function passwordGrant(
  tenantId: string,
  username: string,
  password: string,
  headers?: Record<string, string>,
) {
  return tokenRequest({ tenantId, username, password: md5Hex(password), grant_type: 'password' }, headers);
}

export async function login(
  app: FastifyInstance,
  tenantId = '000000',
  username = 'admin',
  password = ADMIN_PASSWORD,
): Promise<Tokens> {
  const response = await app.inject(passwordGrant(tenantId, username, password));
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json();
}

/** Call the API as a signed-in user. */
export function as(app: FastifyInstance, token: string, language = 'zh-CN') {
  const call = (method: InjectOptions['method'], url: string, options: Partial<InjectOptions> = {}) =>
    app.inject({
      method,
      url,
      ...options,
      headers: { 'blade-auth': `bearer ${token}`, 'accept-language': language, ...(options.headers ?? {}) },
    });
  return {
    get: (url: string, options?: Partial<InjectOptions>) => call('GET', url, options),
    post: (url: string, options?: Partial<InjectOptions>) => call('POST', url, options),
  };
}

/** One JSON call as a signed-in user, answered in `language` (English by default, to read messages easily). */
export function send(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  language = 'en-US',
) {
  return app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { 'blade-auth': `bearer ${token}`, 'accept-language': language },
  });
}

/** A brand (manufacturer) of the caller's tenant making the kinds in `entitySigns`; answers its id. */
export async function addBrand(
  app: FastifyInstance,
  token: string,
  code: string,
  entitySigns: string,
  type: number,
): Promise<string> {
  const response = await send(app, token, 'POST', '/api/cloud-equipment/manufacturer/add', {
    name: code.toUpperCase(),
    code,
    type,
    entitySigns,
  });
  return response.json().data.id as string;
}

/** A second tenant with its own admin (password Admin@123), as tenant management will create it. */
export async function createTenant(
  app: FastifyInstance,
  tenantId: string,
  extra: { expireTime?: Date } = {},
) {
  return provisionTenant(app.database.db, {
    tenantId,
    tenantName: `Tenant ${tenantId}`,
    adminAccount: 'admin',
    adminPassword: ADMIN_PASSWORD,
    passwordHashCost: 10,
    ...extra,
  });
}

/** A multipart form as a browser sends it: `payload` and `headers` for `app.inject`. */
export async function multipartForm(
  parts: Array<{ name: string; filename?: string; type?: string; content: Buffer | string }>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename === undefined) form.append(part.name, String(part.content));
    else {
      // A copy on a plain ArrayBuffer: the DOM typing (e2e imports these helpers) takes no Buffer here.
      const content = typeof part.content === 'string' ? part.content : Uint8Array.from(part.content);
      form.append(part.name, new Blob([content], { type: part.type ?? '' }), part.filename);
    }
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
