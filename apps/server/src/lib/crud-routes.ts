import { envelope, IdQuery, IdsQuery, type MessageKey, type Page, pageOf } from '@aos/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Ctx } from './context.js';

/** A route's OpenAPI text: its summary, or the summary with a longer description. */
export type RouteDoc = string | { summary: string; description?: string };

/** The zod schemas of a resource: its record, and what the routes declared need. */
export interface CrudSchemas {
  record: z.ZodType;
  /** the page routes' query (`PageQuery` with the filters) */
  pageQuery?: z.ZodType;
  /** submit's body; add takes it without `id`, update with `id` required */
  submit?: z.ZodType;
  /** detail's answer when richer than the record */
  detail?: z.ZodType;
  /** submit's and add's answer when it is not the record (e.g. with a secret shown once) */
  saved?: z.ZodType;
}

/** What a service may answer where the wire carries `T`: the same shape, a time as a Date or its string. */
type Answer<T> = T extends string
  ? T | Date
  : T extends ReadonlyArray<infer U>
    ? ReadonlyArray<Answer<U>>
    : T extends object
      ? { [K in keyof T]: Answer<T[K]> }
      : T;
/** The output of schema `K` of `S` (of the record when `S` has none). */
type Output<S extends CrudSchemas, K extends keyof CrudSchemas> = z.output<
  S extends { [P in K]: infer T extends z.ZodType } ? T : S['record']
>;
type Body<S extends CrudSchemas> = S extends { submit: infer T extends z.ZodType } ? z.output<T> : never;

/** The service verbs the routes call, each taking the caller's ctx first. */
export interface CrudService<S extends CrudSchemas> {
  page: (
    ctx: Ctx,
    query: S extends { pageQuery: infer T extends z.ZodType } ? z.output<T> : never,
  ) => Promise<Page<Answer<Output<S, 'record'>>>>;
  select: (ctx: Ctx) => Promise<ReadonlyArray<Answer<Output<S, 'record'>>>>;
  detail: (ctx: Ctx, id: string) => Promise<Answer<Output<S, 'detail'>>>;
  submit: (ctx: Ctx, body: Body<S>) => Promise<Answer<Output<S, 'saved'>>>;
  add: (ctx: Ctx, body: Omit<Body<S>, 'id'>) => Promise<Answer<Output<S, 'saved'>>>;
  update: (ctx: Ctx, body: Body<S> & { id: string }) => Promise<Answer<Output<S, 'record'>>>;
  remove: (ctx: Ctx, ids: string[]) => Promise<number>;
}

/** The routes the helper declares, each with its OpenAPI text; `page` by path (BladeX `list`, cloud `page`). */
export interface CrudRouteDocs {
  /** GET `<path>?current=&size=&...` → a page of records */
  page: Record<string, RouteDoc>;
  /** GET `select`: every record, for pickers; any signed-in user */
  select: RouteDoc;
  /** GET `detail?id=` */
  detail: RouteDoc;
  /** POST `submit`: add without id (`<code>_add`), update with id (`<code>_edit`) */
  submit: RouteDoc;
  /** POST `add` (`<code>_add`) */
  add: RouteDoc;
  /** PUT `update`, id in the body (`<code>_edit`) */
  update: RouteDoc;
  /** `remove?ids=` comma-separated ids (`<code>_delete`): POST (BladeX), or DELETE for the cloud services */
  remove: RouteDoc | { summary: string; description?: string; method: 'POST' | 'DELETE' };
}
export type CrudRoute = keyof CrudRouteDocs;

export interface CrudRoutesOptions<K extends CrudRoute, S extends CrudSchemas> {
  /** e.g. `/api/blade-system/post` */
  base: string;
  tags: string[];
  /** the menu code: reads need it, writes `<code>_add`, `<code>_edit`, `<code>_delete` (MENUS.md) */
  code: string;
  /** has the verb of every route declared, and only those are called */
  service: Pick<CrudService<S>, NoInfer<K>>;
  schemas: S & NoInfer<SchemasNeeded<K>>;
  routes: Pick<CrudRouteDocs, K>;
}
/** The schemas the routes `K` cannot do without. */
type SchemasNeeded<K extends CrudRoute> = ('page' extends K ? { pageQuery: z.ZodType } : unknown) &
  ('submit' extends K ? { submit: z.ZodType } : unknown) &
  ([Extract<K, 'add' | 'update'>] extends [never] ? unknown : { submit: z.ZodObject });

/**
 * Declares the standard CRUD routes of a resource under `base`: those named in `routes` (page routes, select,
 * detail, submit or add and update, remove), each with its text, and with the permission codes, schemas,
 * envelopes and messages (`common.added`, `common.updated`, `common.deleted`) the hand-written ones have. The
 * service needs the verbs of those routes only. A route that differs in anything (another query, permission,
 * answer or service call) is left out and written by hand beside the call.
 *
 *   crudRoutes(app, {
 *     base: '/api/blade-system/post', tags: ['system: post'], code: 'post', service: app.services.posts,
 *     schemas: { record: PostSchema, pageQuery: PageQuery.extend(PostPageQuery.shape), submit: PostSubmit },
 *     routes: { page: { list: 'Page of posts' }, detail: 'One post', submit: '...', remove: '...' },
 *   });
 */
export function crudRoutes<K extends CrudRoute, S extends CrudSchemas>(
  app: FastifyInstance,
  options: CrudRoutesOptions<K, S>,
): void {
  const { base, tags, code, schemas } = options;
  const { record } = schemas;
  const docs: Partial<CrudRouteDocs> = options.routes;
  const service = options.service as Partial<CrudService<S>>;

  function verb<V extends CrudRoute>(name: V): CrudService<S>[V] {
    const method = service[name];
    if (!method) throw new Error(`${base}/${name}: the service has no ${name}`);
    return method.bind(service) as CrudService<S>[V];
  }
  function required<T>(schema: T | undefined, name: string): T {
    if (!schema) throw new Error(`${base}: schemas.${name} is missing`);
    return schema;
  }
  function submitObject(route: string): z.ZodObject {
    const submit = required(schemas.submit, 'submit');
    if (!(submit instanceof z.ZodObject))
      throw new Error(`${base}/${route}: schemas.submit is not an object`);
    return submit;
  }
  function text(doc: RouteDoc): { summary: string; description?: string } {
    if (typeof doc === 'string') return { summary: doc };
    return doc.description
      ? { summary: doc.summary, description: doc.description }
      : { summary: doc.summary };
  }
  /** One route: `handle` gives the data and the message of the envelope. */
  function declare(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    permission: string | ((request: FastifyRequest) => string),
    doc: RouteDoc,
    input: { querystring?: z.ZodType; body?: z.ZodType },
    answer: z.ZodType,
    handle: (request: FastifyRequest) => Promise<[data: unknown, message?: MessageKey]>,
  ) {
    app.route({
      method,
      url: `${base}/${path}`,
      config: { permission },
      schema: { tags, ...text(doc), ...input, response: { 200: envelope(answer) } },
      handler: async (request, reply) => reply.ok(...(await handle(request))),
    });
  }
  // At a call site the zod type provider types the request from the schemas; here the options' types stand in.
  const query = <T>(request: FastifyRequest) => request.query as T;
  const body = <T>(request: FastifyRequest) => request.body as T;

  for (const [path, doc] of Object.entries(docs.page ?? {})) {
    const page = verb('page');
    const querystring = required(schemas.pageQuery, 'pageQuery');
    declare('GET', path, code, doc, { querystring }, pageOf(record), async (request) => [
      await page(request.ctx, query(request)),
    ]);
  }
  if (docs.select) {
    const select = verb('select');
    declare('GET', 'select', 'authenticated', docs.select, {}, z.array(record), async (request) => [
      await select(request.ctx),
    ]);
  }
  if (docs.detail) {
    const detail = verb('detail');
    const answer = schemas.detail ?? record;
    declare('GET', 'detail', code, docs.detail, { querystring: IdQuery }, answer, async (request) => [
      await detail(request.ctx, query<{ id: string }>(request).id),
    ]);
  }
  if (docs.submit) {
    const submit = verb('submit');
    const permission = (request: FastifyRequest) =>
      (request.body as { id?: unknown }).id ? `${code}_edit` : `${code}_add`;
    const input = { body: required(schemas.submit, 'submit') };
    declare('POST', 'submit', permission, docs.submit, input, schemas.saved ?? record, async (request) => {
      const values = body<Body<S> & { id?: unknown }>(request);
      return [await submit(request.ctx, values), values.id ? 'common.updated' : 'common.added'];
    });
  }
  if (docs.add) {
    const add = verb('add');
    const input = { body: submitObject('add').omit({ id: true }) };
    declare('POST', 'add', `${code}_add`, docs.add, input, schemas.saved ?? record, async (request) => [
      await add(request.ctx, body(request)),
      'common.added',
    ]);
  }
  if (docs.update) {
    const update = verb('update');
    const input = { body: submitObject('update').required({ id: true }) };
    declare('PUT', 'update', `${code}_edit`, docs.update, input, record, async (request) => [
      await update(request.ctx, body(request)),
      'common.updated',
    ]);
  }
  if (docs.remove) {
    const remove = verb('remove');
    const doc = docs.remove;
    const method = typeof doc === 'object' && 'method' in doc ? doc.method : 'POST';
    const input = { querystring: IdsQuery };
    declare(method, 'remove', `${code}_delete`, doc, input, z.number(), async (request) => [
      await remove(request.ctx, query<{ ids: string[] }>(request).ids),
      'common.deleted',
    ]);
  }
}
