import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTenant, createTestApp, login, multipartForm } from '../helper.js';
import { type S3StandIn, startS3StandIn } from '../s3-stand-in.js';

let app: FastifyInstance;
let s3: S3StandIn;
const tokens: Record<string, string> = {};
const B = '700002';
/** A pdf of 1,000 bytes whose every byte says where it is. */
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from(Array.from({ length: 991 }, (_, index) => 32 + ((index + 9) % 90))),
]);
const uploaded: Record<string, { link: string; attachId: string }> = {};

beforeAll(async () => {
  s3 = await startS3StandIn('AKIARANGE', 'range-secret');
  app = await createTestApp({ STORAGE_ALLOW_PRIVATE_ENDPOINTS: 'true' });
  await createTenant(app, B);
  tokens.disk = (await login(app)).access_token;
  tokens.bucket = (await login(app, B)).access_token;
  const config = await as(app, tokens.bucket).post('/api/blade-resource/oss/submit', {
    payload: {
      category: 5,
      ossCode: 'range-s3',
      endpoint: s3.endpoint,
      accessKey: 'AKIARANGE',
      secretKey: 'range-secret',
      bucketName: 'ranges',
    },
  });
  await as(app, tokens.bucket).post(`/api/blade-resource/oss/enable?id=${config.json().data.id}`);
  for (const store of ['disk', 'bucket']) {
    const form = await multipartForm([{ name: 'file', filename: 'report.pdf', content: PDF }]);
    const response = await as(app, tokens[store]!).post('/api/blade-resource/oss/endpoint/upload-file', form);
    uploaded[store] = response.json().data;
  }
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

const get = (url: string, range?: string) =>
  app.inject({ method: 'GET', url, headers: range ? { range } : {} });

describe.each(['disk', 'bucket'])('ranges of a file in the %s store', (store) => {
  it('answers one range with 206, its Content-Range and only its bytes', async () => {
    const { link } = uploaded[store]!;
    const cases: Array<[string, number, number]> = [
      ['bytes=0-9', 0, 9],
      ['bytes=100-199', 100, 199],
      ['bytes=990-', 990, 999],
      ['bytes=-5', 995, 999],
      ['bytes=995-5000', 995, 999],
    ];
    for (const [range, start, end] of cases) {
      const response = await get(link, range);
      expect(response.statusCode, range).toBe(206);
      expect(response.headers['content-range'], range).toBe(`bytes ${start}-${end}/1000`);
      expect(response.headers['content-length'], range).toBe(String(end - start + 1));
      expect(response.rawPayload, range).toEqual(PDF.subarray(start, end + 1));
      expect(response.headers['content-type']).toBe('application/pdf');
    }
  });

  it('answers a range past the end with 416 and the size, and anything else whole', async () => {
    const { link } = uploaded[store]!;
    const past = await get(link, 'bytes=1000-');
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */1000');
    for (const range of [undefined, 'bytes=0-1,5-6', 'items=0-1', 'bytes=9-3']) {
      const whole = await get(link, range);
      expect(whole.statusCode, range).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload, range).toEqual(PDF);
    }
  });

  it('ranges the tenant’s attachment download too, and answers HEAD with the size only', async () => {
    const { link, attachId } = uploaded[store]!;
    const download = await as(app, tokens[store]!).get(`/api/blade-resource/attach/download?id=${attachId}`, {
      headers: { range: 'bytes=0-4' },
    });
    expect(download.statusCode).toBe(206);
    expect(download.body).toBe('%PDF-');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    const head = await app.inject({ method: 'HEAD', url: link });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');
    expect(head.rawPayload.length).toBe(0);
  });
});
