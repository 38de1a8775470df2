import {
  envelope,
  IdQuery,
  IdsQuery,
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
  routes.get(
    `${base}/detail`,
    {
      config: { permission: 'role' },
      schema: {
        tags,
        summary: 'One role',
        querystring: IdQuery,
        response: { 200: envelope(RoleDetailSchema) },
      },
    },
    async (request, reply) => reply.ok(await roles.detail(request.ctx, request.query.id)),
  );
  routes.post(
    `${base}/submit`,
    {
      config: { permission: (request) => ((request.body as RoleSubmit).id ? 'role_edit' : 'role_add') },
      schema: {
        tags,
        summary: 'Add (no id) or update (with id) a role',
        body: RoleSubmit,
        response: { 200: envelope(RoleSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await roles.submit(request.ctx, request.body),
        request.body.id ? 'common.updated' : 'common.added',
      ),
  );
  routes.post(
    `${base}/remove`,
    {
      config: { permission: 'role_delete' },
      schema: {
        tags,
        summary: 'Remove roles by comma-separated ids (not preset roles, roles with children or users)',
        querystring: IdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) => reply.ok(await roles.remove(request.ctx, request.query.ids), 'common.deleted'),
  );
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
