import { z } from 'zod';
import { DateTime, Id, keyFilter, num } from '../common/schemas.js';
import { TaskExecutionSchema, TaskSchema } from './task.js';

/** `assign`: give a task to an operator (a user of the tenant). */
export const TaskAssignBody = z.object({ id: Id, operatorId: Id });
export type TaskAssignBody = z.infer<typeof TaskAssignBody>;

/** `getTaskTimeline` (POST): a task's timeline, or one execution's. */
export const TaskTimelineQuery = z.object({ taskId: Id, executionId: Id.optional() });
export type TaskTimelineQuery = z.infer<typeof TaskTimelineQuery>;

/** `getHangarScheTaskList`: a dock's executions planned in a window (default: from now, a week). */
export const HangarScheduleQuery = z.object({
  hangarId: Id,
  startTime: DateTime.optional(),
  endTime: DateTime.optional(),
});
export type HangarScheduleQuery = z.infer<typeof HangarScheduleQuery>;

/** `getTaskToHomePage`: the home page's task card. */
export const TaskHomeSchema = z.object({
  /** executions of today (the server's day) by TASK_STATUS key */
  today: z.record(z.string(), z.number().int()),
  /** tasks by their own status */
  byStatus: z.record(z.string(), z.number().int()),
  total: z.number().int(),
  running: z.array(TaskExecutionSchema),
});
export type TaskHome = z.infer<typeof TaskHomeSchema>;

/** A notice to the operator of a manual task (`operatorTaskNoticePage`). */
export const TaskNoticeSchema = z.object({
  id: Id,
  taskId: Id,
  taskName: z.string(),
  taskCode: z.string(),
  executionId: Id.nullable(),
  operatorId: Id,
  /** message key of what is asked */
  content: z.string(),
  /** 0 unread, 1 read, 2 done */
  noticeStatus: z.number().int(),
  createTime: DateTime,
});
export type TaskNotice = z.infer<typeof TaskNoticeSchema>;

export const TaskNoticePageQuery = z.object({ noticeStatus: keyFilter() });

/** `operatorTaskNoticeStatus` (PUT): read (1) or done (2); done completes the manual task's execution. */
export const TaskNoticeStatusBody = z.object({
  id: Id,
  noticeStatus: num(
    z
      .number({ message: 'task.noticeStatus' })
      .int({ message: 'task.noticeStatus' })
      .min(1, { message: 'task.noticeStatus' })
      .max(2, { message: 'task.noticeStatus' }),
    { ownMessage: true },
  ),
});
export type TaskNoticeStatusBody = z.infer<typeof TaskNoticeStatusBody>;

/** `getSerialNumberByTaskID`: the dock (and its drone) flying a task. */
export const TaskSerialSchema = z.object({
  taskId: Id,
  hangarSn: z.string().nullable(),
  droneSn: z.string().nullable(),
});

/** `uver/task/track/list`: the planned route and each execution's flown track. */
export const TaskTrackSchema = z.object({
  taskId: Id,
  executionId: Id.nullable(),
  /** the route's waylines, `[lon, lat, height]` */
  planned: z.array(z.array(z.tuple([z.number(), z.number(), z.number()]))),
  /** flown points `[lon, lat, height, time ms]` */
  flown: z.array(z.tuple([z.number(), z.number(), z.number(), z.number()])),
  flightDuration: z.number().nullable(),
  mileage: z.number().nullable(),
});
export type TaskTrack = z.infer<typeof TaskTrackSchema>;
export const TaskTrackQuery = z.object({ taskId: Id, executionId: Id.optional() });

/** `historicalRoutePage`: executions that ended, newest first. */
export const HistoryPageQuery = z.object({
  taskId: Id.optional(),
  hangarId: Id.optional(),
  taskStatus: keyFilter(),
});

export const TaskDetailSchema = TaskSchema.extend({ executions: z.array(TaskExecutionSchema) });
export type TaskDetail = z.infer<typeof TaskDetailSchema>;

/**
 * Weather an aircraft model may take off in (issue 17 "conditions"): the highest wind (m/s) and rainfall
 * (RAINFALL key) at the dock. From the makers' published ratings: 12 m/s for the dock aircraft; the IP55
 * Matrice 3D/4D fly in light rain, the others in none. A model not listed gets the strictest.
 */
export const AIRCRAFT_WEATHER_LIMITS: Record<string, { windSpeed: number; rainfall: number }> = {
  'dji-m3d': { windSpeed: 12, rainfall: 1 },
  'dji-m3td': { windSpeed: 12, rainfall: 1 },
  'dji-m4d': { windSpeed: 12, rainfall: 1 },
  'dji-m4td': { windSpeed: 12, rainfall: 1 },
  'dji-m30': { windSpeed: 12, rainfall: 1 },
  'dji-m30t': { windSpeed: 12, rainfall: 1 },
};
export const DEFAULT_WEATHER_LIMITS = { windSpeed: 12, rainfall: 0 };
export const weatherLimitsOf = (modelId: string | null | undefined) =>
  (modelId && AIRCRAFT_WEATHER_LIMITS[modelId]) || DEFAULT_WEATHER_LIMITS;
