import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helper.js';

const SECRET = 'the secret beside the console';

/** A console folder that starts empty (not built yet) next to a file that must never be served. */
describe('the console as it is on disk now', () => {
  let app: FastifyInstance;
  let base: string;
  let dist: string;
  beforeAll(async () => {
    base = mkdtempSync(path.join(tmpdir(), 'aos-console-files-'));
    dist = path.join(base, 'dist');
    mkdirSync(dist);
    writeFileSync(path.join(base, 'secret.txt'), SECRET);
    app = await createTestApp({}, undefined, { consoleDir: dist });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(base, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('serves a console built after the server started, and its rebuild', async () => {
    expect((await get('/login')).body).toMatch(/console is not built/);

    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<html>first build</html>');
    writeFileSync(path.join(dist, 'assets', 'index-AAAA.js'), 'console.log("first");');
    const first = await get('/system/user/index');
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('<html>first build</html>');
    expect((await get('/assets/index-AAAA.js')).body).toBe('console.log("first");');

    // The build is replaced under the running server: new hashed names, a new index.html.
    rmSync(path.join(dist, 'assets', 'index-AAAA.js'));
    writeFileSync(path.join(dist, 'index.html'), '<html>second build</html>');
    writeFileSync(path.join(dist, 'assets', 'index-BBBB.js'), 'console.log("second");');
    const page = await get('/login');
    expect(page.body).toBe('<html>second build</html>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const script = await get('/assets/index-BBBB.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe('console.log("second");');
    expect((await get('/assets/index-AAAA.js')).statusCode).toBe(404);
  });

  it('sends a new top-level file revalidated, and HEAD without a body', async () => {
    writeFileSync(path.join(dist, 'index.html'), '<html>page</html>');
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('no-cache');
    expect(robots.body).toBe('User-agent: *\n');
    const head = await app.inject({ method: 'HEAD', url: '/robots.txt' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('never sends a file outside the console folder, a dotfile or a folder', async () => {
    writeFileSync(path.join(dist, 'index.html'), '<html>page</html>');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, '.env'), 'JWT_SECRET=not-for-you');
    symlinkSync(path.join(base, 'secret.txt'), path.join(dist, 'assets', 'linked.txt'));
    for (const url of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/assets/linked.txt',
      '/%00/secret.txt',
      '/%E0%A4%A/secret.txt',
      '/.env',
      '/assets/.%2e/.env',
    ]) {
      const response = await get(url);
      expect(response.body, url).not.toContain(SECRET);
      expect(response.body, url).not.toContain('JWT_SECRET');
    }
    // An asset path that is no file (a folder, a link out) is a 404, never the page.
    expect((await get('/assets/linked.txt')).statusCode).toBe(404);
    expect((await get('/assets')).statusCode).toBe(200); // a console route like any other: the page
    expect((await get('/assets/')).statusCode).toBe(404);
  });
});
