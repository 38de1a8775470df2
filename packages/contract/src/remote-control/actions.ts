import { DRONE_MODE } from '../device/enums.js';
import {
  aircraftPoweredOn,
  type CameraStatus,
  cameraStatus,
  dockComponents,
  droneAirborne,
  runningFlight,
} from '../device/state.js';
import { DOCK_TYPE_VTOL } from '../fleet/device-rules.js';
import type { LiveDevice } from '../live/events.js';
import type { MessageKey } from '../messages.js';

/**
 * Remote control of docks, drones and their cameras (spec §7 hangarControl, vtolHangarControl, uavControl,
 * podControl; §4 "Hangar components"; §5 "A drone must be powered on before it can be controlled"). Each
 * action is a device method with a predicate over the live state: the server refuses a command whose
 * predicate fails, with the predicate's message, and the console disables the button with the same reason.
 * The component states the console shows (opening, opened, closing...) are derived here too, from the
 * dock's OSD and its running jobs, so that both sides agree.
 */

export * from '../device/state.js';

// ------------------------------------------------------------------------------------------------ actions

/** hangarControl / vtolHangarControl actions: the remote-debug methods of PROTOCOLS.md §2. */
export const DOCK_ACTIONS = [
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
export type DockAction = (typeof DOCK_ACTIONS)[number];

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
  if (!context.dock) return { key: 'device.dockNotFound', status: 404 };
  if (!context.dock.online) return refuse('device.dockOffline');
  return null;
}

/** null when `action` may be sent to the dock now, else why not. */
export function dockActionRefusal(
  action: DockAction,
  context: ControlContext,
  options: { vtol?: boolean } = {},
): Refusal | null {
  const unavailable = dockAvailable(context);
  if (unavailable) return unavailable;
  const dock = context.dock!;
  if (options.vtol && context.dockType !== DOCK_TYPE_VTOL) return refuse('device.notVtol');
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
      return context.drone?.osd.mode_code === DRONE_MODE.RETURN_HOME ? refuse('device.already') : null;
    case 'pause':
      return flying && flight && flight.status !== 'paused' ? null : refuse('device.noFlightToPause');
    case 'resume':
      return flying && flight?.status === 'paused' ? null : refuse('device.noFlightToResume');
  }
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
