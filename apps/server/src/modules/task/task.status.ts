import {
  canMove,
  FINAL_TASK_STATUSES,
  isDockTask,
  nextStart,
  TASK_STATUS,
  TASK_STATUS_KEYS,
  type TaskStatus,
} from '@aos/contract';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { task, taskExecution, taskTimeline } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';

export type ExecutionRow = typeof taskExecution.$inferSelect;
export type TaskRow = typeof task.$inferSelect;

/** One timeline entry (a status move has from and to; others neither). */
export interface TimelineEntry {
  taskId: string;
  executionId?: string | null;
  kind: 'status' | 'pause' | 'resume' | 'command' | 'condition' | 'notice' | 'warning';
  cause: string;
  params?: Record<string, string | number>;
  fromStatus?: number | null;
  toStatus?: number | null;
  errorCode?: number | null;
  remedy?: string | null;
}

/** Who did it: the signed-in user, or null (the platform or the device). */
function who(ctx: Ctx): { userId: string | null; userName: string | null } {
  const user = ctx.user;
  return { userId: user?.userId ?? null, userName: user ? user.realName || user.name || user.account : null };
}

/** Write one timeline entry through ctx (in the caller's transaction). */
export async function writeTimeline(ctx: Ctx, entry: TimelineEntry): Promise<void> {
  await ctx.db.insert(taskTimeline).values({
    id: newId(),
    tenantId: ctx.tenantId,
    taskId: entry.taskId,
    executionId: entry.executionId ?? null,
    time: new Date(),
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    kind: entry.kind,
    cause: entry.cause,
    params: entry.params ?? {},
    errorCode: entry.errorCode ?? null,
    remedy: entry.remedy ?? null,
    ...who(ctx),
  });
}

export interface Move {
  executionId: string;
  from: TaskStatus;
  to: TaskStatus;
  /** message key of why (the timeline's cause) */
  cause: string;
  params?: Record<string, string | number>;
  errorCode?: number | null;
  remedy?: string | null;
  /** other columns written with the move (start/end time, cause and remedy keys, progress) */
  set?: Partial<Omit<ExecutionRow, 'id' | 'tenantId' | 'taskId' | 'taskStatus'>>;
}

/** The illegal move refused (409: the caller asked for something the status no longer allows). */
export function illegalMove(from: TaskStatus, to: TaskStatus): AppError {
  return new AppError(409, 'task.statusMoved', {
    from: TASK_STATUS_KEYS[from] ?? String(from),
    to: TASK_STATUS_KEYS[to] ?? String(to),
  });
}

/**
 * The one way an execution's status moves (spec §4): compare-and-set `update ... where id = ? and
 * task_status = from`, the timeline row and the task's own status in one transaction. Answers the moved row,
 * or null when the execution was not in `from` any more (another instance, the device or an operator moved it
 * first: two movers can never both move it). An illegal edge is refused before anything is written.
 */
export async function moveExecution(ctx: Ctx, move: Move): Promise<ExecutionRow | null> {
  if (!canMove(move.from, move.to)) throw illegalMove(move.from, move.to);
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .update(taskExecution)
      .set({ ...move.set, taskStatus: move.to, updateTime: new Date(), updateUser: tx.user?.userId ?? null })
      .where(
        and(
          eq(taskExecution.id, move.executionId),
          eq(taskExecution.tenantId, tx.tenantId),
          eq(taskExecution.taskStatus, move.from),
        ),
      )
      .returning();
    if (!row) return null;
    await writeTimeline(tx, {
      taskId: row.taskId,
      executionId: row.id,
      kind: 'status',
      cause: move.cause,
      params: move.params ?? {},
      fromStatus: move.from,
      toStatus: move.to,
      errorCode: move.errorCode ?? null,
      remedy: move.remedy ?? null,
    });
    await refreshTaskStatus(tx, row.taskId);
    return row;
  });
}

/** `planned_until` of a schedule with nothing left to plan (a far date every database and formatter reads). */
export const PLANNED_FOREVER = Date.UTC(9999, 0, 1);

/**
 * The task's own status from its executions: executing (or received) while one is; pending while one waits
 * or the schedule has flights left; otherwise the last execution's final status. `next_time` follows: the
 * earliest waiting execution, else the schedule's next start beyond what is planned (none once the task is
 * closed or its schedule over).
 */
export async function refreshTaskStatus(ctx: Ctx, taskId: string, now = Date.now()): Promise<void> {
  const [counts] = await ctx.db
    .select({
      executing: sql<number>`count(*) filter (where ${taskExecution.taskStatus} = ${TASK_STATUS.EXECUTING})::int`,
      received: sql<number>`count(*) filter (where ${taskExecution.taskStatus} = ${TASK_STATUS.RECEIVED})::int`,
      pending: sql<number>`count(*) filter (where ${taskExecution.taskStatus} = ${TASK_STATUS.PENDING})::int`,
      // the next flight: a pending one, or one its dock took ahead and has not been told to fly
      firstPending: sql<Date | null>`min(${taskExecution.planAt}) filter (where ${taskExecution.taskStatus} = ${TASK_STATUS.PENDING} or (${taskExecution.taskStatus} = ${TASK_STATUS.RECEIVED} and ${taskExecution.startTime} is null))`,
    })
    .from(taskExecution)
    .where(and(eq(taskExecution.taskId, taskId), eq(taskExecution.isDeleted, 0)));
  const [own] = await ctx.db
    .select({ schedule: task.schedule, zone: task.timeZone, plannedUntil: task.plannedUntil })
    .from(task)
    .where(eq(task.id, taskId))
    .limit(1);
  if (!own) return;
  let next: number | null = counts!.firstPending ? new Date(counts!.firstPending).getTime() : null;
  const planning = (own.plannedUntil?.getTime() ?? 0) < PLANNED_FOREVER;
  if (next === null && planning && own.schedule.mode !== 'now')
    next = nextStart(own.schedule, own.zone, Math.max(now, own.plannedUntil?.getTime() ?? 0));
  let status: number;
  if (counts!.executing > 0) status = TASK_STATUS.EXECUTING;
  else if (counts!.received > 0) status = TASK_STATUS.RECEIVED;
  else if (counts!.pending > 0 || next !== null) status = TASK_STATUS.PENDING;
  else {
    const [last] = await ctx.db
      .select({ status: taskExecution.taskStatus })
      .from(taskExecution)
      .where(
        and(
          eq(taskExecution.taskId, taskId),
          eq(taskExecution.isDeleted, 0),
          inArray(taskExecution.taskStatus, [...FINAL_TASK_STATUSES]),
        ),
      )
      .orderBy(desc(taskExecution.planAt))
      .limit(1);
    status = last?.status ?? TASK_STATUS.PENDING;
  }
  // the task's flown figures are its last flown execution's (the list shows them)
  const [flown] = await ctx.db
    .select({ flightDuration: taskExecution.flightDuration, mileage: taskExecution.mileage })
    .from(taskExecution)
    .where(
      and(
        eq(taskExecution.taskId, taskId),
        eq(taskExecution.isDeleted, 0),
        sql`${taskExecution.flightDuration} is not null`,
      ),
    )
    .orderBy(desc(taskExecution.endTime))
    .limit(1);
  await ctx.db
    .update(task)
    .set({
      taskStatus: status,
      nextTime: next === null ? null : new Date(next),
      flightDuration: flown?.flightDuration ?? null,
      mileage: flown?.mileage ?? null,
    })
    .where(eq(task.id, taskId));
}

/** A timed flight (once, repeating, on dates) is prepared ahead; now, continuous and manual starts are not. */
export function preparesAhead(row: Pick<TaskRow, 'type' | 'schedule'>): boolean {
  return isDockTask(row.type) && row.schedule.mode !== 'now' && row.schedule.mode !== 'continuous';
}

/** Received by its dock ahead of its time and not yet told to fly (no take-off claimed). */
export function isPreparedAhead(execution: Pick<ExecutionRow, 'taskStatus' | 'startTime' | 'flightId'>) {
  return (
    execution.taskStatus === TASK_STATUS.RECEIVED &&
    execution.startTime === null &&
    execution.flightId !== null
  );
}

/** In SQL: an execution still waiting (pending, or prepared ahead and not yet told to fly). */
export function waitingExecution() {
  return or(
    eq(taskExecution.taskStatus, TASK_STATUS.PENDING),
    and(eq(taskExecution.taskStatus, TASK_STATUS.RECEIVED), isNull(taskExecution.startTime)),
  )!;
}
