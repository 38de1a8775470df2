import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_POLICY, inlineScriptHashes } from '../../src/plugins/security-headers.js';
import { as, createTestApp, login, multipartForm } from '../helper.js';

const BOOT = "window.__booted = 'yes';";
const PAGE = `<!doctype html><html><head><script src="/config.js"></script><script>${BOOT}</script>
<script type="module" crossorigin src="/assets/index-A.js"></script></head><body></body></html>`;
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

let app: FastifyInstance;
let dist: string;
let token: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'aos-headers-'));
  writeFileSync(path.join(dist, 'index.html'), PAGE);
  app = await createTestApp({}, undefined, { consoleDir: dist });
  token = (await login(app)).access_token;
});
afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

function expectCommon(response: LightMyRequestResponse) {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
}

describe('security headers', () => {
  it('on every API answer, refused or not: nosniff, referrer policy, no framing, nothing runs', async () => {
    const answers = {
      'user-info, no token (401)': await app.inject({
        method: 'GET',
        url: '/api/blade-auth/oauth/user-info',
      }),
      'user-info': await as(app, token).get('/api/blade-auth/oauth/user-info'),
      'bad id (400)': await as(app, token).get('/api/blade-system/dept/detail?id=abc'),
      'no such route (404)': await app.inject({ method: 'GET', url: '/api/no-such-route' }),
      'config.js': await app.inject({ method: 'GET', url: '/config.js' }),
    };
    for (const [name, response] of Object.entries(answers)) {
      expectCommon(response);
      expect(response.headers['content-security-policy'], name).toBe(API_POLICY);
    }
  });

  it('the console page runs our scripts and its inline start-up script by hash, nothing else', async () => {
    for (const url of ['/', '/login', '/system/user/index', '/index.html']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expectCommon(response);
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain(`script-src 'self' ${sha(BOOT)}`);
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("frame-ancestors 'self'");
      expect(policy).not.toContain('unsafe-eval');
    }
    // a rebuild with another start-up script gets the new hash at once
    const rebuilt = PAGE.replace(BOOT, "window.__booted = 'again';");
    writeFileSync(path.join(dist, 'index.html'), rebuilt);
    const again = String(
      (await app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy'],
    );
    expect(again).toContain(sha("window.__booted = 'again';"));
    expect(again).not.toContain(sha(BOOT));
  });

  it('stored files keep their own policy; the API explorer has one that lets it run', async () => {
    const form = await multipartForm([{ name: 'file', filename: 'note.txt', content: 'plain text' }]);
    const link = (await as(app, token).post('/api/blade-resource/oss/endpoint/upload-file', form)).json().data
      .link;
    const file = await app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expectCommon(file);
    expect(file.headers['content-security-policy']).toBe("default-src 'none'");
    const docs = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expectCommon(docs);
    expect(String(docs.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('reads the inline scripts of a page, not those with a source', () => {
    expect(
      inlineScriptHashes(
        '<script src="/a.js"></script><SCRIPT>x()</SCRIPT><script type="module">y()</script>',
      ),
    ).toEqual([sha('x()'), sha('y()')]);
  });
});
