import {
  EntityModelQuery,
  EntityModelSchema,
  envelope,
  BrandPageQuery,
  BrandSchema,
  BrandSubmit,
  PAGE_SIZE_MAX,
  PageQuery,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes.js';
import { entityModels } from './brand.service.js';

const tags = ['equipment: manufacturer'];

/** The manufacturer page: every brand in one page unless the caller asks for less (spec §9: size 9999). */
const BrandPage = PageQuery.extend({
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_MAX),
}).extend(BrandPageQuery.shape);

/**
 * Manufacturers (spec §7 Equipment): page, detail, add (POST), update (PUT), remove (DELETE ids); and the
 * entity center's models by sign, which a brand is associated with.
 */
export default async function brandRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  crudRoutes(app, {
    base: '/api/cloud-equipment/manufacturer',
    tags,
    code: 'manufacturer',
    service: app.services.brands,
    schemas: { record: BrandSchema, pageQuery: BrandPage, submit: BrandSubmit },
    routes: {
      page: { page: 'Page of brands (default size 9999)' },
      detail: 'One brand',
      add: 'Add a brand',
      update: 'Update a brand (id in the body)',
      remove: {
        summary: 'Remove brands by comma-separated ids (refused while a brand is in use)',
        method: 'DELETE',
      },
    },
  });
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
