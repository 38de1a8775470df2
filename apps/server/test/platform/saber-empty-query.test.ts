import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, login } from '../helper.js';
import { saber } from '../saber-helper.js';

/**
 * An empty query value (`deptId=`, what axios sends for every unset search field of a Saber list screen) is
 * absent, as Spring binds it: one rule in the validator for every route.
 */
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  app = await createTestApp();
  token = (await login(app)).access_token;
});
afterAll(async () => {
  await app.close();
});

interface Operation {
  method: string;
  path: string;
  query: Array<{ name: string; required?: boolean }>;
}

/** Every route of the OpenAPI document that takes query parameters. */
async function operationsWithQuery(): Promise<Operation[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<string, { parameters?: Array<{ in: string; name: string; required?: boolean }> }>
    >;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) => {
      const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
      return query.length ? [{ method: method.toUpperCase(), path, query }] : [];
    }),
  );
}

const outcome = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  errors: response.statusCode === 400 ? response.json().data?.errors : undefined,
});

describe('empty query values, on every route', () => {
  it('answers every route with all its query values empty exactly as without them', async () => {
    const caller = as(app, token, 'en-US');
    const operations = await operationsWithQuery();
    // the route table: the BladeX list routes and the cloud ones alike
    expect(operations.length).toBeGreaterThan(80);
    const differing: string[] = [];
    const listsRefused: string[] = [];
    for (const { method, path, query } of operations) {
      if (path === '/api/blade-auth/oauth/token') continue; // the sign-in call: covered by the auth tests
      const send = (url: string) =>
        app.inject({
          method: method as 'GET',
          url,
          headers: { 'blade-auth': `bearer ${token}`, 'accept-language': 'en-US' },
        });
      const empty = outcome(
        await send(`${path}?${query.map((parameter) => `${parameter.name}=`).join('&')}`),
      );
      const none = outcome(await send(path));
      if (JSON.stringify(empty) !== JSON.stringify(none)) differing.push(`${method} ${path}`);
      // a refusal of empty values may only say what is missing (some routes need one of several parameters)
      const messages = Object.values((empty.errors ?? {}) as Record<string, string>);
      if (method === 'GET' && messages.some((message) => !message.endsWith(' is required'))) {
        listsRefused.push(`${path} ${JSON.stringify(empty)}`);
      }
    }
    expect(differing).toEqual([]);
    expect(listsRefused).toEqual([]);
    // a required parameter left empty is "required", naming it
    const detail = await caller.get('/api/blade-system/post/detail?id=');
    expect(detail.json()).toMatchObject({ code: 400, data: { errors: { id: 'id is required' } } });
  });
});

describe('the list screens of the Saber console, as it sends them', () => {
  it('loads every list screen with its search fields unset', async () => {
    const client = saber(app, token);
    const pages = [
      '/api/blade-user/page?account=&realName=&tenantId=&current=1&size=10&deptId=',
      '/api/blade-system/dict/parent-list?code=&dictValue=&current=1&size=10',
      '/api/blade-system/dict-biz/parent-list?code=&dictValue=&current=1&size=10',
      '/api/blade-system/param/list?paramName=&paramKey=&paramValue=&current=1&size=10',
      '/api/blade-system/tenant/list?tenantId=&tenantName=&contactNumber=&current=1&size=10',
      '/api/blade-system/client/list?clientId=&current=1&size=10',
      '/api/blade-system/post/list?category=&postCode=&postName=&current=1&size=10',
      '/api/blade-system/topmenu/list?name=&code=&current=1&size=10',
      '/api/blade-resource/oss/list?category=&ossCode=&current=1&size=10',
      '/api/blade-resource/sms/list?category=&smsCode=&templateId=&current=1&size=10',
      '/api/blade-resource/attach/list?domainUrl=&name=&originalName=&current=1&size=10',
      '/api/blade-log/usual/list?serviceId=&serverHost=&current=1&size=10',
      '/api/blade-log/api/list?serviceId=&serverHost=&current=1&size=10',
      '/api/blade-log/error/list?serviceId=&serverHost=&current=1&size=10',
      '/api/blade-desk/notice/list?title=&category=&current=1&size=10',
      '/api/blade-system/data-scope/list?scopeName=&resourceCode=&current=1&size=10&menuId=',
      '/api/blade-system/api-scope/list?scopeName=&resourceCode=&current=1&size=10&menuId=',
    ];
    for (const url of pages) {
      const response = await client.get(url);
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      expect(response.json().data, url).toMatchObject({ current: 1, size: 10 });
    }
    const trees = [
      '/api/blade-system/role/list?roleName=&tenantId=&roleAlias=&current=1&size=10',
      '/api/blade-system/menu/lazy-list?name=&code=&alias=&parentId=0',
      '/api/blade-system/menu/lazy-list?name=&code=&alias=&parentId=',
      '/api/blade-system/menu/lazy-menu-list?name=&code=&alias=&parentId=0',
      '/api/blade-system/dept/lazy-list?parentId=0',
      '/api/blade-system/dept/lazy-list?deptName=&tenantId=&fullName=&parentId=',
      '/api/blade-system/dept/lazy-tree?parentId=0',
      '/api/blade-system/region/lazy-tree?parentCode=00',
      '/api/blade-system/dict/tree?code=DICT',
      '/api/blade-system/tenant/select',
    ];
    for (const url of trees) {
      const response = await client.get(url);
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      expect(Array.isArray(response.json().data), url).toBe(true);
      expect(response.json().data.length, url).toBeGreaterThan(0);
    }
  });

  it('still filters by the fields that are set', async () => {
    const client = saber(app, token);
    const admins = (
      await client.get('/api/blade-user/page?account=admin&realName=&tenantId=&current=1&size=10&deptId=')
    ).json().data.records as Array<{ account: string }>;
    expect(admins.map((row) => row.account)).toEqual(['admin']);
    const nobody = await client.get(
      '/api/blade-user/page?account=nobody-here&realName=&current=1&size=10&deptId=',
    );
    expect(nobody.json().data.total).toBe(0);
    const tops = await client.get('/api/blade-system/topmenu/list?name=&code=no_such_code&current=1&size=10');
    expect(tops.json().data.total).toBe(0);
  });
});
