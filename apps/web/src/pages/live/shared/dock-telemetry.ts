import type { DeviceData, LiveDevice } from '@aos/contract';
import { DRONE_CHARGE_STATE, FLOOD_STATE, SWITCH_STATE } from '@aos/contract/rules';

/**
 * The telemetry of a dock as spec §3 "Hangar" lists it, read from its merged OSD (PROTOCOLS.md §2 "Dock
 * OSD"). Every value is null when the dock never reported it, so the panel shows "—" rather than a zero.
 */
export interface DockTelemetry {
  /** °C */
  cabinTemperature: number | null;
  /** % */
  cabinHumidity: number | null;
  /** °C */
  ambientTemperature: number | null;
  /** m/s */
  windSpeed: number | null;
  /** RAINFALL: 0 none .. 3 heavy */
  rainfall: number | null;
  flooded: boolean | null;
  lightOn: boolean | null;
  /** the drone battery's temperature as the dock measures it, °C */
  batteryTemperature: number | null;
  /** charge/flight cycles (`job_number`) */
  chargeCount: number | null;
  /** DJI network_state: type 1 4G, 2 ethernet; quality 0 (none) .. 5 (excellent); rate KB/s */
  network: { type: number | null; quality: number | null; rate: number | null } | null;
  /** KB, as DJI reports them */
  storage: { total: number; used: number } | null;
  /** the drone's battery, % (its own OSD when it is on, else the dock's view of it) */
  droneBattery: number | null;
  droneCharging: boolean | null;
}

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const obj = (value: unknown): DeviceData | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as DeviceData) : null;

export function dockTelemetry(dock: LiveDevice, drone?: LiveDevice | null): DockTelemetry {
  const osd = dock.osd;
  const flood = num(osd.flood_state);
  const light = num(osd.supplement_light_state);
  const network = obj(osd.network_state);
  const storage = obj(osd.storage);
  const charge = obj(osd.drone_charge_state);
  const chargeState = num(charge?.state);
  const ownBattery = drone?.online ? num(obj(drone.osd.battery)?.capacity_percent) : null;
  const total = num(storage?.total);
  const used = num(storage?.used);
  return {
    cabinTemperature: num(osd.temperature),
    cabinHumidity: num(osd.humidity),
    ambientTemperature: num(osd.environment_temperature),
    windSpeed: num(osd.wind_speed),
    rainfall: num(osd.rainfall),
    flooded: flood === null ? null : flood === FLOOD_STATE.FLOODED,
    lightOn: light === null ? null : light === SWITCH_STATE.ON,
    batteryTemperature: num(osd.drone_battery_temperature),
    chargeCount: num(osd.job_number),
    network: network
      ? { type: num(network.type), quality: num(network.quality), rate: num(network.rate) }
      : null,
    storage: total !== null && used !== null ? { total, used } : null,
    droneBattery: ownBattery ?? num(charge?.capacity_percent),
    droneCharging: chargeState === null ? null : chargeState === DRONE_CHARGE_STATE.CHARGING,
  };
}

/** A size given in KB, in the largest unit that keeps it above 1 (KB, MB, GB, TB). */
export function formatKilobytes(kb: number): string {
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = kb;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** One decimal at most, no trailing ".0". */
export function formatNumber(value: number): string {
  return String(Math.round(value * 10) / 10);
}
