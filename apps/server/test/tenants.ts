import { PLATFORM_TENANT_ID } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { as, createTenant, login, send } from './helper.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One tenant of a cross-tenant test, signed in as its admin. */
export interface TenantSide {
  app: FastifyInstance;
  tenantId: string;
  token: string;
  /** Calls as the admin, answered in `language` (zh-CN unless given), as `as()` makes them. */
  get: ReturnType<typeof as>['get'];
  post: ReturnType<typeof as>['post'];
  /** One JSON call as the admin, answered in English. */
  send: (method: Method, url: string, payload?: Record<string, unknown>) => ReturnType<typeof send>;
}

/** A signed-in user of `tenantId` as a side of a cross-tenant test (e.g. one holding forged grants). */
export function sideOf(app: FastifyInstance, tenantId: string, token: string): TenantSide {
  return {
    app,
    tenantId,
    token,
    ...as(app, token),
    send: (method, url, payload) => send(app, token, method, url, payload),
  };
}

async function side(app: FastifyInstance, tenantId: string): Promise<TenantSide> {
  return sideOf(app, tenantId, (await login(app, tenantId)).access_token);
}

/**
 * The two tenants of every cross-tenant test: `mine` (the platform tenant 000000 unless `mine` names another,
 * then provisioned) owns the rows under test, `theirs` (provisioned, tenant `theirs`) tries to reach them.
 * Both signed in as their admin (password Admin@123). One call per test file: tenant ids are unique per app.
 */
export async function twoTenants(
  app: FastifyInstance,
  ids: { mine?: string; theirs: string },
): Promise<{ mine: TenantSide; theirs: TenantSide }> {
  const mine = ids.mine ?? PLATFORM_TENANT_ID;
  if (mine !== PLATFORM_TENANT_ID) await createTenant(app, mine);
  await createTenant(app, ids.theirs);
  return { mine: await side(app, mine), theirs: await side(app, ids.theirs) };
}

interface Request {
  method?: Method;
  url: string;
  payload?: Record<string, unknown>;
}
/** One call the other tenant makes. A bare string is a GET. */
export type Call = string | Request;

/**
 * A call the other tenant must be refused: 404 unless `status` says otherwise (400 for a reference field that
 * names the owner's row, 403 where the API documents it). `field`: the answer's field errors name it;
 * `errors`: they are exactly these (field → message; ask in English, as every call here is).
 */
export type Refusal =
  string | (Request & { status?: number; field?: string; errors?: Record<string, string> });

export interface Isolation {
  /** The owner's row as the owner reads it: a GET path whose `data` is the row, or a read of its own. */
  read: string | (() => Promise<unknown>);
  /** What no answer to the other tenant may contain: the row's id, and its serial number, name... */
  names: string[];
  /** Lists and pages the other tenant may call (200) without the row in them; the owner's answer names it. */
  hidden?: Call[];
  /** Calls that reach the row by id or through a reference field: each refused. */
  refused: Refusal[];
}

const callOf = (call: Call): Request => (typeof call === 'string' ? { url: call } : call);

async function call(by: TenantSide, made: Call) {
  const { method = 'GET', url, payload } = callOf(made);
  return by.send(method, url, payload);
}

async function readAsOwner(owner: TenantSide, read: Isolation['read']): Promise<unknown> {
  if (typeof read !== 'string') return read();
  const response = await owner.send('GET', read);
  expect(response.statusCode, `owner reads ${read}`).toBe(200);
  const data = response.json().data as unknown;
  expect(data, `owner reads ${read}`).toBeTruthy();
  return data;
}

/**
 * `other` can reach nothing of `owner`'s row: each `hidden` list answers without it (while the owner's own
 * answer names it, so the list is one that would show it), each `refused` call is refused with its status
 * (a 404 must be the missing row's, not an unknown path's), no answer names the row, and the row as its
 * owner reads it is the same afterwards.
 */
export async function expectIsolated(owner: TenantSide, other: TenantSide, check: Isolation): Promise<void> {
  const before = await readAsOwner(owner, check.read);
  const leaks = (label: string, body: string) => {
    for (const name of check.names) expect(body, `${label} names ${name}`).not.toContain(name);
  };
  for (const listed of check.hidden ?? []) {
    const { method = 'GET', url } = callOf(listed);
    const label = `${other.tenantId} ${method} ${url}`;
    const own = await call(owner, listed);
    expect(own.statusCode, `${owner.tenantId} ${method} ${url}`).toBe(200);
    expect(own.body, `${owner.tenantId} ${method} ${url} names the row`).toContain(check.names[0]);
    const response = await call(other, listed);
    expect(response.statusCode, label).toBe(200);
    leaks(label, response.body);
  }
  for (const refusal of check.refused) {
    const made: Exclude<Refusal, string> = typeof refusal === 'string' ? { url: refusal } : refusal;
    const { method = 'GET', url, status = 404, field, errors } = made;
    const label = `${other.tenantId} ${method} ${url}${made.payload ? ` ${JSON.stringify(made.payload)}` : ''}`;
    const response = await call(other, made);
    expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
    if (status === 404) expect(response.json().msg, label).not.toMatch(/^no such API/);
    if (field) expect(Object.keys(response.json().data?.errors ?? {}), label).toContain(field);
    if (errors) expect(response.json().data?.errors, label).toEqual(errors);
    leaks(label, response.body);
  }
  expect(
    await readAsOwner(owner, check.read),
    `${owner.tenantId}'s row after the other tenant's calls`,
  ).toEqual(before);
}
