import type { TaskSchedule } from '@aos/contract';
import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, id, idColumn, tenantColumn } from './columns.js';

const live = sql`is_deleted = 0`;
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The unique index that makes an occurrence of a schedule exist once (the scheduler's ON CONFLICT target). */
export const TASK_EXECUTION_PLAN_INDEX = 'aos_task_execution_plan_uq';

/**
 * Tasks (spec §3 Task; issue 17): what is flown or done, by whom, on which dock and route, and when (the
 * schedule, read in `time_zone`: the dock's own zone at the time the task was written). `task_status` is the
 * task's own (TASK_STATUS): its execution's for a single one; a periodic task's stays pending between flights.
 */
export const task = pgTable(
  'aos_task',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** T + yyyyMMdd + '-' + the tenant's sequence of that day */
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** TASK_TYPE */
    type: smallint('type').notNull(),
    projectId: id('project_id'),
    deptId: id('dept_id'),
    operatorId: id('operator_id'),
    routeId: id('route_id'),
    hangarId: id('hangar_id'),
    aircraftId: id('aircraft_id'),
    payloadId: id('payload_id'),
    dataLinkId: id('data_link_id'),
    schedule: jsonb('schedule').$type<TaskSchedule>().notNull(),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    taskStatus: smallint('task_status').notNull().default(0),
    /** the next planned start (null: none left) */
    nextTime: at('next_time'),
    /** occurrences up to this instant exist as executions (the scheduler's horizon) */
    plannedUntil: at('planned_until'),
    rthAltitude: integer('rth_altitude').notNull().default(100),
    outOfControlAction: smallint('out_of_control_action').notNull().default(0),
    alarmFlag: smallint('alarm_flag').notNull().default(1),
    flightDuration: doublePrecision('flight_duration'),
    mileage: doublePrecision('mileage'),
    remark: varchar('remark', { length: 500 }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('aos_task_code_uq').on(t.tenantId, t.code),
    index('aos_task_tenant_idx').on(t.tenantId, t.createTime).where(live),
    index('aos_task_hangar_idx').on(t.tenantId, t.hangarId).where(live),
  ],
);

/** The tenant's task codes of one day: `seq` is the last one given (an upsert hands out the next). */
export const taskCodeSequence = pgTable(
  'aos_task_code_seq',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    seq: integer('seq').notNull(),
  },
  (t) => [uniqueIndex('aos_task_code_seq_day_uq').on(t.tenantId, t.day)],
);

/**
 * One flight (or doing) of a task: one per occurrence of its schedule. (task_id, plan_at) is unique, so an
 * occurrence is created once whatever the number of server instances creating it. The status moves only by
 * compare-and-set (task.status.ts).
 */
export const taskExecution = pgTable(
  'aos_task_execution',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    taskId: id('task_id').notNull(),
    planAt: at('plan_at').notNull(),
    /** the planned time as wall-clock time of the task's zone, `yyyy-MM-dd HH:mm` */
    planLocal: varchar('plan_local', { length: 16 }).notNull(),
    /** the last instant it may start: after it, an unstarted execution has expired */
    windowEnd: at('window_end').notNull(),
    taskStatus: smallint('task_status').notNull().default(0),
    /** the `flight_id` sent to the dock */
    flightId: varchar('flight_id', { length: 64 }),
    hangarId: id('hangar_id'),
    hangarSn: varchar('hangar_sn', { length: 64 }),
    routeId: id('route_id'),
    startTime: at('start_time'),
    /** where the dock stood when this flight claimed its take-off (the take-off lock's neighbours) */
    takeoffLongitude: doublePrecision('takeoff_longitude'),
    takeoffLatitude: doublePrecision('takeoff_latitude'),
    endTime: at('end_time'),
    flightDuration: doublePrecision('flight_duration'),
    mileage: doublePrecision('mileage'),
    waypointIndex: integer('waypoint_index'),
    percent: doublePrecision('percent'),
    mediaCount: integer('media_count'),
    paused: smallint('paused').notNull().default(0),
    errorCode: integer('error_code'),
    causeKey: varchar('cause_key', { length: 100 }),
    remedyKey: varchar('remedy_key', { length: 100 }),
    breakPoint: jsonb('break_point').$type<Record<string, unknown>>(),
    /** the route-wide waypoint index at which each wayline of the flown file starts, by waylineId */
    waylineStarts: jsonb('wayline_starts').$type<Record<string, number>>(),
    trackId: varchar('track_id', { length: 64 }),
    /** when the dock last reported progress of this flight (recovery after a restart) */
    progressAt: at('progress_at'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex(TASK_EXECUTION_PLAN_INDEX).on(t.taskId, t.planAt),
    index('aos_task_execution_tenant_idx').on(t.tenantId, t.planAt),
    index('aos_task_execution_status_idx').on(t.taskStatus, t.planAt),
    index('aos_task_execution_flight_idx').on(t.flightId),
    index('aos_task_execution_start_idx').on(t.startTime),
  ],
);

/** A task's timeline: each status move (from, to), command, refused condition or warning, with cause and who. */
export const taskTimeline = pgTable(
  'aos_task_timeline',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    taskId: id('task_id').notNull(),
    executionId: id('execution_id'),
    time: at('time').notNull().defaultNow(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status'),
    /** status, pause, resume, command, condition, notice, warning */
    kind: varchar('kind', { length: 16 }).notNull(),
    cause: varchar('cause', { length: 100 }).notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    errorCode: integer('error_code'),
    remedy: varchar('remedy', { length: 100 }),
    userId: id('user_id'),
    userName: varchar('user_name', { length: 100 }),
  },
  (t) => [index('aos_task_timeline_task_idx').on(t.tenantId, t.taskId, t.time)],
);

/**
 * Notices to the operator of a manual task (`operatorTaskNoticePage`): `notice_status` 0 unread, 1 read,
 * 2 done (`operatorTaskNoticeStatus`).
 */
export const taskNotice = pgTable(
  'aos_task_notice',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    taskId: id('task_id').notNull(),
    executionId: id('execution_id'),
    /** the user told */
    operatorId: id('operator_id').notNull(),
    /** i18n key of what is asked */
    content: varchar('content', { length: 100 }).notNull(),
    noticeStatus: smallint('notice_status').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index('aos_task_notice_operator_idx').on(t.tenantId, t.operatorId, t.createTime).where(live)],
);
