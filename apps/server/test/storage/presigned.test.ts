import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { S3Store } from '../../src/storage/s3-store.js';
import { createTestApp } from '../helper.js';
import { type S3StandIn, startS3StandIn } from '../s3-stand-in.js';
import { MP4_HEAD, ZIP_HEAD } from './storage-helper.js';

let app: FastifyInstance;
let s3: S3StandIn;
let bucket: S3Store;
const VIDEO = Buffer.concat([MP4_HEAD, Buffer.alloc(5000, 7)]);
const KEY = '000000/media/flight-1/DJI_0001.mp4';
const body = (bytes: Buffer) => Readable.from([bytes]);
const filesDir = () => path.resolve(app.config.DATA_DIR, 'files');
const later = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
/** The same URL with one query parameter replaced (or removed with null). */
function altered(url: string, name: string, value: string | null): string {
  const parsed = new URL(url, 'http://x');
  if (value === null) parsed.searchParams.delete(name);
  else parsed.searchParams.set(name, value);
  return parsed.pathname + parsed.search;
}

beforeAll(async () => {
  s3 = await startS3StandIn('AKIAPRESIGN', 'presign-secret');
  app = await createTestApp({ STORAGE_ALLOW_PRIVATE_ENDPOINTS: 'true' });
  await app.platform.storage.local.put(KEY, body(VIDEO), { contentType: 'video/mp4' });
  await app.platform.storage.local.put('000000/media/other.mp4', body(VIDEO), { contentType: 'video/mp4' });
  bucket = app.platform.storage.s3({
    endpoint: s3.endpoint,
    bucket: 'media',
    accessKey: 'AKIAPRESIGN',
    secretKey: 'presign-secret',
    region: 'us-east-1',
  });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

describe('presigned GET of the local store', () => {
  it('serves the object to anyone with the link, under the name it was signed with, ranges too', async () => {
    const url = app.platform.storage.local.presignGet(KEY, {
      expiresSeconds: 60,
      downloadName: '航拍 1.mp4',
    });
    expect(url).toMatch(
      /^\/files\/000000\/media\/flight-1\/DJI_0001\.mp4\?expires=\d+&filename=.+&signature=[\w-]{43}$/,
    );
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(VIDEO);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('航拍 1.mp4')}`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const part = await app.inject({ method: 'GET', url, headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('ftypisom');
    // without a signature the object is not public: only issued upload names are
    expect((await app.inject({ method: 'GET', url: `/files/${KEY}` })).statusCode).toBe(404);
  });

  it('refuses an altered link: another key, a later expiry, another name, a changed or missing signature', async () => {
    const url = app.platform.storage.local.presignGet(KEY, { expiresSeconds: 60, downloadName: 'a.mp4' });
    const signature = new URL(url, 'http://x').searchParams.get('signature')!;
    const attempts = [
      url.replace('DJI_0001', 'DJI_0002'),
      url.replace('/flight-1/DJI_0001.mp4', '/other.mp4'),
      url.replace('/files/000000/', '/files/400001/'),
      altered(url, 'expires', String(Number(new URL(url, 'http://x').searchParams.get('expires')) + 3600)),
      altered(url, 'filename', 'b.mp4'),
      altered(url, 'filename', null),
      altered(url, 'signature', (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1)),
      altered(url, 'signature', null),
      altered(url, 'expires', 'soon'),
      url.replace('/files/000000/media/flight-1/', '/files/000000/media/flight-1/../../../jwt-secret/'),
    ];
    for (const attempt of attempts) {
      const response = await app.inject({
        method: 'GET',
        url: attempt,
        headers: { 'accept-language': 'en-US' },
      });
      expect(response.statusCode, attempt).toBe(403);
      expect(response.json().msg, attempt).toBe('the link is not valid');
    }
  });

  it('refuses the link once it has expired', async () => {
    const url = app.platform.storage.local.presignGet(KEY, { expiresSeconds: 60 });
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    later(61);
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().msg).toBe('the link has expired');
  });
});

describe('presigned PUT of the local store', () => {
  const key = '000000/media/flight-2/DJI_0002.mp4';
  const put = (url: string, payload: Buffer, type = 'video/mp4') =>
    app.inject({
      method: 'PUT',
      url,
      payload,
      headers: { 'content-type': type, 'accept-language': 'en-US' },
    });

  it('stores the bytes sent with the signed content type; a GET link then reads them back', async () => {
    const url = app.platform.storage.local.presignPut(key, { expiresSeconds: 300, contentType: 'video/mp4' });
    const response = await put(url, VIDEO);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ size: VIDEO.length });
    expect(readFileSync(path.join(filesDir(), key))).toEqual(VIDEO);
    const read = await app.inject({
      method: 'GET',
      url: app.platform.storage.local.presignGet(key, { expiresSeconds: 60 }),
    });
    expect(read.rawPayload).toEqual(VIDEO);
  });

  it('refuses another content type, another key, no signature and an expired link, storing nothing', async () => {
    const target = '000000/media/flight-3/DJI_0003.mp4';
    const url = app.platform.storage.local.presignPut(target, {
      expiresSeconds: 60,
      contentType: 'video/mp4',
    });
    expect((await put(url, VIDEO, 'text/html')).statusCode).toBe(403);
    expect((await put(url.replace('DJI_0003', 'DJI_0004'), VIDEO)).statusCode).toBe(403);
    expect((await put(altered(url, 'signature', null), VIDEO)).statusCode).toBe(403);
    expect((await put(`/files/${target}`, VIDEO)).statusCode).toBe(403);
    vi.useFakeTimers({ toFake: ['Date'] });
    later(61);
    const expired = await put(url, VIDEO);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().msg).toBe('the link has expired');
    expect(existsSync(path.join(filesDir(), target))).toBe(false);
    expect(existsSync(path.join(filesDir(), target.replace('DJI_0003', 'DJI_0004')))).toBe(false);
  });

  it('refuses bytes that do not match the key’s extension, and a body over its kind’s limit', async () => {
    const url = app.platform.storage.local.presignPut('000000/media/x.mp4', {
      expiresSeconds: 60,
      contentType: 'video/mp4',
    });
    const zip = await put(url, Buffer.concat([ZIP_HEAD, Buffer.alloc(100)]));
    expect(zip.statusCode).toBe(400);
    expect(zip.json().data.errors).toEqual({ file: 'the file’s content does not match its extension .mp4' });
    const picture = app.platform.storage.local.presignPut('000000/media/x.png', {
      expiresSeconds: 60,
      contentType: 'image/png',
    });
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(6 * 1024 * 1024),
    ]);
    const large = await put(picture, png, 'image/png');
    expect(large.statusCode).toBe(400);
    expect(large.json().data.errors).toEqual({ file: 'the file cannot be larger than 5 MB' });
    expect(existsSync(path.join(filesDir(), '000000/media/x.mp4'))).toBe(false);
    expect(existsSync(path.join(filesDir(), '000000/media/x.png'))).toBe(false);
  });
});

describe('presigned URLs of an S3-compatible store', () => {
  it('a GET link reads the object without credentials until it expires, and not once altered', async () => {
    await bucket.put('000000/media/s3.mp4', body(VIDEO), { contentType: 'video/mp4' });
    const url = bucket.presignGet('000000/media/s3.mp4', { expiresSeconds: 60, downloadName: '航拍.mp4' });
    expect(new URL(url).searchParams.get('response-content-disposition')).toContain('attachment;');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(VIDEO);
    expect((await fetch(url.replace('s3.mp4', 's4.mp4'))).status).toBe(403);
    expect((await fetch(url.replace('X-Amz-Expires=60', 'X-Amz-Expires=600'))).status).toBe(403);
    vi.useFakeTimers({ toFake: ['Date'] });
    later(61);
    expect((await fetch(url)).status).toBe(403);
  });

  it('a PUT link stores what is sent with the signed content type, and refuses another type', async () => {
    const url = bucket.presignPut('000000/media/sent.mp4', { expiresSeconds: 60, contentType: 'video/mp4' });
    const refused = await fetch(url, {
      method: 'PUT',
      body: VIDEO,
      headers: { 'content-type': 'text/html' },
    });
    expect(refused.status).toBe(403);
    expect(s3.objects.has('/media/000000/media/sent.mp4')).toBe(false);
    const sent = await fetch(url, { method: 'PUT', body: VIDEO, headers: { 'content-type': 'video/mp4' } });
    expect(sent.status).toBe(200);
    expect(s3.objects.get('/media/000000/media/sent.mp4')).toEqual({ body: VIDEO, contentType: 'video/mp4' });
  });
});
