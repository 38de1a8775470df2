import type { DeviceData } from './device.js';
import {
  COVER_STATE,
  DOCK_MODE,
  DRONE_CHARGE_STATE,
  DRONE_MODE,
  FLIGHT_PROGRESS_METHODS,
  JOB_FINAL_STATUSES,
  SWITCH_STATE,
} from './device-enums.js';
import { HANGAR_TYPE_VTOL } from './equipment-rules.js';
import type { LiveDevice, LiveJob } from './live.js';
import type { MessageKey } from './messages.js';

/**
 * Remote control of docks, drones and their cameras (spec §7 hangarControl, vtolHangarControl, uavControl,
 * podControl; §4 "Hangar components"; §5 "A drone must be powered on before it can be controlled"). Each
 * action is a device method with a predicate over the live state: the server refuses a command whose
 * predicate fails, with the predicate's message, and the console disables the button with the same reason.
 * The component states the console shows (opening, opened, closing...) are derived here too, from the
 * dock's OSD and its running jobs, so that both sides agree.
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

// ------------------------------------------------------------------------------------------------ actions

/** hangarControl / vtolHangarControl actions: the remote-debug methods of PROTOCOLS.md §2. */
export const HANGAR_ACTIONS = [
  'debug_mode_open',
  'debug_mode_close',
  'cover_open',
  'cover_close',
  'putter_open',
  'putter_close',
  'charge_open',
  'charge_close',
  'drone_open',
  'drone_close',
  'supplement_light_open',
  'supplement_light_close',
  'device_reboot',
] as const;
export type HangarAction = (typeof HANGAR_ACTIONS)[number];

/** uavControl actions and the DJI method each sends. */
export const UAV_ACTIONS = {
  takeoff: 'takeoff_to_point',
  fly_to: 'fly_to_point',
  return_home: 'return_home',
  pause: 'flighttask_pause',
  resume: 'flighttask_recovery',
  emergency_stop: 'drone_emergency_stop',
} as const;
export type UavAction = keyof typeof UAV_ACTIONS;
export const UAV_ACTION_NAMES = Object.keys(UAV_ACTIONS) as UavAction[];

/** podControl actions and the DJI method each sends. */
export const POD_ACTIONS = {
  gimbal: 'camera_screen_drag',
  gimbal_reset: 'gimbal_reset',
  zoom: 'camera_focal_length_set',
  photo: 'camera_photo_take',
  record_start: 'camera_recording_start',
  record_stop: 'camera_recording_stop',
  camera_mode: 'camera_mode_switch',
  lens: 'live_lens_change',
} as const;
export type PodAction = keyof typeof POD_ACTIONS;
export const POD_ACTION_NAMES = Object.keys(POD_ACTIONS) as PodAction[];

/** Actions that ask for confirmation in the console (they move hardware or end a flight). */
export const DANGEROUS_ACTIONS: ReadonlySet<string> = new Set([
  'cover_open',
  'cover_close',
  'putter_open',
  'putter_close',
  'drone_close',
  'device_reboot',
  'takeoff',
  'return_home',
  'emergency_stop',
]);

/** Why an action is not allowed now: a message key of messages/device.ts (and its parameters). */
export interface Refusal {
  key: MessageKey;
  params?: Record<string, string>;
  /** 404 when the dock or drone is not registered, 400 otherwise */
  status: 400 | 404;
}

const refuse = (key: MessageKey, params?: Record<string, string>): Refusal => ({ key, params, status: 400 });

/** What the predicates read: the dock (null when not registered), its type and its aircraft. */
export interface ControlContext {
  dock: LiveDevice | null;
  /** `hangar_type` of the dock */
  dockType?: number | null;
  drone: LiveDevice | null;
}

function dockAvailable(context: ControlContext): Refusal | null {
  if (!context.dock) return { key: 'device.hangarNotFound', status: 404 };
  if (!context.dock.online) return refuse('device.hangarOffline');
  return null;
}

/** null when `action` may be sent to the dock now, else why not. */
export function hangarActionRefusal(
  action: HangarAction,
  context: ControlContext,
  options: { vtol?: boolean } = {},
): Refusal | null {
  const unavailable = dockAvailable(context);
  if (unavailable) return unavailable;
  const dock = context.dock!;
  if (options.vtol && context.dockType !== HANGAR_TYPE_VTOL) return refuse('device.notVtol');
  const parts = dockComponents(dock, context.drone);
  const busy = parts.runningJob;
  if (busy) return refuse('device.dockBusy', { job: busy.method });
  const flying = droneAirborne(context.drone);
  switch (action) {
    case 'debug_mode_open':
      if (parts.remoteDebug) return refuse('device.already');
      if (parts.work === 'working') return refuse('device.dockWorking');
      return null;
    case 'debug_mode_close':
      return parts.remoteDebug ? null : refuse('device.already');
  }
  if (!parts.remoteDebug) return refuse('device.remoteDebugRequired');
  switch (action) {
    case 'cover_open':
      return parts.hatch === 'opened' ? refuse('device.already') : null;
    case 'cover_close':
      if (parts.hatch === 'closed') return refuse('device.already');
      return flying ? refuse('device.droneFlying') : null;
    case 'putter_open':
      return parts.wings === 'expanded' ? refuse('device.already') : null;
    case 'putter_close':
      return parts.wings === 'gathered' ? refuse('device.already') : null;
    case 'charge_open':
      if (parts.charge === 'charging') return refuse('device.already');
      return parts.droneInDock ? null : refuse('device.droneOutside');
    case 'charge_close':
      return parts.charge === 'charging' ? null : refuse('device.already');
    case 'drone_open':
      if (parts.aircraftPower === 'powered_on') return refuse('device.already');
      return parts.droneInDock ? null : refuse('device.droneOutside');
    case 'drone_close':
      if (parts.aircraftPower === 'powered_off') return refuse('device.already');
      return parts.droneInDock && !flying ? null : refuse('device.droneFlying');
    case 'supplement_light_open':
      return parts.lightOn ? refuse('device.already') : null;
    case 'supplement_light_close':
      return parts.lightOn ? null : refuse('device.already');
    case 'device_reboot':
      return flying ? refuse('device.droneFlying') : null;
  }
}

/** null when `action` may be sent to the drone now, else why not. */
export function uavActionRefusal(action: UavAction, context: ControlContext): Refusal | null {
  const unavailable = dockAvailable(context);
  if (unavailable) return unavailable;
  const dock = context.dock!;
  if (!aircraftPoweredOn(dock, context.drone)) return refuse('device.droneNotPowered');
  const flying = droneAirborne(context.drone);
  const flight = runningFlight(dock.jobs);
  switch (action) {
    case 'takeoff': {
      if (flying) return refuse('device.droneFlying');
      const parts = dockComponents(dock, context.drone);
      if (parts.remoteDebug) return refuse('device.remoteDebugActive');
      if (parts.work === 'working') return refuse('device.dockWorking');
      return null;
    }
    case 'fly_to':
    case 'emergency_stop':
      return flying ? null : refuse('device.droneGrounded');
    case 'return_home':
      if (!flying) return refuse('device.droneGrounded');
      return num(context.drone?.osd.mode_code) === DRONE_MODE.RETURN_HOME ? refuse('device.already') : null;
    case 'pause':
      return flying && flight && flight.status !== 'paused' ? null : refuse('device.noFlightToPause');
    case 'resume':
      return flying && flight?.status === 'paused' ? null : refuse('device.noFlightToResume');
  }
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

/** null when `action` may be sent to the drone's camera now, else why not. */
export function podActionRefusal(action: PodAction, context: ControlContext): Refusal | null {
  const unavailable = dockAvailable(context);
  if (unavailable) return unavailable;
  if (!aircraftPoweredOn(context.dock, context.drone)) return refuse('device.droneNotPowered');
  const camera = cameraStatus(context.drone);
  if (!camera.payloadIndex) return refuse('device.noPayload');
  if (action === 'record_start' && camera.recording) return refuse('device.recording');
  if (action === 'record_stop' && !camera.recording) return refuse('device.notRecording');
  return null;
}

/** What a control call answers once the device accepted the command. */
export interface ControlResult {
  /** the device the command went to (the dock, for a drone's command) */
  gatewaySn: string;
  action: string;
  method: string;
  /** progress events of the job carry this bid */
  bid: string;
  output: unknown;
}

/** getPodControlStatus: the camera and whether each pod action is allowed now (null) or why not. */
export interface PodControlStatus {
  serialNumber: string;
  poweredOn: boolean;
  camera: CameraStatus;
  refusals: Record<PodAction, Refusal | null>;
}

/** getOnlineUavList: one online aircraft of the tenant. */
export interface OnlineUav {
  id: string;
  name: string;
  serialNumber: string;
  /** the dock relaying it, when known */
  hangarSerialNumber: string | null;
  longitude: number | null;
  latitude: number | null;
  /** m above take-off */
  elevation: number | null;
  /** degrees */
  heading: number | null;
  /** m/s */
  horizontalSpeed: number | null;
  batteryPercent: number | null;
  modeCode: number | null;
}
