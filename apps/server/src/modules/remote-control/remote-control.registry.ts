import { and, eq, type SQL } from 'drizzle-orm';
import { DEVICE_TYPE_AIRCRAFT, type LiveDevice } from '@aos/contract';
import { device, dock, dockDrone } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { scope } from '../../lib/tenant-scope.js';

/**
 * The caller's docks and aircraft as remote control finds them in the registry (always in the caller's
 * tenant): by id or serial number, and through the dock–aircraft binding.
 */
export interface DockRow {
  id: string;
  serialNumber: string;
  type: number;
  rthAltitude: number;
  outOfControlAction: number;
}

export interface DroneRow {
  id: string;
  name: string;
  serialNumber: string;
}

const dockColumns = {
  id: dock.id,
  serialNumber: dock.serialNumber,
  type: dock.type,
  rthAltitude: dock.rthAltitude,
  outOfControlAction: dock.outOfControlAction,
};

/** The caller's dock by id or serial number; 'Hangar information not found' otherwise. */
export async function findDock(ctx: Ctx, ref: { id?: string; serialNumber?: string }): Promise<DockRow> {
  const [row] = await ctx.db
    .select(dockColumns)
    .from(dock)
    .where(scope(ctx, dock, ref.id ? eq(dock.id, ref.id) : eq(dock.serialNumber, ref.serialNumber!)))
    .limit(1);
  if (!row) throw new AppError(404, 'device.dockNotFound');
  return row;
}

/** The caller's aircraft (device type 1) matching `which`. */
export function findAircraft(ctx: Ctx, which: SQL) {
  return ctx.db
    .select({ id: device.id, name: device.name, serialNumber: device.serialNumber })
    .from(device)
    .where(scope(ctx, device, and(eq(device.type, DEVICE_TYPE_AIRCRAFT), which)));
}

/** The caller's aircraft by id or serial number. */
export async function findDrone(ctx: Ctx, ref: { id?: string; serialNumber?: string }): Promise<DroneRow> {
  const [row] = await findAircraft(
    ctx,
    ref.id ? eq(device.id, ref.id) : eq(device.serialNumber, ref.serialNumber!),
  ).limit(1);
  if (!row) throw new AppError(404, 'device.droneNotFound');
  return row;
}

/** The dock the aircraft is bound to; null (or 'Hangar information not found' when `required`). */
export async function findDockOfDrone(ctx: Ctx, drone: DroneRow, required = true): Promise<DockRow | null> {
  const [row] = await ctx.db
    .select(dockColumns)
    .from(dockDrone)
    .innerJoin(dock, eq(dock.id, dockDrone.dockId))
    .where(scope(ctx, dock, eq(dockDrone.deviceId, drone.id)))
    .limit(1);
  if (!row && required) throw new AppError(404, 'device.dockNotFound');
  return row ?? null;
}

/** The aircraft a dock reports in its live state (its OSD's sub-device, else its topology); null if none. */
export function reportedDrone(live: LiveDevice | null): string | null {
  const reported = (live?.osd.sub_device as { device_sn?: unknown } | undefined)?.device_sn;
  if (typeof reported === 'string' && reported) return reported;
  return live?.subDevices[0] ?? null;
}

/** The aircraft bound to the dock in the registry. */
export async function boundDroneSn(ctx: Ctx, dock: DockRow): Promise<string | null> {
  const [bound] = await ctx.db
    .select({ sn: device.serialNumber })
    .from(dockDrone)
    .innerJoin(device, eq(device.id, dockDrone.deviceId))
    .where(and(scope(ctx, dockDrone, eq(dockDrone.dockId, dock.id)), scope(ctx, device)))
    .limit(1);
  return bound?.sn ?? null;
}
