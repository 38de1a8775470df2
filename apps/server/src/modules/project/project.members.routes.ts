import {
  BindMachineBody,
  envelope,
  ModifyMemberBody,
  pageOf,
  ProjectCurrentUserSchema,
  ProjectFileSchema,
  ProjectFlyerSchema,
  ProjectIdQuery,
  ProjectMachinePageQuery,
  ProjectMachineSchema,
  ProjectMemberPageQuery,
  ProjectMemberSchema,
  UnbindMemberBody,
  UseEquipmentBody,
  UseEquipmentSchema,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MANAGEMENT } from './project.records.routes.js';

const MEMBERS = '/api/item-manager-config';

/** Project members and machines (spec §7 item-manager-config, project-management; docs/project.md). */
export async function projectMemberRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { projects } = app.services;
  const tags = ['task: project members'];
  const projectTags = ['task: project'];

  for (const [url, permission] of [
    [`${MANAGEMENT}/getProjectEqumentPage`, 'project_home'],
    [`${MEMBERS}/page-equipment`, 'project_home'],
  ] as const) {
    routes.get(
      url,
      {
        config: { permission },
        schema: {
          tags: projectTags,
          summary: 'Page of the machines of a project (docks and devices, or one kind), with their presence',
          querystring: ProjectMachinePageQuery,
          response: { 200: envelope(pageOf(ProjectMachineSchema)) },
        },
      },
      async (request, reply) => reply.ok(await projects.members.machinePage(request.ctx, request.query)),
    );
  }
  routes.post(
    `${MANAGEMENT}/getUseEquipmentList`,
    {
      config: { permission: 'project_home' },
      schema: {
        tags: projectTags,
        summary:
          'The tenant’s docks and devices a project may bind (or one kind), each saying whether it binds it',
        body: UseEquipmentBody,
        response: { 200: envelope(z.array(UseEquipmentSchema)) },
      },
    },
    async (request, reply) => reply.ok(await projects.members.usableEquipment(request.ctx, request.body)),
  );
  routes.get(
    `${MEMBERS}/user`,
    {
      config: { permission: 'project_home' },
      schema: {
        tags,
        summary: 'Page of a project’s members with their roles (1 project administrator, 2 pilot, 3 member)',
        querystring: ProjectMemberPageQuery,
        response: { 200: envelope(pageOf(ProjectMemberSchema)) },
      },
    },
    async (request, reply) => reply.ok(await projects.members.memberPage(request.ctx, request.query)),
  );
  routes.post(
    `${MEMBERS}/bind-machine`,
    {
      config: { permission: 'project_members' },
      schema: {
        tags,
        summary: 'Bind the tenant’s docks or devices of one kind to a project',
        description:
          'A manager of the project only (administrators, its creator and leader, its project administrators: ' +
          'else 403); an id that is not the tenant’s machine of that kind is a 400 naming `ids`.',
        body: BindMachineBody,
        response: { 200: envelope(z.array(ProjectMachineSchema)) },
      },
    },
    async (request, reply) =>
      reply.ok(await projects.members.bindMachines(request.ctx, request.body), 'common.updated'),
  );
  routes.post(
    `${MEMBERS}/unbind-machine`,
    {
      config: { permission: 'project_members' },
      schema: {
        tags,
        summary: 'Unbind docks or devices of one kind from a project (404 when none was bound)',
        body: BindMachineBody,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(await projects.members.unbindMachines(request.ctx, request.body), 'common.updated'),
  );
  routes.post(
    `${MEMBERS}/unbind-member`,
    {
      config: { permission: 'project_members' },
      schema: {
        tags,
        summary: 'Users leave a project (404 when none was a member)',
        body: UnbindMemberBody,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(await projects.members.unbindMembers(request.ctx, request.body), 'common.updated'),
  );
  routes.post(
    `${MEMBERS}/modify-member`,
    {
      config: { permission: 'project_members' },
      schema: {
        tags,
        summary: 'Set a member’s role; a user of the tenant not in the project yet joins with it',
        body: ModifyMemberBody,
        response: { 200: envelope(ProjectMemberSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(await projects.members.modifyMember(request.ctx, request.body), 'common.updated'),
  );
  routes.get(
    `${MEMBERS}/current-user`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The caller’s place in a project: member, role, leader, may manage members and machines',
        querystring: ProjectIdQuery,
        response: { 200: envelope(ProjectCurrentUserSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await projects.members.currentUser(
          request.ctx,
          request.query.projectId,
          request.principal?.permissions.has('project_members') ?? false,
        ),
      ),
  );
  routes.get(
    `${MEMBERS}/file`,
    {
      config: { permission: 'project_home' },
      schema: {
        tags,
        summary: 'The files of a project (attachments uploaded through blade-resource, set on the project)',
        querystring: ProjectIdQuery,
        response: { 200: envelope(z.array(ProjectFileSchema)) },
      },
    },
    async (request, reply) => reply.ok(await projects.records.files(request.ctx, request.query.projectId)),
  );
  routes.get(
    `${MEMBERS}/fly-list`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The fly operators of a project: its members registered as fly operators, switched on',
        querystring: ProjectIdQuery,
        response: { 200: envelope(z.array(ProjectFlyerSchema)) },
      },
    },
    async (request, reply) => reply.ok(await projects.members.flyers(request.ctx, request.query.projectId)),
  );
}
