import {
  canMove,
  deviceCodeInfo,
  DOCK_MODE,
  type DockOsd,
  haversineM,
  type JobEvent,
  statusOfProgress,
  TASK_STATUS,
  type TaskStatus,
} from '@aos/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../area.js';
import type { Executor } from '../../db/client.js';
import { task, taskExecution } from '../../db/schema/index.js';
import type { DeviceRef } from '../../device/events.js';
import { type Ctx, platformCtx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import type { LiveHub } from '../../live/hub.js';
import type { TaskService } from './task.service.js';
import { type ExecutionRow, moveExecution, writeTimeline } from './task.status.js';

/** How long a presigned KMZ URL given to a dock stays valid. */
export const KMZ_URL_SECONDS = 3600;
/** A flight with no progress for this long, whose dock says idle with the drone inside, is finished. */
export const RECOVERY_IDLE_MS = 5 * 60_000;
/** A continuous schedule tries again (and plans its next flight) after this long. */
export const WAIT_RETRY_MS = 60_000;

export type Flight = Awaited<ReturnType<Services['routes']['flight']>>;

/**
 * The waypoint index, over the whole route, at which each wayline of a file starts (by its waylineId): an
 * oblique route flies five waylines, and a dock's progress counts waypoints within the current one.
 */
export function waylineStarts(file: Flight['file']): Record<string, number> {
  const starts: Record<string, number> = {};
  let at = 0;
  for (const line of file.waylines) {
    starts[String(line.waylineId)] = at;
    at += line.placemarks.length;
  }
  return starts;
}

/** The route-wide waypoint a progress event names (its wayline's start plus its index within it). */
export function waypointOf(
  execution: Pick<ExecutionRow, 'waylineStarts' | 'waypointIndex'>,
  waylineId: number | undefined,
  index: number | undefined,
): number | null {
  if (index === undefined) return execution.waypointIndex;
  const start = waylineId === undefined ? 0 : (execution.waylineStarts?.[String(waylineId)] ?? 0);
  return start + index;
}

type Deps = Pick<Services, 'routes' | 'files' | 'telemetry'> & { tasks: TaskService };

/**
 * What the docks say of the flights they were sent (PROTOCOLS.md §2 Flight tasks): `flighttask_progress` from
 * the gateway flying one drives its status and progress, its flown duration and mileage at the end;
 * `flighttask_resource_get` is answered for the asking dock's own flight only; flights that went silent are
 * finished from their last progress once their dock is idle (a restart, a lost event).
 */
export class FlightProgress {
  constructor(
    private readonly db: Executor,
    private readonly live: Pick<LiveHub, 'get'>,
    private readonly deps: Deps,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'debug'>,
    private readonly now: () => number,
    /** send the start jobs of new executions (a continuous schedule's next flight) */
    private readonly schedule: (executions: ExecutionRow[]) => Promise<void>,
  ) {}

  private ctx(tenantId: string): Ctx {
    return platformCtx(this.db, tenantId);
  }

  private async byFlight(device: DeviceRef, flightId: unknown): Promise<ExecutionRow | null> {
    if (typeof flightId !== 'string' || !/^\d{1,19}$/.test(flightId)) return null;
    const [execution] = await this.db
      .select()
      .from(taskExecution)
      .where(eq(taskExecution.flightId, flightId))
      .limit(1);
    // only the dock that was sent the flight speaks for it: another device (of any tenant) is ignored
    if (!execution || execution.tenantId !== device.tenantId || execution.hangarSn !== device.serialNumber) {
      if (execution)
        this.log.warn({ sn: device.serialNumber, flightId }, 'progress of another dock’s flight ignored');
      return null;
    }
    return execution;
  }

  /** Each dock's progress events, handled one after the other (in the order they arrived here). */
  private readonly queues = new Map<string, Promise<void>>();

  /**
   * `flighttask_progress` from the gateway flying it: progress fields, then the status it implies. A dock's
   * events are handled in order on this instance (a completion never overtakes the progress before it).
   */
  progress(device: DeviceRef, job: JobEvent): Promise<void> {
    const key = `${device.tenantId}:${device.serialNumber}`;
    const next = (this.queues.get(key) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.handleProgress(device, job));
    this.queues.set(key, next);
    void next
      .catch(() => undefined)
      .finally(() => {
        if (this.queues.get(key) === next) this.queues.delete(key);
      });
    return next;
  }

  private async handleProgress(device: DeviceRef, job: JobEvent): Promise<void> {
    const ext = (job.output.ext ?? {}) as Record<string, unknown>;
    const execution = await this.byFlight(device, ext.flight_id);
    if (!execution) return;
    const ctx = this.ctx(execution.tenantId);
    const status = job.output.status as string;
    const paused = status === 'paused' ? 1 : 0;
    const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
    await this.db
      .update(taskExecution)
      .set({
        waypointIndex: waypointOf(execution, num(ext.wayline_id), num(ext.current_waypoint_index)),
        percent: num(job.output.progress?.percent) ?? execution.percent,
        mediaCount: num(ext.media_count) ?? execution.mediaCount,
        trackId: typeof ext.track_id === 'string' ? ext.track_id : execution.trackId,
        paused,
        progressAt: new Date(this.now()),
        ...(ext.break_point && typeof ext.break_point === 'object'
          ? { breakPoint: ext.break_point as Record<string, unknown> }
          : {}),
      })
      .where(eq(taskExecution.id, execution.id));
    if (paused !== execution.paused && execution.taskStatus === TASK_STATUS.EXECUTING)
      await writeTimeline(ctx, {
        taskId: execution.taskId,
        executionId: execution.id,
        kind: paused ? 'pause' : 'resume',
        cause: paused ? 'task.timeline.paused' : 'task.timeline.resumed',
      });
    const to = statusOfProgress(status);
    if (to === null || to === execution.taskStatus) return;
    await this.moveTo(ctx, execution, to, job.result ?? 0);
  }

  private async statusOf(executionId: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ status: taskExecution.taskStatus })
      .from(taskExecution)
      .where(eq(taskExecution.id, executionId))
      .limit(1);
    return row?.status;
  }

  /** Move an execution to what the device said, through executing when it skipped it. */
  private async moveTo(ctx: Ctx, execution: ExecutionRow, to: TaskStatus, code: number) {
    let from = execution.taskStatus as TaskStatus;
    if (!canMove(from, to) && canMove(from, TASK_STATUS.EXECUTING) && canMove(TASK_STATUS.EXECUTING, to)) {
      const moved = await moveExecution(ctx, {
        executionId: execution.id,
        from,
        to: TASK_STATUS.EXECUTING,
        cause: 'task.timeline.executing',
      });
      // moved meanwhile (another instance's handling of the event before, the dispatcher): from where it is
      if (!moved && (await this.statusOf(execution.id)) !== TASK_STATUS.EXECUTING) return;
      from = TASK_STATUS.EXECUTING;
    }
    if (!canMove(from, to)) return;
    if (to === TASK_STATUS.EXECUTING) {
      await moveExecution(ctx, { executionId: execution.id, from, to, cause: 'task.timeline.executing' });
      return;
    }
    const end = new Date(this.now());
    const figures = await this.flown(ctx, execution, end);
    const info = to === TASK_STATUS.FAILED && code ? deviceCodeInfo(code) : null;
    const moved = await moveExecution(ctx, {
      executionId: execution.id,
      from,
      to,
      cause: info
        ? 'task.timeline.deviceFailed'
        : to === TASK_STATUS.COMPLETED
          ? 'task.timeline.completed'
          : to === TASK_STATUS.CANCELLED
            ? 'task.timeline.cancelled'
            : 'task.executionFailed',
      params: info ? { code: info.code } : {},
      errorCode: info?.code ?? null,
      remedy: info?.remedyKey ?? null,
      set: {
        endTime: end,
        ...figures,
        ...(info ? { errorCode: info.code, causeKey: info.causeKey, remedyKey: info.remedyKey } : {}),
      },
    });
    if (moved) await this.finished(ctx, moved);
  }

  /** Flown duration (s) and mileage (m) from the drone's telemetry between its start and end. */
  private async flown(ctx: Ctx, execution: ExecutionRow, end: Date) {
    const points = await this.flownPoints(ctx, execution, end);
    if (points.length < 2) return {};
    let mileage = 0;
    for (let i = 1; i < points.length; i += 1) {
      const [[lon1, lat1], [lon2, lat2]] = [points[i - 1]!, points[i]!];
      mileage += haversineM([lon1, lat1], [lon2, lat2]);
    }
    return {
      flightDuration: Math.round((points.at(-1)![3] - points[0]![3]) / 1000),
      mileage: Math.round(mileage * 10) / 10,
    };
  }

  private async flownPoints(ctx: Ctx, execution: ExecutionRow, end: Date) {
    if (!execution.startTime || !execution.hangarId) return [];
    const found = await this.deps.tasks.dockAndDrone(ctx, execution.hangarId);
    if (!found?.droneSn) return [];
    return this.points(ctx, found.droneSn, execution.startTime, end);
  }

  /** The drone's telemetry points `[lon, lat, height, ms]` between two instants (the telemetry area's). */
  async points(
    ctx: Ctx,
    droneSn: string,
    start: Date,
    end: Date,
  ): Promise<Array<[number, number, number, number]>> {
    const history = await this.deps.telemetry.history(ctx, {
      serialNumber: droneSn,
      startTime: formatDateTime(start),
      endTime: formatDateTime(end),
    });
    return history.points
      .filter((p) => p.longitude !== null && p.latitude !== null)
      .map((p) => [p.longitude!, p.latitude!, p.height ?? 0, p.timestamp]);
  }

  /** After a continuous execution ends within its window, the next flight waits for the battery. */
  private async finished(ctx: Ctx, execution: ExecutionRow) {
    const [row] = await this.db.select().from(task).where(eq(task.id, execution.taskId)).limit(1);
    if (!row || row.isDeleted || row.schedule.mode !== 'continuous' || !row.nextTime) return;
    const now = this.now();
    if (now + WAIT_RETRY_MS >= execution.windowEnd.getTime()) return;
    const [next] = await ctx.db
      .insert(taskExecution)
      .values({
        id: newId(),
        tenantId: execution.tenantId,
        taskId: execution.taskId,
        planAt: new Date(now + WAIT_RETRY_MS),
        planLocal: execution.planLocal,
        windowEnd: execution.windowEnd,
        hangarId: execution.hangarId,
        routeId: execution.routeId,
      })
      .onConflictDoNothing({ target: [taskExecution.taskId, taskExecution.planAt] })
      .returning();
    if (next) await this.schedule([next]);
  }

  // ------------------------------------------------------------------------------------------------ requests, commands

  /** `flighttask_resource_get`: a fresh URL of the KMZ, for the asking dock's own flight only. */
  async resourceGet(device: DeviceRef, data: unknown): Promise<{ result: number; output?: unknown }> {
    const flightId = (data as { flight_id?: unknown } | null)?.flight_id;
    const execution = await this.byFlight(device, flightId);
    if (!execution?.routeId) return { result: 314003 };
    const ctx = this.ctx(execution.tenantId);
    try {
      const flight = await this.deps.routes.flight(ctx, execution.routeId);
      const url = await this.deps.files.presignObject(
        ctx,
        { key: flight.row.kmzKey, ossVersionId: flight.row.kmzOssVersionId },
        KMZ_URL_SECONDS,
      );
      return { result: 0, output: { file: { url, fingerprint: flight.row.fingerprint } } };
    } catch {
      return { result: 314004 };
    }
  }

  /**
   * Flights received or executing with no progress for RECOVERY_IDLE_MS (a server restarted mid-flight, an
   * event lost): while the dock flies, progress keeps coming and moves them; once it says idle with the drone
   * inside, the flight is finished from its last progress (completed at 100 %, else failed with its break
   * point kept).
   */
  async recover(): Promise<number> {
    const now = this.now();
    const stalled = await this.db
      .select()
      .from(taskExecution)
      .where(
        and(
          inArray(taskExecution.taskStatus, [TASK_STATUS.RECEIVED, TASK_STATUS.EXECUTING]),
          eq(taskExecution.isDeleted, 0),
          // prepared ahead and not yet told to fly: its start job executes it, or it expires
          sql`${taskExecution.startTime} is not null`,
          sql`coalesce(${taskExecution.progressAt}, ${taskExecution.startTime}, ${taskExecution.planAt}) < ${new Date(now - RECOVERY_IDLE_MS)}`,
        ),
      )
      .limit(500);
    let finished = 0;
    for (const execution of stalled) {
      if (!execution.hangarSn) continue;
      const live = await this.live.get(execution.hangarSn);
      const osd = live?.osd as DockOsd | undefined;
      if (!live?.online || osd?.mode_code !== DOCK_MODE.IDLE || osd.drone_in_dock !== 1) continue;
      const ctx = this.ctx(execution.tenantId);
      const done = (execution.percent ?? 0) >= 100;
      let from = execution.taskStatus as TaskStatus;
      if (done && from === TASK_STATUS.RECEIVED) {
        if (
          !(await moveExecution(ctx, {
            executionId: execution.id,
            from,
            to: 2,
            cause: 'task.timeline.recovered',
          }))
        )
          continue;
        from = TASK_STATUS.EXECUTING;
      }
      const end = execution.progressAt ?? new Date(now);
      const moved = await moveExecution(ctx, {
        executionId: execution.id,
        from,
        to: done ? TASK_STATUS.COMPLETED : TASK_STATUS.FAILED,
        cause: 'task.timeline.recovered',
        set: {
          endTime: end,
          ...(await this.flown(ctx, execution, end)),
          ...(done
            ? {}
            : {
                causeKey: 'task.timeline.recovered',
                breakPoint: execution.breakPoint ?? {
                  waypointIndex: execution.waypointIndex ?? 0,
                  percent: execution.percent ?? 0,
                },
              }),
        },
      });
      if (moved) finished += 1;
    }
    return finished;
  }
}
