import {
  envelope,
  IdQuery,
  IdsQuery,
  PageQuery,
  pageOf,
  SupplierConfigPageQuery,
  SupplierConfigSchema,
  SupplierConfigSubmit,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['equipment: supplier configuration'];
const BASE = '/api/cloud-equipment/supplier-config';

/** Supplier configuration (spec §7 Equipment): page, detail, add (POST), update (PUT), remove (DELETE ids). */
export default async function supplierConfigRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { supplierConfigs } = app.services;

  routes.get(
    `${BASE}/page`,
    {
      config: { permission: 'supplier' },
      schema: {
        tags,
        summary: 'Page of supplier configurations (secrets masked)',
        querystring: PageQuery.extend(SupplierConfigPageQuery.shape),
        response: { 200: envelope(pageOf(SupplierConfigSchema)) },
      },
    },
    async (request, reply) => reply.ok(await supplierConfigs.page(request.ctx, request.query)),
  );
  routes.get(
    `${BASE}/detail`,
    {
      config: { permission: 'supplier' },
      schema: {
        tags,
        summary: 'One supplier configuration (secret masked)',
        querystring: IdQuery,
        response: { 200: envelope(SupplierConfigSchema) },
      },
    },
    async (request, reply) => reply.ok(await supplierConfigs.detail(request.ctx, request.query.id)),
  );
  routes.post(
    `${BASE}/add`,
    {
      config: { permission: 'supplier_add' },
      schema: {
        tags,
        summary: 'Add a supplier configuration',
        body: SupplierConfigSubmit.omit({ id: true }),
        response: { 200: envelope(SupplierConfigSchema) },
      },
    },
    async (request, reply) => reply.ok(await supplierConfigs.add(request.ctx, request.body), 'common.added'),
  );
  routes.put(
    `${BASE}/update`,
    {
      config: { permission: 'supplier_edit' },
      schema: {
        tags,
        summary: 'Update a supplier configuration (the mask or no secret keeps the saved one)',
        body: SupplierConfigSubmit.required({ id: true }),
        response: { 200: envelope(SupplierConfigSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(await supplierConfigs.update(request.ctx, request.body), 'common.updated'),
  );
  routes.delete(
    `${BASE}/remove`,
    {
      config: { permission: 'supplier_delete' },
      schema: {
        tags,
        summary: 'Remove supplier configurations by comma-separated ids',
        querystring: IdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(await supplierConfigs.remove(request.ctx, request.query.ids), 'common.deleted'),
  );
}
