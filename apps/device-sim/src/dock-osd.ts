import { DRONE_CHARGE_STATE } from '@aos/contract';
import type { SimDock } from './dock.js';
import { round } from './random.js';

/** Properties the dock repeats on `state` when they change. */
export const STATE_KEYS = [
  'mode_code',
  'cover_state',
  'putter_state',
  'drone_in_dock',
  'supplement_light_state',
  'flood_state',
  'drone_charge_state',
  'sub_device',
  'job_number',
] as const;
export const STORAGE_TOTAL_KB = 62_000_000;
export const FIRMWARE_VERSION = '10.01.16.04';

/** Every field of PROTOCOLS.md §2 "Dock OSD" (and our `flood_state`, `drone_battery_temperature`). */
export function dockOsd(dock: SimDock): Record<string, unknown> {
  const { state, drone, config, runtime, weather } = dock;
  const alternate = {
    latitude: round(config.latitude + 0.0004, 7),
    longitude: round(config.longitude + 0.0004, 7),
  };
  return {
    mode_code: state.mode,
    cover_state: state.cover,
    putter_state: state.putter,
    drone_in_dock: drone?.inDock ? 1 : 0,
    drone_charge_state: {
      state: state.charging ? DRONE_CHARGE_STATE.CHARGING : DRONE_CHARGE_STATE.IDLE,
      capacity_percent: drone ? Math.round(drone.battery) : 0,
    },
    ...weather.reading(),
    supplement_light_state: state.light,
    emergency_stop_state: 0,
    alarm_state: state.alarm,
    network_state: { type: 2, quality: 5, rate: round(800 + runtime.random() * 400, 1) },
    latitude: config.latitude,
    longitude: config.longitude,
    height: config.height ?? 20,
    alternate_land_point: { ...alternate, safe_land_height: 30, is_configured: 1 },
    sub_device: {
      device_sn: drone?.sn ?? '',
      device_model_key: drone ? `0-${drone.model.type}-${drone.model.subType}` : '',
      device_online_status: drone?.powered ? 1 : 0,
      device_paired: drone ? 1 : 0,
    },
    job_number: state.jobNumber,
    storage: { total: STORAGE_TOTAL_KB, used: state.storageUsed },
    flighttask_step_code: state.flightStep,
    drone_battery_temperature: round(state.batteryTemperature, 1),
  };
}
