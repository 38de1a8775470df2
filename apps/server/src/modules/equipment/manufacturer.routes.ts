import {
  EntityModelQuery,
  EntityModelSchema,
  envelope,
  IdQuery,
  IdsQuery,
  ManufacturerPageQuery,
  ManufacturerSchema,
  ManufacturerSubmit,
  PAGE_SIZE_MAX,
  PageQuery,
  pageOf,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entityModels } from './manufacturer.service.js';

const tags = ['equipment: manufacturer'];
const BASE = '/api/cloud-equipment/manufacturer';

/** The manufacturer page: every brand in one page unless the caller asks for less (spec §9: size 9999). */
const BrandPageQuery = PageQuery.extend({
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_MAX),
}).extend(ManufacturerPageQuery.shape);

/**
 * Manufacturers (spec §7 Equipment): page, detail, add (POST), update (PUT), remove (DELETE ids); and the
 * entity center's models by sign, which a brand is associated with.
 */
export default async function manufacturerRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { manufacturers } = app.services;

  routes.get(
    `${BASE}/page`,
    {
      config: { permission: 'manufacturer' },
      schema: {
        tags,
        summary: 'Page of brands (default size 9999)',
        querystring: BrandPageQuery,
        response: { 200: envelope(pageOf(ManufacturerSchema)) },
      },
    },
    async (request, reply) => reply.ok(await manufacturers.page(request.ctx, request.query)),
  );
  routes.get(
    `${BASE}/detail`,
    {
      config: { permission: 'manufacturer' },
      schema: {
        tags,
        summary: 'One brand',
        querystring: IdQuery,
        response: { 200: envelope(ManufacturerSchema) },
      },
    },
    async (request, reply) => reply.ok(await manufacturers.detail(request.ctx, request.query.id)),
  );
  routes.post(
    `${BASE}/add`,
    {
      config: { permission: 'manufacturer_add' },
      schema: {
        tags,
        summary: 'Add a brand',
        body: ManufacturerSubmit.omit({ id: true }),
        response: { 200: envelope(ManufacturerSchema) },
      },
    },
    async (request, reply) => reply.ok(await manufacturers.add(request.ctx, request.body), 'common.added'),
  );
  routes.put(
    `${BASE}/update`,
    {
      config: { permission: 'manufacturer_edit' },
      schema: {
        tags,
        summary: 'Update a brand (id in the body)',
        body: ManufacturerSubmit.required({ id: true }),
        response: { 200: envelope(ManufacturerSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(await manufacturers.update(request.ctx, request.body), 'common.updated'),
  );
  routes.delete(
    `${BASE}/remove`,
    {
      config: { permission: 'manufacturer_delete' },
      schema: {
        tags,
        summary: 'Remove brands by comma-separated ids (refused while a brand is in use)',
        querystring: IdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(await manufacturers.remove(request.ctx, request.query.ids), 'common.deleted'),
  );
  routes.get(
    '/api/aos-slabentities/entitymodel/getEmBySign',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The entity center models of a sign (every model without one)',
        querystring: EntityModelQuery,
        response: { 200: envelope(z.array(EntityModelSchema)) },
      },
    },
    async (request, reply) => reply.ok(entityModels(request.language, request.query.sign)),
  );
}
