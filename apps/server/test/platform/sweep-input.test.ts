import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiPath } from '../../src/plugins/auth.js';
import type { RouteEntry } from '../../src/plugins/types.js';
import { createTestApp, login } from '../helper.js';

/**
 * The bad-input sweep, generated from the route table: every API route, called by the platform's
 * administrator (who may call them all) with input of every broken kind, answers without a 5xx and changes
 * no stored row (no half-written row, no value the schema forbids). Which 4xx each route answers is its own
 * tests' business; this one proves that no input makes any route fail or write.
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

/**
 * Tables whose rows a request may add whatever its input (logs, sessions, jobs, telemetry): everything else is
 * data, whose fingerprint a refused request must leave as it was.
 */
const NOT_DATA =
  /^(blade_log_|blade_login_log$|blade_refresh_token$|blade_sms_outbox$|telemetry|flight_track$|__)/;

/** One number per data table: its row count and a hash of its rows, in one query. */
async function fingerprint(): Promise<Map<string, string>> {
  const tables = (
    (await app.database.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: Array<{ name: string }> }
  ).rows
    .map((row) => row.name)
    .filter((name) => !NOT_DATA.test(name))
    .sort();
  const query = tables
    .map(
      (name) =>
        `select '${name}' as name, count(*)::text || ':' || coalesce(sum(hashtext(t::text)), 0)::text as print from "${name}" t`,
    )
    .join(' union all ');
  const rows = (
    (await app.database.db.execute(sql.raw(query))) as unknown as {
      rows: Array<{ name: string; print: string }>;
    }
  ).rows;
  return new Map(rows.map((row) => [row.name, row.print]));
}

function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([name, print]) => before.get(name) !== print).map(([name]) => name);
}

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
    const wrote: string[] = [];
    for (const route of routes) {
      // 'nothing' first: a call without input may be a real call (a cancellation, a refresh); the broken
      // kinds after it may change nothing
      let before: Map<string, string> | undefined;
      for (const input of INPUTS) {
        const response = await app.inject(request(route, input));
        if (response.statusCode >= 500) {
          failed.push(
            `${route.method} ${route.url} with ${input.name}: ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
        }
        if (input.name === 'nothing' && route.method !== 'GET') before = await fingerprint();
      }
      if (before) {
        const tables = changed(before, await fingerprint());
        if (tables.length) wrote.push(`${route.method} ${route.url}: ${tables.join(', ')}`);
      }
    }
    expect(failed).toEqual([]);
    expect(wrote).toEqual([]);
  }, 300_000);

  it('answers a prototype key with a 400 naming it, and malformed JSON as such; the last of duplicate keys counts', async () => {
    const headers = {
      'blade-auth': `bearer ${token}`,
      'content-type': 'application/json',
      'accept-language': 'en-US',
    };
    const post = (payload: string) =>
      app.inject({ method: 'POST', url: '/api/blade-system/post/submit', headers, payload });
    for (const [payload, field] of [
      ['{"__proto__":{"admin":true}}', '__proto__'],
      ['{"postName":"x","meta":{"constructor":{"prototype":{"admin":true}}}}', 'meta.constructor.prototype'],
      ['[{"__proto__":{}}]', '0.__proto__'],
    ] as const) {
      const refused = await post(payload);
      expect(refused.statusCode, payload).toBe(400);
      expect(refused.json().data.errors, payload).toEqual({
        [field]: 'is a key that is not allowed (it would change every object)',
      });
    }
    const malformed = await post('{"postName": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().msg).toBe('the request body is not valid JSON');
    const before = await fingerprint();
    expect(before.size).toBeGreaterThan(20);
    const duplicate = await post(
      '{"category":1,"postCode":"dup-key","postName":"first","postName":"Last wins","sort":1}',
    );
    expect(duplicate.statusCode, duplicate.body).toBe(200);
    expect(duplicate.json().data.postName).toBe('Last wins');
    // the fingerprint the sweep compares sees a write
    expect(changed(before, await fingerprint())).toEqual(['blade_post']);
  });

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
