import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attach, logError, logUsual, oss } from '../../src/db/schema/index.js';
import { as, createTestApp, multipartForm } from '../helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';
import { signInWithGrants } from '../org-helper.js';
import { type S3StandIn, startS3StandIn } from '../s3-stand-in.js';

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;
let s3: S3StandIn;
let platform: string;
let tenantB: string;
const B = '600001';
const OSS = '/api/blade-resource/oss';
const ATTACH = '/api/blade-resource/attach';
const ACCESS = 'AKIASTANDIN';
const SECRET = 'stand-in-secret-key';
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** A zip archive's first bytes (a local file header), then filler. */
const zip = (bytes: number) =>
  Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(bytes - 4, 1)]);

type Row = Record<string, unknown>;

beforeAll(async () => {
  s3 = await startS3StandIn(ACCESS, SECRET);
  // The stand-in listens on 127.0.0.1: an operator's private MinIO, allowed explicitly.
  app = await createTestApp({ STORAGE_ALLOW_PRIVATE_ENDPOINTS: 'true' });
  ({ mine, theirs } = await twoTenants(app, { theirs: B }));
  platform = mine.token;
  tenantB = theirs.token;
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

const submit = (token: string, payload: Row, language = 'en-US') =>
  as(app, token, language).post(`${OSS}/submit`, { payload });

const minio = (extra: Row = {}) => ({
  category: 1,
  ossCode: 'minio-a',
  endpoint: s3.endpoint,
  accessKey: ACCESS,
  secretKey: SECRET,
  bucketName: 'drone-files',
  region: 'us-east-1',
  ...extra,
});

async function upload(token: string, content: Buffer | string, filename: string, url = 'upload-file') {
  const form = await multipartForm([{ name: 'file', filename, content }]);
  return as(app, token, 'en-US').post(`/api/blade-resource/oss/endpoint/${url}`, form);
}

const filesDir = () => path.resolve(app.config.DATA_DIR, 'files');

describe('object storage configurations', () => {
  it('adds, reads, updates and removes a configuration; the secret never comes back', async () => {
    const created = await submit(platform, minio());
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      msg: 'added successfully',
      data: { secretKey: '******', status: 1 },
    });
    const id = created.json().data.id;
    const listed = (await as(app, platform).get(`${OSS}/list?ossCode=minio`)).json().data;
    expect(listed.records.map((row: Row) => [row.id, row.secretKey])).toEqual([[id, '******']]);
    expect((await as(app, platform).get(`${OSS}/detail?id=${id}`)).body).not.toContain(SECRET);

    // no secret, or the mask, keeps the saved one; a new one replaces it
    for (const secretKey of [undefined, '', '******']) {
      const kept = await submit(platform, { ...minio({ secretKey }), id, remark: 'kept' });
      expect(kept.json()).toMatchObject({ msg: 'updated successfully', data: { remark: 'kept' } });
      const [row] = await app.database.db.select().from(oss).where(eq(oss.id, id));
      expect(row!.secretKey).toBe(SECRET);
    }
    await submit(platform, { ...minio({ secretKey: 'rotated' }), id });
    expect((await app.database.db.select().from(oss).where(eq(oss.id, id)))[0]!.secretKey).toBe('rotated');
    await submit(platform, { ...minio(), id });

    const local = await submit(platform, {
      category: 0,
      ossCode: 'disk',
      endpoint: 'http://ignored',
      accessKey: 'x',
    });
    expect(local.json().data).toMatchObject({ category: 0, endpoint: null, accessKey: null, secretKey: '' });
    const removed = await as(app, platform, 'en-US').post(`${OSS}/remove?ids=${local.json().data.id}`);
    expect(removed.json()).toMatchObject({ data: 1, msg: 'deleted successfully' });
    expect((await as(app, platform).get(`${OSS}/detail?id=${local.json().data.id}`)).statusCode).toBe(404);
  });

  it('names the field of every bad input', async () => {
    const cases: Array<[Row, Record<string, string>]> = [
      [
        minio({ category: 3 }),
        { category: 'unsupported storage type: choose local disk, MinIO or S3-compatible' },
      ],
      [minio({ ossCode: '   ' }), { ossCode: 'cannot be empty or all spaces' }],
      [minio({ endpoint: 'ftp://files' }), { endpoint: 'the address must start with http or https' }],
      [
        minio({ bucketName: 'Bad_Bucket' }),
        {
          bucketName: 'the bucket name must be 3 to 63 lower-case letters, digits, dots or hyphens',
        },
      ],
      [minio({ ossCode: 'fresh', endpoint: '' }), { endpoint: 'endpoint is required' }],
      [minio({ ossCode: 'fresh', accessKey: null }), { accessKey: 'accessKey is required' }],
      [minio({ ossCode: 'fresh', secretKey: '' }), { secretKey: 'secretKey is required' }],
      [minio({ remark: 'x'.repeat(256) }), { remark: 'at most 255 characters' }],
      [minio({ ossCode: 'minio-a' }), { ossCode: 'the storage code already exists' }],
    ];
    for (const [payload, errors] of cases) {
      const response = await submit(platform, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().data.errors).toEqual(errors);
    }
    const zh = await submit(platform, minio({ ossCode: 'minio-a' }), 'zh-CN');
    expect(zh.json().msg).toBe('ossCode: 资源编号已存在');
  });

  it('keeps exactly one enabled configuration per tenant, and notes the change in the usual log', async () => {
    const first = (await submit(platform, minio({ ossCode: 'first' }))).json().data.id;
    const second = (await submit(platform, minio({ ossCode: 'second' }))).json().data.id;
    const ofB = (await submit(tenantB, minio({ ossCode: 'of-b' }))).json().data.id;
    expect((await as(app, tenantB).post(`${OSS}/enable?id=${ofB}`)).statusCode).toBe(200);
    const enabled = async (tenantId: string) =>
      (
        await app.database.db
          .select()
          .from(oss)
          .where(and(eq(oss.tenantId, tenantId), eq(oss.status, 2)))
      ).map((row) => row.id);
    const response = await as(app, platform, 'en-US').post(`${OSS}/enable?id=${first}`);
    expect(response.json()).toMatchObject({ msg: 'enabled successfully', data: { id: first, status: 2 } });
    expect(await enabled('000000')).toEqual([first]);
    await as(app, platform).post(`${OSS}/enable?id=${second}`);
    expect(await enabled('000000')).toEqual([second]);
    expect(await enabled(B)).toEqual([ofB]);
    await app.services.logs.flush();
    const notes = await app.database.db.select().from(logUsual).where(eq(logUsual.logId, 'oss.enable'));
    expect(notes.map((row) => [row.tenantId, row.logData])).toContainEqual([
      '000000',
      '启用对象存储配置 second（MinIO）',
    ]);
    // back to the local disk for the rest of the file
    const disk = (await submit(platform, { category: 0, ossCode: 'local-disk' })).json().data.id;
    await as(app, platform).post(`${OSS}/enable?id=${disk}`);
    expect(await enabled('000000')).toEqual([disk]);
  });

  it('another tenant can neither read, change, enable nor remove a configuration', async () => {
    const [first] = await app.database.db.select().from(oss).where(eq(oss.ossCode, 'first'));
    await expectIsolated(mine, theirs, {
      read: `${OSS}/detail?id=${first!.id}`,
      names: [first!.id],
      hidden: [`${OSS}/list?size=100`],
      refused: [
        `${OSS}/detail?id=${first!.id}`,
        { method: 'POST', url: `${OSS}/submit`, payload: { ...minio({ ossCode: 'stolen' }), id: first!.id } },
        { method: 'POST', url: `${OSS}/enable?id=${first!.id}` },
        { method: 'POST', url: `${OSS}/remove?ids=${first!.id}` },
      ],
    });
    const listed = (await as(app, tenantB).get(`${OSS}/list?size=100`)).json().data;
    expect(listed.records.every((row: Row) => row.tenantId === B)).toBe(true);
    const [after] = await app.database.db.select().from(oss).where(eq(oss.id, first!.id));
    expect(after).toMatchObject({ ossCode: 'first', isDeleted: 0, status: 1 });
  });

  it('refuses add, edit, enable and remove without their button codes', async () => {
    const viewer = await signInWithGrants(app, '000000', 'oss-viewer', ['oss']);
    const [mine] = await app.database.db.select().from(oss).where(eq(oss.ossCode, 'first'));
    expect((await as(app, viewer).get(`${OSS}/list`)).statusCode).toBe(200);
    for (const response of [
      await submit(viewer, minio({ ossCode: 'viewer' })),
      await submit(viewer, { ...minio({ ossCode: 'first' }), id: mine!.id }),
      await as(app, viewer).post(`${OSS}/enable?id=${mine!.id}`),
      await as(app, viewer).post(`${OSS}/remove?ids=${mine!.id}`),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    const stranger = await signInWithGrants(app, '000000', 'oss-stranger', ['notice']);
    expect((await as(app, stranger).get(`${OSS}/list`)).statusCode).toBe(403);
  });
});

describe('uploads and attachments', () => {
  it('records an upload, lists it, downloads it, renames it and removes it with its file', async () => {
    const uploaded = await upload(platform, PDF, '飞行报告 v1.pdf');
    expect(uploaded.statusCode).toBe(200);
    const result = uploaded.json().data;
    expect(result).toMatchObject({ domain: '', originalName: '飞行报告 v1.pdf' });
    expect(result.link).toMatch(/^\/files\/000000\/\d{8}\/\d+-[\w-]{22}\.pdf$/);
    const [row] = await app.database.db.select().from(attach).where(eq(attach.id, result.attachId));
    expect(row).toMatchObject({
      tenantId: '000000',
      link: result.link,
      name: result.name,
      originalName: '飞行报告 v1.pdf',
      extension: 'pdf',
      attachSize: PDF.length,
      ossId: null,
    });
    expect(existsSync(path.join(filesDir(), result.name))).toBe(true);

    const listed = (await as(app, platform).get(`${ATTACH}/list?originalName=飞行报告`)).json().data;
    expect(listed.records.map((item: Row) => item.id)).toEqual([result.attachId]);

    const download = await as(app, platform).get(`${ATTACH}/download?id=${result.attachId}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(PDF);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('飞行报告 v1.pdf')}`,
    );
    const publicLink = await app.inject({ method: 'GET', url: result.link });
    expect(publicLink.statusCode).toBe(200);
    expect(publicLink.headers['content-disposition']).toMatch(/^attachment;/);

    const renamed = await as(app, platform, 'en-US').post(`${ATTACH}/submit`, {
      payload: { id: result.attachId, originalName: 'report.pdf', link: 'https://evil', tenantId: B },
    });
    expect(renamed.json()).toMatchObject({
      msg: 'updated successfully',
      data: { originalName: 'report.pdf', link: result.link },
    });
    const blank = await as(app, platform, 'en-US').post(`${ATTACH}/submit`, {
      payload: { id: result.attachId, originalName: ' ' },
    });
    expect(blank.json().data.errors).toEqual({ originalName: 'cannot be empty or all spaces' });

    const removed = await as(app, platform, 'en-US').post(`${ATTACH}/remove?ids=${result.attachId}`);
    expect(removed.json()).toMatchObject({ data: 1, msg: 'deleted successfully' });
    expect(existsSync(path.join(filesDir(), result.name))).toBe(false);
    expect((await app.inject({ method: 'GET', url: result.link })).statusCode).toBe(404);
    expect((await as(app, platform).get(`${ATTACH}/download?id=${result.attachId}`)).statusCode).toBe(404);
    const [kept] = await app.database.db.select().from(attach).where(eq(attach.id, result.attachId));
    expect(kept!.isDeleted).toBe(1);
  });

  it('put-file records the picture as an attachment too', async () => {
    const response = await upload(platform, TINY_PNG, 'me.png', 'put-file');
    const { attachId, link } = response.json().data;
    const detail = (await as(app, platform).get(`${ATTACH}/detail?id=${attachId}`)).json().data;
    expect(detail).toMatchObject({ link, extension: 'png', attachSize: TINY_PNG.length });
  });

  it('refuses types that could run in a browser, unknown types, and pictures that are not', async () => {
    for (const name of ['page.html', 'logo.svg', 'tool.exe', 'noextension']) {
      const response = await upload(platform, 'hello', name);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().data.errors, name).toEqual({ file: 'this type of file cannot be uploaded' });
    }
    const fake = await upload(platform, '<script>alert(1)</script>', 'photo.png');
    expect(fake.json().data.errors).toEqual({ file: 'only jpg, png, gif or webp pictures can be uploaded' });
    const big = await upload(platform, zip(21 * 1024 * 1024), 'big.zip');
    expect(big.json().data.errors).toEqual({ file: 'the file cannot be larger than 20 MB' });
    // above the 10 MB JSON body limit and the 5 MB picture limit, below the 20 MB upload limit
    expect((await upload(platform, zip(12 * 1024 * 1024), 'archive.zip')).statusCode).toBe(200);
    // the bytes must be what the name says: junk named .zip is not an archive
    const junk = await upload(platform, Buffer.alloc(1024, 1), 'archive.zip');
    expect(junk.json().data.errors).toEqual({ file: 'the file’s content does not match its extension .zip' });
    const jpeg = await upload(platform, TINY_PNG, 'really-a-png.JPEG');
    expect(jpeg.json().data.link).toMatch(/\.png$/);
  });

  it('another tenant can neither see, download, rename nor remove an attachment', async () => {
    const { attachId, link } = (await upload(platform, PDF, 'private.pdf')).json().data;
    await expectIsolated(mine, theirs, {
      read: `${ATTACH}/detail?id=${attachId}`,
      names: [attachId, 'private.pdf'],
      hidden: [`${ATTACH}/list?size=100`],
      refused: [
        `${ATTACH}/detail?id=${attachId}`,
        `${ATTACH}/download?id=${attachId}`,
        { method: 'POST', url: `${ATTACH}/submit`, payload: { id: attachId, originalName: 'mine' } },
        { method: 'POST', url: `${ATTACH}/remove?ids=${attachId}` },
      ],
    });
    expect((await app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
  });

  it('refuses list, rename and remove without their codes', async () => {
    const { attachId } = (await upload(platform, PDF, 'guarded.pdf')).json().data;
    const viewer = await signInWithGrants(app, '000000', 'attach-viewer', ['attach']);
    expect((await as(app, viewer).get(`${ATTACH}/download?id=${attachId}`)).statusCode).toBe(200);
    expect((await as(app, viewer).post(`${ATTACH}/remove?ids=${attachId}`)).statusCode).toBe(403);
    expect(
      (await as(app, viewer).post(`${ATTACH}/submit`, { payload: { id: attachId, originalName: 'x.pdf' } }))
        .statusCode,
    ).toBe(403);
    const stranger = await signInWithGrants(app, '000000', 'attach-stranger', ['notice']);
    expect((await as(app, stranger).get(`${ATTACH}/list`)).statusCode).toBe(403);
  });
});

describe('an S3-compatible store', () => {
  it('receives signed uploads when enabled; files are served, downloaded and deleted through it', async () => {
    const config = (await submit(tenantB, minio({ ossCode: 'b-s3', bucketName: 'tenant-b' }))).json().data;
    await as(app, tenantB).post(`${OSS}/enable?id=${config.id}`);
    const uploaded = await upload(tenantB, PDF, 'in-bucket.pdf');
    expect(uploaded.statusCode).toBe(200);
    const result = uploaded.json().data;
    expect(result.domain).toBe(`${s3.endpoint}/tenant-b`);
    const key = `/tenant-b/${result.name}`;
    expect(s3.objects.get(key)).toEqual({ body: PDF, contentType: 'application/pdf' });
    expect(existsSync(path.join(filesDir(), result.name))).toBe(false);
    const [row] = await app.database.db.select().from(attach).where(eq(attach.id, result.attachId));
    expect(row!.ossId).toBe(config.id);

    const served = await app.inject({ method: 'GET', url: result.link });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PDF);
    const download = await as(app, tenantB).get(`${ATTACH}/download?id=${result.attachId}`);
    expect(download.rawPayload).toEqual(PDF);

    // an avatar stored in the bucket is still "a picture this server issued"
    const avatar = (await upload(tenantB, TINY_PNG, 'face.png', 'put-file?usage=avatar')).json().data;
    const profile = await as(app, tenantB).post('/api/blade-user/update-info', {
      payload: { name: 'admin', avatar: avatar.link },
    });
    expect(profile.statusCode).toBe(200);

    await as(app, tenantB).post(`${ATTACH}/remove?ids=${result.attachId}`);
    expect(s3.objects.has(key)).toBe(false);
    expect(s3.requests.filter((request) => request.status === 403)).toEqual([]);
  });

  it('a store that is down is a 500 naming the store, no detail for the client, the cause in the error log', async () => {
    s3.failing = true;
    try {
      const response = await upload(tenantB, PDF, 'lost.pdf');
      expect(response.statusCode).toBe(500);
      expect(response.json().msg).toBe(
        'the object store tenant-b could not be reached, please check the storage configuration',
      );
      expect(response.body).not.toContain('StoreError');
      expect(response.body).not.toContain('SlowDown');
      await app.services.logs.flush();
      const [row] = await app.database.db
        .select()
        .from(logError)
        .where(eq(logError.requestUri, '/api/blade-resource/oss/endpoint/upload-file'));
      expect(row).toMatchObject({ tenantId: B });
      expect(row!.message).toContain('503');
      expect(await app.database.db.select().from(attach).where(eq(attach.originalName, 'lost.pdf'))).toEqual(
        [],
      );
    } finally {
      s3.failing = false;
    }
  });

  it('a wrong secret is refused by the store', async () => {
    const config = (await submit(tenantB, minio({ ossCode: 'b-wrong', secretKey: 'not-the-secret' }))).json()
      .data;
    await as(app, tenantB).post(`${OSS}/enable?id=${config.id}`);
    const response = await upload(tenantB, PDF, 'refused.pdf');
    expect(response.statusCode).toBe(500);
    expect(response.json().msg).toContain('the object store drone-files could not be reached');
    expect(s3.requests.at(-1)).toMatchObject({ method: 'PUT', status: 403 });
  });
});

describe('with no configuration enabled', () => {
  it('removing the enabled configuration sends uploads back to the local disk', async () => {
    const enabled = await app.database.db
      .select()
      .from(oss)
      .where(and(eq(oss.tenantId, B), eq(oss.status, 2)));
    expect(enabled).toHaveLength(1);
    await as(app, tenantB).post(`${OSS}/remove?ids=${enabled[0]!.id}`);
    const { attachId, name } = (await upload(tenantB, PDF, 'home.pdf')).json().data;
    const [row] = await app.database.db.select().from(attach).where(eq(attach.id, attachId));
    expect(row!.ossId).toBeNull();
    expect(existsSync(path.join(filesDir(), name))).toBe(true);
  });
});
