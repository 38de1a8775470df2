import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp } from '../helper.js';
import { type TenantSide, twoTenants } from '../tenants.js';

let app: FastifyInstance;
let tenants: { mine: TenantSide; theirs: TenantSide };

beforeAll(async () => {
  app = await createTestApp({ PLATFORM_NAME: 'Test platform', TIME_ZONE: 'Asia/Shanghai' });
  tenants = await twoTenants(app, { theirs: '300002' });
});
afterAll(async () => {
  await app?.close();
});

describe('getSystemInfo', () => {
  it('needs a signed-in user', async () => {
    expect((await app.inject({ url: '/api/blade-system/getSystemInfo' })).statusCode).toBe(401);
  });

  it('tells the platform tenant what the server runs on', async () => {
    const token = tenants.mine.token;
    const response = await as(app, token).get('/api/blade-system/getSystemInfo');
    expect(response.statusCode).toBe(200);
    const info = response.json().data;
    expect(info).toMatchObject({
      platformName: 'Test platform',
      version: '0.1.0',
      timeZone: 'Asia/Shanghai',
    });
    expect(info.serverTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(info.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(info.runtime.database).toBe(app.database.kind);
    expect(info.runtime.cache).toBe(app.cache.kind);
  });

  it('keeps runtime details from other tenants', async () => {
    const token = tenants.theirs.token;
    const info = (await as(app, token).get('/api/blade-system/getSystemInfo')).json().data;
    expect(info.platformName).toBe('Test platform');
    expect(info.runtime).toBeUndefined();
  });
});
