import {
  envelope,
  RoleDetailSchema,
  RoleGrant,
  RoleListQuery,
  RoleNodeSchema,
  RoleSchema,
  RoleSubmit,
  RoleTreeQuery,
  TreeSelectNodeSchema,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes.js';

const tags = ['system: role'];
const base = '/api/blade-system/role';

export default async function roleRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { roles } = app.services;

  routes.get(
    `${base}/list`,
    {
      config: { permission: 'role' },
      schema: {
        tags,
        summary: "The tenant's roles as a tree (or the matches of the filters)",
        querystring: RoleListQuery,
        response: { 200: envelope(z.array(RoleNodeSchema)) },
      },
    },
    async (request, reply) => reply.ok(await roles.list(request.ctx, request.query)),
  );
  routes.get(
    `${base}/tree`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "Tree select of a tenant's roles (only the platform tenant may name another tenant)",
        querystring: RoleTreeQuery,
        response: { 200: envelope(z.array(TreeSelectNodeSchema)) },
      },
    },
    async (request, reply) => reply.ok(await roles.tree(request.ctx, request.query.tenantId)),
  );
  crudRoutes(app, {
    base,
    tags,
    code: 'role',
    service: roles,
    schemas: { record: RoleSchema, submit: RoleSubmit, detail: RoleDetailSchema },
    routes: {
      detail: 'One role',
      submit: 'Add (no id) or update (with id) a role',
      remove: 'Remove roles by comma-separated ids (not preset roles, roles with children or users)',
    },
  });
  routes.post(
    `${base}/grant`,
    {
      config: { permission: 'role_grant' },
      schema: {
        tags,
        summary: 'Give roles exactly these menus, data scopes and API scopes',
        body: RoleGrant,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      await roles.grant(request.ctx, request.body);
      return reply.ok(null);
    },
  );
}
