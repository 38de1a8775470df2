import { envelope, MenuNodeSchema, MenuRoutesQuery, TopMenuSchema } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['system: menu'];

export default async function menuRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { menus } = app.services;

  routes.get(
    '/api/blade-system/menu/routes',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "The user's menu tree, optionally under one top menu",
        querystring: MenuRoutesQuery,
        response: { 200: envelope(z.array(MenuNodeSchema)) },
      },
    },
    async (request, reply) => reply.ok(await menus.routes(request.ctx, request.query.topMenuId)),
  );

  routes.get(
    '/api/blade-system/menu/buttons',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "The user's buttons under their menus; leaf codes are the permission set",
        response: { 200: envelope(z.array(MenuNodeSchema)) },
      },
    },
    async (request, reply) => reply.ok(await menus.buttons(request.ctx)),
  );

  routes.get(
    '/api/blade-system/menu/top-menu',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "The tenant's header top menus",
        response: { 200: envelope(z.array(TopMenuSchema)) },
      },
    },
    async (request, reply) => reply.ok(await menus.topMenus(request.ctx)),
  );
}
