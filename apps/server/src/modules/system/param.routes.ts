import {
  envelope,
  IdQuery,
  IdsQuery,
  PageQuery,
  ParamPageQuery,
  ParamSchema,
  ParamSubmit,
  pageOf,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['system: param'];

/** System parameters: platform-wide; holders of `param` read them, only the platform tenant changes them. */
export default async function paramRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { params } = app.services;

  routes.get(
    '/api/blade-system/param/list',
    {
      config: { permission: 'param' },
      schema: {
        tags,
        summary:
          'Page of parameters; paramName and paramKey filter by "contains" (paramValue is not searchable)',
        querystring: PageQuery.extend(ParamPageQuery.shape),
        response: { 200: envelope(pageOf(ParamSchema)) },
      },
    },
    async (request, reply) => reply.ok(await params.page(request.ctx, request.query)),
  );
  routes.get(
    '/api/blade-system/param/detail',
    {
      config: { permission: 'param' },
      schema: {
        tags,
        summary: 'One parameter',
        querystring: IdQuery,
        response: { 200: envelope(ParamSchema) },
      },
    },
    async (request, reply) => reply.ok(await params.detail(request.ctx, request.query.id)),
  );
  routes.post(
    '/api/blade-system/param/submit',
    {
      config: { permission: (request) => ((request.body as ParamSubmit).id ? 'param_edit' : 'param_add') },
      schema: {
        tags,
        summary: 'Add (no id) or update (with id) a parameter; platform tenant only; the key is unique',
        body: ParamSubmit,
        response: { 200: envelope(ParamSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await params.submit(request.ctx, request.body),
        request.body.id ? 'common.updated' : 'common.added',
      ),
  );
  routes.post(
    '/api/blade-system/param/remove',
    {
      config: { permission: 'param_delete' },
      schema: {
        tags,
        summary: 'Remove parameters by comma-separated ids; platform tenant only; built-in keys stay',
        querystring: IdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) => reply.ok(await params.remove(request.ctx, request.query.ids), 'common.deleted'),
  );
}
