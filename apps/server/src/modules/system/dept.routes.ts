import {
  DeptLazyQuery,
  DeptNodeSchema,
  DeptPageQuery,
  DeptParentQuery,
  DeptSchema,
  DeptSubmit,
  DeptTenantQuery,
  DeptTreeQuery,
  envelope,
  PageQuery,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes.js';

const tags = ['system: dept'];
const base = '/api/blade-system/dept';

/** Depts (teams): spec §7 System dept. Pickers (tree, lazy-tree, simpleList) serve any signed-in user. */
export default async function deptRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { depts } = app.services;

  crudRoutes(app, {
    base,
    tags,
    code: 'dept',
    service: depts,
    schemas: { record: DeptSchema, pageQuery: PageQuery.extend(DeptPageQuery.shape), submit: DeptSubmit },
    routes: {
      page: { list: 'Page of depts', page: 'Page of depts, usually the children of parentId' },
      detail: 'One dept',
      submit: 'Add (no id) or update (with id) a dept',
      remove: 'Remove depts by comma-separated ids (refused while they have child depts or users)',
    },
  });
  routes.get(
    `${base}/simpleList`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The children of parentId (every dept when absent), unpaged',
        querystring: DeptParentQuery,
        response: {
          200: envelope(
            z.array(
              DeptSchema.omit({
                parentName: true,
                managerName: true,
                memberCount: true,
                deptCategoryName: true,
                tenantName: true,
              }),
            ),
          ),
        },
      },
    },
    async (request, reply) => reply.ok(await depts.simpleList(request.ctx, request.query.parentId)),
  );
  routes.get(
    `${base}/tree`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "The tenant's whole dept tree; another tenant's for the platform tenant only",
        querystring: DeptTreeQuery,
        response: { 200: envelope(z.array(DeptNodeSchema)) },
      },
    },
    async (request, reply) => reply.ok(await depts.tree(request.ctx, request.query.tenantId)),
  );
  routes.get(
    `${base}/lazy-tree`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The children of parentId (top level by default), each with hasChildren',
        querystring: DeptParentQuery,
        response: { 200: envelope(z.array(DeptNodeSchema)) },
      },
    },
    async (request, reply) => reply.ok(await depts.lazyTree(request.ctx, request.query.parentId)),
  );
  routes.get(
    `${base}/lazy-list`,
    {
      config: { permission: 'dept' },
      schema: {
        tags,
        summary:
          'The children of parentId matching the filters, each with hasChildren; without parentId the ' +
          'matches at any depth, or the top level when nothing is searched (BladeX, the Saber dept screen)',
        querystring: DeptLazyQuery,
        response: { 200: envelope(z.array(DeptNodeSchema)) },
      },
    },
    async (request, reply) => reply.ok(await depts.lazyList(request.ctx, request.query)),
  );
  routes.post(
    `${base}/getDeptByTenantID`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "Every dept of a tenant, flat; another tenant's for the platform tenant only",
        querystring: DeptTenantQuery,
        response: { 200: envelope(z.array(DeptSchema)) },
      },
    },
    async (request, reply) => reply.ok(await depts.byTenant(request.ctx, request.query.tenantId)),
  );
}
