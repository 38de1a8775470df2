import {
  envelope,
  IdQuery,
  IdsQuery,
  PageQuery,
  pageOf,
  ProjectDetailSchema,
  ProjectOptionSchema,
  ProjectPageQuery,
  ProjectSchema,
  ProjectSubmit,
  ScreenTitleBody,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const MANAGEMENT = '/api/cloud-task/project-management';

/** `ProjectSubmit` refines the whole object; add and update take it as it is (update needs the id). */
const UpdateBody = ProjectSubmit.refine((value) => Boolean(value.id), {
  path: ['id'],
  message: 'validation.id',
});

/** Projects: the records (spec §7 project-management; docs/project.md). */
export async function projectRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { projects } = app.services;
  const tags = ['task: project'];

  routes.get(
    `${MANAGEMENT}/page`,
    {
      config: { permission: 'project_home' },
      schema: {
        tags,
        summary:
          'Page of the projects the caller sees, by name, type, industry, state (0 not started, 1 in progress) and team',
        querystring: PageQuery.extend(ProjectPageQuery.shape),
        response: { 200: envelope(pageOf(ProjectSchema)) },
      },
    },
    async (request, reply) => reply.ok(await projects.records.page(request.ctx, request.query)),
  );
  routes.get(
    `${MANAGEMENT}/detail`,
    {
      config: { permission: 'project_home' },
      schema: {
        tags,
        summary: 'One project with its members and machines',
        querystring: IdQuery,
        response: { 200: envelope(ProjectDetailSchema) },
      },
    },
    async (request, reply) => reply.ok(await projects.records.detail(request.ctx, request.query.id)),
  );
  routes.get(
    `${MANAGEMENT}/select-list`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Every project the caller sees, small (pickers)',
        response: { 200: envelope(z.array(ProjectOptionSchema)) },
      },
    },
    async (request, reply) => reply.ok(await projects.records.options(request.ctx)),
  );
  routes.post(
    `${MANAGEMENT}/add`,
    {
      config: { permission: 'project_home_add' },
      schema: {
        tags,
        summary: 'Add a project with its members and machines',
        description:
          'Team, leader, members, machines (each of its kind) and files must be the tenant’s: a 400 names the ' +
          'field. The end may not be before the start. Report templates are not built yet: `reportTemplateId` ' +
          'must be empty.',
        body: ProjectSubmit,
        response: { 200: envelope(ProjectSchema) },
      },
    },
    async (request, reply) => {
      const { id: _ignored, ...input } = request.body;
      return reply.ok(await projects.records.add(request.ctx, input), 'common.added');
    },
  );
  routes.put(
    `${MANAGEMENT}/update`,
    {
      config: { permission: 'project_home_edit' },
      schema: {
        tags,
        summary:
          'Change a project (the lists given replace its members and machines; the roles of members kept stay)',
        body: UpdateBody,
        response: { 200: envelope(ProjectSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await projects.records.update(request.ctx, { ...request.body, id: request.body.id! }),
        'common.updated',
      ),
  );
  routes.delete(
    `${MANAGEMENT}/remove`,
    {
      config: { permission: 'project_home_delete' },
      schema: {
        tags,
        summary:
          'Remove projects by comma-separated ids (their members, machines, authorisation and finished tasks too)',
        description:
          'Refused (400 naming `ids`, the tasks listed) while any task of them is pending, received or in progress.',
        querystring: IdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(await projects.records.remove(request.ctx, request.query.ids), 'common.deleted'),
  );
  routes.put(
    `${MANAGEMENT}/screenTitleSet`,
    {
      config: { permission: 'project_home_edit' },
      schema: {
        tags,
        summary: 'Set the title the intelligent screen shows for a project (empty: the project’s name)',
        body: ScreenTitleBody,
        response: { 200: envelope(ProjectSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await projects.records.setScreenTitle(request.ctx, request.body.id, request.body.screenTitle),
        'common.updated',
      ),
  );
}
