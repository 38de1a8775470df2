import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, multipartForm } from '../helper.js';
import { twoTenants } from '../tenants.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A real 1x1 png. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const png = (bytes: number) => Buffer.concat([PNG_SIGNATURE, Buffer.alloc(bytes - PNG_SIGNATURE.length, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(50, 1)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([40, 0, 0, 0]),
  Buffer.from('WEBPVP8 ', 'latin1'),
  Buffer.alloc(40, 1),
]);
const LINK = /^\/files\/000000\/\d{8}\/\d{15,19}-[\w-]{22}\.(jpg|png|gif|webp)$/;

let app: FastifyInstance;
let token: string;
let tokenB: string;

function filesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
const filesDir = () => path.resolve(app.config.DATA_DIR, 'files');

async function upload(
  content: Buffer | string,
  filename: string,
  {
    usage,
    type,
    field = 'file',
    bearer = token,
  }: { usage?: string; type?: string; field?: string; bearer?: string } = {},
) {
  const form = await multipartForm([{ name: field, filename, type: type ?? 'image/png', content }]);
  return as(app, bearer, 'en-US').post('/api/blade-resource/oss/endpoint/put-file', {
    query: usage ? { usage } : {},
    ...form,
  });
}

/** Speak HTTP by hand, so the path reaches the server exactly as written (no client normalizes it). */
async function rawGet(pathname: string): Promise<{ status: number; body: string }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: pathname }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

beforeAll(async () => {
  app = await createTestApp();
  const { mine, theirs } = await twoTenants(app, { theirs: '400001' });
  token = mine.token;
  tokenB = theirs.token;
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
});

describe('put-file', () => {
  it('stores a small png under the tenant and the day, and serves it back publicly', async () => {
    const response = await upload(TINY_PNG, 'me.png', { usage: 'avatar' });
    expect(response.statusCode).toBe(200);
    const { data, code, success } = response.json();
    expect({ code, success }).toEqual({ code: 200, success: true });
    expect(data.link).toMatch(LINK);
    expect(data).toEqual({
      link: data.link,
      domain: '',
      name: data.link.slice('/files/'.length),
      originalName: 'me.png',
      // every upload is recorded as an attachment
      attachId: expect.stringMatching(/^\d{15,19}$/),
    });
    expect(readFileSync(path.join(filesDir(), data.name))).toEqual(TINY_PNG);

    const served = await app.inject({ method: 'GET', url: data.link });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload).toEqual(TINY_PNG);
  });

  it('reads the type from the bytes: jpeg, gif and webp accepted, a png named .jpg stored as png', async () => {
    for (const [content, extension] of [
      [JPEG, 'jpg'],
      [GIF, 'gif'],
      [WEBP, 'webp'],
      [TINY_PNG, 'png'],
    ] as const) {
      const response = await upload(content, 'picture.jpg', { type: 'image/jpeg' });
      expect(response.statusCode, extension).toBe(200);
      expect(response.json().data.link).toMatch(new RegExp(`\\.${extension}$`));
      const served = await app.inject({ method: 'GET', url: response.json().data.link });
      expect(served.headers['content-type']).toBe(extension === 'jpg' ? 'image/jpeg' : `image/${extension}`);
    }
  });

  it('refuses a text file renamed .png and declared as a png', async () => {
    const response = await upload('<script>alert(1)</script>', 'evil.png', { type: 'image/png' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 400,
      success: false,
      msg: 'file: only jpg, png, gif or webp pictures can be uploaded',
      data: { errors: { file: 'only jpg, png, gif or webp pictures can be uploaded' } },
    });
  });

  it('applies the avatar rule: at most 500 kB, jpg or png only', async () => {
    const big = await upload(png(600 * 1024), 'big.png', { usage: 'avatar' });
    expect(big.statusCode).toBe(400);
    expect(big.json().data.errors).toEqual({ file: 'the avatar cannot be larger than 500 kB' });
    const gif = await upload(GIF, 'me.gif', { usage: 'avatar', type: 'image/gif' });
    expect(gif.statusCode).toBe(400);
    expect(gif.json().data.errors).toEqual({ file: 'the avatar must be a jpg or png picture' });
    // The same 600 kB picture is fine as an ordinary image.
    expect((await upload(png(600 * 1024), 'big.png')).statusCode).toBe(200);
    const chinese = await as(app, token).post('/api/blade-resource/oss/endpoint/put-file', {
      query: { usage: 'avatar' },
      ...(await multipartForm([{ name: 'file', filename: 'a.gif', content: GIF }])),
    });
    expect(chinese.json().msg).toBe('file: 头像只能是 jpg 或 png 图片');
  });

  it('refuses a 6 MB file with 400 and leaves nothing on disk', async () => {
    const before = filesIn(filesDir());
    const response = await upload(png(6 * 1024 * 1024), 'huge.png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 400,
      data: { errors: { file: 'the file cannot be larger than 5 MB' } },
    });
    const avatar = await upload(png(6 * 1024 * 1024), 'huge.png', { usage: 'avatar' });
    expect(avatar.json().data.errors).toEqual({ file: 'the avatar cannot be larger than 500 kB' });
    expect(filesIn(filesDir())).toEqual(before);
  });

  it('refuses a form without a `file` part, a body that is not a form, and an unknown usage', async () => {
    const wrongField = await upload(TINY_PNG, 'a.png', { field: 'image' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().data.errors).toEqual({ file: 'please choose a file to upload' });
    const json = await as(app, token, 'en-US').post('/api/blade-resource/oss/endpoint/put-file', {
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().data.errors).toEqual({ file: 'please choose a file to upload' });
    const empty = await upload(Buffer.alloc(0), 'empty.png');
    expect(empty.statusCode).toBe(400);
    const broken = await as(app, token, 'en-US').post('/api/blade-resource/oss/endpoint/put-file', {
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(broken.statusCode).toBe(400);
    const usage = await upload(TINY_PNG, 'a.png', { usage: 'banner' });
    expect(usage.statusCode).toBe(400);
    expect(Object.keys(usage.json().data.errors)).toEqual(['usage']);
  });

  it('refuses strangers with 401 and keeps each tenant in its own folder', async () => {
    const form = await multipartForm([{ name: 'file', filename: 'a.png', content: TINY_PNG }]);
    const stranger = await app.inject({
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file',
      ...form,
    });
    expect(stranger.statusCode).toBe(401);
    const forged = await app.inject({
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file',
      payload: form.payload,
      headers: { ...form.headers, 'blade-auth': 'bearer not.a.token' },
    });
    expect(forged.statusCode).toBe(401);
    const ofB = await upload(TINY_PNG, 'b.png', { bearer: tokenB });
    expect(ofB.json().data.link).toMatch(/^\/files\/400001\/\d{8}\/\d+-[\w-]{22}\.png$/);
  });
});

describe('GET /files', () => {
  it('serves nothing but issued names: traversal and odd paths are 404 and never reach the disk', async () => {
    const secret = `secret-${Date.now()}`;
    mkdirSync(app.config.DATA_DIR, { recursive: true });
    writeFileSync(path.join(app.config.DATA_DIR, 'jwt-secret'), secret);
    const attempts = [
      '/files/../jwt-secret',
      '/files/..%2fjwt-secret',
      '/files/%2e%2e/jwt-secret',
      '/files/%2e%2e%2fjwt-secret',
      '/files/..%5cjwt-secret',
      '/files/%2e%2e%5cjwt-secret',
      '/files/000000/../../jwt-secret',
      '/files/000000/20240101/..%2f..%2f..%2fjwt-secret',
      '/files//etc/passwd',
      '/files/000000/20240101/123456789012345678.png%00.txt',
      '/files/000000/20240101/123456789012345678.png',
      '/files/',
    ];
    for (const url of attempts) {
      const injected = await app.inject({ method: 'GET', url });
      expect(injected.statusCode, url).toBe(404);
      expect(injected.body, url).not.toContain(secret);
      const raw = await rawGet(url);
      expect(raw.status, `raw ${url}`).toBe(404);
      expect(raw.body, `raw ${url}`).not.toContain(secret);
    }
  });
});
