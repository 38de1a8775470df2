import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attach, logError, oss, ossVersion } from '../../src/db/schema/index.js';
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

const OWN_NETWORK =
  'the address cannot point at this machine, a private or link-local network or a cloud metadata service';

const save = (payload: Record<string, unknown>) =>
  as(app, token, 'en-US').post('/api/blade-resource/oss/submit', {
    payload: {
      category: 1,
      accessKey: 'AKIAGUARD',
      secretKey: 'guard-secret',
      bucketName: 'inside',
      ...payload,
    },
  });

/**
 * A configuration whose endpoint is inside: saved while the operator allowed private networks, or before
 * the rule on save existed. Written to the database directly, as saving it now is refused.
 */
async function uploadThrough(endpoint: string, ossCode: string) {
  const saved = await save({ ossCode, endpoint: 'https://s3.example.com' });
  expect(saved.statusCode).toBe(200);
  const { id, versionId } = saved.json().data as { id: string; versionId: string };
  await app.database.db.update(oss).set({ endpoint }).where(eq(oss.id, id));
  await app.database.db.update(ossVersion).set({ endpoint }).where(eq(ossVersion.id, versionId));
  await as(app, token).post(`/api/blade-resource/oss/enable?id=${id}`);
  const form = await multipartForm([{ name: 'file', filename: `${ossCode}.pdf`, content: PDF }]);
  return as(app, token, 'en-US').post('/api/blade-resource/oss/endpoint/upload-file', form);
}

describe('an object-storage endpoint inside our own network', () => {
  it('is refused on save, naming the field, in every writing of the address', async () => {
    const port = new URL(s3.endpoint).port;
    const before = await app.database.db.select().from(oss).where(eq(oss.tenantId, T));
    for (const endpoint of [
      `http://127.0.0.1:${port}`,
      `http://[::1]:${port}/`,
      'http://169.254.169.254/',
      'http://100.100.100.200/',
      'http://0x7f000001/',
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://localhost./',
      `http://localhost:${port}`,
      'http://s3.localhost/',
      'http://metadata.google.internal/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[fd00:ec2::254]/',
      'http://192.168.0.10:9000',
      'http://minio:9000',
    ]) {
      const response = await save({ ossCode: 'inside', endpoint });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().data.errors, endpoint).toEqual({ endpoint: OWN_NETWORK });
    }
    // The address of the review: a query and a fragment that would swallow the bucket and key.
    const smuggled = await save({ ossCode: 'inside', endpoint: `http://127.0.0.1:${port}/any/path?x=#` });
    expect(smuggled.statusCode).toBe(400);
    expect(smuggled.json().data.errors).toEqual({ endpoint: 'the address cannot contain a # fragment' });
    const queried = await save({ ossCode: 'inside', endpoint: `http://127.0.0.1:${port}/any/path?x=` });
    expect(queried.json().data.errors).toEqual({ endpoint: 'the address cannot contain a ? query' });
    // An edit cannot move a saved configuration inside either.
    const saved = await save({ ossCode: 'outside', endpoint: 'https://S3.Example.com/' });
    expect(saved.json().data.endpoint).toBe('https://s3.example.com');
    const moved = await save({ id: saved.json().data.id, ossCode: 'outside', endpoint: 'http://10.1.2.3' });
    expect(moved.json().data.errors).toEqual({ endpoint: OWN_NETWORK });
    const after = await app.database.db.select().from(oss).where(eq(oss.tenantId, T));
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((row) => row.ossCode === 'outside')!.endpoint).toBe('https://s3.example.com');
    expect(s3.requests).toEqual([]);
  });

  it('saved anyway (while allowed, or before the rule), is never connected to: by address, by name, metadata', async () => {
    const port = new URL(s3.endpoint).port;
    const cases = [
      [`http://127.0.0.1:${port}`, 'loopback', '127.0.0.1'],
      [`http://localhost:${port}`, 'by-name', 'localhost'],
      [`http://[::ffff:127.0.0.1]:${port}`, 'mapped', '::ffff:7f00:1'],
      ['http://169.254.169.254', 'metadata', '169.254.169.254'],
      ['http://100.100.100.200', 'aliyun-metadata', '100.100.100.200'],
    ];
    for (const [endpoint, ossCode, named] of cases as Array<[string, string, string]>) {
      const response = await uploadThrough(endpoint, ossCode);
      expect(response.statusCode, endpoint).toBe(500);
      expect(response.json().msg).toBe(
        'the object store inside could not be reached, please check the storage configuration',
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
