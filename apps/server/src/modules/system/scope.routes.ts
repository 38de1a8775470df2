import {
  ApiScopeSchema,
  ApiScopeSubmit,
  DataScopeSchema,
  DataScopeSubmit,
  envelope,
  IdQuery,
  IdsQuery,
  PageQuery,
  pageOf,
  ScopePageQuery,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const pageQuery = PageQuery.extend(ScopePageQuery.shape);
const removed = { 200: envelope(z.number()) };

/**
 * Data scopes (`data-scope`, also reachable as BladeX's older `scope`) and API scopes (`api-scope`):
 * page by menuId, detail, submit, remove. Reads need the screen's code; changes are the platform tenant's.
 */
export default async function scopeRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { scopes } = app.services;

  for (const resource of ['data-scope', 'scope']) {
    const base = `/api/blade-system/${resource}`;
    const tags = ['system: data scope'];
    routes.get(
      `${base}/list`,
      {
        config: { permission: 'data_scope' },
        schema: {
          tags,
          summary: 'Page of data scopes (filter by menuId)',
          querystring: pageQuery,
          response: { 200: envelope(pageOf(DataScopeSchema)) },
        },
      },
      async (request, reply) => reply.ok(await scopes.dataPage(request.ctx, request.query)),
    );
    routes.get(
      `${base}/detail`,
      {
        config: { permission: 'data_scope' },
        schema: {
          tags,
          summary: 'One data scope',
          querystring: IdQuery,
          response: { 200: envelope(DataScopeSchema) },
        },
      },
      async (request, reply) => reply.ok(await scopes.dataDetail(request.ctx, request.query.id)),
    );
    routes.post(
      `${base}/submit`,
      {
        config: {
          permission: (request) =>
            (request.body as DataScopeSubmit).id ? 'data_scope_edit' : 'data_scope_add',
        },
        schema: {
          tags,
          summary: 'Add (no id) or update (with id) a data scope; platform tenant only',
          body: DataScopeSubmit,
          response: { 200: envelope(DataScopeSchema) },
        },
      },
      async (request, reply) =>
        reply.ok(
          await scopes.dataSubmit(request.ctx, request.body),
          request.body.id ? 'common.updated' : 'common.added',
        ),
    );
    routes.post(
      `${base}/remove`,
      {
        config: { permission: 'data_scope_delete' },
        schema: {
          tags,
          summary: 'Remove data scopes by comma-separated ids; platform tenant only',
          querystring: IdsQuery,
          response: removed,
        },
      },
      async (request, reply) =>
        reply.ok(await scopes.dataRemove(request.ctx, request.query.ids), 'common.deleted'),
    );
  }

  const base = '/api/blade-system/api-scope';
  const tags = ['system: API scope'];
  routes.get(
    `${base}/list`,
    {
      config: { permission: 'api_scope' },
      schema: {
        tags,
        summary: 'Page of API scopes (filter by menuId)',
        querystring: pageQuery,
        response: { 200: envelope(pageOf(ApiScopeSchema)) },
      },
    },
    async (request, reply) => reply.ok(await scopes.apiPage(request.ctx, request.query)),
  );
  routes.get(
    `${base}/detail`,
    {
      config: { permission: 'api_scope' },
      schema: {
        tags,
        summary: 'One API scope',
        querystring: IdQuery,
        response: { 200: envelope(ApiScopeSchema) },
      },
    },
    async (request, reply) => reply.ok(await scopes.apiDetail(request.ctx, request.query.id)),
  );
  routes.post(
    `${base}/submit`,
    {
      config: {
        permission: (request) => ((request.body as ApiScopeSubmit).id ? 'api_scope_edit' : 'api_scope_add'),
      },
      schema: {
        tags,
        summary: 'Add (no id) or update (with id) an API scope; platform tenant only',
        body: ApiScopeSubmit,
        response: { 200: envelope(ApiScopeSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await scopes.apiSubmit(request.ctx, request.body),
        request.body.id ? 'common.updated' : 'common.added',
      ),
  );
  routes.post(
    `${base}/remove`,
    {
      config: { permission: 'api_scope_delete' },
      schema: {
        tags,
        summary: 'Remove API scopes by comma-separated ids; platform tenant only',
        querystring: IdsQuery,
        response: removed,
      },
    },
    async (request, reply) =>
      reply.ok(await scopes.apiRemove(request.ctx, request.query.ids), 'common.deleted'),
  );
}
