import {
  envelope,
  PageQuery,
  TenantDatasourceQuery,
  TenantInfoAnswer,
  TenantInfoQuery,
  TenantOptionSchema,
  TenantPageQuery,
  TenantSaved,
  TenantSchema,
  TenantSettingQuery,
  TenantSubmit,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes.js';

const tags = ['system: tenant'];
const base = '/api/blade-system/tenant';

/** Tenants: spec §7 System tenant; platform tenant only (checked in the service), `info` public. */
export default async function tenantRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { tenants } = app.services;

  crudRoutes(app, {
    base,
    tags,
    code: 'tenant',
    service: tenants,
    schemas: {
      record: TenantSchema,
      pageQuery: PageQuery.extend(TenantPageQuery.shape),
      submit: TenantSubmit,
      saved: TenantSaved,
    },
    routes: {
      page: { list: 'Page of tenants' },
      detail: 'One tenant',
      submit:
        'Add (no id; provisions the admin account, roles, root dept, top menus, dictionaries) or update a tenant',
      remove:
        'Remove tenants by comma-separated ids (never the platform tenant); their users can no longer sign in',
    },
  });
  routes.get(
    `${base}/select`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Tenants for pickers: every tenant for the platform tenant, one’s own tenant for others',
        response: { 200: envelope(z.array(TenantOptionSchema)) },
      },
    },
    async (request, reply) => reply.ok(await tenants.select(request.ctx)),
  );
  routes.post(
    `${base}/setting`,
    {
      config: { permission: 'tenant_setting' },
      schema: {
        tags,
        summary: 'Set the account limit (-1 unlimited) and expiry time (empty = never) of the tenants in ids',
        querystring: TenantSettingQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) => reply.ok(await tenants.setting(request.ctx, request.query), 'common.updated'),
  );
  routes.post(
    `${base}/datasource`,
    {
      config: { permission: 'tenant_datasource' },
      schema: {
        tags,
        summary: "Set a tenant's datasource (empty = the main database)",
        querystring: TenantDatasourceQuery,
        response: { 200: envelope(TenantSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await tenants.datasource(request.ctx, request.query.tenantId, request.query.datasourceId),
        'common.updated',
      ),
  );
  routes.get(
    `${base}/info`,
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'The tenant that owns a domain, for the sign-in page ({} when none)',
        querystring: TenantInfoQuery,
        response: { 200: envelope(TenantInfoAnswer) },
      },
    },
    async (request, reply) => reply.ok(await tenants.info(request.ctx, request.query.domain)),
  );
}
