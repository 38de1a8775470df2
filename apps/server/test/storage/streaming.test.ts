import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attach } from '../../src/db/schema/index.js';
import { as, createTenant, createTestApp, login } from '../helper.js';
import { type S3StandIn, startS3StandIn } from '../s3-stand-in.js';
import {
  filesUnder,
  generated,
  MB,
  MP4_HEAD,
  peakGrowth,
  sha256OfFile,
  streamUpload,
  ZIP_HEAD,
} from './storage-helper.js';

let app: FastifyInstance;
let s3: S3StandIn;
let local: string;
let bucket: string;
const UPLOAD = '/api/blade-resource/oss/endpoint/upload-file';
const B = '700001';

const filesDir = () => path.resolve(app.config.DATA_DIR, 'files');
const send = (token: string, filename: string, size: number, head: Buffer) => {
  const body = generated(size, head);
  const answer = streamUpload(
    app,
    UPLOAD,
    { filename, size, body: body.stream },
    {
      'blade-auth': `bearer ${token}`,
      'accept-language': 'en-US',
    },
  );
  return { answer, sha256: body.sha256 };
};
const attachNamed = (name: string) => app.database.db.select().from(attach).where(eq(attach.name, name));

beforeAll(async () => {
  s3 = await startS3StandIn('AKIASTREAM', 'stream-secret');
  app = await createTestApp({ STORAGE_ALLOW_PRIVATE_ENDPOINTS: 'true' });
  await createTenant(app, B);
  local = (await login(app)).access_token;
  bucket = (await login(app, B)).access_token;
  const config = await as(app, bucket).post('/api/blade-resource/oss/submit', {
    payload: {
      category: 1,
      ossCode: 'stream-minio',
      endpoint: s3.endpoint,
      accessKey: 'AKIASTREAM',
      secretKey: 'stream-secret',
      bucketName: 'media',
    },
  });
  await as(app, bucket).post(`/api/blade-resource/oss/enable?id=${config.json().data.id}`);
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

describe('uploads to the local store', () => {
  it('streams a 200 MB video to disk: memory grows by far less than the file', async () => {
    const upload = send(local, 'flight.mp4', 200 * MB, MP4_HEAD);
    const { result, rss, buffers } = await peakGrowth(() => upload.answer);
    console.info(
      `local store, 200 MB upload: peak growth rss ${(rss / MB).toFixed(1)} MB, buffers ${(buffers / MB).toFixed(1)} MB`,
    );
    expect(result.status, result.body).toBe(200);
    const { name } = JSON.parse(result.body).data;
    expect(await sha256OfFile(path.join(filesDir(), name))).toBe(upload.sha256());
    expect((await attachNamed(name))[0]).toMatchObject({ attachSize: 200 * MB, extension: 'mp4' });
    // The old path read the whole file into one buffer; here a few chunks (or one part) are in flight.
    expect(buffers).toBeLessThan(100 * MB);
  });

  it('stops a file over its kind’s limit with 400 upload.size, and leaves no file, whole or partial', async () => {
    const before = filesUnder(filesDir());
    const { answer } = send(local, 'route.kmz', 21 * MB, ZIP_HEAD);
    const result = await answer;
    expect(result.status).toBe(400);
    expect(JSON.parse(result.body).data.errors).toEqual({ file: 'the file cannot be larger than 20 MB' });
    // answered before the whole body arrived: the connection is closed rather than read to the end
    expect(result.headers.connection).toBe('close');
    expect(filesUnder(filesDir())).toEqual(before);
  });

  it('refuses bytes that are not what the extension says before storing anything', async () => {
    const before = filesUnder(filesDir());
    const { answer } = send(local, 'flight.mp4', 3 * MB, ZIP_HEAD);
    const result = await answer;
    expect(result.status).toBe(400);
    expect(JSON.parse(result.body).data.errors).toEqual({
      file: 'the file’s content does not match its extension .mp4',
    });
    expect(filesUnder(filesDir())).toEqual(before);
  });
});

describe('uploads to an S3-compatible store', () => {
  it('sends a 200 MB video as a multipart upload of 8 MiB parts, holding one part at a time', async () => {
    const first = s3.requests.length;
    const upload = send(bucket, 'flight.mp4', 200 * MB, MP4_HEAD);
    const { result, rss, buffers } = await peakGrowth(() => upload.answer);
    console.info(
      `S3 store, 200 MB upload: peak growth rss ${(rss / MB).toFixed(1)} MB, buffers ${(buffers / MB).toFixed(1)} MB`,
    );
    expect(result.status, result.body).toBe(200);
    const { name } = JSON.parse(result.body).data;
    const calls = s3.requests.slice(first);
    expect(calls.filter((call) => call.query.includes('partNumber'))).toHaveLength(25);
    expect(calls[0]).toMatchObject({ method: 'POST', query: '?uploads=' });
    expect(calls.at(-1)).toMatchObject({ method: 'POST', status: 200 });
    expect(s3.objects.size(`/media/${name}`)).toBe(200 * MB);
    expect(s3.pendingUploads()).toBe(0);
    expect((await attachNamed(name))[0]).toMatchObject({ attachSize: 200 * MB });
    expect(buffers).toBeLessThan(100 * MB);
  });

  it('sends a file of one part or less as a single signed PUT', async () => {
    const first = s3.requests.length;
    const { answer } = send(bucket, 'short.mp4', 3 * MB, MP4_HEAD);
    const result = await answer;
    expect(result.status).toBe(200);
    expect(s3.requests.slice(first).map((call) => call.method)).toEqual(['PUT']);
  });

  it('aborts the multipart upload when the store fails half-way: no object, no attachment', async () => {
    s3.failWhen = (method, query) => method === 'PUT' && query.get('partNumber') === '3';
    try {
      const first = s3.requests.length;
      const before = s3.objects.keys();
      const { answer } = send(bucket, 'lost.mp4', 40 * MB, MP4_HEAD);
      const result = await answer;
      expect(result.status).toBe(500);
      expect(JSON.parse(result.body).msg).toBe(
        'the object store media could not be reached, please check the storage configuration',
      );
      expect(s3.requests.slice(first).at(-1)).toMatchObject({ method: 'DELETE', status: 204 });
      expect(s3.pendingUploads()).toBe(0);
      expect(s3.objects.keys()).toEqual(before);
      const rows = await app.database.db.select().from(attach).where(eq(attach.originalName, 'lost.mp4'));
      expect(rows).toEqual([]);
    } finally {
      s3.failWhen = null;
    }
  });

  it('aborts the multipart upload of a file over its limit, and sends nothing for a mismatched one', async () => {
    const before = s3.objects.keys();
    const large = await send(bucket, 'route.kmz', 21 * MB, ZIP_HEAD).answer;
    expect(large.status).toBe(400);
    expect(JSON.parse(large.body).data.errors).toEqual({ file: 'the file cannot be larger than 20 MB' });
    expect(s3.requests.at(-1)).toMatchObject({ method: 'DELETE' });
    expect(s3.pendingUploads()).toBe(0);

    const first = s3.requests.length;
    const mismatched = await send(bucket, 'route.kmz', 1 * MB, MP4_HEAD).answer;
    expect(mismatched.status).toBe(400);
    expect(s3.requests.length).toBe(first);
    expect(s3.objects.keys()).toEqual(before);
  });
});
