import { isDockTask, localTimeOf, occurrencesOf, TASK_STATUS, TASK_TYPE, windowsOf } from '@aos/contract';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { task, taskExecution, taskNotice } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import {
  type ExecutionRow,
  moveExecution,
  PLANNED_FOREVER,
  refreshTaskStatus,
  type TaskRow,
} from './task.status.js';

export { PLANNED_FOREVER };

/** Occurrences are created as executions this far ahead (the timer tops it up every minute). */
export const PLAN_HORIZON_MS = 48 * 3_600_000;
/** An occurrence not started within this long after its time has expired (continuous: its window's end). */
export const START_WINDOW_MS = 30 * 60_000;
/** A flight task (remote controller) or manual task is open this long after its time before it expires. */
export const OPEN_TASK_WINDOW_MS = 24 * 3_600_000;

type NewExecution = typeof taskExecution.$inferInsert;

function row(t: TaskRow, at: number, local: string, windowEnd: number): NewExecution {
  return {
    id: newId(),
    tenantId: t.tenantId,
    taskId: t.id,
    planAt: new Date(at),
    planLocal: local,
    windowEnd: new Date(windowEnd),
    taskStatus: TASK_STATUS.PENDING,
    hangarId: t.hangarId,
    routeId: t.routeId,
    createUser: t.createUser,
  };
}

/**
 * Create the executions of `t` due before `now + PLAN_HORIZON_MS` that do not exist yet, with
 * INSERT ... ON CONFLICT (task_id, plan_at) DO NOTHING: any number of instances planning the same task at once
 * create each occurrence once. Answers the executions this call created (the caller sends their start jobs).
 * `now` mode: one execution at `now`, created when the task is written only.
 */
export async function planTask(ctx: Ctx, t: TaskRow, now: number): Promise<ExecutionRow[]> {
  const schedule = t.schedule;
  const zone = t.timeZone;
  // a single flight is created whenever it is: other tasks of its dock see it (the 3-hour advice)
  const until = schedule.mode === 'once' ? PLANNED_FOREVER : now + PLAN_HORIZON_MS;
  const window = isDockTask(t.type) ? START_WINDOW_MS : OPEN_TASK_WINDOW_MS;
  const from = Math.max(t.plannedUntil?.getTime() ?? 0, now - window);
  const rows: NewExecution[] = [];
  if (schedule.mode === 'now') {
    if (!t.plannedUntil) rows.push(row(t, now, localTimeOf(now, zone), now + window));
  } else if (schedule.mode === 'continuous') {
    for (const w of windowsOf(schedule, zone, from, until))
      if (w.start >= from) rows.push(row(t, w.start, w.local, w.end));
  } else {
    for (const o of occurrencesOf(schedule, zone, from, until))
      rows.push(row(t, o.at, o.local, o.at + window));
  }
  const planned = schedule.mode === 'now' ? PLANNED_FOREVER : Math.max(until, t.plannedUntil?.getTime() ?? 0);
  const created = rows.length
    ? await ctx.db
        .insert(taskExecution)
        .values(rows)
        .onConflictDoNothing({ target: [taskExecution.taskId, taskExecution.planAt] })
        .returning()
    : [];
  await ctx.db
    .update(task)
    .set({
      plannedUntil: sql`greatest(coalesce(${task.plannedUntil}, to_timestamp(0)), ${new Date(planned)})`,
    })
    .where(eq(task.id, t.id));
  // A manual task tells its operator of each execution.
  if (t.type === TASK_TYPE.MANUAL && t.operatorId && created.length) {
    await ctx.db.insert(taskNotice).values(
      created.map((execution) => ({
        id: newId(),
        tenantId: t.tenantId,
        taskId: t.id,
        executionId: execution.id,
        operatorId: t.operatorId!,
        content: 'task.notice.manual',
        createUser: t.createUser,
      })),
    );
  }
  await refreshTaskStatus(ctx, t.id, now);
  return created;
}

/** Tasks of every tenant whose planned horizon runs out within half of it (the timer's work). */
export async function tasksToPlan(db: Ctx['db'], now: number): Promise<TaskRow[]> {
  return db
    .select()
    .from(task)
    .where(
      and(
        eq(task.isDeleted, 0),
        or(isNull(task.plannedUntil), lt(task.plannedUntil, new Date(now + PLAN_HORIZON_MS / 2))),
        inArray(task.taskStatus, [TASK_STATUS.PENDING, TASK_STATUS.RECEIVED, TASK_STATUS.EXECUTING]),
      ),
    )
    .limit(1000);
}

/**
 * Pending executions, and those prepared ahead not yet told to fly, whose time comes within `aheadMs` (their
 * start jobs are sent again, idempotently).
 */
export async function executionsDue(db: Ctx['db'], now: number, aheadMs: number) {
  return db
    .select({ id: taskExecution.id, planAt: taskExecution.planAt, tenantId: taskExecution.tenantId })
    .from(taskExecution)
    .innerJoin(task, eq(task.id, taskExecution.taskId))
    .where(
      and(
        or(
          eq(taskExecution.taskStatus, TASK_STATUS.PENDING),
          and(eq(taskExecution.taskStatus, TASK_STATUS.RECEIVED), isNull(taskExecution.startTime)),
        ),
        eq(taskExecution.isDeleted, 0),
        lte(taskExecution.planAt, new Date(now + aheadMs)),
        sql`${taskExecution.windowEnd} > ${new Date(now)}`,
        inArray(task.type, [TASK_TYPE.HANGAR, TASK_TYPE.PERIODIC]),
      ),
    )
    .limit(1000);
}

/**
 * Move every pending or received execution whose window has passed to expired; `received` is told of each
 * received one that moved (its dock holds the flight). Answers how many moved.
 */
export async function expireOverdue(
  ctxOf: (tenantId: string) => Ctx,
  db: Ctx['db'],
  now: number,
  received?: (ctx: Ctx, execution: Pick<ExecutionRow, 'id' | 'flightId' | 'hangarSn'>) => Promise<void>,
) {
  const overdue = await db
    .select({
      id: taskExecution.id,
      tenantId: taskExecution.tenantId,
      status: taskExecution.taskStatus,
      flightId: taskExecution.flightId,
      hangarSn: taskExecution.hangarSn,
    })
    .from(taskExecution)
    .where(
      and(
        inArray(taskExecution.taskStatus, [TASK_STATUS.PENDING, TASK_STATUS.RECEIVED]),
        eq(taskExecution.isDeleted, 0),
        lt(taskExecution.windowEnd, new Date(now)),
      ),
    )
    .limit(1000);
  let moved = 0;
  for (const item of overdue) {
    const ctx = ctxOf(item.tenantId);
    const done = await moveExecution(ctx, {
      executionId: item.id,
      from: item.status as 0 | 1,
      to: TASK_STATUS.EXPIRED,
      cause: 'task.timeline.expired',
      set: { endTime: new Date(now) },
    });
    if (!done) continue;
    moved += 1;
    if (item.status === TASK_STATUS.RECEIVED) await received?.(ctx, item);
  }
  return moved;
}
