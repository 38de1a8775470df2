import { randomUUID } from 'node:crypto';
import {
  cameraStatus,
  type ControlContext,
  type ControlResult,
  DEVICE_TYPE_AIRCRAFT,
  type HangarAction,
  type HangarControlBody,
  hangarActionRefusal,
  type LiveDevice,
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
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { equipment, hangar, hangarDrone } from '../../db/schema/index.js';
import { DeviceCommandError } from '../../device/commands.js';
import type { DeviceLink } from '../../device/link.js';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { scope } from '../../lib/tenant-scope.js';
import type { LogService } from '../log/log.service.js';

/** What control reads of the live model (the live hub, shared by every server instance). */
export interface LiveState {
  get(sn: string): Promise<LiveDevice | null>;
  list(tenantId: string): Promise<LiveDevice[]>;
  /** a command was accepted: show its job at once, before the device's first progress event */
  recordJob(gatewaySn: string, job: LiveJob): Promise<void>;
}

/** Remote-debug methods that run for a while and report progress events (the others act at once). */
const LONG_DOCK_JOBS: ReadonlySet<HangarAction> = new Set([
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

interface DockRow {
  id: string;
  serialNumber: string;
  type: number;
  rthAltitude: number;
  outOfControlAction: number;
}

interface DroneRow {
  id: string;
  name: string;
  serialNumber: string;
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
export class DeviceControlService {
  constructor(
    private readonly link: DeviceLink,
    private readonly live: LiveState,
    private readonly logs: LogService,
  ) {}

  async hangarControl(
    ctx: Ctx,
    body: HangarControlBody,
    request?: FastifyRequest,
    options: { vtol?: boolean } = {},
  ): Promise<ControlResult> {
    const dock = await this.dock(ctx, body);
    const context = await this.context(ctx, dock);
    const refusal = hangarActionRefusal(body.action, context, options);
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
    const drone = await this.drone(ctx, query);
    const dock = await this.dockOfDrone(ctx, drone, false);
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
      (device) => device.kind === 'equipment' && device.online,
    );
    if (online.length === 0) return [];
    const rows = await this.aircraft(
      ctx,
      inArray(
        equipment.serialNumber,
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
    const drone = await this.drone(ctx, ref);
    const dock = (await this.dockOfDrone(ctx, drone))!;
    return { drone, dock, context: await this.context(ctx, dock, drone.serialNumber) };
  }

  private async context(ctx: Ctx, dock: DockRow | null, droneSn?: string): Promise<ControlContext> {
    if (!dock) return { dock: null, drone: null };
    const live = await this.live.get(dock.serialNumber);
    const sn = droneSn ?? (await this.droneOfDock(ctx, dock, live));
    return { dock: live, dockType: dock.type, drone: sn ? await this.live.get(sn) : null };
  }

  /** The dock's aircraft: the one it reports, else the one bound to it in the registry. */
  private async droneOfDock(ctx: Ctx, dock: DockRow, live: LiveDevice | null): Promise<string | null> {
    const reported = (live?.osd.sub_device as { device_sn?: unknown } | undefined)?.device_sn;
    if (typeof reported === 'string' && reported) return reported;
    if (live?.subDevices[0]) return live.subDevices[0];
    const [bound] = await ctx.db
      .select({ sn: equipment.serialNumber })
      .from(hangarDrone)
      .innerJoin(equipment, eq(equipment.id, hangarDrone.equipmentId))
      .where(and(eq(hangarDrone.hangarId, dock.id), eq(hangarDrone.tenantId, ctx.tenantId)))
      .limit(1);
    return bound?.sn ?? null;
  }

  /** The caller's dock by id or serial number; 'Hangar information not found' otherwise. */
  private async dock(ctx: Ctx, ref: { id?: string; serialNumber?: string }): Promise<DockRow> {
    const [row] = await ctx.db
      .select(dockColumns)
      .from(hangar)
      .where(scope(ctx, hangar, ref.id ? eq(hangar.id, ref.id) : eq(hangar.serialNumber, ref.serialNumber!)))
      .limit(1);
    if (!row) throw new AppError(404, 'device.hangarNotFound');
    return row;
  }

  /** The caller's aircraft (device type 1) matching `which`. */
  private aircraft(ctx: Ctx, which: SQL) {
    return ctx.db
      .select({ id: equipment.id, name: equipment.name, serialNumber: equipment.serialNumber })
      .from(equipment)
      .where(scope(ctx, equipment, and(eq(equipment.type, DEVICE_TYPE_AIRCRAFT), which)));
  }

  /** The caller's aircraft by id or serial number. */
  private async drone(ctx: Ctx, ref: { id?: string; serialNumber?: string }): Promise<DroneRow> {
    const [row] = await this.aircraft(
      ctx,
      ref.id ? eq(equipment.id, ref.id) : eq(equipment.serialNumber, ref.serialNumber!),
    ).limit(1);
    if (!row) throw new AppError(404, 'device.droneNotFound');
    return row;
  }

  /** The dock the aircraft is bound to; null (or 'Hangar information not found' when `required`). */
  private async dockOfDrone(ctx: Ctx, drone: DroneRow, required = true): Promise<DockRow | null> {
    const [row] = await ctx.db
      .select(dockColumns)
      .from(hangarDrone)
      .innerJoin(hangar, eq(hangar.id, hangarDrone.hangarId))
      .where(scope(ctx, hangar, eq(hangarDrone.equipmentId, drone.id)))
      .limit(1);
    if (!row && required) throw new AppError(404, 'device.hangarNotFound');
    return row ?? null;
  }
}

const dockColumns = {
  id: hangar.id,
  serialNumber: hangar.serialNumber,
  type: hangar.type,
  rthAltitude: hangar.rthAltitude,
  outOfControlAction: hangar.outOfControlAction,
};

/** The DJI payload of a drone command. */
function uavData(body: UavControlBody, dock: DockRow): Record<string, unknown> {
  const maxSpeed = body.maxSpeed ?? 10;
  switch (body.action) {
    case 'takeoff':
      return {
        flight_id: randomUUID(),
        target_latitude: body.latitude,
        target_longitude: body.longitude,
        target_height: body.height,
        security_takeoff_height: Math.max(20, Math.min(body.height!, 120)),
        rth_altitude: dock.rthAltitude,
        rc_lost_action: 2,
        exit_wayline_when_rc_lost: 0,
        out_of_control_action: dock.outOfControlAction,
        max_speed: maxSpeed,
      };
    case 'fly_to':
      return {
        fly_to_id: randomUUID(),
        max_speed: maxSpeed,
        points: [{ latitude: body.latitude, longitude: body.longitude, height: body.height }],
      };
    default:
      return {};
  }
}

/** The DJI payload of a camera command. */
function podData(body: PodControlBody, payloadIndex: string): Record<string, unknown> {
  const base = { payload_index: payloadIndex };
  switch (body.action) {
    case 'gimbal':
      return { ...base, locked: false, pitch_speed: body.pitchSpeed ?? 0, yaw_speed: body.yawSpeed ?? 0 };
    case 'gimbal_reset':
      return { ...base, reset_mode: body.resetMode ?? 0 };
    case 'zoom':
      return { ...base, camera_type: 'zoom', zoom_factor: body.zoomFactor };
    case 'camera_mode':
      return { ...base, camera_mode: body.cameraMode };
    case 'lens':
      return { video_id: `${payloadIndex}/normal-0`, video_type: body.lens };
    default:
      return base;
  }
}
