import { PageQuery } from '@aos/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Ctx } from './context.js';
import { crudRoutes } from './crud-routes.js';

// The helper alone, on a bare Fastify: the envelope answers the message key so the test can read it. The
// modules' HTTP tests exercise the same routes with real services, permissions and messages.
const Thing = z.object({ id: z.string(), name: z.string() });
const ThingSubmit = z.object({ id: z.string().optional(), name: z.string().min(1) });
const ThingPageQuery = PageQuery.extend({ name: z.string().optional() });
const thing = { id: '1', name: 'one' };

type ThingService = ReturnType<typeof fakeService>;

function fakeService(calls: unknown[][]) {
  const record =
    <T>(verb: string, answer: T) =>
    async (_ctx: Ctx, input?: unknown) => {
      calls.push([verb, input]);
      return answer;
    };
  return {
    page: record('page', { records: [thing], total: 1, size: 10, current: 1, pages: 1 }),
    select: record('select', [thing]),
    detail: record('detail', thing),
    submit: record('submit', thing),
    add: record('add', thing),
    update: record('update', thing),
    remove: record('remove', 2),
  };
}

/** A bare Fastify where `declare` puts the routes of "thing" over a fake service that records its calls. */
async function appWith(
  declare: (
    app: FastifyInstance,
    place: { base: string; tags: string[]; code: string; service: ThingService },
  ) => void,
) {
  const calls: unknown[][] = [];
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('ctx', null as unknown as Ctx);
  app.decorateReply('ok', function ok(data: unknown, message?: string) {
    return { code: 200, success: true, data, msg: message ?? 'common.success' } as never;
  });
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    const code =
      typeof permission === 'function'
        ? [{ id: '1' }, {}].map((body) => permission({ body } as never)).join('|')
        : permission;
    if (route.method !== 'HEAD') routes.push(`${String(route.method)} ${route.url} ${code}`);
  });
  declare(app, { base: '/api/x/thing', tags: ['x'], code: 'thing', service: fakeService(calls) });
  await app.ready();
  return { app, routes, calls };
}

describe('crudRoutes', () => {
  it('declares the BladeX routes named, with the menu code and its _add, _edit, _delete', async () => {
    const { app, routes, calls } = await appWith((app, place) =>
      crudRoutes(app, {
        ...place,
        schemas: { record: Thing, pageQuery: ThingPageQuery, submit: ThingSubmit },
        routes: {
          page: { list: 'Page', page: 'Page again' },
          select: 'All',
          detail: 'One',
          submit: 'Add or update',
          remove: 'Remove',
        },
      }),
    );
    expect(routes).toEqual([
      'GET /api/x/thing/list thing',
      'GET /api/x/thing/page thing',
      'GET /api/x/thing/select authenticated',
      'GET /api/x/thing/detail thing',
      'POST /api/x/thing/submit thing_edit|thing_add',
      'POST /api/x/thing/remove thing_delete',
    ]);
    const added = await app.inject({ method: 'POST', url: '/api/x/thing/submit', payload: { name: 'a' } });
    expect(added.json()).toMatchObject({ data: thing, msg: 'common.added' });
    const updated = await app.inject({
      method: 'POST',
      url: '/api/x/thing/submit',
      payload: { id: '1', name: 'a' },
    });
    expect(updated.json().msg).toBe('common.updated');
    const removed = await app.inject({ method: 'POST', url: '/api/x/thing/remove?ids=1,2' });
    expect(removed.json()).toMatchObject({ data: 2, msg: 'common.deleted' });
    await app.inject({ url: '/api/x/thing/detail?id=7' });
    await app.inject({ url: '/api/x/thing/page?name=n' });
    expect(calls).toEqual([
      ['submit', { name: 'a' }],
      ['submit', { id: '1', name: 'a' }],
      ['remove', ['1', '2']],
      ['detail', '7'],
      ['page', { current: 1, size: 10, name: 'n' }],
    ]);
    await app.close();
  });

  it('declares add (POST, no id), update (PUT, id required) and remove by DELETE', async () => {
    const { app, routes, calls } = await appWith((app, place) =>
      crudRoutes(app, {
        ...place,
        schemas: { record: Thing, submit: ThingSubmit },
        routes: { add: 'Add', update: 'Update', remove: { summary: 'Remove', method: 'DELETE' } },
      }),
    );
    expect(routes).toEqual([
      'POST /api/x/thing/add thing_add',
      'PUT /api/x/thing/update thing_edit',
      'DELETE /api/x/thing/remove thing_delete',
    ]);
    const add = await app.inject({
      method: 'POST',
      url: '/api/x/thing/add',
      payload: { id: '9', name: 'a' },
    });
    expect(add.json().msg).toBe('common.added');
    const update = await app.inject({ method: 'PUT', url: '/api/x/thing/update', payload: { name: 'a' } });
    expect(update.statusCode).toBe(400);
    const updated = await app.inject({
      method: 'PUT',
      url: '/api/x/thing/update',
      payload: { id: '1', name: 'b' },
    });
    expect(updated.json().msg).toBe('common.updated');
    expect(calls).toEqual([
      ['add', { name: 'a' }],
      ['update', { id: '1', name: 'b' }],
    ]);
    await app.close();
  });

  it('refuses at start-up a route whose schema is missing', async () => {
    await expect(
      appWith((app, place) =>
        crudRoutes(app, {
          ...place,
          // @ts-expect-error the types refuse it too; the start-up check is for what a cast lets through
          schemas: { record: Thing },
          routes: { submit: 'Add or update' },
        }),
      ),
    ).rejects.toThrow('/api/x/thing: schemas.submit is missing');
  });
});
