import { SERIAL_NUMBER_PATTERN } from '../fleet/device-rules.js';

/**
 * The zod-free half of the device protocol (design/PROTOCOLS.md §2): topics and the enumerations devices
 * report, for the console's bundle (`@aos/contract/rules`) as much as for the server and the simulator.
 */

// ------------------------------------------------------------------------------------------------ topics

/** Device → cloud topic kinds: what the device link subscribes to and a device may publish. */
export const DEVICE_UPLINK_KINDS = [
  'status',
  'osd',
  'state',
  'services_reply',
  'events',
  'requests',
] as const;
/** Cloud → device topic kinds: what the platform publishes and a device may subscribe to. */
export const DEVICE_DOWNLINK_KINDS = ['status_reply', 'services', 'events_reply', 'requests_reply'] as const;

export type DeviceUplinkKind = (typeof DEVICE_UPLINK_KINDS)[number];
export type DeviceDownlinkKind = (typeof DEVICE_DOWNLINK_KINDS)[number];
export type DeviceTopicKind = DeviceUplinkKind | DeviceDownlinkKind;

/** `status` and `status_reply` live under `sys/product/`; every other kind under `thing/product/`. */
function topicRoot(kind: DeviceTopicKind): 'sys' | 'thing' {
  return kind === 'status' || kind === 'status_reply' ? 'sys' : 'thing';
}

const TOPIC_KINDS: ReadonlySet<string> = new Set([...DEVICE_UPLINK_KINDS, ...DEVICE_DOWNLINK_KINDS]);

/** The topic of `kind` for the device (or gateway) `sn`, e.g. `thing/product/{sn}/osd`. */
export function deviceTopic(sn: string, kind: DeviceTopicKind): string {
  return `${topicRoot(kind)}/product/${sn}/${kind}`;
}

/** The subscription filter matching `kind` for every device: `thing/product/+/osd`. */
export function deviceTopicFilter(kind: DeviceTopicKind): string {
  return deviceTopic('+', kind);
}

export interface ParsedDeviceTopic {
  sn: string;
  kind: DeviceTopicKind;
  /** true for device → cloud topics */
  uplink: boolean;
}

/**
 * The device and kind a topic names, or null when it is not a topic of the protocol (wrong root, unknown
 * kind, a serial number that is not one, wildcards, extra levels).
 */
export function parseDeviceTopic(topic: string): ParsedDeviceTopic | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[1] !== 'product') return null;
  const [root, , sn, kind] = parts as [string, string, string, string];
  if (!TOPIC_KINDS.has(kind) || !SERIAL_NUMBER_PATTERN.test(sn)) return null;
  const typed = kind as DeviceTopicKind;
  if (topicRoot(typed) !== root) return null;
  return { sn, kind: typed, uplink: (DEVICE_UPLINK_KINDS as readonly string[]).includes(kind) };
}

// ------------------------------------------------------------------------------------------------ enumerations

/** Dock `mode_code`. Remote-debug commands need REMOTE_DEBUG; WORKING is a flight task in progress. */
export const DOCK_MODE = {
  IDLE: 0,
  ON_SITE_DEBUG: 1,
  REMOTE_DEBUG: 2,
  UPGRADING: 3,
  WORKING: 4,
} as const;

/** Dock hatch (`cover_state`) and wings/putters (`putter_state`) share these values. */
export const COVER_STATE = { CLOSED: 0, OPEN: 1, HALF_OPEN: 2, ABNORMAL: 3 } as const;
export const PUTTER_STATE = COVER_STATE;

/** Drone `mode_code` (DJI Cloud API); 14 DISCONNECTED is how a dock reports a drone it cannot reach. */
export const DRONE_MODE = {
  IDLE: 0,
  TAKEOFF_PREPARE: 1,
  TAKEOFF_READY: 2,
  MANUAL: 3,
  AUTO_TAKEOFF: 4,
  WAYLINE: 5,
  PANORAMA: 6,
  TRACKING: 7,
  ADSB_AVOIDANCE: 8,
  RETURN_HOME: 9,
  LANDING: 10,
  FORCED_LANDING: 11,
  THREE_PROPELLER_LANDING: 12,
  UPGRADING: 13,
  DISCONNECTED: 14,
  APAS: 15,
  JOYSTICK: 16,
} as const;

/** Dock `rainfall`: 0 none .. 3 heavy. */
export const RAINFALL = { NONE: 0, LIGHT: 1, MODERATE: 2, HEAVY: 3 } as const;

/** Our extension `flood_state`: the dock's water sensor. */
export const FLOOD_STATE = { DRY: 0, FLOODED: 1 } as const;

/** `drone_charge_state.state`. */
export const DRONE_CHARGE_STATE = { IDLE: 0, CHARGING: 1 } as const;

/** Light strip (`supplement_light_state`) and `emergency_stop_state`: 0 off, 1 on. */
export const SWITCH_STATE = { OFF: 0, ON: 1 } as const;

/**
 * The status of a long job (remote-debug command, flight task) in its progress events. `sent`,
 * `in_progress` and `paused` are running; the others are final.
 */
export const JOB_STATUSES = [
  'sent',
  'in_progress',
  'paused',
  'ok',
  'partially_done',
  'rejected',
  'failed',
  'canceled',
  'timeout',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A job in one of these statuses has finished: the device state it reports now is final. */
export const JOB_FINAL_STATUSES: readonly JobStatus[] = [
  'ok',
  'partially_done',
  'rejected',
  'failed',
  'canceled',
  'timeout',
];

/** `result` of a services reply, an events reply or a requests reply: 0 success, anything else an error code. */
export const DEVICE_RESULT_OK = 0;
/**
 * What the platform answers to a request method it does not implement. Any non-zero result is a failure to
 * a DJI device; this value sits outside DJI's six-digit error codes so it cannot be mistaken for one.
 */
export const DEVICE_RESULT_UNSUPPORTED = 1;

/** Remote-debug services (PROTOCOLS.md §2): the dock must be in REMOTE_DEBUG first (debug_mode_open). */
export const REMOTE_DEBUG_METHODS = [
  'debug_mode_open',
  'debug_mode_close',
  'cover_open',
  'cover_close',
  'putter_open',
  'putter_close',
  'drone_open',
  'drone_close',
  'charge_open',
  'charge_close',
  'supplement_light_open',
  'supplement_light_close',
  'device_reboot',
  'alarm_state_switch',
] as const;
export type RemoteDebugMethod = (typeof REMOTE_DEBUG_METHODS)[number];

export const FLIGHTTASK_PROGRESS_METHOD = 'flighttask_progress';

/**
 * Progress events of flights the console starts by hand (DJI Cloud API): `takeoff_to_point` reports on
 * `takeoff_to_point_progress`, `fly_to_point` on `fly_to_point_progress`, both with the command's bid.
 */
export const FLIGHT_PROGRESS_METHODS = [
  FLIGHTTASK_PROGRESS_METHOD,
  'takeoff_to_point_progress',
  'fly_to_point_progress',
] as const;

/** Events whose `data` is a job's progress: the remote-debug methods and the flight progress events. */
export function isJobEventMethod(method: string): boolean {
  return (
    (FLIGHT_PROGRESS_METHODS as readonly string[]).includes(method) ||
    (REMOTE_DEBUG_METHODS as readonly string[]).includes(method)
  );
}

// ------------------------------------------------------------------------------------------------ live push

/** Close codes of `/api/ws` (4000-4999 are the application's). */
export const LIVE_CLOSE_UNAUTHORISED = 4401;
/** The session ended (logout, token revoked) while the socket was open. */
export const LIVE_CLOSE_SESSION_ENDED = 4403;
/**
 * The access token the socket was opened (or last renewed) with expired: the console reconnects with its
 * current token. A `renew` frame with a fresh token of the same session before then keeps the socket open.
 */
export const LIVE_CLOSE_TOKEN_EXPIRED = 4408;
/** The `error` frame's reason when a `renew` is refused (not a valid token of the socket's user and session). */
export const LIVE_RENEW_REFUSED = 'renew refused';

/** OSD frames of one device reach one client at most this often; the newest sample wins. */
export const LIVE_OSD_MIN_INTERVAL_MS = 250;
