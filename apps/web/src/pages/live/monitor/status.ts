import type { LiveDevice } from '@aos/contract';
import {
  COVER_STATE,
  FLOOD_STATE,
  LOW_BATTERY_DEFAULT,
  RAINFALL,
  SWITCH_STATE,
  dockComponents,
  droneAirborne,
} from '@aos/contract/rules';

/**
 * What the live map says of a device at a glance: one status, its colour, and the alarms behind an `alarm`.
 * Derived from the contract's rules (dockComponents, droneAirborne) so the map, the list and the remote-control
 * screen agree on what "working" or "flying" means.
 */
export type DeviceStatus = 'offline' | 'online' | 'working' | 'flying' | 'alarm';

/** Conditions an operator must notice on the map: they turn the device red. */
export type DeviceAlarm = 'flooded' | 'emergencyStop' | 'hatchAbnormal' | 'heavyRain' | 'lowBattery';

export const STATUS_COLORS: Record<DeviceStatus, string> = {
  offline: '#8c8c8c',
  online: '#52c41a',
  working: '#1677ff',
  flying: '#13c2c2',
  alarm: '#f5222d',
};

/** A `#rrggbb` colour at `alpha` opacity, as the map's styles take it. */
export function withAlpha(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

/** The order the device list sorts by: what needs attention first, offline last. */
export const STATUS_ORDER: Record<DeviceStatus, number> = {
  alarm: 0,
  flying: 1,
  working: 2,
  online: 3,
  offline: 4,
};

/** The statuses an operator chose on the legend; empty: every status is shown. */
export type StatusFilter = ReadonlySet<DeviceStatus>;

/** Whether a device of `status` is shown under `filter`. */
export function passes(filter: StatusFilter, status: DeviceStatus): boolean {
  return filter.size === 0 || filter.has(status);
}

/** The filter with `status` added, or taken out when it was there (taking the last out shows everything). */
export function toggleStatus(filter: StatusFilter, status: DeviceStatus): Set<DeviceStatus> {
  const next = new Set(filter);
  if (!next.delete(status)) next.add(status);
  return next;
}

/** The status that needs attention first among several (a cluster of docks): an alarm anywhere wins. */
export function mostUrgent(statuses: Iterable<DeviceStatus>): DeviceStatus {
  let urgent: DeviceStatus = 'offline';
  for (const status of statuses) if (STATUS_ORDER[status] < STATUS_ORDER[urgent]) urgent = status;
  return urgent;
}

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const obj = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The drone's battery in percent: its own OSD, else what its dock reports while it charges. */
export function droneBattery(drone: LiveDevice | null | undefined, dock?: LiveDevice | null): number | null {
  const own = num(obj(drone?.osd.battery).capacity_percent);
  if (own !== undefined && drone?.online) return own;
  return num(obj(dock?.osd.drone_charge_state).capacity_percent) ?? own ?? null;
}

/** The drone's alarms: a low battery matters in the air (on the ground it charges). */
export function droneAlarms(
  drone: LiveDevice | null | undefined,
  lowBattery = LOW_BATTERY_DEFAULT,
): DeviceAlarm[] {
  if (!drone || !droneAirborne(drone)) return [];
  const battery = droneBattery(drone);
  return battery !== null && battery < lowBattery ? ['lowBattery'] : [];
}

/** The dock's alarms, its airborne drone's included. An offline dock reports none: its values are old. */
export function dockAlarms(
  dock: LiveDevice,
  drone: LiveDevice | null = null,
  lowBattery = LOW_BATTERY_DEFAULT,
): DeviceAlarm[] {
  if (!dock.online) return [];
  const osd = dock.osd;
  const alarms: DeviceAlarm[] = [];
  if (num(osd.flood_state) === FLOOD_STATE.FLOODED) alarms.push('flooded');
  if (num(osd.emergency_stop_state) === SWITCH_STATE.ON) alarms.push('emergencyStop');
  if (num(osd.cover_state) === COVER_STATE.ABNORMAL || num(osd.putter_state) === COVER_STATE.ABNORMAL)
    alarms.push('hatchAbnormal');
  if (num(osd.rainfall) === RAINFALL.HEAVY) alarms.push('heavyRain');
  alarms.push(...droneAlarms(drone, lowBattery));
  return alarms;
}

/** One status for a dock: offline, an alarm, its drone flying, a running job or flight, else online. */
export function dockStatus(dock: LiveDevice, drone: LiveDevice | null = null): DeviceStatus {
  if (!dock.online) return 'offline';
  if (dockAlarms(dock, drone).length) return 'alarm';
  if (droneAirborne(drone)) return 'flying';
  return dockComponents(dock, drone).work === 'working' ? 'working' : 'online';
}

/** One status for a drone. */
export function droneStatus(drone: LiveDevice): DeviceStatus {
  if (!drone.online) return 'offline';
  if (droneAlarms(drone).length) return 'alarm';
  return droneAirborne(drone) ? 'flying' : 'online';
}

/** A position a device reports, or null: DJI devices send 0,0 before they have a fix. */
export function positionOf(device: LiveDevice | null | undefined): [number, number] | null {
  const longitude = num(device?.osd.longitude);
  const latitude = num(device?.osd.latitude);
  if (longitude === undefined || latitude === undefined) return null;
  if (Math.abs(longitude) < 1e-6 && Math.abs(latitude) < 1e-6) return null;
  if (Math.abs(longitude) > 180 || Math.abs(latitude) > 90) return null;
  return [longitude, latitude];
}

/** The drone's heading in degrees (DJI: -180..180, 0 north, clockwise), 0 when unknown. */
export function headingOf(device: LiveDevice | null | undefined): number {
  return num(device?.osd.attitude_head) ?? 0;
}
