import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetworkGuard } from '../../src/storage/network-guard.js';
import { S3Store } from '../../src/storage/s3-store.js';
import { type S3StandIn, startS3StandIn } from '../s3-stand-in.js';
import { generated, MB, MP4_HEAD, sha256Of } from './storage-helper.js';

let s3: S3StandIn;
let store: S3Store;
const settings = () => ({
  endpoint: s3.endpoint,
  bucket: 'direct',
  accessKey: 'AKIADIRECT',
  secretKey: 'direct-secret',
  region: 'us-east-1',
});

beforeAll(async () => {
  s3 = await startS3StandIn('AKIADIRECT', 'direct-secret');
  // 5 MiB parts (S3's smallest) keep these bodies small; the server uses 8 MiB
  store = new S3Store(settings(), new NetworkGuard(true), 5 * MB);
});
afterAll(async () => {
  await s3?.close();
});

describe('the S3 store, on its own', () => {
  it('streams a body of known size as one PUT with an unsigned payload', async () => {
    const body = generated(3 * MB, MP4_HEAD);
    const first = s3.requests.length;
    expect(await store.put('t/known.mp4', body.stream, { contentType: 'video/mp4', size: 3 * MB })).toEqual({
      size: 3 * MB,
    });
    expect(s3.requests.slice(first)).toMatchObject([
      { method: 'PUT', status: 200, payload: 'UNSIGNED-PAYLOAD' },
    ]);
    const read = await store.get('t/known.mp4');
    expect(read).toMatchObject({ size: 3 * MB, contentType: 'video/mp4' });
    expect(await sha256Of(read!.stream)).toBe(body.sha256());
  });

  it('refuses a body shorter or longer than its announced size, and stores nothing', async () => {
    for (const sent of [MB - 1, MB + 1]) {
      const body = generated(sent, MP4_HEAD);
      await expect(
        store.put('t/wrong.mp4', body.stream, { contentType: 'video/mp4', size: MB }),
      ).rejects.toThrow(/expected a body of 1048576 bytes/);
    }
    expect(s3.objects.has('/direct/t/wrong.mp4')).toBe(false);
  });

  it('signs the payload of a short body of unknown size, and cuts a long one into parts', async () => {
    const first = s3.requests.length;
    await store.put('t/short.mp4', Readable.from([Buffer.concat([MP4_HEAD, Buffer.alloc(100)])]), {
      contentType: 'video/mp4',
    });
    expect(s3.requests[first]!.payload).toMatch(/^[0-9a-f]{64}$/);
    const long = generated(12 * MB, MP4_HEAD);
    expect(await store.put('t/long.mp4', long.stream, { contentType: 'video/mp4' })).toEqual({
      size: 12 * MB,
    });
    const parts = s3.requests.slice(first + 1).filter((request) => request.query.includes('partNumber'));
    expect(parts.map((request) => request.payload.length)).toEqual([64, 64, 64]);
    expect(await sha256Of((await store.get('t/long.mp4'))!.stream)).toBe(long.sha256());
  });

  it('refuses unsafe keys before sending anything, and reads nothing for a missing key', async () => {
    const first = s3.requests.length;
    for (const key of ['../other-bucket/x', '/abs', 'a\\b']) {
      await expect(
        store.put(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain' }),
      ).rejects.toThrow(/unsafe/);
    }
    expect(s3.requests.length).toBe(first);
    expect(await store.get('t/missing.mp4')).toBeNull();
    await expect(store.remove('t/missing.mp4')).resolves.toBeUndefined();
  });
});
