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
 * action is an entry of REMOTE_ACTIONS with its target, its permissions and a predicate over the live state:
 * the server refuses a command whose predicate fails, with the predicate's message, and the console disables
 * the button with the same reason.
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

/** uavControl actions. */
export const DRONE_ACTIONS = [
  'takeoff',
  'fly_to',
  'return_home',
  'pause',
  'resume',
  'emergency_stop',
] as const;
export type DroneAction = (typeof DRONE_ACTIONS)[number];

/** podControl actions (the drone's camera and gimbal). */
export const POD_ACTIONS = [
  'gimbal',
  'gimbal_reset',
  'zoom',
  'photo',
  'record_start',
  'record_stop',
  'camera_mode',
  'lens',
] as const;
export type PodAction = (typeof POD_ACTIONS)[number];

/** Every remote-control action: the names are distinct across the three groups. */
export type RemoteActionName = DockAction | DroneAction | PodAction;

/** Why an action is not allowed now: a message key of the catalogue (and its parameters). */
export interface Refusal {
  key: MessageKey;
  params?: Record<string, string>;
  /** 404 when the dock or drone is not registered, 403 without the permission, 400 otherwise */
  status: 400 | 403 | 404;
}

const refuse = (key: MessageKey, params?: Record<string, string>): Refusal => ({ key, params, status: 400 });

/** What the predicates read: the dock (null when not registered), its type and its aircraft. */
export interface ControlContext {
  dock: LiveDevice | null;
  /** `hangar_type` of the dock */
  dockType?: number | null;
  drone: LiveDevice | null;
  /** the command goes through vtolHangarControl: the dock must be a VTOL dock */
  vtol?: boolean;
}

/** Who asks: whether they hold a permission code (menu or button), as the server checks a route's. */
export interface Operator {
  may(code: string): boolean;
}

/** The device an action goes to: the dock, the drone (through its dock), the drone's camera. */
export type RemoteActionTarget = 'dock' | 'drone' | 'pod';

/** One remote-control action: what it acts on, who may send it, and when the device state allows it. */
export interface RemoteAction {
  target: RemoteActionTarget;
  /** any one of these permission codes lets the operator send it (the route's permission) */
  permissions: readonly string[];
  /** the console asks for confirmation first (it moves hardware or ends a flight) */
  dangerous: boolean;
  /** null when the state allows it now (after the target's own checks: TARGET_CHECKS), else why not */
  when(context: ControlContext & { dock: LiveDevice }): Refusal | null;
}

/** The permissions of each target (spec §7 and MENUS.md: the routes' codes). */
export const REMOTE_ACTION_PERMISSIONS: Record<RemoteActionTarget, readonly [string, ...string[]]> = {
  dock: ['remote_hangar_control', 'hangar_control'],
  drone: ['uav_control', 'device_control'],
  pod: ['pod_control', 'device_control'],
};

function dockAvailable(context: ControlContext): Refusal | null {
  if (!context.dock) return { key: 'device.dockNotFound', status: 404 };
  if (!context.dock.online) return refuse('device.dockOffline');
  return null;
}

/** The checks every action of a target makes first, in the spec's order. */
const TARGET_CHECKS: Record<RemoteActionTarget, (context: ControlContext) => Refusal | null> = {
  dock: (context) => {
    const unavailable = dockAvailable(context);
    if (unavailable) return unavailable;
    if (context.vtol && context.dockType !== DOCK_TYPE_VTOL) return refuse('device.notVtol');
    const busy = dockComponents(context.dock!, context.drone).runningJob;
    return busy ? refuse('device.dockBusy', { job: busy.method }) : null;
  },
  drone: (context) =>
    dockAvailable(context) ??
    (aircraftPoweredOn(context.dock!, context.drone) ? null : refuse('device.droneNotPowered')),
  pod: (context) =>
    dockAvailable(context) ??
    (aircraftPoweredOn(context.dock!, context.drone) ? null : refuse('device.droneNotPowered')) ??
    (cameraStatus(context.drone).payloadIndex ? null : refuse('device.noPayload')),
};

type DockState = ReturnType<typeof dockComponents> & { flying: boolean };

/** A dock action: remote debug mode must be on (`debug: false` for the two that switch it). */
function dockAction(
  when: (state: DockState) => Refusal | null,
  options: { dangerous?: boolean; debug?: boolean } = {},
): RemoteAction {
  return {
    target: 'dock',
    permissions: REMOTE_ACTION_PERMISSIONS.dock,
    dangerous: options.dangerous ?? false,
    when: (context) => {
      const parts = dockComponents(context.dock, context.drone);
      if (options.debug !== false && !parts.remoteDebug) return refuse('device.remoteDebugRequired');
      return when({ ...parts, flying: droneAirborne(context.drone) });
    },
  };
}

const already = refuse('device.already');

function droneAction(
  when: (context: ControlContext & { dock: LiveDevice }, flying: boolean) => Refusal | null,
  dangerous = false,
): RemoteAction {
  return {
    target: 'drone',
    permissions: REMOTE_ACTION_PERMISSIONS.drone,
    dangerous,
    when: (context) => when(context, droneAirborne(context.drone)),
  };
}

function podAction(when: (recording: boolean) => Refusal | null = () => null): RemoteAction {
  return {
    target: 'pod',
    permissions: REMOTE_ACTION_PERMISSIONS.pod,
    dangerous: false,
    when: (context) => when(cameraStatus(context.drone).recording),
  };
}

/**
 * Every remote-control action, in one place: the server refuses a command with `remoteActionRefusal` (its
 * 400/403/404 and message) and maps each name to the DJI method it sends (remote-control.actions.ts); the
 * console enables each button with the same function and shows the refusal as its tooltip.
 */
export const REMOTE_ACTIONS: { readonly [A in RemoteActionName]: RemoteAction } = {
  debug_mode_open: dockAction(
    (s) => (s.remoteDebug ? already : s.work === 'working' ? refuse('device.dockWorking') : null),
    {
      debug: false,
    },
  ),
  debug_mode_close: dockAction((s) => (s.remoteDebug ? null : already), { debug: false }),
  cover_open: dockAction((s) => (s.hatch === 'opened' ? already : null), { dangerous: true }),
  cover_close: dockAction(
    (s) => (s.hatch === 'closed' ? already : s.flying ? refuse('device.droneFlying') : null),
    { dangerous: true },
  ),
  putter_open: dockAction((s) => (s.wings === 'expanded' ? already : null), { dangerous: true }),
  putter_close: dockAction((s) => (s.wings === 'gathered' ? already : null), { dangerous: true }),
  charge_open: dockAction((s) =>
    s.charge === 'charging' ? already : s.droneInDock ? null : refuse('device.droneOutside'),
  ),
  charge_close: dockAction((s) => (s.charge === 'charging' ? null : already)),
  drone_open: dockAction((s) =>
    s.aircraftPower === 'powered_on' ? already : s.droneInDock ? null : refuse('device.droneOutside'),
  ),
  drone_close: dockAction(
    (s) =>
      s.aircraftPower === 'powered_off'
        ? already
        : s.droneInDock && !s.flying
          ? null
          : refuse('device.droneFlying'),
    { dangerous: true },
  ),
  supplement_light_open: dockAction((s) => (s.lightOn ? already : null)),
  supplement_light_close: dockAction((s) => (s.lightOn ? null : already)),
  device_reboot: dockAction((s) => (s.flying ? refuse('device.droneFlying') : null), { dangerous: true }),

  takeoff: droneAction((context, flying) => {
    if (flying) return refuse('device.droneFlying');
    const parts = dockComponents(context.dock, context.drone);
    if (parts.remoteDebug) return refuse('device.remoteDebugActive');
    return parts.work === 'working' ? refuse('device.dockWorking') : null;
  }, true),
  fly_to: droneAction((_context, flying) => (flying ? null : refuse('device.droneGrounded'))),
  return_home: droneAction((context, flying) => {
    if (!flying) return refuse('device.droneGrounded');
    return context.drone?.osd.mode_code === DRONE_MODE.RETURN_HOME ? already : null;
  }, true),
  pause: droneAction((context, flying) => {
    const flight = runningFlight(context.dock.jobs);
    return flying && flight && flight.status !== 'paused' ? null : refuse('device.noFlightToPause');
  }),
  resume: droneAction((context, flying) =>
    flying && runningFlight(context.dock.jobs)?.status === 'paused'
      ? null
      : refuse('device.noFlightToResume'),
  ),
  emergency_stop: droneAction((_context, flying) => (flying ? null : refuse('device.droneGrounded')), true),

  gimbal: podAction(),
  gimbal_reset: podAction(),
  zoom: podAction(),
  photo: podAction(),
  record_start: podAction((recording) => (recording ? refuse('device.recording') : null)),
  record_stop: podAction((recording) => (recording ? null : refuse('device.notRecording'))),
  camera_mode: podAction(),
  lens: podAction(),
};

/** Every action's name, dock actions first, then the drone's, then the camera's. */
export const REMOTE_ACTION_NAMES = Object.keys(REMOTE_ACTIONS) as RemoteActionName[];

/** The actions of one target, in table order. */
export const remoteActionsOf = <T extends RemoteActionTarget>(target: T) =>
  REMOTE_ACTION_NAMES.filter((name) => REMOTE_ACTIONS[name].target === target);

/**
 * null when `action` may be sent now, else why not: the operator's permission (when given), then the
 * target's checks (the dock registered and online, not busy; the drone powered on; a camera), then the
 * action's own predicate over the live state. The server refuses with it; the console disables with it.
 */
export function remoteActionRefusal(
  action: RemoteActionName,
  context: ControlContext,
  operator?: Operator,
): Refusal | null {
  const entry = REMOTE_ACTIONS[action];
  if (operator && !entry.permissions.some((code) => operator.may(code)))
    return { key: 'device.noPermission', status: 403 };
  return TARGET_CHECKS[entry.target](context) ?? entry.when(context as ControlContext & { dock: LiveDevice });
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

/** getOnlineUavList: one online drone of the tenant. */
export interface OnlineDrone {
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
