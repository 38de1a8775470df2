import {
  deviceCodeInfo,
  DOCK_MODE,
  type DockOsd,
  isDockTask,
  type MessageKey,
  TASK_STATUS,
  type TaskStatus,
  weatherLimitsOf,
} from '@aos/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../area.js';
import type { Executor } from '../../db/client.js';
import { task, taskExecution } from '../../db/schema/index.js';
import { DeviceCommandError } from '../../device/commands.js';
import type { DeviceEventEvent } from '../../device/events.js';
import type { DeviceLink } from '../../device/link.js';
import { type Ctx, inTransaction, platformCtx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { formatDateTime } from '../../lib/time.js';
import type { LiveHub } from '../../live/hub.js';
import type { Scheduler } from '../../scheduler/scheduler.js';
import { executionsDue, expireOverdue, planTask, tasksToPlan } from './task.planner.js';
import type { TaskDispatcher, TaskService } from './task.service.js';
import {
  type ExecutionRow,
  isPreparedAhead,
  moveExecution,
  preparesAhead,
  type TaskRow,
  writeTimeline,
} from './task.status.js';
import type { TaskFollow } from './task.follow.js';
import { claimTakeoff } from './task.takeoff.js';
import {
  type Flight,
  FlightProgress,
  KMZ_URL_SECONDS,
  WAIT_RETRY_MS,
  waylineStarts,
} from './task.progress.js';

declare module '../../scheduler/jobs.js' {
  interface JobMap {
    /** start one execution of a task at its time (singleton per execution id) */
    'task.start': { executionId: string };
    /** every minute: plan the horizon, re-send due starts, expire the overdue, recover stalled flights */
    'task.tick': Record<string, never>;
  }
}

/** Job starts at once on each instance: a start waits mostly on the dock's answers (prepare, execute). */
const START_CONCURRENCY = 50;
/** How often an instance looks for due starts (a start due later is found at the next look). */
const START_POLL_MS = 250;
/**
 * A flight at a fixed time is prepared this long ahead (`flighttask_prepare` with its `execute_time`: the dock
 * downloads and checks the file before the time, DJI's timed task), then executed EXECUTE_LEAD_MS ahead (the
 * dock waits for `execute_time` and takes off on time; DJI's own sample sends the execute up to 30 s early).
 */
export const PREPARE_LEAD_MS = 5 * 60_000;
export const EXECUTE_LEAD_MS = 30_000;

/** `wayline_type` of `flighttask_prepare` by route kind. */
const WAYLINE_TYPE: Record<string, number> = { waypoint: 0, area: 1, oblique: 2, strip: 3 };

interface Refusal {
  cause: MessageKey;
  params?: Record<string, string | number>;
  /** nothing waiting can change: fail whatever the schedule */
  final?: boolean;
  retryMs?: number;
}

type Deps = Pick<Services, 'routes' | 'routeChecks' | 'files' | 'telemetry'> & {
  tasks: TaskService;
  /** flight tasks whose drone went silent in the air (the minute's timer sweeps them) */
  taskFollow: Pick<TaskFollow, 'sweep'>;
};

/**
 * Dispatch over the device link (PROTOCOLS.md §2 Flight tasks; issue 17): at an execution's time its
 * conditions are checked on the dock's live state, then `flighttask_prepare` (the KMZ as a presigned URL with
 * its MD5) and `flighttask_execute`; `flighttask_progress` events from the dock flying it drive the status;
 * `flighttask_resource_get` is answered for the asking dock's own flight only. Everything it knows is in the
 * database, so any instance continues a flight another started (and a restarted one recovers it).
 */
export class TaskDispatch implements TaskDispatcher {
  constructor(
    private readonly db: Executor,
    private readonly link: DeviceLink,
    private readonly live: Pick<LiveHub, 'get'>,
    private readonly scheduler: Scheduler,
    private readonly deps: Deps,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'debug'>,
    private readonly now: () => number = Date.now,
  ) {
    this.flights = new FlightProgress(db, live, deps, log, now, (executions) => this.schedule(executions));
  }

  /** What the docks say of the flights they were sent: progress, resource requests, recovery. */
  private readonly flights: FlightProgress;

  private ctx(tenantId: string): Ctx {
    return platformCtx(this.db, tenantId);
  }

  // ------------------------------------------------------------------------------------------------ wiring

  async define(): Promise<void> {
    this.scheduler.define('task.start', (job) => this.start(job.data.executionId), {
      policy: 'stately',
      retryLimit: 1,
      retryDelaySeconds: 10,
      expireInSeconds: 600,
      concurrency: START_CONCURRENCY,
      pollMs: START_POLL_MS,
    });
    this.scheduler.define('task.tick', () => this.tick(), { policy: 'singleton', retryLimit: 0 });
    await this.scheduler.schedule('task.tick', '* * * * *', {});
  }

  attach(): void {
    this.link.on('event', (event) => {
      if (event.method !== 'flighttask_progress' || !event.job) return;
      this.flights
        .progress(event.device, event.job)
        .catch((error: unknown) =>
          this.log.warn({ err: error, sn: event.device.serialNumber }, 'flight progress not handled'),
        );
    });
    this.link.handleRequest('flighttask_resource_get', (device, data) =>
      this.flights.resourceGet(device, data),
    );
  }

  /**
   * Send the start jobs of new executions (a job per execution: any number of sends start it once), each
   * PREPARE_LEAD_MS before its time: the job prepares a timed flight ahead, or sends itself again for the time.
   */
  async schedule(executions: Array<Pick<ExecutionRow, 'id' | 'planAt'>>): Promise<void> {
    for (const execution of executions)
      await this.startAt(execution.id, execution.planAt.getTime() - PREPARE_LEAD_MS, execution.id);
  }

  private async startAt(executionId: string, at: number, singletonKey: string): Promise<void> {
    await this.scheduler.send('task.start', { executionId }, { startAfter: new Date(at), singletonKey });
  }

  async startNow(_ctx: Ctx, execution: ExecutionRow): Promise<void> {
    await this.start(execution.id);
  }

  // ------------------------------------------------------------------------------------------------ start

  /**
   * The `task.start` job of one execution, by its state and time (docs/task.md "Starts on time"):
   * - a timed flight (once, repeating, dates) PREPARE_LEAD_MS before its time: prepared ahead (received), and
   *   executed EXECUTE_LEAD_MS before it (the dock takes off at `execute_time`), its dock's conditions and the
   *   take-off lock checked again then; a dock that cannot take it ahead flies it as below at the time;
   * - any other (now, continuous, a manual start, a timed one not prepared ahead) at its time: conditions,
   *   take-off lock, `flighttask_prepare` and `flighttask_execute` at once.
   */
  async start(executionId: string): Promise<void> {
    const [execution] = await this.db
      .select()
      .from(taskExecution)
      .where(and(eq(taskExecution.id, executionId), eq(taskExecution.isDeleted, 0)))
      .limit(1);
    if (!execution) return;
    const preparedAhead = isPreparedAhead(execution);
    if (execution.taskStatus !== TASK_STATUS.PENDING && !preparedAhead) return;
    const ctx = this.ctx(execution.tenantId);
    const now = this.now();
    if (execution.windowEnd.getTime() <= now) {
      const expired = await moveExecution(ctx, {
        executionId,
        from: execution.taskStatus as TaskStatus,
        to: TASK_STATUS.EXPIRED,
        cause: 'task.timeline.expired',
        set: { endTime: new Date(now) },
      });
      if (expired && preparedAhead) await this.undoPrepared(ctx, execution);
      return;
    }
    const [row] = await this.db
      .select()
      .from(task)
      .where(and(eq(task.id, execution.taskId), eq(task.isDeleted, 0)))
      .limit(1);
    if (!row || !isDockTask(row.type)) return;
    const lead = execution.planAt.getTime() - now;
    if (preparedAhead) {
      if (lead > EXECUTE_LEAD_MS + 1000)
        return this.startAt(executionId, execution.planAt.getTime() - EXECUTE_LEAD_MS, `${executionId}:x`);
      return this.executePrepared(ctx, row, execution);
    }
    if (preparesAhead(row) && lead > EXECUTE_LEAD_MS + 5000) {
      if (lead > PREPARE_LEAD_MS + 1000)
        return this.startAt(executionId, execution.planAt.getTime() - PREPARE_LEAD_MS, executionId);
      const outcome = await this.prepareAhead(ctx, row, execution);
      if (outcome === 'prepared')
        return this.startAt(executionId, execution.planAt.getTime() - EXECUTE_LEAD_MS, `${executionId}:x`);
      if (outcome === 'gone') return;
      // not taken ahead (the dock offline or busy, a check failing now): started at its time, refusals then
      return this.startAt(executionId, execution.planAt.getTime(), `${executionId}:at`);
    }
    if (lead > 1000) return this.startAt(executionId, execution.planAt.getTime(), `${executionId}:at`);
    const ready = await this.conditions(ctx, row);
    if ('cause' in ready) return this.refused(ctx, row, execution, ready);
    const held = await claimTakeoff(ctx, execution, ready.dockSn, ready.osd, now);
    if (held) return this.refused(ctx, row, execution, held);
    await this.prepareAndExecute(ctx, row, execution, ready.dockSn, ready.flight);
  }

  /**
   * Prepare a timed flight ahead of its time: the dock online, the route readable and its checks passing at the
   * planned time, then `flighttask_prepare` with `execute_time` = the planned time → received. Anything unmet
   * leaves it pending for its time, where the same is checked again and a refusal recorded.
   */
  private async prepareAhead(
    ctx: Ctx,
    row: TaskRow,
    execution: ExecutionRow,
  ): Promise<'prepared' | 'notReady' | 'gone'> {
    const found = row.hangarId ? await this.deps.tasks.dockAndDrone(ctx, row.hangarId) : null;
    if (!found || !this.link.running) return 'notReady';
    const dockSn = found.dock.serialNumber;
    if (!(await this.live.get(dockSn))?.online) return 'notReady';
    let flight: Flight;
    try {
      flight = await this.deps.routes.flight(ctx, row.routeId!);
    } catch {
      return 'notReady';
    }
    const check = await this.deps.routeChecks.checkSaved(ctx, flight, {
      hangarId: row.hangarId,
      startTime: formatDateTime(execution.planAt),
    });
    if (!check.ok) return 'notReady';
    try {
      await this.sendPrepare(ctx, row, execution, dockSn, flight, execution.planAt.getTime());
    } catch (error) {
      this.log.debug({ err: error, executionId: execution.id }, 'not prepared ahead: started at its time');
      return 'notReady';
    }
    const prepared = await moveExecution(ctx, {
      executionId: execution.id,
      from: TASK_STATUS.PENDING,
      to: TASK_STATUS.RECEIVED,
      cause: 'task.timeline.preparedAhead',
      params: { time: execution.planLocal },
      set: { flightId: execution.id, hangarSn: dockSn, waylineStarts: waylineStarts(flight.file) },
    });
    if (prepared) return 'prepared';
    // cancelled (or removed) meanwhile: the dock drops what it was given
    await this.undoPrepared(ctx, { ...execution, flightId: execution.id, hangarSn: dockSn });
    return 'gone';
  }

  /**
   * EXECUTE_LEAD_MS before the time of a flight prepared ahead: the dock's conditions on its live state again
   * and the take-off lock at the planned time, then `flighttask_execute` (the dock waits for `execute_time`).
   * The dock's first progress moves it to executing; sent late (held by a neighbour), it is executing at once.
   */
  private async executePrepared(ctx: Ctx, row: TaskRow, execution: ExecutionRow) {
    const ready = await this.dockConditions(ctx, row);
    const now = this.now();
    // before the time (the last flight still landing, say) the dock gets until the time, as any other
    if ('cause' in ready && !ready.final && now + 1000 < execution.planAt.getTime())
      return this.startAt(execution.id, execution.planAt.getTime(), `${execution.id}:t`);
    if ('cause' in ready) return this.refused(ctx, row, execution, ready);
    const takeoffAt = Math.max(now, execution.planAt.getTime());
    const held = await claimTakeoff(ctx, execution, ready.dockSn, ready.osd, takeoffAt);
    if (held) return this.refused(ctx, row, execution, held);
    const flightId = execution.flightId!;
    try {
      await this.link.call(
        ready.dockSn,
        'flighttask_execute',
        { flight_id: flightId },
        { gatewaySn: ready.dockSn, bid: flightId },
      );
    } catch (error) {
      await this.failed(ctx, execution.id, TASK_STATUS.RECEIVED, error);
      await this.undoPrepared(ctx, execution);
      return;
    }
    if (takeoffAt <= this.now() + 1000) {
      await moveExecution(ctx, {
        executionId: execution.id,
        from: TASK_STATUS.RECEIVED,
        to: TASK_STATUS.EXECUTING,
        cause: 'task.timeline.executing',
      });
      return;
    }
    await writeTimeline(ctx, {
      taskId: row.id,
      executionId: execution.id,
      kind: 'command',
      cause: 'task.timeline.executeSent',
      params: { time: execution.planLocal },
    });
  }

  /**
   * Tell the dock to drop a flight prepared ahead (`flighttask_undo`), as far as it can be told: a dock flies
   * a prepared flight only when sent `flighttask_execute`, which an execution that moved on never is.
   */
  async undoPrepared(ctx: Ctx, execution: Pick<ExecutionRow, 'id' | 'flightId' | 'hangarSn'>): Promise<void> {
    const sn = execution.hangarSn;
    if (!sn || !execution.flightId) return;
    try {
      await this.link.call(sn, 'flighttask_undo', { flight_ids: [execution.flightId] }, { gatewaySn: sn });
    } catch (error) {
      this.log.debug({ err: error, executionId: execution.id }, 'prepared flight not undone on the dock');
    }
  }

  /** The conditions of spec/issue 17: the dock's (live state), then the route's; the first unmet one. */
  private async conditions(
    ctx: Ctx,
    row: TaskRow,
  ): Promise<Refusal | { dockSn: string; osd: DockOsd; flight: Flight }> {
    const dock = await this.dockConditions(ctx, row);
    if ('cause' in dock) return dock;
    let flight;
    try {
      flight = await this.deps.routes.flight(ctx, row.routeId!);
    } catch {
      return { cause: 'task.routeUnknown', final: true };
    }
    const check = await this.deps.routeChecks.checkSaved(ctx, flight, { hangarId: row.hangarId });
    if (!check.ok) {
      const blocking = check.items.find((item) => item.level === 'block');
      return { cause: 'task.condition.route', params: { reason: blocking?.code ?? 'unknown' } };
    }
    return { ...dock, flight };
  }

  /** The dock's conditions on its live state: online, idle, the drone in it charged, storage, weather. */
  private async dockConditions(ctx: Ctx, row: TaskRow): Promise<Refusal | { dockSn: string; osd: DockOsd }> {
    const found = row.hangarId ? await this.deps.tasks.dockAndDrone(ctx, row.hangarId) : null;
    if (!found) return { cause: 'task.hangarNotFound', final: true };
    if (!this.link.running) return { cause: 'task.condition.linkDown' };
    const live = await this.live.get(found.dock.serialNumber);
    if (!live?.online) return { cause: 'task.hangarOffline' };
    const osd = live.osd as DockOsd;
    if (osd.mode_code !== DOCK_MODE.IDLE) return { cause: 'task.condition.dockBusy' };
    if (osd.drone_in_dock !== 1) return { cause: 'task.condition.droneNotInDock' };
    const battery = osd.drone_charge_state?.capacity_percent;
    const minimum = row.schedule.mode === 'continuous' ? row.schedule.minBattery : found.dock.lowBattery;
    if (battery === undefined || battery < minimum)
      return { cause: 'task.condition.battery', params: { value: battery ?? 0, limit: minimum } };
    if (osd.storage?.total && osd.storage.used !== undefined && osd.storage.used >= osd.storage.total * 0.98)
      return { cause: 'task.condition.storage' };
    const limits = weatherLimitsOf(found.droneModelId);
    if (osd.wind_speed !== undefined && osd.wind_speed > limits.windSpeed)
      return { cause: 'task.condition.wind', params: { value: osd.wind_speed, limit: limits.windSpeed } };
    if (osd.rainfall !== undefined && osd.rainfall > limits.rainfall) return { cause: 'task.condition.rain' };
    return { dockSn: found.dock.serialNumber, osd };
  }

  /**
   * A refused start: a timeline entry with its cause; a continuous schedule (or a take-off held by a
   * neighbour) waits and tries again within its window, any other execution fails.
   */
  private async refused(ctx: Ctx, row: TaskRow, execution: ExecutionRow, refusal: Refusal) {
    const retryMs =
      refusal.retryMs ?? (row.schedule.mode === 'continuous' && !refusal.final ? WAIT_RETRY_MS : 0);
    const now = this.now();
    if (retryMs && now + retryMs < execution.windowEnd.getTime()) {
      await writeTimeline(ctx, {
        taskId: row.id,
        executionId: execution.id,
        kind: 'condition',
        cause: refusal.cause,
        params: refusal.params ?? {},
      });
      await this.startAt(execution.id, now + retryMs, `${execution.id}:${now}`);
      return;
    }
    const failed = await moveExecution(ctx, {
      executionId: execution.id,
      from: execution.taskStatus as TaskStatus,
      to: TASK_STATUS.FAILED,
      cause: refusal.cause,
      params: refusal.params ?? {},
      set: { causeKey: refusal.cause, endTime: new Date(now) },
    });
    if (failed && isPreparedAhead(execution)) await this.undoPrepared(ctx, execution);
  }

  /** `flighttask_prepare` of an execution: the route's KMZ as a presigned URL with its MD5, for `executeTime`. */
  private async sendPrepare(
    ctx: Ctx,
    row: TaskRow,
    execution: ExecutionRow,
    dockSn: string,
    flight: Flight,
    executeTime: number,
  ) {
    const url = await this.deps.files.presignObject(
      ctx,
      { key: flight.row.kmzKey, ossVersionId: flight.row.kmzOssVersionId },
      KMZ_URL_SECONDS,
    );
    await this.link.call(
      dockSn,
      'flighttask_prepare',
      {
        flight_id: execution.id,
        execute_time: executeTime,
        // DJI: 0 immediate, 1 timed (prepared ahead of its execute_time)
        task_type: executeTime > this.now() ? 1 : 0,
        wayline_type: WAYLINE_TYPE[flight.row.kind] ?? 0,
        file: { url, fingerprint: flight.row.fingerprint },
        rth_altitude: row.rthAltitude,
        out_of_control_action: row.outOfControlAction,
        exit_wayline_when_rc_lost: 0,
      },
      { gatewaySn: dockSn, bid: execution.id },
    );
  }

  /** Prepare and execute at once (a flight at its time, or now). */
  private async prepareAndExecute(
    ctx: Ctx,
    row: TaskRow,
    execution: ExecutionRow,
    dockSn: string,
    flight: Flight,
  ) {
    const flightId = execution.id;
    let prepared: ExecutionRow | null = null;
    try {
      await this.sendPrepare(ctx, row, execution, dockSn, flight, this.now());
      prepared = await moveExecution(ctx, {
        executionId: execution.id,
        from: 0,
        to: TASK_STATUS.RECEIVED,
        cause: 'task.timeline.prepared',
        set: { flightId, hangarSn: dockSn, waylineStarts: waylineStarts(flight.file) },
      });
      if (!prepared) return;
      await this.link.call(
        dockSn,
        'flighttask_execute',
        { flight_id: flightId },
        { gatewaySn: dockSn, bid: flightId },
      );
      // a progress event may have moved it already (received → executing): then nothing to do here
      await moveExecution(ctx, {
        executionId: execution.id,
        from: TASK_STATUS.RECEIVED,
        to: TASK_STATUS.EXECUTING,
        cause: 'task.timeline.executing',
      });
    } catch (error) {
      await this.failed(ctx, execution.id, prepared ? TASK_STATUS.RECEIVED : TASK_STATUS.PENDING, error);
    }
  }

  /** A command or step that failed: the device's code as a cause and a remedy, or the platform's cause. */
  private async failed(ctx: Ctx, executionId: string, from: TaskStatus, error: unknown) {
    const now = new Date(this.now());
    if (error instanceof DeviceCommandError && error.reason === 'rejected' && error.result !== null) {
      const info = deviceCodeInfo(error.result);
      await moveExecution(ctx, {
        executionId,
        from,
        to: TASK_STATUS.FAILED,
        cause: 'task.timeline.deviceFailed',
        params: { code: info.code },
        errorCode: info.code,
        remedy: info.remedyKey,
        set: { errorCode: info.code, causeKey: info.causeKey, remedyKey: info.remedyKey, endTime: now },
      });
      return;
    }
    if (!(error instanceof DeviceCommandError))
      this.log.warn({ err: error, executionId }, 'task dispatch failed');
    const cause =
      error instanceof AppError && error.status === 404 ? 'task.routeUnknown' : 'task.executionFailed';
    await moveExecution(ctx, {
      executionId,
      from,
      to: TASK_STATUS.FAILED,
      cause,
      params: { reason: error instanceof DeviceCommandError ? error.reason : 'error' },
      set: { causeKey: cause, endTime: now },
    });
  }

  /** An operator's command to the dock flying an execution; the device's refusal is the caller's error. */
  async command(ctx: Ctx, execution: ExecutionRow, action: 'return_home' | 'undo' | 'pause' | 'resume') {
    const sn = execution.hangarSn;
    if (!sn) throw new AppError(400, 'task.hangarNotFound', { field: 'id' }, { field: 'id' });
    const [method, data] =
      action === 'return_home'
        ? ['return_home', {}]
        : action === 'undo'
          ? ['flighttask_undo', { flight_ids: [execution.flightId] }]
          : action === 'pause'
            ? ['flighttask_pause', {}]
            : ['flighttask_recovery', {}];
    try {
      await this.link.call(sn, method, data, { gatewaySn: sn });
    } catch (error) {
      if (!(error instanceof DeviceCommandError)) throw error;
      if (error.reason === 'rejected') {
        const info = deviceCodeInfo(error.result ?? 0);
        throw new AppError(502, 'task.executionFailed', { code: info.code }, info);
      }
      throw new AppError(error.reason === 'timeout' ? 504 : 503, 'task.hangarOffline');
    }
    await writeTimeline(ctx, {
      taskId: execution.taskId,
      executionId: execution.id,
      kind: 'command',
      cause: `task.timeline.${action === 'return_home' ? 'closed' : action === 'undo' ? 'cancelled' : action === 'pause' ? 'paused' : 'resumed'}`,
      params: { method },
    });
  }

  // ------------------------------------------------------------------------------------------------ timer

  /** The minute's work; each part is safe to run on several instances at once. */
  async tick(): Promise<void> {
    const now = this.now();
    for (const row of await tasksToPlan(this.db, now)) {
      const created = await inTransaction(this.ctx(row.tenantId), (tx) => planTask(tx, row, now));
      await this.schedule(created);
    }
    await this.schedule(await executionsDue(this.db, now, PREPARE_LEAD_MS + 2 * 60_000));
    await expireOverdue(
      (tenantId) => this.ctx(tenantId),
      this.db,
      now,
      (ctx, execution) => this.undoPrepared(ctx, execution),
    );
    await this.recover();
    await this.deps.taskFollow.sweep(now);
  }

  /** Finish flights gone silent whose dock is idle again (see FlightProgress.recover). */
  recover(): Promise<number> {
    return this.flights.recover();
  }

  /** The drone's telemetry points `[lon, lat, height, ms]` between two instants (the telemetry area's). */
  points(ctx: Ctx, droneSn: string, start: Date, end: Date) {
    return this.flights.points(ctx, droneSn, start, end);
  }
}

export type { DeviceEventEvent };
