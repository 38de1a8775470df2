import {
  BindMachineBody,
  DictOptionSchema,
  envelope,
  Id,
  IdQuery,
  IdsQuery,
  ModifyMemberBody,
  PageQuery,
  pageOf,
  ProjectAuthPageQuery,
  ProjectAuthSchema,
  ProjectAuthSubmit,
  ProjectCurrentUserSchema,
  ProjectDetailSchema,
  ProjectDockSchema,
  ProjectFileSchema,
  ProjectFlyingTaskSchema,
  ProjectFlyerSchema,
  ProjectIdQuery,
  ProjectMachinePageQuery,
  ProjectMachineSchema,
  ProjectManufacturerQuery,
  ProjectMemberPageQuery,
  ProjectMemberSchema,
  ProjectOptionSchema,
  ProjectPageQuery,
  ProjectSchema,
  ProjectSubmit,
  SameAreaQuery,
  SameAreaSchema,
  ScreenTitleBody,
  UnbindMemberBody,
  UseEquipmentBody,
  UseEquipmentSchema,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '../../plugins/types.js';

const MANAGEMENT = '/api/cloud-task/project-management';
const MEMBERS = '/api/item-manager-config';
const AUTH = '/api/cloud-task/projectauth';

/** `ProjectSubmit` refines the whole object; add and update take it as it is (update needs the id). */
const UpdateBody = ProjectSubmit.refine((value) => Boolean(value.id), {
  path: ['id'],
  message: 'validation.id',
});

/** Projects (spec §7 project-management; docs/project.md). */
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
    async (request, reply) => reply.ok(await projects.page(request.ctx, request.query)),
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
    async (request, reply) => reply.ok(await projects.detail(request.ctx, request.query.id)),
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
    async (request, reply) => reply.ok(await projects.options(request.ctx)),
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
      return reply.ok(await projects.add(request.ctx, input), 'common.added');
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
        await projects.update(request.ctx, { ...request.body, id: request.body.id! }),
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
      reply.ok(await projects.remove(request.ctx, request.query.ids), 'common.deleted'),
  );
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
    async (request, reply) => reply.ok(await projects.flyingTasks(request.ctx, request.query.projectId)),
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
    async (request, reply) => reply.ok(await projects.docks(request.ctx, request.query.projectId)),
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
      reply.ok(await projects.docks(request.ctx, request.query.projectId, request.query.manufacturerId)),
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
    async (request, reply) => reply.ok(await projects.devices(request.ctx, request.query.projectId)),
  );
  for (const [url, permission] of [
    [`${MANAGEMENT}/getProjectEqumentPage`, 'project_home'],
    [`${MEMBERS}/page-equipment`, 'project_home'],
  ] as const) {
    routes.get(
      url,
      {
        config: { permission },
        schema: {
          tags,
          summary: 'Page of the machines of a project (docks and devices, or one kind), with their presence',
          querystring: ProjectMachinePageQuery,
          response: { 200: envelope(pageOf(ProjectMachineSchema)) },
        },
      },
      async (request, reply) => reply.ok(await projects.machinePage(request.ctx, request.query)),
    );
  }
  routes.post(
    `${MANAGEMENT}/getUseEquipmentList`,
    {
      config: { permission: 'project_home' },
      schema: {
        tags,
        summary:
          'The tenant’s docks and devices a project may bind (or one kind), each saying whether it binds it',
        body: UseEquipmentBody,
        response: { 200: envelope(z.array(UseEquipmentSchema)) },
      },
    },
    async (request, reply) => reply.ok(await projects.usableEquipment(request.ctx, request.body)),
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
    async (request, reply) => reply.ok(await projects.sameArea(request.ctx, request.query)),
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
        await projects.setScreenTitle(request.ctx, request.body.id, request.body.screenTitle),
        'common.updated',
      ),
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
    async (request, reply) => reply.ok(await projects.alarmTypes(request.ctx)),
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
      reply.ok(await projects.inspectionObjects(request.ctx, request.query.projectId)),
  );
}

/** Project members and machines (spec §7 item-manager-config; docs/project.md). */
export async function projectMemberRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { projects } = app.services;
  const tags = ['task: project members'];

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
    async (request, reply) => reply.ok(await projects.memberPage(request.ctx, request.query)),
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
      reply.ok(await projects.bindMachines(request.ctx, request.body), 'common.updated'),
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
      reply.ok(await projects.unbindMachines(request.ctx, request.body), 'common.updated'),
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
      reply.ok(await projects.unbindMembers(request.ctx, request.body), 'common.updated'),
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
      reply.ok(await projects.modifyMember(request.ctx, request.body), 'common.updated'),
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
        await projects.currentUser(
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
    async (request, reply) => reply.ok(await projects.files(request.ctx, request.query.projectId)),
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
    async (request, reply) => reply.ok(await projects.flyers(request.ctx, request.query.projectId)),
  );
}

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
    async (request, reply) => reply.ok(await projects.authPage(request.ctx, request.query)),
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
    async (request, reply) => reply.ok(await projects.authDetail(request.ctx, request.query.projectId)),
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
      reply.ok(await projects.authSubmit(request.ctx, request.body), 'common.updated'),
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
      reply.ok(await projects.authRemove(request.ctx, request.query.ids), 'common.deleted'),
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
    async (request, reply) => reply.ok(await projects.options(request.ctx)),
  );
}
