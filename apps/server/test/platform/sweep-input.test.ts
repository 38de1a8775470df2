import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiPath } from '../../src/plugins/auth.js';
import type { RouteEntry } from '../../src/plugins/types.js';
import { createTestApp, login } from '../helper.js';

/**
 * The bad-input sweep, generated from the route table: every API route, called by the platform's
 * administrator (who may call them all) with input of every broken kind, answers without a 5xx. Which 4xx
 * each route answers is its own tests' business; this one proves that no input makes any route fail.
 */
let app: FastifyInstance;
let token: string;
let routes: RouteEntry[];

beforeAll(async () => {
  app = await createTestApp();
  token = (await login(app)).access_token;
  routes = app.routeTable.filter(
    (route) =>
      isApiPath(route.url) &&
      route.method !== 'HEAD' &&
      // signing out and in would end the sweep's own session; their inputs are swept in test/auth
      !/\/oauth\/(logout|token)$/.test(route.url),
  );
});
afterAll(async () => {
  await app?.close();
});

const BIG = '99999999999999999999';
/** Query strings and bodies of every broken kind (a body only for the methods that take one). */
const INPUTS: Array<{ name: string; query?: string; body?: string }> = [
  { name: 'nothing' },
  { name: 'empty values', query: 'id=&ids=&current=&size=&parentId=&deptId=&tenantId=', body: '{}' },
  { name: 'null fields', body: '{"id":null,"name":null,"parentId":null,"ids":null,"sort":null}' },
  {
    name: 'wrong types',
    query: 'id=true&current=x&size=[]',
    body: '{"id":true,"name":{},"sort":"x","ids":[1]}',
  },
  { name: 'an array body', body: '[]' },
  {
    name: 'past integer ranges',
    query: `id=${BIG}&current=${BIG}&size=${BIG}&parentId=-1`,
    body: `{"id":"${BIG}","sort":${BIG}}`,
  },
  { name: 'the product of current and size', query: 'current=2147483647&size=100' },
  {
    name: 'numbers past the database’s integers',
    query: ['status', 'type', 'category', 'sex', 'userType', 'deptCategory', 'level', 'visible', 'result']
      .map((key) => `${key}=99999999999`)
      .join('&'),
    body: '{"sort":99999999999,"category":99999999999,"type":99999999999,"status":99999999999,"deptCategory":99999999999}',
  },
  {
    name: 'control characters',
    query: 'name=a%00b&id=1%00',
    body: '{"name":"a\\u0000b","remark":"\\u0001\\u001f"}',
  },
  {
    name: 'long strings',
    query: `name=${'x'.repeat(5000)}`,
    body: JSON.stringify({ name: 'x'.repeat(100_000) }),
  },
  { name: 'malformed JSON', body: '{"name": ' },
  { name: 'prototype keys', body: '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}' },
  { name: 'duplicate keys', body: '{"id":"1","id":"2"}' },
];

function request(route: RouteEntry, input: (typeof INPUTS)[number]): InjectOptions {
  const path = route.url.replace(/:(\w+)/g, '1').replace(/\*$/, 'x');
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE' && input.body !== undefined;
  return {
    method: route.method as InjectOptions['method'],
    url: input.query ? `${path}?${input.query}` : path,
    headers: {
      'blade-auth': `bearer ${token}`,
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(hasBody ? { payload: input.body } : {}),
  };
}

describe('every API route, with bad input of every kind', () => {
  it('answers without a 5xx', async () => {
    // the sweep's caller may call everything (a refused caller would prove nothing)
    const own = await app.inject({
      method: 'GET',
      url: '/api/blade-user/page',
      headers: { 'blade-auth': `bearer ${token}` },
    });
    expect(own.statusCode).toBe(200);
    const failed: string[] = [];
    for (const route of routes) {
      for (const input of INPUTS) {
        const response = await app.inject(request(route, input));
        if (response.statusCode >= 500) {
          failed.push(
            `${route.method} ${route.url} with ${input.name}: ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
        }
      }
    }
    expect(failed).toEqual([]);
  }, 300_000);

  it('refuses NUL with a 400 naming the field, in the query and in the body', async () => {
    const page = await app.inject({
      method: 'GET',
      url: '/api/blade-user/page?realName=a%00b',
      headers: { 'blade-auth': `bearer ${token}`, 'accept-language': 'en-US' },
    });
    expect(page.statusCode).toBe(400);
    expect(page.json().data.errors).toEqual({ realName: 'cannot contain a NUL character (U+0000)' });
    const info = await app.inject({
      method: 'POST',
      url: '/api/blade-user/update-info',
      headers: { 'blade-auth': `bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"name":"a\\u0000b"}',
    });
    expect(info.statusCode).toBe(400);
    expect(Object.keys(info.json().data.errors)).toEqual(['name']);
  });

  it('reads a blank number as absent (its default), never 0, and refuses true or null for one', async () => {
    const headers = { 'blade-auth': `bearer ${token}`, 'accept-language': 'en-US' };
    const [root] = (await app.inject({ method: 'GET', url: '/api/blade-system/dept/tree', headers })).json()
      .data;
    const submit = (body: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/blade-system/dept/submit',
        headers,
        payload: { parentId: root.id, deptName: 'Blank sort', deptCategory: 2, ...body },
      });
    const blank = await submit({ sort: '' });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json().data.sort).toBe(1);
    for (const sort of [true, null, [3], { n: 1 }]) {
      const refused = await submit({ sort, deptName: `Sort ${JSON.stringify(sort)}` });
      expect(refused.statusCode, JSON.stringify(sort)).toBe(400);
      expect(Object.keys(refused.json().data.errors)).toEqual(['sort']);
    }
  });
});
