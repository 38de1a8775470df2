import type { DeviceData } from './thing-model.js';
import {
  COVER_STATE,
  DOCK_MODE,
  DRONE_CHARGE_STATE,
  DRONE_MODE,
  FLIGHT_PROGRESS_METHODS,
  JOB_FINAL_STATUSES,
  SWITCH_STATE,
} from './enums.js';
import type { LiveDevice, LiveJob } from '../live/events.js';

/**
 * What a dock and its aircraft are doing, read from their live state: the component states of spec §4
 * (opening, opened, closing...) derived from the dock's OSD and its running jobs, whether the aircraft is
 * powered on or flying, and its camera. Zod-free: the console and the server derive the same states.
 */

// ------------------------------------------------------------------------------------------------ components

export type HatchState = 'opening' | 'opened' | 'closing' | 'closed' | 'half_open' | 'abnormal' | 'unknown';
export type WingsState =
  'expanding' | 'expanded' | 'gathering' | 'gathered' | 'half_open' | 'abnormal' | 'unknown';
export type ChargeState = 'charging' | 'uncharged';
export type AircraftPowerState = 'powering_on' | 'powered_on' | 'powering_down' | 'powered_off';
export type WorkState = 'idle' | 'working';

/** What the console shows of a dock (spec §4 "Hangar components"). */
export interface DockComponents {
  online: boolean;
  hatch: HatchState;
  wings: WingsState;
  charge: ChargeState;
  aircraftPower: AircraftPowerState;
  work: WorkState;
  /** the dock is in remote debug mode (remote-debug commands allowed) */
  remoteDebug: boolean;
  lightOn: boolean;
  droneInDock: boolean;
  /** the remote-debug job running now, if any */
  runningJob: LiveJob | null;
}

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const obj = (value: unknown): DeviceData =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as DeviceData) : {};

/** Jobs that have not reached a final status. */
export function runningJobs(jobs: readonly LiveJob[]): LiveJob[] {
  return jobs.filter((job) => !JOB_FINAL_STATUSES.includes(job.status));
}

function running(jobs: readonly LiveJob[], method: string): boolean {
  return runningJobs(jobs).some((job) => job.method === method);
}

function coverLike<T extends string>(
  value: number | undefined,
  names: { closed: T; open: T },
): T | 'half_open' | 'abnormal' | 'unknown' {
  switch (value) {
    case COVER_STATE.CLOSED:
      return names.closed;
    case COVER_STATE.OPEN:
      return names.open;
    case COVER_STATE.HALF_OPEN:
      return 'half_open';
    case COVER_STATE.ABNORMAL:
      return 'abnormal';
    default:
      return 'unknown';
  }
}

/**
 * Is the dock's aircraft powered on? The dock says so in `sub_device.device_online_status`; a drone whose
 * own messages arrive (online in the registry) is on too.
 */
export function aircraftPoweredOn(dock: LiveDevice | null, drone: LiveDevice | null): boolean {
  if (drone?.online) return true;
  if (!dock?.online) return false;
  return num(obj(dock.osd.sub_device).device_online_status) === 1;
}

/** The dock's components as spec §4 names them. `drone` is the dock's aircraft when known. */
export function dockComponents(dock: LiveDevice, drone: LiveDevice | null = null): DockComponents {
  const osd = dock.osd;
  const jobs = dock.jobs;
  const hatch: HatchState = running(jobs, 'cover_open')
    ? 'opening'
    : running(jobs, 'cover_close')
      ? 'closing'
      : coverLike(num(osd.cover_state), { closed: 'closed', open: 'opened' });
  const wings: WingsState = running(jobs, 'putter_open')
    ? 'expanding'
    : running(jobs, 'putter_close')
      ? 'gathering'
      : coverLike(num(osd.putter_state), { closed: 'gathered', open: 'expanded' });
  const poweredOn = aircraftPoweredOn(dock, drone);
  const aircraftPower: AircraftPowerState = running(jobs, 'drone_open')
    ? 'powering_on'
    : running(jobs, 'drone_close')
      ? 'powering_down'
      : poweredOn
        ? 'powered_on'
        : 'powered_off';
  const mode = num(osd.mode_code);
  return {
    online: dock.online,
    hatch,
    wings,
    charge: num(obj(osd.drone_charge_state).state) === DRONE_CHARGE_STATE.CHARGING ? 'charging' : 'uncharged',
    aircraftPower,
    work: mode === DOCK_MODE.WORKING || runningFlight(jobs) ? 'working' : 'idle',
    remoteDebug: mode === DOCK_MODE.REMOTE_DEBUG,
    lightOn: num(osd.supplement_light_state) === SWITCH_STATE.ON,
    droneInDock: num(osd.drone_in_dock) === 1,
    runningJob: runningJobs(jobs).find((job) => !isFlightJob(job)) ?? null,
  };
}

function isFlightJob(job: LiveJob): boolean {
  return (FLIGHT_PROGRESS_METHODS as readonly string[]).includes(job.method);
}

/** The dock's flight job that has not finished (running or paused), if any. */
export function runningFlight(jobs: readonly LiveJob[]): LiveJob | null {
  return runningJobs(jobs).find(isFlightJob) ?? null;
}

/** Drone modes in which it is in the air. */
const AIRBORNE_MODES: ReadonlySet<number> = new Set([
  DRONE_MODE.MANUAL,
  DRONE_MODE.AUTO_TAKEOFF,
  DRONE_MODE.WAYLINE,
  DRONE_MODE.PANORAMA,
  DRONE_MODE.TRACKING,
  DRONE_MODE.ADSB_AVOIDANCE,
  DRONE_MODE.RETURN_HOME,
  DRONE_MODE.LANDING,
  DRONE_MODE.FORCED_LANDING,
  DRONE_MODE.THREE_PROPELLER_LANDING,
  DRONE_MODE.APAS,
  DRONE_MODE.JOYSTICK,
]);

/** Is a drone reporting `mode_code` in the air? */
export function isAirborneMode(mode: number | null | undefined): boolean {
  return typeof mode === 'number' && AIRBORNE_MODES.has(mode);
}

/** Is the drone flying (by its own mode code)? */
export function droneAirborne(drone: LiveDevice | null): boolean {
  return Boolean(drone?.online) && isAirborneMode(num(drone?.osd.mode_code));
}

/** The drone's first camera as its OSD reports it (DJI `cameras[]`, falling back to `payloads[]`). */
export interface CameraStatus {
  payloadIndex: string | null;
  /** 0 photo, 1 video */
  cameraMode: number | null;
  recording: boolean;
  zoomFactor: number | null;
  gimbalPitch: number | null;
  gimbalYaw: number | null;
  /** live lens: 'wide' | 'zoom' | 'ir' */
  lens: string | null;
}

export function cameraStatus(drone: LiveDevice | null): CameraStatus {
  const osd = drone?.osd ?? {};
  const camera = obj(Array.isArray(osd.cameras) ? osd.cameras[0] : undefined);
  const payload = obj(Array.isArray(osd.payloads) ? osd.payloads[0] : undefined);
  const index = camera.payload_index ?? payload.payload_index;
  return {
    payloadIndex: index === undefined || index === null ? null : String(index),
    cameraMode: num(camera.camera_mode) ?? null,
    recording: num(camera.recording_state) === 1,
    zoomFactor: num(camera.zoom_factor) ?? num(payload.zoom_factor) ?? null,
    gimbalPitch: num(payload.gimbal_pitch) ?? null,
    gimbalYaw: num(payload.gimbal_yaw) ?? null,
    lens: typeof camera.lens === 'string' ? camera.lens : null,
  };
}
