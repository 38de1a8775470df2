import {
  closeFlights,
  type ExecutionRangeQuery,
  type HangarScheduleQuery,
  isDockTask,
  isFinalStatus,
  localTimeOf,
  nextStart,
  occurrencesOf,
  type PageQuery,
  SCHEDULE_LIMITS,
  TASK_STATUS,
  TASK_TYPE,
  type TaskAssignBody,
  type TaskNoticeStatusBody,
  type TaskPageQuery,
  type TaskSchedule,
  TaskSubmit,
  type TaskStatus,
  type TaskTimelineQuery,
  windowsOf,
} from '@aos/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, not, type SQL, sql } from 'drizzle-orm';
import {
  device,
  dock,
  dockDrone,
  project,
  task,
  taskCodeSequence,
  taskExecution,
  taskNotice,
  taskTimeline,
  user,
} from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { AppError, badRequest, fieldError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { pageAnswer } from '../../lib/page.js';
import { formatCompactDate, parseDateTime } from '../../lib/time.js';
import { insertAudit, scope, updateAudit } from '../../lib/tenant-scope.js';
import type { Services } from '../../area.js';
import { PLANNED_FOREVER, planTask } from './task.planner.js';
import {
  type ExecutionRow,
  moveExecution,
  refreshTaskStatus,
  type TaskRow,
  writeTimeline,
  waitingExecution,
} from './task.status.js';

/** What the service hands the dispatcher: start these executions (their jobs), end or steer these flights. */
export interface TaskDispatcher {
  schedule(executions: ExecutionRow[]): Promise<void>;
  startNow(ctx: Ctx, execution: ExecutionRow): Promise<void>;
  command(
    ctx: Ctx,
    execution: ExecutionRow,
    action: 'return_home' | 'undo' | 'pause' | 'resume',
  ): Promise<void>;
  /** Tell the dock to drop a flight prepared ahead, as far as it can be told (never throws). */
  undoPrepared(ctx: Ctx, execution: ExecutionRow): Promise<void>;
}

type Input = ReturnType<typeof TaskSubmit.parse>;

/** `device_type` of an aircraft (1 aircraft, 2 payload, 3 data link, 4 remote controller, 5 dock). */
const DEVICE_TYPE_AIRCRAFT = 1;
const ACTIVE: TaskStatus[] = [TASK_STATUS.RECEIVED, TASK_STATUS.EXECUTING];
const HOUR = 3_600_000;

/**
 * Tasks (spec §3 Task, §7 project-task and taskextra; issue 17): records, schedules read in the dock's zone,
 * executions and their timeline, and the operator commands. Every refusal is a 400 naming the field, and a
 * task is written with its first executions in one transaction (never half-written).
 */
export class TaskService {
  private dispatcher: TaskDispatcher | null = null;

  constructor(
    private readonly services: Pick<Services, 'routes' | 'projects'>,
    private readonly serverZone: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The dispatcher joins once it is built (it needs the service too). */
  useDispatcher(dispatcher: TaskDispatcher): void {
    this.dispatcher = dispatcher;
  }

  // ------------------------------------------------------------------------------------------------ reading

  private where(ctx: Ctx, query: Partial<TaskPageQuery>): SQL {
    return scope(
      ctx,
      task,
      query.name ? ilike(task.name, `%${query.name}%`) : undefined,
      query.code ? ilike(task.code, `%${query.code}%`) : undefined,
      query.type !== undefined ? eq(task.type, query.type) : undefined,
      query.taskStatus !== undefined ? eq(task.taskStatus, query.taskStatus) : undefined,
      query.projectId ? eq(task.projectId, query.projectId) : undefined,
      query.hangarId ? eq(task.hangarId, query.hangarId) : undefined,
      query.routeId ? eq(task.routeId, query.routeId) : undefined,
      query.startTime || query.endTime
        ? sql`exists (select 1 from ${taskExecution} e where e.task_id = ${task.id} and e.is_deleted = 0
            ${query.startTime ? sql`and e.plan_at >= ${parseDateTime(query.startTime)}` : sql``}
            ${query.endTime ? sql`and e.plan_at <= ${parseDateTime(query.endTime)}` : sql``})`
        : undefined,
    );
  }

  async page(ctx: Ctx, query: PageQuery & TaskPageQuery) {
    const where = this.where(ctx, query);
    const [counted] = await ctx.db.select({ total: count() }).from(task).where(where);
    const total = counted?.total ?? 0;
    const rows = await ctx.db
      .select()
      .from(task)
      .where(where)
      .orderBy(desc(task.createTime), desc(task.id))
      .limit(query.size)
      .offset((query.current - 1) * query.size);
    // the list's project column: names of the caller's tenant's projects only (a project removed: none)
    const projectIds = [
      ...new Set(rows.map((row) => row.projectId).filter((id): id is string => Boolean(id))),
    ];
    const projects = projectIds.length
      ? await ctx.db
          .select({ id: project.id, name: project.name })
          .from(project)
          .where(scope(ctx, project, inArray(project.id, projectIds)))
      : [];
    const projectNames = new Map(projects.map((item) => [item.id, item.name]));
    const shown = (await this.shown(ctx, rows)).map((row) => ({
      ...row,
      projectName: row.projectId ? (projectNames.get(row.projectId) ?? null) : null,
    }));
    return pageAnswer(shown, total, query);
  }

  async row(ctx: Ctx, id: string): Promise<TaskRow> {
    const [row] = await ctx.db
      .select()
      .from(task)
      .where(scope(ctx, task, eq(task.id, id)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  /** `routeline/getRouteByTaskId`: the route a task flies, with its waylines (the caller must see both). */
  async routeOf(ctx: Ctx, taskId: string) {
    const row = await this.row(ctx, taskId);
    if (!row.routeId) throw notFound();
    return this.services.routes.detail(ctx, row.routeId);
  }

  /**
   * `conflux-line-model/getListByProjectID`: the routes a project's tasks fly, each once, newest first (the
   * project must be one the caller sees; routes the caller may not see are left out).
   */
  async routesOfProject(ctx: Ctx, projectId: string) {
    await this.services.projects.require(ctx, projectId, 'projectID');
    const rows = await ctx.db
      .selectDistinct({ routeId: task.routeId })
      .from(task)
      .where(scope(ctx, task, eq(task.projectId, projectId), sql`${task.routeId} is not null`));
    return this.services.routes.listByIds(
      ctx,
      rows.map((item) => item.routeId!),
    );
  }

  async detail(ctx: Ctx, id: string) {
    const row = await this.row(ctx, id);
    const [shown] = await this.shown(ctx, [row]);
    const executions = await ctx.db
      .select()
      .from(taskExecution)
      .where(scope(ctx, taskExecution, eq(taskExecution.taskId, id)))
      .orderBy(asc(taskExecution.planAt))
      .limit(500);
    return { ...shown!, executions: await this.executionsShown(ctx, executions) };
  }

  /** Rows as the API shows them, with the names of their dock, route, operator and creator. */
  async shown(ctx: Ctx, rows: TaskRow[]) {
    if (rows.length === 0) return [];
    const ids = (pick: (row: TaskRow) => string | null) => [
      ...new Set(rows.map(pick).filter((id): id is string => Boolean(id))),
    ];
    const docks = await this.byIds<{ id: string; name: string; sn: string }>(
      ctx,
      dock,
      ids((row) => row.hangarId),
      {
        id: dock.id,
        name: dock.name,
        sn: dock.serialNumber,
      },
    );
    const users = await this.byIds<{ id: string; name: string }>(
      ctx,
      user,
      [...ids((row) => row.operatorId), ...ids((row) => row.createUser)],
      { id: user.id, name: sql<string>`coalesce(${user.realName}, ${user.name}, ${user.account})` },
    );
    const aircraft = await this.byIds<{ id: string; name: string }>(
      ctx,
      device,
      ids((row) => row.aircraftId),
      {
        id: device.id,
        name: device.name,
      },
    );
    const routeNames = new Map<string, string>();
    for (const routeId of ids((row) => row.routeId)) {
      try {
        routeNames.set(routeId, (await this.services.routes.detail(ctx, routeId)).name);
      } catch {
        // a route removed or no longer visible to the caller: shown without its name
      }
    }
    const counts = await ctx.db
      .select({ taskId: taskExecution.taskId, n: count() })
      .from(taskExecution)
      .where(
        scope(
          ctx,
          taskExecution,
          inArray(
            taskExecution.taskId,
            rows.map((row) => row.id),
          ),
        ),
      )
      .groupBy(taskExecution.taskId);
    const executionCount = new Map(counts.map((item) => [item.taskId, item.n]));
    return rows.map((row) => {
      const { plannedUntil: _planned, ...rest } = row;
      return {
        ...rest,
        executionCount: executionCount.get(row.id) ?? 0,
        projectName: null,
        deptName: null,
        operatorName: row.operatorId ? (users.get(row.operatorId)?.name ?? null) : null,
        routeName: row.routeId ? (routeNames.get(row.routeId) ?? null) : null,
        hangarName: row.hangarId ? (docks.get(row.hangarId)?.name ?? null) : null,
        hangarSn: row.hangarId ? (docks.get(row.hangarId)?.sn ?? null) : null,
        aircraftName: row.aircraftId ? (aircraft.get(row.aircraftId)?.name ?? null) : null,
        createUserName: row.createUser ? (users.get(row.createUser)?.name ?? null) : null,
      };
    });
  }

  private async byIds<T extends { id: string }>(
    ctx: Ctx,
    table: typeof dock | typeof user | typeof device,
    ids: string[],
    columns: Record<keyof T, unknown>,
  ): Promise<Map<string, T>> {
    if (ids.length === 0) return new Map();
    const rows = (await ctx.db
      .select(columns as never)
      .from(table)
      .where(scope(ctx, table, inArray(table.id, ids)))) as T[];
    return new Map(rows.map((row) => [row.id, row]));
  }

  async executionsShown(ctx: Ctx, rows: ExecutionRow[]) {
    if (rows.length === 0) return [];
    const tasks = await ctx.db
      .select({ id: task.id, name: task.name, type: task.type, code: task.code })
      .from(task)
      .where(scope(ctx, task, inArray(task.id, [...new Set(rows.map((row) => row.taskId))])));
    const byId = new Map(tasks.map((item) => [item.id, item]));
    const docks = await this.byIds<{ id: string; name: string }>(
      ctx,
      dock,
      [...new Set(rows.map((row) => row.hangarId).filter((id): id is string => Boolean(id)))],
      { id: dock.id, name: dock.name },
    );
    return rows.map((row) => ({
      id: row.id,
      taskId: row.taskId,
      taskName: byId.get(row.taskId)?.name ?? '',
      taskType: byId.get(row.taskId)?.type ?? 0,
      taskCode: byId.get(row.taskId)?.code ?? '',
      hangarName: row.hangarId ? (docks.get(row.hangarId)?.name ?? null) : null,
      planTime: row.planAt,
      planLocal: row.planLocal,
      taskStatus: row.taskStatus,
      flightId: row.flightId,
      hangarId: row.hangarId,
      hangarSn: row.hangarSn,
      routeId: row.routeId,
      startTime: row.startTime,
      endTime: row.endTime,
      flightDuration: row.flightDuration,
      mileage: row.mileage,
      waypointIndex: row.waypointIndex,
      percent: row.percent,
      mediaCount: row.mediaCount,
      paused: row.paused === 1,
      errorCode: row.errorCode,
      causeKey: row.causeKey,
      remedyKey: row.remedyKey,
      breakPoint: row.breakPoint,
      trackId: row.trackId,
    }));
  }

  async execution(ctx: Ctx, id: string): Promise<ExecutionRow> {
    const [row] = await ctx.db
      .select()
      .from(taskExecution)
      .where(scope(ctx, taskExecution, eq(taskExecution.id, id)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  /** `taskextra/executionDetails`: one execution with its timeline. */
  async executionDetails(ctx: Ctx, id: string) {
    const row = await this.execution(ctx, id);
    const [shown] = await this.executionsShown(ctx, [row]);
    return { ...shown!, timeline: await this.timeline(ctx, { taskId: row.taskId, executionId: id }) };
  }

  /** `getTaskTimeline`: the task's entries (or one execution's), oldest first. */
  async timeline(ctx: Ctx, query: TaskTimelineQuery) {
    await this.row(ctx, query.taskId);
    return ctx.db
      .select()
      .from(taskTimeline)
      .where(
        scope(
          ctx,
          taskTimeline,
          eq(taskTimeline.taskId, query.taskId),
          query.executionId ? eq(taskTimeline.executionId, query.executionId) : undefined,
        ),
      )
      .orderBy(asc(taskTimeline.time), asc(taskTimeline.id))
      .limit(2000);
  }

  /** `taskextra/queryListByTime`: executions planned in a window (the calendar). */
  async executionsByTime(ctx: Ctx, query: ExecutionRangeQuery) {
    const rows = await ctx.db
      .select({ e: taskExecution })
      .from(taskExecution)
      .innerJoin(task, eq(task.id, taskExecution.taskId))
      .where(
        and(
          scope(
            ctx,
            taskExecution,
            gte(taskExecution.planAt, parseDateTime(query.startTime)),
            lt(taskExecution.planAt, parseDateTime(query.endTime)),
            query.hangarId ? eq(taskExecution.hangarId, query.hangarId) : undefined,
          ),
          eq(task.isDeleted, 0),
          query.projectId ? eq(task.projectId, query.projectId) : undefined,
        ),
      )
      .orderBy(asc(taskExecution.planAt))
      .limit(5000);
    return this.executionsShown(
      ctx,
      rows.map((item) => item.e),
    );
  }

  /** `getHangarScheTaskList`: a dock's executions in a window (default the next 7 days). */
  async hangarSchedule(ctx: Ctx, query: HangarScheduleQuery) {
    await this.dock(ctx, query.hangarId, 'hangarId');
    const start = query.startTime ? parseDateTime(query.startTime) : new Date(this.now());
    const end = query.endTime ? parseDateTime(query.endTime) : new Date(start.getTime() + 7 * 24 * HOUR);
    const rows = await ctx.db
      .select()
      .from(taskExecution)
      .where(
        scope(
          ctx,
          taskExecution,
          eq(taskExecution.hangarId, query.hangarId),
          gte(taskExecution.planAt, start),
          lt(taskExecution.planAt, end),
        ),
      )
      .orderBy(asc(taskExecution.planAt))
      .limit(1000);
    return this.executionsShown(ctx, rows);
  }

  /**
   * `getRunningTaskList`: executions received or flying now (not those a dock took ahead of their time and
   * has not been told to fly: they wait).
   */
  async running(ctx: Ctx) {
    const rows = await ctx.db
      .select()
      .from(taskExecution)
      .where(scope(ctx, taskExecution, inArray(taskExecution.taskStatus, ACTIVE), not(waitingExecution())))
      .orderBy(asc(taskExecution.planAt))
      .limit(500);
    return this.executionsShown(ctx, rows);
  }

  /** `historicalRoutePage`: executions that ended, newest first. */
  async history(
    ctx: Ctx,
    query: Pick<PageQuery, 'current' | 'size'> & { taskId?: string; hangarId?: string; taskStatus?: number },
  ) {
    const where = scope(
      ctx,
      taskExecution,
      query.taskStatus !== undefined
        ? eq(taskExecution.taskStatus, query.taskStatus)
        : inArray(taskExecution.taskStatus, [3, 4, 5, 6]),
      query.taskId ? eq(taskExecution.taskId, query.taskId) : undefined,
      query.hangarId ? eq(taskExecution.hangarId, query.hangarId) : undefined,
      // a removed task's flights leave the history with it (its detail is gone)
      sql`exists (select 1 from ${task} t where t.id = ${taskExecution.taskId} and t.is_deleted = 0)`,
    );
    const [counted] = await ctx.db.select({ total: count() }).from(taskExecution).where(where);
    const total = counted?.total ?? 0;
    const rows = await ctx.db
      .select()
      .from(taskExecution)
      .where(where)
      .orderBy(desc(taskExecution.planAt), desc(taskExecution.id))
      .limit(query.size)
      .offset((query.current - 1) * query.size);
    return pageAnswer(await this.executionsShown(ctx, rows), total, query);
  }

  /** `getTaskToHomePage`: tasks by status, today's executions by status, and what is running. */
  async home(ctx: Ctx) {
    const byStatus: Record<string, number> = {};
    let total = 0;
    for (const item of await ctx.db
      .select({ status: task.taskStatus, n: count() })
      .from(task)
      .where(scope(ctx, task))
      .groupBy(task.taskStatus)) {
      byStatus[String(item.status)] = item.n;
      total += item.n;
    }
    const dayStart = parseDateTime(`${localTimeOf(this.now(), this.serverZone).slice(0, 10)} 00:00:00`);
    const today: Record<string, number> = {};
    for (const item of await ctx.db
      .select({ status: taskExecution.taskStatus, n: count() })
      .from(taskExecution)
      .where(
        scope(
          ctx,
          taskExecution,
          gte(taskExecution.planAt, dayStart),
          lt(taskExecution.planAt, new Date(dayStart.getTime() + 24 * HOUR)),
        ),
      )
      .groupBy(taskExecution.taskStatus))
      today[String(item.status)] = item.n;
    return { today, byStatus, total, running: await this.running(ctx) };
  }

  /** `getSerialNumberByTaskID`: the dock flying a task and its (first) bound drone. */
  async serialNumbers(ctx: Ctx, id: string) {
    const row = await this.row(ctx, id);
    if (!row.hangarId) return { taskId: id, hangarSn: null, droneSn: null };
    const found = await this.dockAndDrone(ctx, row.hangarId);
    return { taskId: id, hangarSn: found?.dock.serialNumber ?? null, droneSn: found?.droneSn ?? null };
  }

  /** A dock of the caller's tenant with its first bound drone's serial number and model. */
  async dockAndDrone(ctx: Ctx, hangarId: string) {
    const [found] = await ctx.db
      .select()
      .from(dock)
      .where(scope(ctx, dock, eq(dock.id, hangarId)))
      .limit(1);
    if (!found) return null;
    const [drone] = await ctx.db
      .select({ sn: device.serialNumber, modelId: device.modelId, id: device.id })
      .from(dockDrone)
      .innerJoin(device, eq(device.id, dockDrone.deviceId))
      .where(and(eq(dockDrone.dockId, hangarId), eq(device.isDeleted, 0), eq(device.tenantId, ctx.tenantId)))
      .orderBy(asc(dockDrone.sort))
      .limit(1);
    return {
      dock: found,
      droneSn: drone?.sn ?? null,
      droneModelId: drone?.modelId ?? null,
      droneId: drone?.id ?? null,
    };
  }

  // ------------------------------------------------------------------------------------------------ writing

  private async dock(ctx: Ctx, id: string, field: string) {
    const [found] = await ctx.db
      .select()
      .from(dock)
      .where(scope(ctx, dock, eq(dock.id, id)))
      .limit(1);
    if (!found) throw fieldError(field, 'task.hangarUnknown');
    return found;
  }

  /** The rules of a submit; answers the zone the schedule is read in and the planned instants. */
  private async check(ctx: Ctx, input: Input, id: string | undefined) {
    const dockTask = isDockTask(input.type);
    let zone = input.timeZone ?? this.serverZone;
    if (dockTask) {
      if (!input.hangarId) throw fieldError('hangarId', 'task.hangarRequired');
      if (!input.routeId) throw fieldError('routeId', 'task.routeRequired');
    }
    if (input.hangarId) {
      const found = await this.dock(ctx, input.hangarId, 'hangarId');
      // the dock is chosen before the time (spec §5): its zone reads the schedule
      zone = found.timeZone ?? zone;
    }
    if (input.routeId) {
      try {
        await this.services.routes.detail(ctx, input.routeId);
      } catch (error) {
        if (error instanceof AppError && error.status === 404)
          throw fieldError('routeId', 'task.routeUnknown');
        throw error;
      }
    }
    if ((input.type === TASK_TYPE.FLIGHT || input.type === TASK_TYPE.MANUAL) && !input.operatorId)
      throw fieldError('operatorId', 'task.operatorRequired');
    if (input.operatorId) {
      const [found] = await ctx.db
        .select({ id: user.id })
        .from(user)
        .where(scope(ctx, user, eq(user.id, input.operatorId)))
        .limit(1);
      if (!found) throw fieldError('operatorId', 'task.operatorUnknown');
    }
    // a flight task is followed from its aircraft's telemetry (task.follow.ts): nothing else ties an operator
    // to a drone
    if (input.type === TASK_TYPE.FLIGHT && !input.aircraftId)
      throw fieldError('aircraftId', 'task.aircraftRequired');
    if (input.aircraftId) {
      const [found] = await ctx.db
        .select({ id: device.id })
        .from(device)
        .where(scope(ctx, device, eq(device.id, input.aircraftId), eq(device.type, DEVICE_TYPE_AIRCRAFT)))
        .limit(1);
      if (!found) throw fieldError('aircraftId', 'task.aircraftUnknown');
    }
    // a project the caller sees (the project area's rule: members, team, authorised depts and users)
    if (input.projectId) await this.services.projects.require(ctx, input.projectId, 'projectId');
    const schedule = input.schedule;
    const periodic = ['repeat', 'dates', 'continuous'].includes(schedule.mode);
    if (input.type === TASK_TYPE.PERIODIC && !periodic) throw fieldError('schedule', 'task.periodicSchedule');
    if (input.type !== TASK_TYPE.PERIODIC && periodic) throw fieldError('type', 'task.periodicSchedule');
    const now = this.now();
    if (schedule.mode === 'once') {
      const [first] = occurrencesOf(schedule, zone, 0, Number.MAX_SAFE_INTEGER);
      if (!first || first.at <= now) throw fieldError('schedule', 'task.schedulePast');
    } else if (schedule.mode !== 'now' && nextStart(schedule, zone, now) === null) {
      throw fieldError('schedule', 'task.scheduleOver');
    }
    if (dockTask) await this.checkSpacing(ctx, input, schedule, zone, now, id);
    return zone;
  }

  /** This task's flights in the next weeks against the dock's other planned flights (spec §5: 3 hours). */
  private async spacing(
    ctx: Ctx,
    hangarId: string,
    schedule: TaskSchedule,
    zone: string,
    now: number,
    id?: string,
  ) {
    const until = now + 31 * 24 * HOUR;
    const own =
      schedule.mode === 'now'
        ? [now]
        : schedule.mode === 'continuous'
          ? windowsOf(schedule, zone, now, until).map((w) => Math.max(w.start, now))
          : occurrencesOf(schedule, zone, now, until, 500).map((o) => o.at);
    const others = await ctx.db
      .select({ at: taskExecution.planAt })
      .from(taskExecution)
      .innerJoin(task, eq(task.id, taskExecution.taskId))
      .where(
        and(
          scope(
            ctx,
            taskExecution,
            eq(taskExecution.hangarId, hangarId),
            inArray(taskExecution.taskStatus, [0, 1, 2]),
            gte(taskExecution.planAt, new Date(now - SCHEDULE_LIMITS.spacingHours * HOUR)),
            id ? ne(taskExecution.taskId, id) : undefined,
          ),
          eq(task.isDeleted, 0),
        ),
      )
      .limit(2000);
    const mine = new Set(own);
    const theirs = new Set(others.map((row) => row.at.getTime()));
    return closeFlights([...own, ...theirs]).filter(
      ([a, b]) => (mine.has(a) && theirs.has(b)) || (theirs.has(a) && mine.has(b)),
    );
  }

  private async checkSpacing(
    ctx: Ctx,
    input: Input,
    schedule: TaskSchedule,
    zone: string,
    now: number,
    id: string | undefined,
  ) {
    const close = await this.spacing(ctx, input.hangarId!, schedule, zone, now, id);
    if (close.length && !input.confirmSpacing) {
      const times = close
        .slice(0, 3)
        .map(([a, b]) => `${localTimeOf(a, zone)} / ${localTimeOf(b, zone)}`)
        .join('; ');
      throw new AppError(
        400,
        'task.confirmSpacing',
        { field: 'confirmSpacing', hours: SCHEDULE_LIMITS.spacingHours, times },
        { field: 'confirmSpacing', close: close.length },
      );
    }
    return close;
  }

  /** Next code of the tenant's day: `T` + yyyyMMdd + `-` + 4-digit sequence (an upsert: never given twice). */
  private async code(ctx: Ctx): Promise<string> {
    const day = formatCompactDate(new Date(this.now()));
    const iso = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;
    const [row] = await ctx.db
      .insert(taskCodeSequence)
      .values({ id: newId(), tenantId: ctx.tenantId, day: iso, seq: 1 })
      .onConflictDoUpdate({
        target: [taskCodeSequence.tenantId, taskCodeSequence.day],
        set: { seq: sql`${taskCodeSequence.seq} + 1` },
      })
      .returning({ seq: taskCodeSequence.seq });
    return `T${day}-${String(row!.seq).padStart(4, '0')}`;
  }

  private values(input: Input, zone: string) {
    return {
      name: input.name,
      type: input.type,
      projectId: input.projectId ?? null,
      deptId: input.deptId ?? null,
      operatorId: input.operatorId ?? null,
      routeId: input.routeId ?? null,
      hangarId: input.hangarId ?? null,
      aircraftId: input.aircraftId ?? null,
      payloadId: input.payloadId ?? null,
      dataLinkId: input.dataLinkId ?? null,
      schedule: input.schedule,
      timeZone: zone,
      rthAltitude: input.rthAltitude,
      outOfControlAction: input.outOfControlAction,
      alarmFlag: input.alarmFlag,
      remark: input.remark || null,
    };
  }

  /** `submit`: a new task (no id) or a change (id; `update`); its first executions planned in the same step. */
  async submit(ctx: Ctx, raw: TaskSubmit) {
    const input = TaskSubmit.parse(raw);
    if (input.id) return this.update(ctx, input.id, input);
    const zone = await this.check(ctx, input, undefined);
    const now = this.now();
    const { row, created } = await inTransaction(ctx, async (tx) => {
      const [row] = await tx.db
        .insert(task)
        .values({
          ...(insertAudit(tx, task) as object),
          id: newId(),
          code: await this.code(tx),
          ...this.values(input, zone),
          taskStatus: TASK_STATUS.PENDING,
        } as typeof task.$inferInsert)
        .returning();
      await writeTimeline(tx, {
        taskId: row!.id,
        kind: 'status',
        cause: 'task.timeline.created',
        toStatus: 0,
      });
      await this.spacingWarning(tx, row!, input, zone, now);
      const created = await planTask(tx, row!, now);
      return { row: row!, created };
    });
    await this.dispatcher?.schedule(created);
    return this.detail(ctx, row.id);
  }

  private async spacingWarning(ctx: Ctx, row: TaskRow, input: Input, zone: string, now: number) {
    if (!input.confirmSpacing || !row.hangarId) return;
    const close = await this.spacing(ctx, row.hangarId, input.schedule, zone, now, row.id);
    if (!close.length) return;
    await writeTimeline(ctx, {
      taskId: row.id,
      kind: 'warning',
      cause: 'task.spacingWarning',
      params: {
        hours: SCHEDULE_LIMITS.spacingHours,
        times: close
          .slice(0, 3)
          .map(([a, b]) => `${localTimeOf(a, zone)} / ${localTimeOf(b, zone)}`)
          .join('; '),
      },
    });
  }

  /** `update`: a change while nothing of the task has flown or is flying (its waiting executions re-planned). */
  async update(ctx: Ctx, id: string, input: Input) {
    await this.row(ctx, id);
    const [flown] = await ctx.db
      .select({ n: count() })
      .from(taskExecution)
      .where(scope(ctx, taskExecution, eq(taskExecution.taskId, id), not(waitingExecution())));
    if ((flown?.n ?? 0) > 0) throw fieldError('id', 'task.changeFlown');
    const zone = await this.check(ctx, input, id);
    const now = this.now();
    await this.undoPrepared(ctx, id);
    const created = await inTransaction(ctx, async (tx) => {
      // only waiting executions exist (checked above); a start job of a removed one finds nothing to start
      const removed = await tx.db
        .delete(taskExecution)
        .where(and(eq(taskExecution.taskId, id), waitingExecution(), eq(taskExecution.tenantId, tx.tenantId)))
        .returning({ id: taskExecution.id });
      await tx.db
        .delete(taskNotice)
        .where(and(eq(taskNotice.taskId, id), eq(taskNotice.tenantId, tx.tenantId)));
      const [row] = await tx.db
        .update(task)
        .set({ ...this.values(input, zone), plannedUntil: null, ...updateAudit(tx) })
        .where(scope(tx, task, eq(task.id, id)))
        .returning();
      await writeTimeline(tx, {
        taskId: id,
        kind: 'command',
        cause: 'task.timeline.planned',
        params: {
          time: row!.schedule.mode === 'once' ? row!.schedule.at : localTimeOf(now, zone),
          removed: removed.length,
        },
      });
      await this.spacingWarning(tx, row!, input, zone, now);
      return planTask(tx, row!, now);
    });
    await this.dispatcher?.schedule(created);
    return this.detail(ctx, id);
  }

  /** `remove`: tasks with nothing flying; their waiting executions are cancelled first. */
  async remove(ctx: Ctx, ids: string[]) {
    const rows = await ctx.db
      .select()
      .from(task)
      .where(scope(ctx, task, inArray(task.id, ids)));
    if (rows.length === 0) throw notFound();
    const [active] = await ctx.db
      .select({ n: count() })
      .from(taskExecution)
      .where(
        scope(
          ctx,
          taskExecution,
          inArray(
            taskExecution.taskId,
            rows.map((row) => row.id),
          ),
          inArray(taskExecution.taskStatus, ACTIVE),
          not(waitingExecution()),
        ),
      );
    if ((active?.n ?? 0) > 0) throw fieldError('ids', 'task.removeFlying');
    for (const row of rows) await this.undoPrepared(ctx, row.id);
    return inTransaction(ctx, async (tx) => {
      for (const row of rows) await this.cancelWaiting(tx, row.id, 'task.timeline.cancelled');
      const removed = await tx.db
        .update(task)
        .set({ isDeleted: 1, nextTime: null, ...updateAudit(tx) })
        .where(
          scope(
            tx,
            task,
            inArray(
              task.id,
              rows.map((row) => row.id),
            ),
          ),
        )
        .returning({ id: task.id });
      return removed.length;
    });
  }

  /**
   * Tell the docks to drop the flights of a task they were given ahead of their time (the caller then cancels
   * or removes them with the waiting ones).
   */
  private async undoPrepared(ctx: Ctx, taskId: string) {
    const prepared = await ctx.db
      .select()
      .from(taskExecution)
      .where(
        scope(
          ctx,
          taskExecution,
          eq(taskExecution.taskId, taskId),
          eq(taskExecution.taskStatus, TASK_STATUS.RECEIVED),
          waitingExecution(),
        ),
      );
    for (const execution of prepared) await this.dispatcher?.undoPrepared(ctx, execution);
  }

  /** Every waiting execution of a task (pending, or prepared ahead) → cancelled. */
  private async cancelWaiting(ctx: Ctx, taskId: string, cause: string) {
    const waiting = await ctx.db
      .select({ id: taskExecution.id, status: taskExecution.taskStatus })
      .from(taskExecution)
      .where(scope(ctx, taskExecution, eq(taskExecution.taskId, taskId), waitingExecution()));
    let moved = 0;
    for (const item of waiting)
      if (
        await moveExecution(ctx, {
          executionId: item.id,
          from: item.status as TaskStatus,
          to: 5,
          cause,
          set: { endTime: new Date(this.now()) },
        })
      )
        moved += 1;
    return moved;
  }

  private async stopSchedule(ctx: Ctx, id: string) {
    await ctx.db
      .update(task)
      .set({ nextTime: null, plannedUntil: new Date(PLANNED_FOREVER), ...updateAudit(ctx) })
      .where(scope(ctx, task, eq(task.id, id)));
    await refreshTaskStatus(ctx, id, this.now());
  }

  /**
   * `closeTask`: end a task. A flying execution is sent home (`return_home`) and cancelled; waiting ones are
   * cancelled; no further occurrence is planned.
   */
  async close(ctx: Ctx, id: string) {
    const row = await this.row(ctx, id);
    const executing = await ctx.db
      .select()
      .from(taskExecution)
      .where(scope(ctx, taskExecution, eq(taskExecution.taskId, id), eq(taskExecution.taskStatus, 2)));
    for (const execution of executing) {
      if (isDockTask(row.type) && execution.flightId)
        await this.dispatcher?.command(ctx, execution, 'return_home');
      await moveExecution(ctx, {
        executionId: execution.id,
        from: 2,
        to: 5,
        cause: 'task.timeline.closed',
        set: { endTime: new Date(this.now()) },
      });
    }
    const received = await ctx.db
      .select()
      .from(taskExecution)
      .where(
        scope(
          ctx,
          taskExecution,
          eq(taskExecution.taskId, id),
          eq(taskExecution.taskStatus, 1),
          not(waitingExecution()),
        ),
      );
    for (const execution of received) {
      if (execution.flightId) await this.dispatcher?.command(ctx, execution, 'undo');
      await moveExecution(ctx, {
        executionId: execution.id,
        from: 1,
        to: 5,
        cause: 'task.timeline.cancelled',
      });
    }
    await this.undoPrepared(ctx, id);
    await inTransaction(ctx, async (tx) => {
      await this.stopSchedule(tx, id);
      await this.cancelWaiting(tx, id, 'task.timeline.cancelled');
    });
    return this.detail(ctx, id);
  }

  /** `cancelHangarTask`: undo a prepared flight (`flighttask_undo`) and cancel the waiting ones. */
  async cancelHangar(ctx: Ctx, id: string) {
    const row = await this.row(ctx, id);
    if (!isDockTask(row.type)) throw fieldError('id', 'task.notDockTask');
    const received = await ctx.db
      .select()
      .from(taskExecution)
      .where(
        scope(
          ctx,
          taskExecution,
          eq(taskExecution.taskId, id),
          eq(taskExecution.taskStatus, 1),
          not(waitingExecution()),
        ),
      );
    const [pending] = await ctx.db
      .select({ n: count() })
      .from(taskExecution)
      .where(scope(ctx, taskExecution, eq(taskExecution.taskId, id), waitingExecution()));
    if (received.length === 0 && (pending?.n ?? 0) === 0) throw fieldError('id', 'task.nothingPending');
    for (const execution of received) {
      await this.dispatcher?.command(ctx, execution, 'undo');
      await moveExecution(ctx, {
        executionId: execution.id,
        from: 1,
        to: 5,
        cause: 'task.timeline.cancelled',
      });
    }
    await this.undoPrepared(ctx, id);
    await inTransaction(ctx, async (tx) => {
      if (row.type === TASK_TYPE.HANGAR) await this.stopSchedule(tx, id);
      await this.cancelWaiting(tx, id, 'task.timeline.cancelled');
    });
    return this.detail(ctx, id);
  }

  /**
   * `executeHangarManualTask`: fly a hangar or periodic task now (an execution at this instant, dispatched at
   * once, with the same conditions as a scheduled one).
   */
  async executeNow(ctx: Ctx, id: string) {
    const row = await this.row(ctx, id);
    if (!isDockTask(row.type)) throw fieldError('id', 'task.notDockTask');
    const now = this.now();
    const [execution] = await inTransaction(ctx, async (tx) => {
      const rows = await tx.db
        .insert(taskExecution)
        .values({
          id: newId(),
          tenantId: tx.tenantId,
          taskId: id,
          planAt: new Date(now),
          planLocal: localTimeOf(now, row.timeZone),
          windowEnd: new Date(now + 30 * 60_000),
          hangarId: row.hangarId,
          routeId: row.routeId,
          createUser: tx.user?.userId ?? null,
        })
        .returning();
      await writeTimeline(tx, {
        taskId: id,
        executionId: rows[0]!.id,
        kind: 'command',
        cause: 'task.timeline.planned',
        params: { time: localTimeOf(now, row.timeZone) },
      });
      return rows;
    });
    await this.dispatcher?.startNow(ctx, execution!);
    return (await this.executionsShown(ctx, [await this.execution(ctx, execution!.id)]))[0]!;
  }

  /** Pause or resume the flying execution of a task (`flighttask_pause` / `flighttask_recovery`). */
  async steer(ctx: Ctx, id: string, action: 'pause' | 'resume') {
    await this.row(ctx, id);
    const [execution] = await ctx.db
      .select()
      .from(taskExecution)
      .where(scope(ctx, taskExecution, eq(taskExecution.taskId, id), eq(taskExecution.taskStatus, 2)))
      .limit(1);
    if (!execution?.flightId) throw fieldError('id', 'task.nothingRunning');
    await this.dispatcher?.command(ctx, execution, action);
    await ctx.db
      .update(taskExecution)
      .set({ paused: action === 'pause' ? 1 : 0 })
      .where(eq(taskExecution.id, execution.id));
    await writeTimeline(ctx, {
      taskId: id,
      executionId: execution.id,
      kind: action,
      cause: action === 'pause' ? 'task.timeline.paused' : 'task.timeline.resumed',
    });
    return (await this.executionsShown(ctx, [await this.execution(ctx, execution.id)]))[0]!;
  }

  /** `assign`: the task's operator (a user of the tenant); a manual task's open notices follow. */
  async assign(ctx: Ctx, body: TaskAssignBody) {
    const row = await this.row(ctx, body.id);
    if (isFinalStatus(row.taskStatus as TaskStatus)) throw fieldError('id', 'task.assignFinished');
    const [operator] = await ctx.db
      .select({ id: user.id, name: sql<string>`coalesce(${user.realName}, ${user.name}, ${user.account})` })
      .from(user)
      .where(scope(ctx, user, eq(user.id, body.operatorId)))
      .limit(1);
    if (!operator) throw fieldError('operatorId', 'task.operatorUnknown');
    await inTransaction(ctx, async (tx) => {
      await tx.db
        .update(task)
        .set({ operatorId: operator.id, ...updateAudit(tx) })
        .where(scope(tx, task, eq(task.id, row.id)));
      await tx.db
        .update(taskNotice)
        .set({ operatorId: operator.id, ...updateAudit(tx) })
        .where(scope(tx, taskNotice, eq(taskNotice.taskId, row.id), lt(taskNotice.noticeStatus, 2)));
      await writeTimeline(tx, {
        taskId: row.id,
        kind: 'command',
        cause: 'task.timeline.assigned',
        params: { name: operator.name },
      });
    });
    return this.detail(ctx, row.id);
  }

  /** `operatorTaskNoticePage`: the caller's notices (an administrator's view is their own too). */
  async notices(ctx: Ctx, query: Pick<PageQuery, 'current' | 'size'> & { noticeStatus?: number }) {
    const where = and(
      scope(
        ctx,
        taskNotice,
        eq(taskNotice.operatorId, ctx.user?.userId ?? '0'),
        query.noticeStatus !== undefined ? eq(taskNotice.noticeStatus, query.noticeStatus) : undefined,
      ),
      eq(task.isDeleted, 0),
    );
    const [counted] = await ctx.db
      .select({ total: count() })
      .from(taskNotice)
      .innerJoin(task, eq(task.id, taskNotice.taskId))
      .where(where);
    const rows = await ctx.db
      .select({ notice: taskNotice, taskName: task.name, taskCode: task.code })
      .from(taskNotice)
      .innerJoin(task, eq(task.id, taskNotice.taskId))
      .where(where)
      .orderBy(desc(taskNotice.createTime), desc(taskNotice.id))
      .limit(query.size)
      .offset((query.current - 1) * query.size);
    const total = counted?.total ?? 0;
    return {
      records: rows.map((item) => ({
        id: item.notice.id,
        taskId: item.notice.taskId,
        taskName: item.taskName,
        taskCode: item.taskCode,
        executionId: item.notice.executionId,
        operatorId: item.notice.operatorId,
        content: item.notice.content,
        noticeStatus: item.notice.noticeStatus,
        createTime: item.notice.createTime,
      })),
      total,
      size: query.size,
      current: query.current,
      pages: Math.ceil(total / query.size),
    };
  }

  /**
   * `operatorTaskNoticeStatus`: the operator read it (1) or did it (2). Done moves the manual task's execution
   * to in progress and completed (it never goes back).
   */
  async noticeStatus(ctx: Ctx, body: TaskNoticeStatusBody) {
    const [notice] = await ctx.db
      .select()
      .from(taskNotice)
      .where(
        scope(
          ctx,
          taskNotice,
          eq(taskNotice.id, body.id),
          eq(taskNotice.operatorId, ctx.user?.userId ?? '0'),
        ),
      )
      .limit(1);
    if (!notice) throw notFound();
    if (body.noticeStatus < notice.noticeStatus) throw fieldError('noticeStatus', 'task.noticeStatus');
    await ctx.db
      .update(taskNotice)
      .set({ noticeStatus: body.noticeStatus, ...updateAudit(ctx) })
      .where(eq(taskNotice.id, notice.id));
    if (body.noticeStatus === 2 && notice.executionId) {
      const execution = await this.execution(ctx, notice.executionId);
      const now = new Date(this.now());
      if (execution.taskStatus === 0)
        await moveExecution(ctx, {
          executionId: execution.id,
          from: 0,
          to: 2,
          cause: 'task.timeline.executing',
          set: { startTime: now },
        });
      if ((await this.execution(ctx, execution.id)).taskStatus === 2)
        await moveExecution(ctx, {
          executionId: execution.id,
          from: 2,
          to: 3,
          cause: 'task.timeline.noticeDone',
          set: { endTime: now },
        });
    }
    return { id: notice.id, noticeStatus: body.noticeStatus };
  }

  /** `uver/task/track/list`: the planned waylines and an execution's flown points (the telemetry's samples). */
  async track(
    ctx: Ctx,
    query: { taskId: string; executionId?: string },
    flown: (ctx: Ctx, sn: string, start: Date, end: Date) => Promise<Array<[number, number, number, number]>>,
  ) {
    const row = await this.row(ctx, query.taskId);
    let planned: Array<Array<[number, number, number]>> = [];
    if (row.routeId) {
      try {
        planned = (await this.services.routes.detail(ctx, row.routeId)).waylines;
      } catch {
        planned = [];
      }
    }
    const [execution] = await ctx.db
      .select()
      .from(taskExecution)
      .where(
        scope(
          ctx,
          taskExecution,
          eq(taskExecution.taskId, row.id),
          query.executionId
            ? eq(taskExecution.id, query.executionId)
            : sql`${taskExecution.startTime} is not null`,
        ),
      )
      .orderBy(desc(taskExecution.planAt))
      .limit(1);
    if (query.executionId && !execution) throw notFound();
    let points: Array<[number, number, number, number]> = [];
    if (execution?.startTime && row.hangarId) {
      const found = await this.dockAndDrone(ctx, row.hangarId);
      if (found?.droneSn)
        points = await flown(
          ctx,
          found.droneSn,
          execution.startTime,
          execution.endTime ?? new Date(this.now()),
        );
    }
    return {
      taskId: row.id,
      executionId: execution?.id ?? null,
      planned,
      flown: points,
      flightDuration: execution?.flightDuration ?? null,
      mileage: execution?.mileage ?? null,
    };
  }

  /** A refusal as a 400 (helper for the routes of the old mission-plan calls). */
  static refuse(key: Parameters<typeof badRequest>[0]) {
    return badRequest(key);
  }
}
