import {
  envelope,
  IdsQuery,
  PageQuery,
  pageOf,
  ProjectAuthPageQuery,
  ProjectAuthSchema,
  ProjectAuthSubmit,
  ProjectIdQuery,
  ProjectOptionSchema,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const AUTH = '/api/cloud-task/projectauth';

/** Project authorisation (spec §7 projectauth; docs/project.md). */
export async function projectAuthRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { projects } = app.services;
  const tags = ['task: project authorisation'];

  routes.get(
    `${AUTH}/page`,
    {
      config: { permission: 'projectauth' },
      schema: {
        tags,
        summary: 'Page of the authorisations of the projects the caller sees',
        querystring: PageQuery.extend(ProjectAuthPageQuery.shape),
        response: { 200: envelope(pageOf(ProjectAuthSchema)) },
      },
    },
    async (request, reply) => reply.ok(await projects.access.authPage(request.ctx, request.query)),
  );
  routes.get(
    `${AUTH}/detail`,
    {
      config: { permission: 'projectauth' },
      schema: {
        tags,
        summary: 'A project’s authorisation (null when it has none)',
        querystring: ProjectIdQuery,
        response: { 200: envelope(ProjectAuthSchema.nullable()) },
      },
    },
    async (request, reply) =>
      reply.ok(await projects.access.authDetail(request.ctx, request.query.projectId)),
  );
  routes.post(
    `${AUTH}/submit`,
    {
      config: { permission: 'projectauth_edit' },
      schema: {
        tags,
        summary: 'Set the depts (with their sub-depts) and users who see a project beyond its members',
        body: ProjectAuthSubmit,
        response: { 200: envelope(ProjectAuthSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(await projects.access.authSubmit(request.ctx, request.body), 'common.updated'),
  );
  routes.delete(
    `${AUTH}/remove`,
    {
      config: { permission: 'projectauth_delete' },
      schema: {
        tags,
        summary: 'Remove authorisations by comma-separated ids',
        querystring: IdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(await projects.access.authRemove(request.ctx, request.query.ids), 'common.deleted'),
  );
  routes.get(
    `${AUTH}/inspetionProjects`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The projects the caller sees (as member, team, authorisation or administrator), small',
        response: { 200: envelope(z.array(ProjectOptionSchema)) },
      },
    },
    async (request, reply) => reply.ok(await projects.records.options(request.ctx)),
  );
}
