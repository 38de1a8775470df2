import {
  envelope,
  ExecutionRangeQuery,
  HangarScheduleQuery,
  HistoryPageQuery,
  Id,
  IdQuery,
  IdsQuery,
  PageQuery,
  pageOf,
  RouteDetailSchema,
  RouteSchema,
  TaskAssignBody,
  TaskDetailSchema,
  TaskExecutionSchema,
  TaskHomeSchema,
  TaskNoticePageQuery,
  TaskNoticeSchema,
  TaskNoticeStatusBody,
  TaskPageQuery,
  TaskSchema,
  TaskSerialSchema,
  TaskSubmit,
  TaskTimelineItemSchema,
  TaskTimelineQuery,
  TaskTrackQuery,
  TaskTrackSchema,
} from '@aos/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '../../plugins/types.js';

const tags = ['task: project task'];
const BASE = '/api/cloud-task/project-task';
const EXTRA = '/api/cloud-task/taskextra';
const MISSION = '/api/cloud-task/mission-plan';

/** The screens offering each call (MENUS.md): project tasks and the task manager. */
const READ = anyOf('project_task', 'mission_task');
const ADD = anyOf('project_task_add', 'mission_task_add');
const EDIT = anyOf('project_task_edit', 'mission_task_edit');
const DELETE = anyOf('project_task_delete', 'mission_task_delete');
const CLOSE = anyOf('task_close', 'mission_task_close');
const ASSIGN = anyOf('task_assign', 'mission_task_assign');

const code = (permission: ReturnType<typeof anyOf>, request: FastifyRequest) =>
  typeof permission === 'function' ? permission(request) : permission;

const Submit = TaskSubmit;
const Update = TaskSubmit.extend({ id: Id });
const Timeline = z.array(TaskTimelineItemSchema);
const Executions = z.array(TaskExecutionSchema);
const Paging = PageQuery.pick({ current: true, size: true });

/**
 * Tasks (spec §7 `/api/cloud-task/project-task`, `taskextra`, `uver/task/track/list`, the old `mission-plan`
 * calls; docs/task.md). Refusals are 400s naming the field; a dock's refusal of a command is 502, its silence
 * 504, no device link 503.
 */
export default async function taskRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { tasks, taskDispatch } = app.services;

  routes.get(
    `${BASE}/page`,
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'Page of tasks, newest first',
        querystring: PageQuery.extend(TaskPageQuery.shape),
        response: { 200: envelope(pageOf(TaskSchema)) },
      },
    },
    async (request, reply) => reply.ok(await tasks.page(request.ctx, request.query)),
  );
  routes.get(
    `${BASE}/detail`,
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'One task with its executions',
        querystring: IdQuery,
        response: { 200: envelope(TaskDetailSchema) },
      },
    },
    async (request, reply) => reply.ok(await tasks.detail(request.ctx, request.query.id)),
  );
  routes.post(
    `${BASE}/submit`,
    {
      config: {
        permission: (request) =>
          (request.body as { id?: unknown } | undefined)?.id ? code(EDIT, request) : code(ADD, request),
      },
      schema: {
        tags,
        summary: 'Add (no id) or change (id) a task; its first executions are planned at once',
        description:
          'A hangar or periodic task needs hangarId and routeId (a route visible to the caller); flight and ' +
          'manual tasks need operatorId, flight tasks also aircraftId (an aircraft of the tenant: the flight is ' +
          'followed from its telemetry). The schedule is read in the dock’s time zone. A time in the past is a ' +
          '400 naming `schedule`; flights of the dock closer than 3 hours are a 400 naming `confirmSpacing` ' +
          'unless confirmSpacing is true (then a timeline warning).',
        body: Submit,
        response: { 200: envelope(TaskDetailSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await tasks.submit(request.ctx, request.body),
        request.body.id ? 'common.updated' : 'common.added',
      ),
  );
  routes.put(
    `${BASE}/update`,
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Change a task while nothing of it has flown',
        body: Update,
        response: { 200: envelope(TaskDetailSchema) },
      },
    },
    async (request, reply) => reply.ok(await tasks.submit(request.ctx, request.body), 'common.updated'),
  );
  routes.delete(
    `${BASE}/remove`,
    {
      config: { permission: DELETE },
      schema: {
        tags,
        summary: 'Remove tasks (comma-separated ids) with nothing flying; waiting executions are cancelled',
        querystring: IdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) => reply.ok(await tasks.remove(request.ctx, request.query.ids), 'common.deleted'),
  );
  routes.get(
    `${BASE}/getRunningTaskList`,
    {
      config: { permission: READ },
      schema: { tags, summary: 'Executions received or flying now', response: { 200: envelope(Executions) } },
    },
    async (request, reply) => reply.ok(await tasks.running(request.ctx)),
  );
  const command = (
    path: string,
    permission: string | ReturnType<typeof anyOf>,
    summary: string,
    run: (ctx: Parameters<typeof tasks.close>[0], id: string) => Promise<unknown>,
    answer: z.ZodType = TaskDetailSchema,
  ) =>
    routes.get(
      path,
      {
        config: { permission },
        schema: { tags, summary, querystring: IdQuery, response: { 200: envelope(answer) } },
      },
      async (request, reply) => reply.ok(await run(request.ctx, request.query.id), 'common.ok'),
    );
  command(
    `${BASE}/closeTask`,
    CLOSE,
    'End a task: a flying execution returns home (cancelled), waiting ones are cancelled',
    (ctx, id) => tasks.close(ctx, id),
  );
  command(
    `${BASE}/cancelHangarTask`,
    'task_cancel_hangar',
    'Cancel a hangar task: undo a prepared flight, cancel waiting ones',
    (ctx, id) => tasks.cancelHangar(ctx, id),
  );
  command(
    `${BASE}/executeHangarManualTask`,
    'task_execute_manual',
    'Fly a hangar task now (its conditions checked first)',
    (ctx, id) => tasks.executeNow(ctx, id),
    TaskExecutionSchema,
  );
  command(
    `${BASE}/pauseTask`,
    CLOSE,
    'Pause the flying execution of a task (flighttask_pause)',
    (ctx, id) => tasks.steer(ctx, id, 'pause'),
    TaskExecutionSchema,
  );
  command(
    `${BASE}/resumeTask`,
    CLOSE,
    'Resume the paused execution of a task (flighttask_recovery)',
    (ctx, id) => tasks.steer(ctx, id, 'resume'),
    TaskExecutionSchema,
  );
  routes.post(
    `${BASE}/getTaskTimeline`,
    {
      config: { permission: anyOf('task_timeline', 'project_task', 'mission_task') },
      schema: {
        tags,
        summary: 'A task’s timeline (or one execution’s), oldest first',
        body: TaskTimelineQuery,
        response: { 200: envelope(Timeline) },
      },
    },
    async (request, reply) => reply.ok(await tasks.timeline(request.ctx, request.body)),
  );
  routes.get(
    `${BASE}/getHangarScheTaskList`,
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'A dock’s executions in a window (default the next 7 days)',
        querystring: HangarScheduleQuery,
        response: { 200: envelope(Executions) },
      },
    },
    async (request, reply) => reply.ok(await tasks.hangarSchedule(request.ctx, request.query)),
  );
  routes.get(
    `${BASE}/getTaskToHomePage`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The home page’s task card: counts by status, today’s, running',
        response: { 200: envelope(TaskHomeSchema) },
      },
    },
    async (request, reply) => reply.ok(await tasks.home(request.ctx)),
  );
  routes.get(
    `${BASE}/getSerialNumberByTaskID`,
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'The dock and drone serial numbers of a task',
        querystring: IdQuery,
        response: { 200: envelope(TaskSerialSchema) },
      },
    },
    async (request, reply) => reply.ok(await tasks.serialNumbers(request.ctx, request.query.id)),
  );
  routes.get(
    `${BASE}/historicalRoutePage`,
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'Executions that ended, newest first',
        querystring: Paging.extend(HistoryPageQuery.shape),
        response: { 200: envelope(pageOf(TaskExecutionSchema)) },
      },
    },
    async (request, reply) => reply.ok(await tasks.history(request.ctx, request.query)),
  );
  routes.get(
    `${BASE}/operatorTaskNoticePage`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The caller’s notices of manual tasks',
        querystring: Paging.extend(TaskNoticePageQuery.shape),
        response: { 200: envelope(pageOf(TaskNoticeSchema)) },
      },
    },
    async (request, reply) => reply.ok(await tasks.notices(request.ctx, request.query)),
  );
  routes.put(
    `${BASE}/operatorTaskNoticeStatus`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Mark one of the caller’s notices read (1) or done (2: completes the manual execution)',
        body: TaskNoticeStatusBody,
        response: { 200: envelope(z.object({ id: Id, noticeStatus: z.number().int() })) },
      },
    },
    async (request, reply) => reply.ok(await tasks.noticeStatus(request.ctx, request.body), 'common.updated'),
  );
  routes.post(
    `${BASE}/assign`,
    {
      config: { permission: ASSIGN },
      schema: {
        tags,
        summary: 'Give a task to an operator',
        body: TaskAssignBody,
        response: { 200: envelope(TaskDetailSchema) },
      },
    },
    async (request, reply) => reply.ok(await tasks.assign(request.ctx, request.body), 'common.updated'),
  );

  // taskextra
  routes.get(
    `${EXTRA}/queryListByTime`,
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'Executions planned in a window (the calendar)',
        querystring: ExecutionRangeQuery,
        response: { 200: envelope(Executions) },
      },
    },
    async (request, reply) => reply.ok(await tasks.executionsByTime(request.ctx, request.query)),
  );
  routes.get(
    `${EXTRA}/executionDetails`,
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'One execution with its timeline',
        querystring: IdQuery,
        response: { 200: envelope(TaskExecutionSchema.extend({ timeline: Timeline })) },
      },
    },
    async (request, reply) => reply.ok(await tasks.executionDetails(request.ctx, request.query.id)),
  );
  routes.get(
    '/api/cloud-task/uver/task/track/list',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'The planned route and an execution’s flown track (the last flown by default)',
        querystring: TaskTrackQuery,
        response: { 200: envelope(TaskTrackSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await tasks.track(request.ctx, request.query, (ctx, sn, start, end) =>
          taskDispatch.points(ctx, sn, start, end),
        ),
      ),
  );
  // The route side of tasks and projects (spec §7 aos-gisservice routeline, cloud-task conflux-line-model):
  // here, where a task's route and a project's tasks are known.
  routes.post(
    '/api/aos-gisservice/routeline/getRouteByTaskId',
    {
      config: { permission: anyOf('project_task', 'mission_task', 'route') },
      schema: {
        tags,
        summary: 'The route a task flies, with its waylines',
        querystring: z.object({ taskId: Id }),
        response: { 200: envelope(RouteDetailSchema) },
      },
    },
    async (request, reply) => reply.ok(await tasks.routeOf(request.ctx, request.query.taskId)),
  );
  routes.get(
    '/api/cloud-task/conflux-line-model/getListByProjectID',
    {
      config: { permission: anyOf('project_home', 'project_task', 'mission_task') },
      schema: {
        tags,
        summary: "The routes a project's tasks fly, each once (those the caller may see)",
        querystring: z.object({ projectID: Id }),
        response: { 200: envelope(z.array(RouteSchema)) },
      },
    },
    async (request, reply) => reply.ok(await tasks.routesOfProject(request.ctx, request.query.projectID)),
  );

  // The old mission-plan calls, on the same service.
  command(`${MISSION}/detail`, READ, 'Old mission-plan: one task', (ctx, id) => tasks.detail(ctx, id));
  routes.delete(
    `${MISSION}/remove`,
    {
      config: { permission: DELETE },
      schema: {
        tags,
        summary: 'Old mission-plan: remove tasks',
        querystring: IdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) => reply.ok(await tasks.remove(request.ctx, request.query.ids), 'common.deleted'),
  );
  routes.post(
    `${MISSION}/add`,
    {
      config: { permission: ADD },
      schema: {
        tags,
        summary: 'Old mission-plan: add a task',
        body: Submit.omit({ id: true }),
        response: { 200: envelope(TaskDetailSchema) },
      },
    },
    async (request, reply) => reply.ok(await tasks.submit(request.ctx, request.body), 'common.added'),
  );
  routes.put(
    `${MISSION}/edit`,
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Old mission-plan: change a task',
        body: Update,
        response: { 200: envelope(TaskDetailSchema) },
      },
    },
    async (request, reply) => reply.ok(await tasks.submit(request.ctx, request.body), 'common.updated'),
  );
  command(
    `${MISSION}/startMission`,
    'task_execute_manual',
    'Old mission-plan: fly a hangar task now',
    (ctx, id) => tasks.executeNow(ctx, id),
    TaskExecutionSchema,
  );
  command(`${MISSION}/stopMission`, CLOSE, 'Old mission-plan: end a task', (ctx, id) => tasks.close(ctx, id));
}
