import {
  DeptNodeSchema,
  DeptPageQuery,
  DeptParentQuery,
  DeptSchema,
  DeptSubmit,
  DeptTenantQuery,
  DeptTreeQuery,
  envelope,
  IdQuery,
  IdsQuery,
  PageQuery,
  pageOf,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['system: dept'];
const base = '/api/blade-system/dept';

/** Depts (teams): spec §7 System dept. Pickers (tree, lazy-tree, simpleList) serve any signed-in user. */
export default async function deptRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { depts } = app.services;
  const pageSchema = {
    tags,
    querystring: PageQuery.extend(DeptPageQuery.shape),
    response: { 200: envelope(pageOf(DeptSchema)) },
  };

  routes.get(
    `${base}/list`,
    { config: { permission: 'dept' }, schema: { ...pageSchema, summary: 'Page of depts' } },
    async (request, reply) => reply.ok(await depts.page(request.ctx, request.query)),
  );
  routes.get(
    `${base}/page`,
    {
      config: { permission: 'dept' },
      schema: { ...pageSchema, summary: 'Page of depts, usually the children of parentId' },
    },
    async (request, reply) => reply.ok(await depts.page(request.ctx, request.query)),
  );
  routes.get(
    `${base}/simpleList`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The children of parentId (every dept when absent), unpaged',
        querystring: DeptParentQuery,
        response: {
          200: envelope(z.array(DeptSchema.omit({ parentName: true, managerName: true, memberCount: true }))),
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
  routes.get(
    `${base}/detail`,
    {
      config: { permission: 'dept' },
      schema: { tags, summary: 'One dept', querystring: IdQuery, response: { 200: envelope(DeptSchema) } },
    },
    async (request, reply) => reply.ok(await depts.detail(request.ctx, request.query.id)),
  );
  routes.post(
    `${base}/submit`,
    {
      config: { permission: (request) => ((request.body as DeptSubmit).id ? 'dept_edit' : 'dept_add') },
      schema: {
        tags,
        summary: 'Add (no id) or update (with id) a dept',
        body: DeptSubmit,
        response: { 200: envelope(DeptSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await depts.submit(request.ctx, request.body),
        request.body.id ? 'common.updated' : 'common.added',
      ),
  );
  routes.post(
    `${base}/remove`,
    {
      config: { permission: 'dept_delete' },
      schema: {
        tags,
        summary: 'Remove depts by comma-separated ids (refused while they have child depts or users)',
        querystring: IdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) => reply.ok(await depts.remove(request.ctx, request.query.ids), 'common.deleted'),
  );
}
