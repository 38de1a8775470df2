import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attach, logError } from '../../src/db/schema/index.js';
import { as, createTenant, createTestApp, login, multipartForm } from '../helper.js';
import { type S3StandIn, startS3StandIn } from '../s3-stand-in.js';

let app: FastifyInstance;
let s3: S3StandIn;
let token: string;
const T = '700003';
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

beforeAll(async () => {
  s3 = await startS3StandIn('AKIAGUARD', 'guard-secret');
  // no STORAGE_ALLOW_PRIVATE_ENDPOINTS: the default
  app = await createTestApp();
  await createTenant(app, T);
  token = (await login(app, T)).access_token;
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

async function uploadThrough(endpoint: string, ossCode: string) {
  const saved = await as(app, token, 'en-US').post('/api/blade-resource/oss/submit', {
    payload: {
      category: 1,
      ossCode,
      endpoint,
      accessKey: 'AKIAGUARD',
      secretKey: 'guard-secret',
      bucketName: 'inside',
    },
  });
  expect(saved.statusCode).toBe(200);
  await as(app, token).post(`/api/blade-resource/oss/enable?id=${saved.json().data.id}`);
  const form = await multipartForm([{ name: 'file', filename: `${ossCode}.pdf`, content: PDF }]);
  return as(app, token, 'en-US').post('/api/blade-resource/oss/endpoint/upload-file', form);
}

describe('an object-storage endpoint inside our own network', () => {
  it('is never connected to: loopback by address or by name, and the metadata service', async () => {
    const port = new URL(s3.endpoint).port;
    const cases = [
      [`http://127.0.0.1:${port}`, 'loopback', '127.0.0.1'],
      [`http://localhost:${port}`, 'by-name', 'localhost resolves to'],
      [`http://[::ffff:127.0.0.1]:${port}`, 'mapped', '::ffff:7f00:1'],
      ['http://169.254.169.254', 'metadata', '169.254.169.254'],
      ['http://100.100.100.200', 'aliyun-metadata', '100.100.100.200'],
    ];
    for (const [endpoint, ossCode, named] of cases as Array<[string, string, string]>) {
      const response = await uploadThrough(endpoint, ossCode);
      expect(response.statusCode, endpoint).toBe(500);
      expect(response.json().msg).toBe(
        'the object store could not be reached, please check the storage configuration',
      );
      expect(response.body).not.toContain('own network');
      await app.services.logs.flush();
      const logged = await app.database.db.select().from(logError).where(eq(logError.tenantId, T));
      expect(logged.at(-1)!.message, endpoint).toContain(named);
      expect(logged.at(-1)!.message, endpoint).toContain('an address of our own network');
      const rows = await app.database.db
        .select()
        .from(attach)
        .where(eq(attach.originalName, `${ossCode}.pdf`));
      expect(rows).toEqual([]);
    }
    expect(s3.requests).toEqual([]);
  });
});
