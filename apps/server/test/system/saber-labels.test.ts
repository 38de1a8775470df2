import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTenant, createTestApp, login, multipartForm } from '../helper.js';
import { md5Hex } from '../../src/lib/password.js';
import { saber } from '../saber-helper.js';

/**
 * What BladeX's wrappers add to the rows they answer and the Saber console shows in its tables (`sexName`,
 * `deptCategoryName`, `tenantName`, `categoryName`, region `parentName`/`regionLevel`), its notice search by
 * release time and its attachment upload, sent as Saber sends them.
 */
const TENANT = '100031';
let app: FastifyInstance;
let admin: ReturnType<typeof saber>;
let adminToken: string;

/** A real 1x1 png. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  app = await createTestApp();
  await createTenant(app, TENANT);
  adminToken = (await login(app, TENANT)).access_token;
  admin = saber(app, adminToken);
});
afterAll(async () => {
  await app?.close();
});

describe('display labels', () => {
  it('user page: sexName, userTypeName and tenantName, in the caller’s language', async () => {
    const created = await admin.post('/api/blade-user/submit', {
      account: 'labelled',
      name: 'Labelled',
      realName: 'Labelled User',
      password: md5Hex('Labelled@123'),
      password2: md5Hex('Labelled@123'),
      sex: 2,
      userType: 2,
      roleId: (await admin.get('/api/blade-system/role/tree')).json().data[0].id,
      deptId: (await admin.get('/api/blade-system/dept/tree')).json().data[0].id,
    });
    expect(created.statusCode, created.body).toBe(200);
    const zh = (await admin.get('/api/blade-user/page?current=1&size=10&account=labelled')).json().data;
    expect(zh.records).toEqual([
      expect.objectContaining({ sexName: '女', userTypeName: 'APP', tenantName: `Tenant ${TENANT}` }),
    ]);
    const en = (await as(app, adminToken, 'en-US').get('/api/blade-user/page?account=labelled')).json().data;
    expect(en.records[0]).toMatchObject({ sexName: 'Female', userTypeName: 'App' });
    const detail = (await admin.get(`/api/blade-user/detail?id=${created.json().data.id}`)).json().data;
    expect(detail).toMatchObject({ sexName: '女', userTypeName: 'APP', tenantName: `Tenant ${TENANT}` });
  });

  it('dept: deptCategoryName and tenantName, also on the platform’s view of another tenant', async () => {
    const own = (await admin.get('/api/blade-system/dept/list?current=1&size=10')).json().data.records;
    expect(own[0]).toMatchObject({ deptCategoryName: '公司', tenantName: `Tenant ${TENANT}` });
    const platform = as(app, (await login(app)).access_token, 'en-US');
    const theirs = (await platform.get(`/api/blade-system/dept/tree?tenantId=${TENANT}`)).json().data;
    expect(theirs[0]).toMatchObject({ deptCategoryName: 'Company', tenantName: `Tenant ${TENANT}` });
  });

  it('notice: categoryName, and the release-time range as _datege/_datelt', async () => {
    for (const [title, releaseTime] of [
      ['October', '2026-10-15 08:00:00'],
      ['November', '2026-11-15 08:00:00'],
      ['December', '2026-12-01 00:00:00'],
    ]) {
      const response = await admin.post('/api/blade-desk/notice/submit', {
        title,
        category: 2,
        releaseTime,
        content: title,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    // notice.vue onLoad: the range's two ends; an unset title is `title=`
    const url =
      '/api/blade-desk/notice/list?current=1&size=10&title=&category=' +
      '&releaseTime_datege=2026-11-01%2000%3A00%3A00&releaseTime_datelt=2026-12-01%2000%3A00%3A00';
    const page = (await admin.get(url)).json().data;
    expect(page.records.map((row: { title: string }) => row.title)).toEqual(['November']);
    expect(page.records[0]).toMatchObject({ category: 2, categoryName: '批转通知' });
    const detail = (await admin.get(`/api/blade-desk/notice/detail?id=${page.records[0].id}`)).json().data;
    expect(detail.categoryName).toBe('批转通知');
    const bad = await as(app, adminToken, 'en-US').get(
      '/api/blade-desk/notice/list?releaseTime_datege=2026-11-01',
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.errors)).toEqual(['releaseTime_datege']);
  });

  it('region: parentName and regionLevel', async () => {
    const platform = saber(app, (await login(app)).access_token);
    const city = (await platform.get('/api/blade-system/region/lazy-tree?parentCode=11')).json().data[0];
    const detail = (await platform.get(`/api/blade-system/region/detail?code=${city.id}`)).json().data;
    const province = (await platform.get('/api/blade-system/region/detail?code=11')).json().data;
    expect(detail).toMatchObject({ parentCode: '11', parentName: province.name, regionLevel: detail.level });
    expect(province).toMatchObject({ parentName: null, regionLevel: 1 });
  });
});

describe('put-file-attach', () => {
  it('uploads as upload-file does and answers the attachment it recorded', async () => {
    const form = await multipartForm([
      { name: 'file', filename: 'cover.png', type: 'image/png', content: TINY_PNG },
    ]);
    const response = await as(app, adminToken).post('/api/blade-resource/oss/endpoint/put-file-attach', form);
    expect(response.statusCode, response.body).toBe(200);
    const file = response.json().data;
    expect(file).toMatchObject({ originalName: 'cover.png', attachId: expect.stringMatching(/^\d{15,19}$/) });
    const attach = (await admin.get(`/api/blade-resource/attach/detail?id=${file.attachId}`)).json().data;
    expect(attach).toMatchObject({ link: file.link, originalName: 'cover.png' });
    const other = await as(app, adminToken, 'en-US').post(
      '/api/blade-resource/oss/endpoint/put-file-attach',
      await multipartForm([{ name: 'file', filename: 'cover.png', content: 'not a png' }]),
    );
    expect(other.statusCode).toBe(400);
  });
});
