import {
  envelope,
  IdQuery,
  IdsQuery,
  OssPageQuery,
  OssSchema,
  OssSubmit,
  PageQuery,
  pageOf,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['resource: oss'];

/** Object-storage configurations (spec §7 /api/blade-resource/oss). */
export default async function ossRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { oss } = app.services;

  routes.get(
    '/api/blade-resource/oss/list',
    {
      config: { permission: 'oss' },
      schema: {
        tags,
        summary: 'Page of object-storage configurations (secrets masked)',
        querystring: PageQuery.extend(OssPageQuery.shape),
        response: { 200: envelope(pageOf(OssSchema)) },
      },
    },
    async (request, reply) => reply.ok(await oss.page(request.ctx, request.query)),
  );
  routes.get(
    '/api/blade-resource/oss/detail',
    {
      config: { permission: 'oss' },
      schema: {
        tags,
        summary: 'One configuration',
        querystring: IdQuery,
        response: { 200: envelope(OssSchema) },
      },
    },
    async (request, reply) => reply.ok(await oss.detail(request.ctx, request.query.id)),
  );
  routes.post(
    '/api/blade-resource/oss/submit',
    {
      config: { permission: (request) => ((request.body as OssSubmit).id ? 'oss_edit' : 'oss_add') },
      schema: {
        tags,
        summary: 'Add (no id) or update (with id) a configuration',
        description: 'An empty secretKey, or the mask `******`, keeps the saved secret.',
        body: OssSubmit,
        response: { 200: envelope(OssSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await oss.submit(request.ctx, request.body),
        request.body.id ? 'common.updated' : 'common.added',
      ),
  );
  routes.post(
    '/api/blade-resource/oss/remove',
    {
      config: { permission: 'oss_delete' },
      schema: {
        tags,
        summary: 'Remove configurations by comma-separated ids',
        querystring: IdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) => reply.ok(await oss.remove(request.ctx, request.query.ids), 'common.deleted'),
  );
  routes.post(
    '/api/blade-resource/oss/enable',
    {
      config: { permission: 'oss_enable' },
      schema: {
        tags,
        summary:
          'Enable a configuration: uploads go to it; the tenant’s other configurations are switched off',
        querystring: IdQuery,
        response: { 200: envelope(OssSchema) },
      },
    },
    async (request, reply) => reply.ok(await oss.enable(request.ctx, request.query.id), 'resource.enabled'),
  );
}
