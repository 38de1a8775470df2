import { randomUUID } from 'node:crypto';
import {
  aircraftPoweredOn,
  cameraStatus,
  type ControlContext,
  type ControlResult,
  type DockControlBody,
  type DroneControlBody,
  JOB_FINAL_STATUSES,
  type LiveDevice,
  type LiveEvents,
  type LiveFrame,
  liveRoom,
  type LiveJob,
  type OnlineDrone,
  type Operator,
  type PodAction,
  type PodControlBody,
  type PodControlStatus,
  type Refusal,
  type RemoteActionName,
  remoteActionRefusal,
  remoteActionsOf,
} from '@aos/contract';
import { inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { device } from '../../db/schema/index.js';
import { DeviceCommandError } from '../../device/commands.js';
import type { DeviceLink } from '../../device/link.js';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import type { LogService } from '../log/log.service.js';
import { type BodyOf, PERFORM } from './remote-control.actions.js';
import type { CommandOutcomes } from './remote-control.outcomes.js';
import {
  boundDroneSn,
  type DockRow,
  findAircraft,
  findDock,
  findDockOfDrone,
  findDrone,
  reportedDrone,
} from './remote-control.registry.js';

/** What control reads of the live model (the live hub, shared by every server instance). */
export interface LiveState {
  get(sn: string): Promise<LiveDevice | null>;
  list(tenantId: string): Promise<LiveDevice[]>;
  /** a command was accepted: show its job at once, before the device's first progress event */
  recordJob(gatewaySn: string, job: LiveJob): Promise<void>;
  /** every live frame of every tenant (here: the jobs' progress, to log how each command ended) */
  subscribe(listener: (tenantId: string, frame: LiveFrame) => void): () => void;
  /** tell the sockets in `room` (here: the issuing user's, how a command ended) */
  publish(
    room: string,
    event: 'remoteControl.commandEnded',
    data: LiveEvents['remoteControl.commandEnded'],
  ): Promise<void>;
}

/** A long job this instance sent, until its final status is logged. */
interface SentJob {
  ctx: Ctx;
  action: string;
  method: string;
  sn: string;
  sentAt: number;
}

/** A job with no final status after this long is forgotten (the live view times it out after 10 minutes). */
const SENT_JOB_MEMORY_MS = 15 * 60_000;

/** Who sends: the signed-in user's permission codes (a ctx without a user is the platform itself). */
function operatorOf(ctx: Ctx): Operator | undefined {
  const user = ctx.user;
  return user ? { may: (code) => user.permissions.has(code) } : undefined;
}

function refused(refusal: Refusal): AppError {
  return new AppError(refusal.status, refusal.key, refusal.params ?? {});
}

/**
 * hangarControl, vtolHangarControl, uavControl, podControl and the status calls of spec §7. A command is
 * checked with the contract's predicate on the live state (the same one that enables the console's button),
 * sent over the device link, and noted in the operation log with its outcome. A long job is recorded on the
 * dock at once, so every console shows "opening" before the device's first progress event.
 */
export class RemoteControlService {
  /** long jobs sent by this instance, by bid: their end goes to the operation log here, and only here */
  private readonly sent = new Map<string, SentJob>();

  constructor(
    private readonly link: DeviceLink,
    private readonly live: LiveState,
    private readonly logs: LogService,
    /** the durable note of each command until its outcome is logged (absent: none, as in unit tests) */
    private readonly outcomes?: CommandOutcomes,
  ) {
    // Every instance sees every job frame (the live hub shares them); the one that sent the command logs its
    // end, so a job's result is logged once whichever instance received the device's progress events.
    live.subscribe((_tenant, frame) => {
      if (frame.event === 'job') this.jobEnded(frame.data.job);
    });
  }

  private jobEnded(job: LiveJob): void {
    const sent = this.sent.get(job.bid);
    if (!sent || !JOB_FINAL_STATUSES.includes(job.status)) return;
    this.sent.delete(job.bid);
    const seconds = ((Date.now() - sent.sentAt) / 1000).toFixed(1);
    this.ended(sent.ctx, {
      bid: job.bid,
      action: sent.action,
      sn: sent.sn,
      job: job.method,
      outcome: job.status === 'ok' ? 'ok' : job.status === 'timeout' ? 'timeout' : 'failed',
      status: job.status,
      result: job.result,
    });
    this.logs.usual(
      sent.ctx,
      job.status === 'ok' ? 'info' : 'warn',
      'device.control',
      `${sent.action} (${sent.method}) → ${sent.sn}: ${job.status}${job.result ? ` ${job.result}` : ''} ` +
        `after ${seconds} s, bid ${job.bid}`,
    );
  }

  async hangarControl(
    ctx: Ctx,
    body: DockControlBody,
    request?: FastifyRequest,
    options: { vtol?: boolean } = {},
  ): Promise<ControlResult> {
    const dock = await findDock(ctx, body);
    const context = { ...(await this.context(ctx, dock)), vtol: options.vtol === true };
    return this.perform(ctx, body.action, body, { sn: dock.serialNumber, dock, context }, request);
  }

  async droneControl(ctx: Ctx, body: DroneControlBody, request?: FastifyRequest): Promise<ControlResult> {
    const { drone, dock, context } = await this.aircraftContext(ctx, body);
    return this.perform(ctx, body.action, body, { sn: drone.serialNumber, dock, context }, request);
  }

  async podControl(ctx: Ctx, body: PodControlBody, request?: FastifyRequest): Promise<ControlResult> {
    const { drone, dock, context } = await this.aircraftContext(ctx, body);
    return this.perform(ctx, body.action, body, { sn: drone.serialNumber, dock, context }, request);
  }

  /**
   * Check `action` with the contract's predicate (the operator's permission, then the live state), refuse
   * with its message, else send what the action's entry of PERFORM says to `target.sn` through its dock.
   */
  private async perform<A extends RemoteActionName>(
    ctx: Ctx,
    action: A,
    body: BodyOf<A>,
    target: { sn: string; dock: DockRow; context: ControlContext },
    request: FastifyRequest | undefined,
  ): Promise<ControlResult> {
    const refusal = remoteActionRefusal(action, target.context, operatorOf(ctx));
    if (refusal) throw this.refusedAndLogged(ctx, action, target.sn, refusal, request);
    const how = PERFORM[action];
    const data = how.data(body, {
      dock: target.dock,
      payloadIndex: cameraStatus(target.context.drone).payloadIndex,
    });
    return this.send(ctx, target.sn, target.dock.serialNumber, action, how.method, data, request, {
      jobMethod: how.job,
    });
  }

  /** getPodControlStatus: the camera as the drone reports it, and which pod actions are allowed now. */
  async podStatus(ctx: Ctx, query: { id?: string; serialNumber?: string }): Promise<PodControlStatus> {
    const drone = await findDrone(ctx, query);
    const dock = await findDockOfDrone(ctx, drone, false);
    const context = dock
      ? await this.context(ctx, dock, drone.serialNumber)
      : { dock: null, drone: await this.live.get(drone.serialNumber) };
    const refusals = Object.fromEntries(
      remoteActionsOf('pod').map((action) => [action, remoteActionRefusal(action, context, operatorOf(ctx))]),
    ) as Record<PodAction, Refusal | null>;
    return {
      serialNumber: drone.serialNumber,
      poweredOn: context.dock?.online === true && aircraftPoweredOn(context.dock, context.drone),
      camera: cameraStatus(context.drone),
      refusals,
    };
  }

  /** getOnlineUavList: the tenant's drones that are online now, with where they are. */
  async onlineDrones(ctx: Ctx): Promise<OnlineDrone[]> {
    const online = (await this.live.list(ctx.tenantId)).filter(
      (device) => device.kind === 'device' && device.online,
    );
    if (online.length === 0) return [];
    const rows = await findAircraft(
      ctx,
      inArray(
        device.serialNumber,
        online.map((device) => device.sn),
      ),
    );
    const bySn = new Map(online.map((device) => [device.sn, device]));
    return rows.map((row) => {
      const osd = bySn.get(row.serialNumber)!.osd;
      const value = (key: string) => (typeof osd[key] === 'number' ? (osd[key] as number) : null);
      const battery = osd.battery as { capacity_percent?: unknown } | undefined;
      return {
        id: row.id,
        name: row.name,
        serialNumber: row.serialNumber,
        hangarSerialNumber: bySn.get(row.serialNumber)!.gatewaySn,
        longitude: value('longitude'),
        latitude: value('latitude'),
        elevation: value('elevation'),
        heading: value('attitude_head'),
        horizontalSpeed: value('horizontal_speed'),
        batteryPercent: typeof battery?.capacity_percent === 'number' ? battery.capacity_percent : null,
        modeCode: value('mode_code'),
      };
    });
  }

  private async send(
    ctx: Ctx,
    sn: string,
    gatewaySn: string,
    action: string,
    method: string,
    data: Record<string, unknown>,
    request: FastifyRequest | undefined,
    options: { jobMethod: string | null },
  ): Promise<ControlResult> {
    const bid = randomUUID();
    // Noted durably before it goes out: if this process dies before the outcome is logged, the note logs
    // it as timed out after the restart (remote-control.outcomes.ts).
    const pending = (await this.outcomes?.pending(ctx, { bid, action, method, sn })) ?? null;
    try {
      const outcome = await this.link.call(sn, method, data, { bid, gatewaySn });
      if (options.jobMethod) {
        const now = Date.now();
        for (const [known, job] of this.sent)
          if (now - job.sentAt > SENT_JOB_MEMORY_MS) this.sent.delete(known);
        this.sent.set(bid, { ctx, action, method, sn, sentAt: now });
        await this.live.recordJob(gatewaySn, {
          bid,
          method: options.jobMethod,
          status: 'sent',
          percent: null,
          step: null,
          result: null,
          startedAt: now,
          updatedAt: now,
        });
      }
      this.logs.usual(
        ctx,
        'info',
        'device.control',
        `${action} (${method}) → ${sn}: accepted, bid ${bid}`,
        request,
      );
      this.outcomes?.settled(pending);
      if (!options.jobMethod)
        this.ended(ctx, { bid, action, sn, job: null, outcome: 'ok', status: 'accepted', result: null });
      return { gatewaySn, action, method, bid, output: outcome.output ?? null };
    } catch (error) {
      if (!(error instanceof DeviceCommandError)) throw error;
      this.logs.usual(
        ctx,
        'warn',
        'device.control',
        `${action} (${method}) → ${sn}: ${error.reason}${error.result === null ? '' : ` ${error.result}`}, ` +
          `bid ${bid}`,
        request,
      );
      this.outcomes?.settled(pending);
      this.ended(ctx, {
        bid,
        action,
        sn,
        job: null,
        outcome: error.reason === 'timeout' ? 'timeout' : 'failed',
        status: error.reason,
        result: error.result,
      });
      if (error.reason === 'rejected')
        throw new AppError(502, 'device.commandRejected', { code: error.result ?? '' });
      if (error.reason === 'timeout') throw new AppError(504, 'device.commandTimeout');
      throw new AppError(503, 'device.linkUnavailable');
    }
  }

  /** Tell the user who sent a command that it ended (a command of the platform itself has nobody to tell). */
  private ended(ctx: Ctx, data: LiveEvents['remoteControl.commandEnded']): void {
    const userId = ctx.user?.userId;
    if (!userId) return;
    this.live.publish(liveRoom.user(userId), 'remoteControl.commandEnded', data).catch((error: unknown) => {
      this.logs.usual(
        ctx,
        'warn',
        'device.control',
        `${data.action} → ${data.sn}: end not pushed, ${String(error)}`,
      );
    });
  }

  private refusedAndLogged(
    ctx: Ctx,
    action: string,
    sn: string,
    refusal: Refusal,
    request: FastifyRequest | undefined,
  ): AppError {
    this.logs.usual(ctx, 'info', 'device.control', `${action} → ${sn}: refused, ${refusal.key}`, request);
    return refused(refusal);
  }

  /** The caller's aircraft, the dock it is bound to ('Hangar information not found' without one), their state. */
  private async aircraftContext(ctx: Ctx, ref: { id?: string; serialNumber?: string }) {
    const drone = await findDrone(ctx, ref);
    const dock = (await findDockOfDrone(ctx, drone))!;
    return { drone, dock, context: await this.context(ctx, dock, drone.serialNumber) };
  }

  /** The dock's live state and its aircraft's: the aircraft it reports, else the one bound in the registry. */
  private async context(ctx: Ctx, dock: DockRow | null, droneSn?: string): Promise<ControlContext> {
    if (!dock) return { dock: null, drone: null };
    const live = await this.live.get(dock.serialNumber);
    const sn = droneSn ?? reportedDrone(live) ?? (await boundDroneSn(ctx, dock));
    return { dock: live, dockType: dock.type, drone: sn ? await this.live.get(sn) : null };
  }
}
