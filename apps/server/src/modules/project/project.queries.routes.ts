import {
  DictOptionSchema,
  envelope,
  Id,
  ProjectDockSchema,
  ProjectFlyingTaskSchema,
  ProjectIdQuery,
  ProjectMachineSchema,
  ProjectManufacturerQuery,
  SameAreaQuery,
  SameAreaSchema,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '../../plugins/types.js';
import { MANAGEMENT } from './project.records.routes.js';

/** Projects: their flying and devices now, the projects near a point (spec §7 project-management). */
export async function projectQueryRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { projects } = app.services;
  const tags = ['task: project'];

  routes.post(
    `${MANAGEMENT}/getFlyingTask`,
    {
      config: { permission: anyOf('project_home', 'project_task', 'mission_task') },
      schema: {
        tags,
        summary:
          "A project's flights now: its tasks' executions received or in progress, with their progress",
        description: 'A project the caller does not see is a 400 naming `projectId`.',
        querystring: z.object({ projectId: Id }),
        response: { 200: envelope(z.array(ProjectFlyingTaskSchema)) },
      },
    },
    async (request, reply) =>
      reply.ok(await projects.queries.flyingTasks(request.ctx, request.query.projectId)),
  );
  routes.get(
    `${MANAGEMENT}/getHangarList`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The docks of a project, with their presence',
        querystring: ProjectIdQuery,
        response: { 200: envelope(z.array(ProjectDockSchema)) },
      },
    },
    async (request, reply) => reply.ok(await projects.queries.docks(request.ctx, request.query.projectId)),
  );
  routes.get(
    `${MANAGEMENT}/getHangarListByProjectAndManufacturer`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The docks of a project of one brand',
        querystring: ProjectManufacturerQuery,
        response: { 200: envelope(z.array(ProjectDockSchema)) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await projects.queries.docks(request.ctx, request.query.projectId, request.query.manufacturerId),
      ),
  );
  routes.get(
    `${MANAGEMENT}/getEquListByProjectId`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The devices of a project (aircraft, payloads, data links)',
        querystring: ProjectIdQuery,
        response: { 200: envelope(z.array(ProjectMachineSchema)) },
      },
    },
    async (request, reply) => reply.ok(await projects.queries.devices(request.ctx, request.query.projectId)),
  );
  routes.get(
    `${MANAGEMENT}/checkSameArea`,
    {
      config: { permission: 'project_home' },
      schema: {
        tags,
        summary: 'Whether a point is already another project’s centre area (its centre within 500 m)',
        description:
          'Every project of the tenant counts (`same`); `projects` names only those the caller sees. `id`: ' +
          'the project being edited, left out.',
        querystring: SameAreaQuery,
        response: { 200: envelope(SameAreaSchema) },
      },
    },
    async (request, reply) => reply.ok(await projects.queries.sameArea(request.ctx, request.query)),
  );
  routes.get(
    `${MANAGEMENT}/get-ararm-type`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The alarm types (the alarm_type dictionary), in the caller’s language',
        response: { 200: envelope(z.array(DictOptionSchema)) },
      },
    },
    async (request, reply) => reply.ok(await projects.queries.alarmTypes(request.ctx)),
  );
  routes.get(
    `${MANAGEMENT}/getInspectionObjects`,
    {
      config: { permission: 'project_home' },
      schema: {
        tags,
        summary:
          'The inspection objects of a project: none yet (inspection objects are not built; docs/project.md)',
        querystring: ProjectIdQuery,
        response: { 200: envelope(z.array(z.never())) },
      },
    },
    async (request, reply) =>
      reply.ok(await projects.queries.inspectionObjects(request.ctx, request.query.projectId)),
  );
}
