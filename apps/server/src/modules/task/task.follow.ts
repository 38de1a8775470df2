import { isAirborneMode, type LiveDevice, TASK_STATUS, TASK_TYPE } from '@aos/contract';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { EventEmitter } from 'node:events';
import type { Executor } from '../../db/client.js';
import { device, flightTrack, task, taskExecution } from '../../db/schema/index.js';
import type { DeviceLinkEvents, DeviceOsdEvent } from '../../device/events.js';
import { type LinkLogger, silentLogger } from '../../device/logger.js';
import { platformCtx } from '../../lib/context.js';
import { moveExecution } from './task.status.js';

/** What the follower needs of the telemetry area: its writer, flushed before a landed flight's track is read. */
export interface TrackSource {
  flush(): Promise<void>;
}

/** What the follower needs of the live picture: a device's online state and when it was last heard. */
export interface PresenceSource {
  get(sn: string): Promise<LiveDevice | null>;
}

/**
 * A followed drone not heard for this long while its flight task executes (powered off or out of range in the
 * air, its remote controller gone) has lost contact: the execution fails (`task.timeline.lostContact`). Five
 * minutes: well past the link's own offline delay (DEVICE_OFFLINE_MS, 30 s by default) and a remote
 * controller's usual link drops, short enough that a console does not show a flight for hours.
 */
export const LOST_CONTACT_MS = 5 * 60_000;

/** At most this many lost flights finished per sweep (the next minute's sweep takes the rest). */
const SWEEP_LIMIT = 200;

const TRACK_ID = /^[\w.:-]{1,64}$/;

/**
 * Flight tasks (type flight: a fly operator flies the task's aircraft with a remote controller) followed from
 * the aircraft's own telemetry (issue 17; docs/task.md "Flight tasks followed from telemetry"):
 *
 * - take-off: the drone's OSD turns airborne (`mode_code`, contract `isAirborneMode`) with a `track_id`; the
 *   earliest open execution (pending or received, its planned time passed, its window not ended) of a flight
 *   task of the drone's tenant whose aircraft is that drone moves to executing with its start time and the
 *   track id (`task.timeline.tookOff`);
 * - landing: the drone's OSD is no longer airborne; an executing execution of such a task moves to completed
 *   with its end time and the flown duration and mileage of its aos_flight_track row (tenant, drone, track id:
 *   what telemetry.tracks.ts aggregates), after this instance's telemetry batch is written
 *   (`task.timeline.landed`).
 *
 * The drone is named by the link's identity of the device sending the OSD (tenant and aos_device id), never by
 * what the message says: another tenant's drone, whatever its track id, matches none of a tenant's tasks.
 * Moves go through moveExecution (compare-and-set, legal edges only, a timeline row, the task's own status):
 * instances seeing the same drone move an execution once. Each drone's messages are handled one after the
 * other; only a change of state (grounded ↔ airborne, a new track) reads the database. A drone first seen
 * grounded (after a restart) finishes what it left executing.
 *
 * - lost contact: `sweep` (the task area's minute tick, one instance) fails an executing flight whose drone
 *   has not been heard for LOST_CONTACT_MS — its last sign of life is the latest of its stored track's last
 *   point, its take-off and the live picture's last message — with the end time at that last sign and the
 *   stored track's duration and mileage. Everything it reads is in the database (and the shared live
 *   picture), so it works on any instance and after a restart.
 */
export class TaskFollow {
  /** tenant + serial → the track id while airborne, null on the ground (absent: not seen yet) */
  private readonly seen = new Map<string, string | null>();
  /** tenant + serial → the drone's messages being handled, in order */
  private readonly queues = new Map<string, Promise<void>>();
  private link: EventEmitter<DeviceLinkEvents> | null = null;
  private readonly listener = (event: DeviceOsdEvent) => this.accept(event);

  constructor(
    private readonly db: Executor,
    private readonly tracks: TrackSource,
    private readonly log: LinkLogger = silentLogger,
    private readonly now: () => number = Date.now,
    private readonly presence: PresenceSource | null = null,
  ) {}

  attach(link: EventEmitter<DeviceLinkEvents>): void {
    this.detach();
    this.link = link;
    link.on('osd', this.listener);
  }

  detach(): void {
    this.link?.off('osd', this.listener);
    this.link = null;
  }

  /** Resolves once every message taken so far is handled (tests). */
  async idle(): Promise<void> {
    await Promise.all([...this.queues.values()]);
  }

  /** The link's osd handler: never throws, never waits. */
  accept(event: DeviceOsdEvent): void {
    const { device, osd } = event;
    if (device.kind !== 'device') return;
    const airborne = isAirborneMode(typeof osd.mode_code === 'number' ? osd.mode_code : null);
    const trackId =
      airborne && typeof osd.track_id === 'string' && TRACK_ID.test(osd.track_id) ? osd.track_id : null;
    // airborne without a track id yet: nothing to link a flight to, wait for the next message
    if (airborne && !trackId) return;
    const key = `${device.tenantId}\u0000${device.serialNumber}`;
    const before = this.seen.get(key);
    if (before === trackId) return;
    this.seen.set(key, trackId);
    const at = this.now();
    const step = async () => {
      if (before) await this.landed(device.tenantId, device.serialNumber, device.ownerId, before, at);
      else if (before === undefined && !trackId)
        await this.landed(device.tenantId, device.serialNumber, device.ownerId, null, at);
      if (trackId) await this.tookOff(device.tenantId, device.ownerId, trackId, at);
    };
    const queue = (this.queues.get(key) ?? Promise.resolve())
      .then(step)
      .catch((error: unknown) =>
        this.log.warn({ err: error, sn: device.serialNumber }, 'flight task not followed'),
      );
    this.queues.set(key, queue);
    void queue.then(() => {
      if (this.queues.get(key) === queue) this.queues.delete(key);
    });
  }

  /** The flight tasks of `tenantId` flown by aircraft `droneId` (aos_device id). */
  private tasksOf(tenantId: string, droneId: string) {
    return and(
      eq(task.tenantId, tenantId),
      eq(task.type, TASK_TYPE.FLIGHT),
      eq(task.aircraftId, droneId),
      eq(task.isDeleted, 0),
    );
  }

  /** Take-off at `at`: the earliest open execution of the drone's flight tasks flies this track. */
  private async tookOff(tenantId: string, droneId: string, trackId: string, at: number) {
    const ctx = platformCtx(this.db, tenantId);
    const executions = await this.db
      .select({ id: taskExecution.id, status: taskExecution.taskStatus, trackId: taskExecution.trackId })
      .from(taskExecution)
      .innerJoin(task, eq(task.id, taskExecution.taskId))
      .where(
        and(
          this.tasksOf(tenantId, droneId),
          eq(taskExecution.tenantId, tenantId),
          eq(taskExecution.isDeleted, 0),
          inArray(taskExecution.taskStatus, [
            TASK_STATUS.PENDING,
            TASK_STATUS.RECEIVED,
            TASK_STATUS.EXECUTING,
          ]),
          lte(taskExecution.planAt, new Date(at)),
          gt(taskExecution.windowEnd, new Date(at)),
        ),
      )
      .orderBy(asc(taskExecution.planAt))
      .limit(20);
    // this flight is already followed (another instance, or this one before a restart)
    if (executions.some((row) => row.status === TASK_STATUS.EXECUTING && row.trackId === trackId)) return;
    for (const execution of executions) {
      if (execution.status === TASK_STATUS.EXECUTING) continue;
      const moved = await moveExecution(ctx, {
        executionId: execution.id,
        from: execution.status as 0 | 1,
        to: TASK_STATUS.EXECUTING,
        cause: 'task.timeline.tookOff',
        params: { trackId },
        set: { startTime: new Date(at), trackId, progressAt: new Date(at) },
      });
      if (moved) return;
      // another instance moved it first: if to this very flight, the flight is followed, nothing else moves
      const [now] = await this.db
        .select({ status: taskExecution.taskStatus, trackId: taskExecution.trackId })
        .from(taskExecution)
        .where(and(eq(taskExecution.tenantId, tenantId), eq(taskExecution.id, execution.id)));
      if (now?.status === TASK_STATUS.EXECUTING && now.trackId === trackId) return;
    }
  }

  /**
   * Landed at `at` (or seen on the ground for the first time, `trackId` null): the drone's executing flight
   * task executions of that track (any, when null) complete with the track's duration and mileage.
   */
  private async landed(
    tenantId: string,
    droneSn: string,
    droneId: string,
    trackId: string | null,
    at: number,
  ) {
    const ctx = platformCtx(this.db, tenantId);
    const executions = await this.db
      .select({ id: taskExecution.id, trackId: taskExecution.trackId, startTime: taskExecution.startTime })
      .from(taskExecution)
      .innerJoin(task, eq(task.id, taskExecution.taskId))
      .where(
        and(
          this.tasksOf(tenantId, droneId),
          eq(taskExecution.tenantId, tenantId),
          eq(taskExecution.isDeleted, 0),
          eq(taskExecution.taskStatus, TASK_STATUS.EXECUTING),
          ...(trackId ? [eq(taskExecution.trackId, trackId)] : []),
        ),
      )
      .limit(20);
    if (executions.length === 0) return;
    // the flight's last points are in this instance's batch: written before the track is read
    await this.tracks.flush();
    for (const execution of executions) {
      const track = await this.trackOf(tenantId, droneSn, execution.trackId);
      // no stored point of the flight (telemetry lost): its duration from take-off to landing, no mileage
      const duration = track
        ? track.durationS
        : execution.startTime
          ? Math.max(0, (at - execution.startTime.getTime()) / 1000)
          : null;
      await moveExecution(ctx, {
        executionId: execution.id,
        from: TASK_STATUS.EXECUTING,
        to: TASK_STATUS.COMPLETED,
        cause: 'task.timeline.landed',
        params: execution.trackId ? { trackId: execution.trackId } : {},
        set: {
          endTime: new Date(at),
          flightDuration: duration === null ? null : Math.round(duration),
          mileage: track ? Math.round(track.distanceM) : null,
          percent: 100,
          progressAt: new Date(at),
        },
      });
    }
  }

  /** The stored flight (aos_flight_track) of a drone's track: its duration, length and last point. */
  private async trackOf(tenantId: string, droneSn: string | null, trackId: string | null) {
    if (!droneSn || !trackId) return undefined;
    const [track] = await this.db
      .select({
        durationS: flightTrack.durationS,
        distanceM: flightTrack.distanceM,
        endedAt: flightTrack.endedAt,
      })
      .from(flightTrack)
      .where(
        and(
          eq(flightTrack.tenantId, tenantId),
          eq(flightTrack.droneSn, droneSn),
          eq(flightTrack.trackId, trackId),
        ),
      )
      .limit(1);
    return track;
  }

  /**
   * Lost contact (run by the task area's minute tick on one instance; safe on several): every executing
   * flight whose drone has not been heard for LOST_CONTACT_MS before `now` fails with
   * `task.timeline.lostContact`, ending at its last sign of life (the latest of the stored track's last
   * point, the take-off and the live picture's last message) with the stored track's duration and mileage.
   * Answers how many it failed.
   */
  async sweep(now: number = this.now()): Promise<number> {
    const cutoff = new Date(now - LOST_CONTACT_MS);
    const candidates = await this.db
      .select({
        id: taskExecution.id,
        tenantId: taskExecution.tenantId,
        trackId: taskExecution.trackId,
        startTime: taskExecution.startTime,
        planAt: taskExecution.planAt,
        droneId: task.aircraftId,
        droneSn: device.serialNumber,
      })
      .from(taskExecution)
      .innerJoin(task, and(eq(task.id, taskExecution.taskId), eq(task.tenantId, taskExecution.tenantId)))
      .leftJoin(device, and(eq(device.id, task.aircraftId), eq(device.tenantId, task.tenantId)))
      .leftJoin(
        flightTrack,
        and(
          eq(flightTrack.tenantId, taskExecution.tenantId),
          eq(flightTrack.droneSn, device.serialNumber),
          eq(flightTrack.trackId, taskExecution.trackId),
        ),
      )
      .where(
        and(
          eq(task.type, TASK_TYPE.FLIGHT),
          eq(taskExecution.taskStatus, TASK_STATUS.EXECUTING),
          eq(taskExecution.isDeleted, 0),
          sql`greatest(${flightTrack.endedAt}, ${taskExecution.startTime}, ${taskExecution.planAt}) < ${cutoff}`,
        ),
      )
      .orderBy(asc(taskExecution.planAt))
      .limit(SWEEP_LIMIT);
    if (candidates.length === 0) return 0;
    // this instance's last points of those flights are written first: each track is read again below
    await this.tracks.flush();
    let failed = 0;
    for (const execution of candidates) {
      const track = await this.trackOf(execution.tenantId, execution.droneSn, execution.trackId);
      const live = execution.droneSn ? await this.presence?.get(execution.droneSn) : null;
      const heard =
        live && live.tenantId === execution.tenantId && live.ownerId === execution.droneId
          ? (live.lastSeen ?? 0)
          : 0;
      const lastSeen = Math.max(
        track?.endedAt.getTime() ?? 0,
        (execution.startTime ?? execution.planAt).getTime(),
        heard,
      );
      // heard lately (online, or its messages reach another instance's link): its landing will come
      if (now - lastSeen < LOST_CONTACT_MS) continue;
      const duration = track
        ? track.durationS
        : execution.startTime
          ? Math.max(0, (lastSeen - execution.startTime.getTime()) / 1000)
          : null;
      const moved = await moveExecution(platformCtx(this.db, execution.tenantId), {
        executionId: execution.id,
        from: TASK_STATUS.EXECUTING,
        to: TASK_STATUS.FAILED,
        cause: 'task.timeline.lostContact',
        params: execution.trackId ? { trackId: execution.trackId } : {},
        set: {
          endTime: new Date(lastSeen),
          flightDuration: duration === null ? null : Math.round(duration),
          mileage: track ? Math.round(track.distanceM) : null,
          causeKey: 'task.timeline.lostContact',
          progressAt: new Date(now),
        },
      });
      if (moved) failed += 1;
    }
    return failed;
  }
}
