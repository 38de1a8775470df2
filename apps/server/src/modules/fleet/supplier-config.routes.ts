import {
  PageQuery,
  SupplierConfigPageQuery,
  SupplierConfigSchema,
  SupplierConfigSubmit,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../../lib/crud-routes.js';

/** Supplier configuration (spec §7 Equipment): page, detail, add (POST), update (PUT), remove (DELETE ids). */
export default async function supplierConfigRoutes(app: FastifyInstance) {
  crudRoutes(app, {
    base: '/api/cloud-equipment/supplier-config',
    tags: ['equipment: supplier configuration'],
    code: 'supplier',
    service: app.services.supplierConfigs,
    schemas: {
      record: SupplierConfigSchema,
      pageQuery: PageQuery.extend(SupplierConfigPageQuery.shape),
      submit: SupplierConfigSubmit,
    },
    routes: {
      page: { page: 'Page of supplier configurations (secrets masked)' },
      detail: 'One supplier configuration (secret masked)',
      add: 'Add a supplier configuration',
      update: 'Update a supplier configuration (the mask or no secret keeps the saved one)',
      remove: { summary: 'Remove supplier configurations by comma-separated ids', method: 'DELETE' },
    },
  });
}
