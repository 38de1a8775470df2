import {
  envelope,
  IdQuery,
  IdsQuery,
  PageQuery,
  pageOf,
  TopMenuAdminSchema,
  TopMenuGrant,
  TopMenuIdsQuery,
  TopMenuPageQuery,
  TopMenuSubmit,
  TreeSelectNodeSchema,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['system: top menu'];
const base = '/api/blade-system/topmenu';

export default async function topMenuRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { topMenuAdmin } = app.services;

  routes.get(
    `${base}/list`,
    {
      config: { permission: 'topmenu' },
      schema: {
        tags,
        summary: "Page of the tenant's top menus, by sort",
        querystring: PageQuery.extend(TopMenuPageQuery.shape),
        response: { 200: envelope(pageOf(TopMenuAdminSchema)) },
      },
    },
    async (request, reply) => reply.ok(await topMenuAdmin.page(request.ctx, request.query)),
  );
  routes.get(
    `${base}/detail`,
    {
      config: { permission: 'topmenu' },
      schema: {
        tags,
        summary: 'One top menu',
        querystring: IdQuery,
        response: { 200: envelope(TopMenuAdminSchema) },
      },
    },
    async (request, reply) => reply.ok(await topMenuAdmin.detail(request.ctx, request.query.id)),
  );
  routes.post(
    `${base}/submit`,
    {
      config: {
        permission: (request) => ((request.body as TopMenuSubmit).id ? 'topmenu_edit' : 'topmenu_add'),
      },
      schema: {
        tags,
        summary: 'Add (no id) or update (with id) a top menu',
        body: TopMenuSubmit,
        response: { 200: envelope(TopMenuAdminSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await topMenuAdmin.submit(request.ctx, request.body),
        request.body.id ? 'common.updated' : 'common.added',
      ),
  );
  routes.post(
    `${base}/remove`,
    {
      config: { permission: 'topmenu_delete' },
      schema: {
        tags,
        summary: 'Remove top menus by comma-separated ids',
        querystring: IdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(await topMenuAdmin.remove(request.ctx, request.query.ids), 'common.deleted'),
  );
  routes.post(
    `${base}/grant`,
    {
      config: { permission: 'topmenu_grant' },
      schema: {
        tags,
        summary: 'Make the top menus show exactly these side menus',
        body: TopMenuGrant,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      await topMenuAdmin.grant(request.ctx, request.body);
      return reply.ok(null);
    },
  );
  routes.get(
    '/api/blade-system/menu/grant-top-tree',
    {
      config: { permission: 'topmenu_grant' },
      schema: {
        tags,
        summary: 'The menus a top menu may show (the tenant’s menus, no buttons)',
        response: { 200: envelope(z.array(TreeSelectNodeSchema)) },
      },
    },
    async (request, reply) => reply.ok(await topMenuAdmin.grantTree(request.ctx)),
  );
  routes.get(
    '/api/blade-system/menu/top-tree-keys',
    {
      config: { permission: 'topmenu_grant' },
      schema: {
        tags,
        summary: 'The menu ids the top menus show',
        querystring: TopMenuIdsQuery,
        response: { 200: envelope(z.array(z.string())) },
      },
    },
    async (request, reply) => reply.ok(await topMenuAdmin.treeKeys(request.ctx, request.query.topMenuIds)),
  );
}
