import {
  envelope,
  PageQuery,
  TopMenuAdminSchema,
  TopMenuGrant,
  TopMenuIdsQuery,
  TopMenuPageQuery,
  TopMenuSubmit,
  TopCheckedTreeSchema,
  TopGrantTreeSchema,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes.js';

const tags = ['system: top menu'];
const base = '/api/blade-system/topmenu';

export default async function topMenuRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { topMenuAdmin } = app.services;

  crudRoutes(app, {
    base,
    tags,
    code: 'topmenu',
    service: topMenuAdmin,
    schemas: {
      record: TopMenuAdminSchema,
      pageQuery: PageQuery.extend(TopMenuPageQuery.shape),
      submit: TopMenuSubmit,
    },
    routes: {
      page: { list: "Page of the tenant's top menus, by sort" },
      detail: 'One top menu',
      submit: 'Add (no id) or update (with id) a top menu',
      remove: 'Remove top menus by comma-separated ids',
    },
  });
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
        summary: 'The menus a top menu may show (the tenant’s menus, no buttons), as BladeX’s {menu} tree',
        response: { 200: envelope(TopGrantTreeSchema) },
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
        summary:
          'The menu ids the top menus show, as BladeX’s {menu} keys (ticked menus, no half-ticked parents)',
        querystring: TopMenuIdsQuery,
        response: { 200: envelope(TopCheckedTreeSchema) },
      },
    },
    async (request, reply) => reply.ok(await topMenuAdmin.treeKeys(request.ctx, request.query.topMenuIds)),
  );
}
