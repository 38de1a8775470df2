import { z } from 'zod';
import { AuditFields, DateTime, Id, keyFilter, num, optionalText, text } from '../common/schemas.js';
import { TaskSchedule, TimeZone } from './schedule.js';
import { TASK_TYPES } from './status.js';

/**
 * A task (spec §3 Task; §7 `/api/cloud-task/project-task`): what is flown or done, by whom, where and when.
 * Each flight of it is an execution (`taskextra`): one for a hangar, flight or manual task, one per occurrence
 * of a periodic task's schedule. `status` is the task's own: its execution's for a single one; for a periodic
 * task pending until its last occurrence is over, executing while one flies, then completed (or cancelled).
 */
export const TaskSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  /** `T` + yyyyMMdd + a sequence of the tenant's day, e.g. T20261127-0003 */
  code: z.string(),
  name: z.string(),
  /** TASK_TYPE: 1 flight, 2 hangar, 3 periodic, 4 manual */
  type: z.number().int(),
  projectId: Id.nullable(),
  /** the team (dept) doing it */
  deptId: Id.nullable(),
  /** the operator (a user of the tenant): the fly operator of a flight task, the doer of a manual task */
  operatorId: Id.nullable(),
  routeId: Id.nullable(),
  /** the dock flying a hangar or periodic task */
  hangarId: Id.nullable(),
  aircraftId: Id.nullable(),
  payloadId: Id.nullable(),
  dataLinkId: Id.nullable(),
  schedule: TaskSchedule,
  /** the dock's zone (or the server's default) the schedule's wall-clock times are read in */
  timeZone: z.string(),
  /** TASK_STATUS */
  taskStatus: z.number().int(),
  /** the next flight's planned time (null: none left) */
  nextTime: DateTime.nullable(),
  /** return-to-home altitude above the dock, m (flighttask_prepare `rth_altitude`) */
  rthAltitude: z.number(),
  /** 0 return home, 1 hover, 2 land (flighttask_prepare `out_of_control_action`) */
  outOfControlAction: z.number().int(),
  /** 1: alarms raised during its flights are reported (spec "alarm flag") */
  alarmFlag: z.number().int(),
  /** the last execution's flown duration (s) and mileage (m), from its track */
  flightDuration: z.number().nullable(),
  mileage: z.number().nullable(),
  executionCount: z.number().int(),
  remark: z.string().nullable(),
  projectName: z.string().nullable(),
  deptName: z.string().nullable(),
  operatorName: z.string().nullable(),
  routeName: z.string().nullable(),
  hangarName: z.string().nullable(),
  hangarSn: z.string().nullable(),
  aircraftName: z.string().nullable(),
  createUserName: z.string().nullable(),
});
export type Task = z.infer<typeof TaskSchema>;

const flag = num(z.number().int().min(0, { message: 'task.flag' }).max(1, { message: 'task.flag' }), {
  ownMessage: true,
});

/**
 * Create (no id) or change (id, only while nothing of it has flown or is flying) a task. A hangar or periodic
 * task needs its dock and route; the dock is chosen before the time (spec §5): the schedule is read in the
 * dock's zone. `confirmSpacing` acknowledges the advice of 3 hours between a dock's flights.
 */
export const TaskSubmit = z.object({
  id: Id.optional(),
  name: text(100),
  type: num(
    z
      .number({ message: 'task.type' })
      .int({ message: 'task.type' })
      .refine((value) => (TASK_TYPES as number[]).includes(value), { message: 'task.type' }),
    { ownMessage: true },
  ),
  projectId: Id.optional().nullable(),
  deptId: Id.optional().nullable(),
  operatorId: Id.optional().nullable(),
  routeId: Id.optional().nullable(),
  hangarId: Id.optional().nullable(),
  aircraftId: Id.optional().nullable(),
  payloadId: Id.optional().nullable(),
  dataLinkId: Id.optional().nullable(),
  schedule: TaskSchedule,
  /** a zone other than the dock's (rare: a dock without one set) */
  timeZone: TimeZone.optional(),
  rthAltitude: num(
    z
      .number({ message: 'task.rthAltitude' })
      .min(20, { message: 'task.rthAltitude' })
      .max(1500, { message: 'task.rthAltitude' }),
    { ownMessage: true },
  ).default(100),
  outOfControlAction: num(
    z
      .number({ message: 'task.outOfControl' })
      .int({ message: 'task.outOfControl' })
      .min(0, { message: 'task.outOfControl' })
      .max(2, { message: 'task.outOfControl' }),
    { ownMessage: true },
  ).default(0),
  alarmFlag: flag.default(1),
  remark: optionalText(500),
  confirmSpacing: z.boolean().optional(),
});
export type TaskSubmit = z.input<typeof TaskSubmit>;

export const TaskPageQuery = z.object({
  name: z.string().trim().max(100).optional(),
  code: z.string().trim().max(32).optional(),
  type: keyFilter(),
  taskStatus: keyFilter(),
  projectId: Id.optional(),
  hangarId: Id.optional(),
  routeId: Id.optional(),
  /** tasks with a flight planned or flown in [startTime, endTime] */
  startTime: DateTime.optional(),
  endTime: DateTime.optional(),
});
export type TaskPageQuery = z.infer<typeof TaskPageQuery>;

/** One flight (or doing) of a task (`taskextra`). */
export const TaskExecutionSchema = z.object({
  id: Id,
  taskId: Id,
  taskName: z.string(),
  taskType: z.number().int(),
  /** the task's code and its dock's name, for lists of executions (running, history) */
  taskCode: z.string().optional(),
  hangarName: z.string().nullable().optional(),
  /** planned start (server time format, in the server's zone) and the same in the dock's zone */
  planTime: DateTime,
  planLocal: z.string(),
  taskStatus: z.number().int(),
  /** the `flight_id` sent to the dock */
  flightId: z.string().nullable(),
  hangarId: Id.nullable(),
  hangarSn: z.string().nullable(),
  routeId: Id.nullable(),
  startTime: DateTime.nullable(),
  endTime: DateTime.nullable(),
  /** flown, from the track: seconds and metres */
  flightDuration: z.number().nullable(),
  mileage: z.number().nullable(),
  /** last progress: waypoint index, percent, media count */
  waypointIndex: z.number().int().nullable(),
  percent: z.number().nullable(),
  mediaCount: z.number().int().nullable(),
  paused: z.boolean(),
  /** the device's error code when it failed, and its cause and remedy message keys */
  errorCode: z.number().int().nullable(),
  causeKey: z.string().nullable(),
  remedyKey: z.string().nullable(),
  /** where a partially done flight stopped (resumable) */
  breakPoint: z.record(z.string(), z.unknown()).nullable(),
  trackId: z.string().nullable(),
});
export type TaskExecution = z.infer<typeof TaskExecutionSchema>;

/** One entry of a task's timeline: a status move, or a pause, resume, command or notice on the way. */
export const TaskTimelineItemSchema = z.object({
  id: Id,
  taskId: Id,
  executionId: Id.nullable(),
  time: DateTime,
  /** status moves have both; other entries (pause, resume, progress milestones, commands) neither */
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int().nullable(),
  /** `status`, `pause`, `resume`, `command`, `condition`, `notice` */
  kind: z.string(),
  /** i18n key of what happened and why, with its values */
  cause: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  errorCode: z.number().int().nullable(),
  remedy: z.string().nullable(),
  /** who (null: the platform or the device) */
  userId: Id.nullable(),
  userName: z.string().nullable(),
});
export type TaskTimelineItem = z.infer<typeof TaskTimelineItemSchema>;

/** `taskextra/queryListByTime`: the executions planned or flown in a window (the calendar). */
export const ExecutionRangeQuery = z
  .object({
    startTime: DateTime,
    endTime: DateTime,
    hangarId: Id.optional(),
    projectId: Id.optional(),
  })
  .refine((value) => value.startTime < value.endTime, { message: 'task.range', path: ['endTime'] });
export type ExecutionRangeQuery = z.infer<typeof ExecutionRangeQuery>;
