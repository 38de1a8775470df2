import { randomUUID } from 'node:crypto';
import {
  cameraStatus,
  type ControlContext,
  type ControlResult,
  type DockAction,
  type DockControlBody,
  dockActionRefusal,
  type LiveDevice,
  JOB_FINAL_STATUSES,
  type LiveFrame,
  type LiveJob,
  type OnlineUav,
  POD_ACTION_NAMES,
  POD_ACTIONS,
  type PodAction,
  type PodControlBody,
  type PodControlStatus,
  podActionRefusal,
  type Refusal,
  UAV_ACTIONS,
  type UavAction,
  type UavControlBody,
  uavActionRefusal,
} from '@aos/contract';
import { inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { device } from '../../db/schema/index.js';
import { DeviceCommandError } from '../../device/commands.js';
import type { DeviceLink } from '../../device/link.js';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import type { LogService } from '../log/log.service.js';
import { podData, uavData } from './remote-control.payloads.js';
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

/** Remote-debug methods that run for a while and report progress events (the others act at once). */
const LONG_DOCK_JOBS: ReadonlySet<DockAction> = new Set([
  'cover_open',
  'cover_close',
  'putter_open',
  'putter_close',
  'drone_open',
  'drone_close',
  'charge_open',
  'charge_close',
  'device_reboot',
]);

/** Drone commands that start a flight job, and the progress event that reports it. */
const FLIGHT_JOBS: Partial<Record<UavAction, string>> = {
  takeoff: 'takeoff_to_point_progress',
  fly_to: 'fly_to_point_progress',
};

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
    const context = await this.context(ctx, dock);
    const refusal = dockActionRefusal(body.action, context, options);
    if (refusal) throw this.refusedAndLogged(ctx, body.action, dock.serialNumber, refusal, request);
    return this.send(ctx, dock.serialNumber, dock.serialNumber, body.action, body.action, {}, request, {
      jobMethod: LONG_DOCK_JOBS.has(body.action) ? body.action : null,
    });
  }

  async uavControl(ctx: Ctx, body: UavControlBody, request?: FastifyRequest): Promise<ControlResult> {
    const { drone, dock, context } = await this.aircraftContext(ctx, body);
    const refusal = uavActionRefusal(body.action, context);
    if (refusal) throw this.refusedAndLogged(ctx, body.action, drone.serialNumber, refusal, request);
    const method = UAV_ACTIONS[body.action];
    return this.send(
      ctx,
      drone.serialNumber,
      dock.serialNumber,
      body.action,
      method,
      uavData(body, dock),
      request,
      {
        jobMethod: FLIGHT_JOBS[body.action] ?? null,
      },
    );
  }

  async podControl(ctx: Ctx, body: PodControlBody, request?: FastifyRequest): Promise<ControlResult> {
    const { drone, dock, context } = await this.aircraftContext(ctx, body);
    const refusal = podActionRefusal(body.action, context);
    if (refusal) throw this.refusedAndLogged(ctx, body.action, drone.serialNumber, refusal, request);
    const payloadIndex = cameraStatus(context.drone).payloadIndex!;
    const method = POD_ACTIONS[body.action];
    return this.send(
      ctx,
      drone.serialNumber,
      dock.serialNumber,
      body.action,
      method,
      podData(body, payloadIndex),
      request,
      {
        jobMethod: null,
      },
    );
  }

  /** getPodControlStatus: the camera as the drone reports it, and which pod actions are allowed now. */
  async podStatus(ctx: Ctx, query: { id?: string; serialNumber?: string }): Promise<PodControlStatus> {
    const drone = await findDrone(ctx, query);
    const dock = await findDockOfDrone(ctx, drone, false);
    const context = dock
      ? await this.context(ctx, dock, drone.serialNumber)
      : { dock: null, drone: await this.live.get(drone.serialNumber) };
    const refusals = Object.fromEntries(
      POD_ACTION_NAMES.map((action) => [action, podActionRefusal(action, context)]),
    ) as Record<PodAction, Refusal | null>;
    return {
      serialNumber: drone.serialNumber,
      poweredOn: refusals.photo?.key !== 'device.droneNotPowered' && context.dock?.online === true,
      camera: cameraStatus(context.drone),
      refusals,
    };
  }

  /** getOnlineUavList: the tenant's aircraft that are online now, with where they are. */
  async onlineUavs(ctx: Ctx): Promise<OnlineUav[]> {
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
      return { gatewaySn, action, method, bid, output: outcome.output ?? null };
    } catch (error) {
      if (!(error instanceof DeviceCommandError)) throw error;
      this.logs.usual(
        ctx,
        'warn',
        'device.control',
        `${action} (${method}) → ${sn}: ${error.reason}${error.result === null ? '' : ` ${error.result}`}`,
        request,
      );
      if (error.reason === 'rejected')
        throw new AppError(502, 'device.commandRejected', { code: error.result ?? '' });
      if (error.reason === 'timeout') throw new AppError(504, 'device.commandTimeout');
      throw new AppError(503, 'device.linkUnavailable');
    }
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
