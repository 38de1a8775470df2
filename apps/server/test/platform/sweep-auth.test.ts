import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiPath } from '../../src/plugins/auth.js';
import type { RouteEntry } from '../../src/plugins/types.js';
import { createTestApp } from '../helper.js';
import { signInWithGrants } from '../org-helper.js';

/**
 * The authorization sweep, generated from the route table the auth plugin keeps (app.routeTable): every API
 * route there is, now and added later, is called without a token and with a token whose roles grant nothing.
 * No list to keep up to date: a new route is covered the day it is added.
 */
let app: FastifyInstance;
let nothingGranted: string;
let routes: RouteEntry[];

beforeAll(async () => {
  app = await createTestApp();
  nothingGranted = await signInWithGrants(app, '000000', 'sweep-nobody', []);
  routes = app.routeTable.filter((route) => isApiPath(route.url) && route.method !== 'HEAD');
});
afterAll(async () => {
  await app?.close();
});

/** The route called as a client would, path parameters filled in, a JSON body for the methods that take one. */
function call(route: RouteEntry, token?: string): InjectOptions {
  const url = route.url.replace(/:(\w+)/g, '1').replace(/\*$/, 'x');
  const body = route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} };
  return {
    method: route.method as InjectOptions['method'],
    url,
    ...body,
    headers: token ? { 'blade-auth': `bearer ${token}` } : {},
  };
}

describe('every API route', () => {
  it('is in the table, with the permission it declares', () => {
    expect(routes.length).toBeGreaterThan(200);
    const docs = Object.keys((app.swagger() as { paths: Record<string, unknown> }).paths).filter((path) =>
      isApiPath(path),
    );
    const inTable = new Set(routes.map((route) => route.url.replace(/:(\w+)/g, '{$1}')));
    expect(docs.filter((path) => !inTable.has(path))).toEqual([]);
    for (const route of routes) {
      expect(route.permission, `${route.method} ${route.url}`).toMatch(
        /^(public|authenticated|by input|[a-z][\w-]*)$/,
      );
    }
  });

  it('answers 401 to a caller without a token, unless it is public (and never a 5xx)', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const response = await app.inject(call(route));
      const expected =
        route.permission === 'public' ? response.statusCode < 500 : response.statusCode === 401;
      if (!expected) wrong.push(`${route.method} ${route.url} (${route.permission}): ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a token whose roles lack the route’s code (400 when the code depends on the input)', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      if (route.permission === 'public' || route.permission === 'authenticated') continue;
      const response = await app.inject(call(route, nothingGranted));
      const expected =
        route.permission === 'by input'
          ? [400, 403].includes(response.statusCode)
          : response.statusCode === 403;
      if (!expected) wrong.push(`${route.method} ${route.url} (${route.permission}): ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
