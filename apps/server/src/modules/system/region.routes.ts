import {
  envelope,
  PageQuery,
  pageOf,
  RegionCodeQuery,
  RegionNodeSchema,
  RegionPageQuery,
  RegionParentQuery,
  RegionRemoveQuery,
  RegionSchema,
  RegionSubmit,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['system: region'];
const base = '/api/blade-system/region';

/** Administrative divisions: any signed-in user reads; changes need the buttons and the platform tenant. */
export default async function regionRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { regions } = app.services;
  const read = { permission: 'authenticated' };

  routes.get(
    `${base}/list`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Page of divisions (filters: code prefix, name, parentCode, level)',
        querystring: PageQuery.extend(RegionPageQuery.shape),
        response: { 200: envelope(pageOf(RegionSchema)) },
      },
    },
    async (request, reply) => reply.ok(await regions.page(request.ctx, request.query)),
  );
  routes.get(
    `${base}/lazy-list`,
    {
      config: read,
      schema: {
        tags,
        summary: 'The divisions under parentCode (provinces under 00), each with hasChildren',
        querystring: RegionParentQuery,
        response: { 200: envelope(z.array(RegionSchema)) },
      },
    },
    async (request, reply) => reply.ok(await regions.children(request.ctx, request.query.parentCode)),
  );
  routes.get(
    `${base}/lazy-tree`,
    {
      config: read,
      schema: {
        tags,
        summary: 'The divisions under parentCode as tree-select nodes',
        querystring: RegionParentQuery,
        response: { 200: envelope(z.array(RegionNodeSchema)) },
      },
    },
    async (request, reply) => reply.ok(await regions.lazyTree(request.ctx, request.query.parentCode)),
  );
  routes.get(
    `${base}/select`,
    {
      config: read,
      schema: {
        tags,
        summary: 'The divisions under code (BladeX cascader call)',
        querystring: z.object({ code: RegionParentQuery.shape.parentCode }),
        response: { 200: envelope(z.array(RegionSchema)) },
      },
    },
    async (request, reply) => reply.ok(await regions.children(request.ctx, request.query.code)),
  );
  routes.get(
    `${base}/detail`,
    {
      config: read,
      schema: {
        tags,
        summary: 'One division by code',
        querystring: RegionCodeQuery,
        response: { 200: envelope(RegionSchema) },
      },
    },
    async (request, reply) => reply.ok(await regions.detail(request.ctx, request.query.code)),
  );
  // An edit names the division by its code in `id`; an id with another code adds below it (Saber, BladeX).
  const edits = (body: RegionSubmit) => Boolean(body.id && body.id === body.code);
  routes.post(
    `${base}/submit`,
    {
      config: {
        permission: (request) => (edits(request.body as RegionSubmit) ? 'region_edit' : 'region_add'),
      },
      schema: {
        tags,
        summary:
          'Add (no id, or an id that is not the code) or update (id = the code) a division; platform only',
        body: RegionSubmit,
        response: { 200: envelope(RegionSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await regions.submit(request.ctx, request.body),
        edits(request.body) ? 'common.updated' : 'common.added',
      ),
  );
  routes.post(
    `${base}/remove`,
    {
      config: { permission: 'region_delete' },
      schema: {
        tags,
        summary:
          'Remove a division by its code (`id`, BladeX) or several by comma-separated codes (`ids`); ' +
          'refused while divisions lie below; platform only',
        querystring: RegionRemoveQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(await regions.remove(request.ctx, request.query.codes), 'common.deleted'),
  );
}
