import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONSOLE_DIR } from '../../src/app.js';
import { as, createTestApp, login } from '../helper.js';

const INDEX =
  '<!doctype html><html><head><script src="/config.js"></script></head><body>console</body></html>';
const APP_JS = 'console.log("app");';

/** Run /config.js the way a browser would and return what it set. */
function evaluate(script: string): Record<string, unknown> {
  const window: Record<string, unknown> = {};
  runInNewContext(script, { window });
  return window.__AOS_CONFIG__ as Record<string, unknown>;
}

describe('the built console', () => {
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'aos-console-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
    writeFileSync(path.join(dir, 'assets', 'app.js'), APP_JS);
    writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // A stray config.js in the build must not shadow (or clash with) the server's own.
    writeFileSync(path.join(dir, 'config.js'), 'window.__AOS_CONFIG__ = {stale: true};');
    app = await createTestApp({}, undefined, { consoleDir: dir });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers index.html, never cached, for / and every console route', async () => {
    for (const url of [
      '/',
      '/index.html',
      '/login',
      '/home',
      '/system/user/index',
      '/personal-center?tab=2',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(INDEX);
    }
    const head = await app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
  });

  it('serves built assets for a year and other files revalidated', async () => {
    const script = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe(APP_JS);
    const logo = await app.inject({ method: 'GET', url: '/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(logo.headers['cache-control']).toBe('no-cache');
    // A missing asset is a 404, not the page (a browser would try to run HTML as a script).
    const missing = await app.inject({ method: 'GET', url: '/assets/gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('console');
  });

  it('keeps the API rules: 401 for strangers, the 404 envelope for signed-in callers', async () => {
    const stranger = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json()).toMatchObject({ code: 401, success: false });
    // Only the explorer's own folder is open: look-alikes are API paths like any other.
    for (const url of ['/api', '/api?x=1', '/api/docs-private/x', '/api/docsets']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    const token = (await login(app)).access_token;
    const missing = await as(app, token, 'en-US').get('/api/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, msg: 'no such API: /api/nope' });
    const post = await app.inject({ method: 'POST', url: '/login' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 404, success: false });
  });

  it("serves the server's /config.js, not the build's", async () => {
    const response = await app.inject({ method: 'GET', url: '/config.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(evaluate(response.body)).not.toHaveProperty('stale');
  });
});

describe('/config.js', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({
      PLATFORM_NAME: 'Ops </script><script>alert(1)</script>',
      TENANT_MODE: 'false',
      CAPTCHA_ENABLED: 'true',
      DEFAULT_LANGUAGE: 'en-US',
      THEME_COLOR: '#1f2d3d',
      CONSOLE_CLIENT_ID: 'console',
      CONSOLE_CLIENT_SECRET: 'console_secret',
      MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png',
      // the MAP_TILE_URL layer is not repeated; the other keeps its coordinate system and credit
      MAP_LAYERS: JSON.stringify([
        { name: 'Street copy', url: 'https://tiles.example.com/{z}/{x}/{y}.png' },
        {
          name: 'Satellite',
          url: 'https://sat.example.com/{z}/{x}/{y}.jpg',
          crs: 'GCJ02',
          kind: 'satellite',
          attribution: 'Example </script>',
        },
      ]),
      MAP_CENTER: '121.47, 31.23',
      MAP_ZOOM: '9',
      TIME_ZONE: 'America/New_York',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sets window.__AOS_CONFIG__ from the configuration, exactly these fields, never cached', async () => {
    const response = await app.inject({ method: 'GET', url: '/config.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toMatch(/^window\.__AOS_CONFIG__ = \{.*\};\n$/);
    expect(evaluate(response.body)).toEqual({
      title: 'Ops </script><script>alert(1)</script>',
      logo: '/logo.svg',
      tenantMode: false,
      captchaMode: true,
      defaultLanguage: 'en-US',
      themeColor: '#1f2d3d',
      clientId: 'console',
      clientSecret: 'console_secret',
      statusWhiteList: [],
      socialProviders: [],
      map: {
        tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png',
        layers: [
          {
            name: '',
            url: 'https://tiles.example.com/{z}/{x}/{y}.png',
            crs: 'WGS84',
            kind: 'street',
            attribution: null,
          },
          {
            name: 'Satellite',
            url: 'https://sat.example.com/{z}/{x}/{y}.jpg',
            crs: 'GCJ02',
            kind: 'satellite',
            attribution: 'Example </script>',
          },
        ],
        center: [121.47, 31.23],
        zoom: 9,
      },
      live: { websocketPath: '/api/ws' },
      firstPageMode: false,
      timeZone: 'America/New_York',
    });
  });

  it('cannot be broken out of: no `<` reaches the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/config.js' });
    expect(response.body).not.toContain('<');
    expect(response.body).toContain('\\u003c/script>');
  });

  it('has the documented defaults', async () => {
    const plain = await createTestApp();
    try {
      const settings = evaluate((await plain.inject({ method: 'GET', url: '/config.js' })).body);
      expect(settings).toMatchObject({
        title: '无人机智能巡检云平台',
        tenantMode: true,
        captchaMode: false, // the test helper switches captcha off
        defaultLanguage: 'zh-CN',
        themeColor: '#409EFF',
        clientId: 'saber',
        clientSecret: 'saber_secret',
        map: { tileUrl: null, layers: [], center: [116.397, 39.908], zoom: 5 },
        timeZone: 'Asia/Shanghai',
      });
    } finally {
      await plain.close();
    }
  });
});

describe('without a built console', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({}, undefined, { consoleDir: path.join(tmpdir(), 'aos-no-such-console') });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('starts, and says the console is not built on console routes', async () => {
    for (const url of ['/', '/login', '/system/user/index']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/plain; charset=utf-8');
      expect(response.body, url).toMatch(/console is not built.*npm run build/);
    }
    expect((await app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/config.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('looks for the console in apps/web/dist, from src/ and from dist/ alike', () => {
    const server = fileURLToPath(new URL('../..', import.meta.url));
    const web = path.resolve(server, '..', 'web', 'dist');
    expect(DEFAULT_CONSOLE_DIR).toBe(web);
    const fromDist = fileURLToPath(new URL('../../web/dist', new URL('../../dist/app.js', import.meta.url)));
    expect(fromDist).toBe(web);
  });
});
