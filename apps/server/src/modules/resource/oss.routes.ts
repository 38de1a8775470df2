import { envelope, IdQuery, OssPageQuery, OssSchema, OssSubmit, PageQuery } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes.js';

const tags = ['resource: oss'];

/** Object-storage configurations (spec §7 /api/blade-resource/oss). */
export default async function ossRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { oss } = app.services;

  crudRoutes(app, {
    base: '/api/blade-resource/oss',
    tags,
    code: 'oss',
    service: oss,
    schemas: { record: OssSchema, pageQuery: PageQuery.extend(OssPageQuery.shape), submit: OssSubmit },
    routes: {
      page: { list: 'Page of object-storage configurations (secrets masked)' },
      detail: 'One configuration',
      submit: {
        summary: 'Add (no id) or update (with id) a configuration',
        description: 'An empty secretKey, or the mask `******`, keeps the saved secret.',
      },
      remove: 'Remove configurations by comma-separated ids',
    },
  });
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
