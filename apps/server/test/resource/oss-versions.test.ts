import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attach, oss, ossVersion } from '../../src/db/schema/index.js';
import { as, createTenant, createTestApp, login, multipartForm } from '../helper.js';
import { type S3StandIn, startS3StandIn } from '../s3-stand-in.js';

let app: FastifyInstance;
let one: S3StandIn;
let two: S3StandIn;
let token: string;
const T = '700021';
const OSS = '/api/blade-resource/oss';
const ATTACH = '/api/blade-resource/attach';
const ACCESS = 'AKIAVERSIONS';
const SECRET = 'versions-secret';
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n${text}\n%%EOF\n`);

beforeAll(async () => {
  one = await startS3StandIn(ACCESS, SECRET);
  two = await startS3StandIn(ACCESS, SECRET);
  // Both stand-ins listen on 127.0.0.1: the operator allows private networks, under the setting's new name.
  app = await createTestApp({ ALLOW_PRIVATE_TENANT_URLS: 'true' });
  await createTenant(app, T);
  token = (await login(app, T)).access_token;
});
afterAll(async () => {
  await app?.close();
  await one?.close();
  await two?.close();
});

const submit = (payload: Record<string, unknown>) =>
  as(app, token, 'en-US').post(`${OSS}/submit`, {
    payload: { category: 1, ossCode: 'bucket', accessKey: ACCESS, secretKey: SECRET, ...payload },
  });

async function upload(name: string, content: Buffer) {
  const form = await multipartForm([{ name: 'file', filename: name, content }]);
  const response = await as(app, token, 'en-US').post(`${OSS}/endpoint/upload-file`, form);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { link: string; name: string; attachId: string; domain: string };
}

const versions = () => app.database.db.select().from(ossVersion).where(eq(ossVersion.tenantId, T));
const attachOf = async (id: string) =>
  (await app.database.db.select().from(attach).where(eq(attach.id, id)))[0]!;

describe('a stored file is read with the configuration it was written with', () => {
  it('an edited endpoint and bucket take new uploads; old files are served and removed where they were written', async () => {
    const saved = await submit({ endpoint: one.endpoint, bucketName: 'first' });
    expect(saved.statusCode).toBe(200);
    const id = saved.json().data.id as string;
    await as(app, token).post(`${OSS}/enable?id=${id}`);
    const old = await upload('old.pdf', pdf('old'));
    expect(one.objects.get(`/first/${old.name}`)?.body).toEqual(pdf('old'));
    const [v1] = await versions();
    expect(await attachOf(old.attachId)).toMatchObject({ ossId: id, ossVersionId: v1!.id });

    // The tenant moves the configuration to another endpoint and bucket (same id, still enabled).
    const moved = await submit({ id, endpoint: two.endpoint, bucketName: 'second' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ id, endpoint: two.endpoint, bucketName: 'second' });
    expect(await versions()).toHaveLength(2);
    const v2 = (await versions()).find((version) => version.id !== v1!.id)!;
    expect(v2).toMatchObject({ ossId: id, endpoint: two.endpoint, bucketName: 'second' });
    // The first version is as it was written.
    expect((await versions()).find((version) => version.id === v1!.id)).toEqual(v1);

    const requestsToTwo = two.requests.length;
    const served = await app.inject({ method: 'GET', url: old.link });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(pdf('old'));
    const downloaded = await as(app, token).get(`${ATTACH}/download?id=${old.attachId}`);
    expect(downloaded.rawPayload).toEqual(pdf('old'));
    expect(two.requests.length).toBe(requestsToTwo);

    const fresh = await upload('new.pdf', pdf('new'));
    expect(fresh.domain).toBe(`${two.endpoint}/second`);
    expect(two.objects.get(`/second/${fresh.name}`)?.body).toEqual(pdf('new'));
    expect(one.objects.has(`/first/${fresh.name}`)).toBe(false);
    expect(await attachOf(fresh.attachId)).toMatchObject({ ossId: id, ossVersionId: v2.id });

    // Removing the old file deletes it from the first store, not from the second.
    const deletesOnTwo = two.requests.filter((request) => request.method === 'DELETE').length;
    expect((await as(app, token).post(`${ATTACH}/remove?ids=${old.attachId}`)).statusCode).toBe(200);
    expect(one.objects.has(`/first/${old.name}`)).toBe(false);
    expect(two.requests.filter((request) => request.method === 'DELETE').length).toBe(deletesOnTwo);
    expect(two.objects.get(`/second/${fresh.name}`)?.body).toEqual(pdf('new'));

    // Switched to the local disk, then removed: the file in the second store is still served from there.
    expect((await submit({ id, category: 0 })).statusCode).toBe(200);
    expect((await app.database.db.select().from(oss).where(eq(oss.id, id)))[0]!.versionId).toBeNull();
    expect((await app.inject({ method: 'GET', url: fresh.link })).rawPayload).toEqual(pdf('new'));
    await as(app, token).post(`${OSS}/remove?ids=${id}`);
    expect((await app.inject({ method: 'GET', url: fresh.link })).rawPayload).toEqual(pdf('new'));
    expect(one.requests.filter((request) => request.path.includes(fresh.name))).toEqual([]);
  });

  it('rotating the key of the same bucket keeps the version; a refused save writes no version', async () => {
    const id = (
      await submit({ ossCode: 'rotating', endpoint: `${one.endpoint}/`, bucketName: 'third' })
    ).json().data.id as string;
    const before = await versions();
    const mine = before.filter((version) => version.ossId === id);
    expect(mine).toHaveLength(1);
    // The same location written differently (a trailing slash) is the same location.
    expect(mine[0]!.endpoint).toBe(one.endpoint);
    const rotated = await submit({
      id,
      ossCode: 'rotating',
      endpoint: one.endpoint,
      bucketName: 'third',
      secretKey: 'rotated',
    });
    expect(rotated.statusCode).toBe(200);
    const after = await versions();
    expect(after).toHaveLength(before.length);
    expect(after.find((version) => version.id === mine[0]!.id)).toMatchObject({ secretKey: 'rotated' });

    // A save refused inside the transaction (a code another configuration has) leaves nothing behind.
    await submit({ ossCode: 'taken', endpoint: one.endpoint, bucketName: 'fourth' });
    const count = (await versions()).length;
    const clash = await submit({ id, ossCode: 'taken', endpoint: two.endpoint, bucketName: 'fifth' });
    expect(clash.statusCode).toBe(400);
    expect(await versions()).toHaveLength(count);
    expect((await app.database.db.select().from(oss).where(eq(oss.id, id)))[0]).toMatchObject({
      ossCode: 'rotating',
      bucketName: 'third',
      versionId: mine[0]!.id,
    });
  });
});
