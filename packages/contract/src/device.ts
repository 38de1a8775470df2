import { z } from 'zod';
import { SERIAL_NUMBER_PATTERN } from './equipment-rules.js';

/**
 * The device protocol (design/PROTOCOLS.md §2): DJI Cloud API's thing model over MQTT. Topics, the message
 * envelope, the payloads the platform reads, and the enumerations devices report. Shared by the server's
 * device link, the simulator and the console. Payload schemas are lenient on purpose: devices omit fields
 * (a dock sends its OSD in several partial messages) and add fields of their own, so every field is
 * optional and unknown fields pass through; what is there must have the right type.
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

// ------------------------------------------------------------------------------------------------ envelope

/** `need_reply` as devices send it: 1/0 (DJI) or a boolean. */
const Flag = z.union([z.literal(0), z.literal(1), z.boolean()]);

/**
 * Every message, both ways: `tid` names one exchange (a reply carries the request's), `bid` one business job
 * (a command and its progress events share it), `timestamp` in milliseconds.
 */
export const DeviceMessageSchema = z.looseObject({
  tid: z.string().min(1).max(128),
  bid: z.string().min(1).max(128),
  timestamp: z.number(),
  method: z.string().min(1).max(128).optional(),
  data: z.unknown().optional(),
  gateway: z.string().max(64).optional(),
  need_reply: Flag.optional(),
});
export type DeviceMessage = z.infer<typeof DeviceMessageSchema>;

/** What a device sends where a JSON object is expected (OSD, state, event payloads). */
export const DeviceDataSchema = z.record(z.string(), z.unknown());
export type DeviceData = z.infer<typeof DeviceDataSchema>;

// ------------------------------------------------------------------------------------------------ topology

/** `domain` is a string in DJI's examples ("0") and a number elsewhere: both read as a number. */
const Domain = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

export const TopoSubDeviceSchema = z.looseObject({
  sn: z.string().regex(SERIAL_NUMBER_PATTERN),
  /** DJI device type and sub type: see EQUIPMENT_MODELS (`domain-type-subType`) */
  type: z.number().int(),
  sub_type: z.number().int(),
  /** the slot the device occupies on its gateway, e.g. "A" */
  index: z.union([z.string(), z.number()]).transform(String),
  domain: Domain.optional(),
  thing_version: z.string().optional(),
});
export type TopoSubDevice = z.infer<typeof TopoSubDeviceSchema>;

/**
 * `update_topo` on `sys/product/{gateway_sn}/status`: the gateway and the devices behind it. An empty
 * `sub_devices` means the drone is off (or gone): it is offline.
 */
export const UpdateTopoSchema = z.looseObject({
  type: z.number().int(),
  sub_type: z.number().int(),
  domain: Domain.optional(),
  thing_version: z.string().optional(),
  sub_devices: z.array(TopoSubDeviceSchema),
});
export type UpdateTopo = z.infer<typeof UpdateTopoSchema>;

export const UPDATE_TOPO_METHOD = 'update_topo';

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

// ------------------------------------------------------------------------------------------------ OSD

const num = z.number().optional();
const int = z.number().int().optional();

/** Dock telemetry (`thing/product/{dock_sn}/osd`), every field of PROTOCOLS.md §2 "Dock OSD". */
export const DockOsdSchema = z.looseObject({
  /** DOCK_MODE */
  mode_code: int,
  /** hatch, COVER_STATE */
  cover_state: int,
  /** wings/putters, PUTTER_STATE */
  putter_state: int,
  /** 1 when the drone is inside */
  drone_in_dock: int,
  drone_charge_state: z.looseObject({ state: int, capacity_percent: num }).optional(),
  /** cabin temperature, °C */
  temperature: num,
  /** cabin humidity, % */
  humidity: num,
  environment_temperature: num,
  /** m/s */
  wind_speed: num,
  /** RAINFALL */
  rainfall: int,
  /** light strip, SWITCH_STATE */
  supplement_light_state: int,
  emergency_stop_state: int,
  network_state: z.looseObject({ type: int, quality: int, rate: num }).optional(),
  latitude: num,
  longitude: num,
  height: num,
  alternate_land_point: z
    .looseObject({ latitude: num, longitude: num, safe_land_height: num, is_configured: int })
    .optional(),
  sub_device: z
    .looseObject({
      device_sn: z.string().optional(),
      device_model_key: z.string().optional(),
      device_online_status: int,
      device_paired: int,
    })
    .optional(),
  /** charge/flight cycles */
  job_number: int,
  storage: z.looseObject({ total: num, used: num }).optional(),
  flighttask_step_code: int,
  /** our extension, FLOOD_STATE */
  flood_state: int,
  /** our extension, °C */
  drone_battery_temperature: num,
});
export type DockOsd = z.infer<typeof DockOsdSchema>;

export const DronePayloadOsdSchema = z.looseObject({
  /** DJI's `type-subType-gimbalIndex` string, e.g. "52-0-0"; a number from simpler devices */
  payload_index: z.union([z.string(), z.number()]).transform(String),
  gimbal_pitch: num,
  gimbal_yaw: num,
  gimbal_roll: num,
  zoom_factor: num,
});

/** Drone telemetry (`thing/product/{drone_sn}/osd`), every field of PROTOCOLS.md §2 "Drone OSD". */
export const DroneOsdSchema = z.looseObject({
  latitude: num,
  longitude: num,
  /** ellipsoid height, m */
  height: num,
  /** height relative to the take-off point, m */
  elevation: num,
  /** heading, degrees */
  attitude_head: num,
  attitude_pitch: num,
  attitude_roll: num,
  /** m/s */
  horizontal_speed: num,
  vertical_speed: num,
  /** m */
  home_distance: num,
  battery: z
    .looseObject({
      capacity_percent: num,
      /** s */
      remain_flight_time: num,
      return_home_power: num,
      landing_power: num,
    })
    .optional(),
  /** DRONE_MODE */
  mode_code: int,
  gear: int,
  wind_speed: num,
  track_id: z.string().optional(),
  /** s */
  total_flight_time: num,
  /** m */
  total_flight_distance: num,
  payloads: z.array(DronePayloadOsdSchema).optional(),
});
export type DroneOsd = z.infer<typeof DroneOsdSchema>;

// ------------------------------------------------------------------------------------------------ services

/** `data` of a `services_reply` (and of events/requests replies): `result` 0 or an error code. */
export const ServiceReplySchema = z.looseObject({
  result: z.number().int(),
  output: z.unknown().optional(),
});
export type ServiceReply = z.infer<typeof ServiceReplySchema>;

// ------------------------------------------------------------------------------------------------ events

export const JobProgressSchema = z.looseObject({
  percent: z.number().min(0).max(100).optional(),
  current_step: int,
  total_steps: int,
  step_key: z.string().optional(),
  step_result: int,
});
export type JobProgress = z.infer<typeof JobProgressSchema>;

/**
 * `data` of a progress event (remote-debug methods, `flighttask_progress`):
 * `{result, output{status, progress{percent, current_step, total_steps, step_key}, ext?}}`.
 */
export const JobEventSchema = z.looseObject({
  result: z.number().int().optional(),
  output: z.looseObject({
    status: z.enum(JOB_STATUSES),
    progress: JobProgressSchema.optional(),
    ext: DeviceDataSchema.optional(),
  }),
});
export type JobEvent = z.infer<typeof JobEventSchema>;

/** Events whose `data` is a job's progress: the remote-debug methods and `flighttask_progress`. */
export function isJobEventMethod(method: string): boolean {
  return (
    method === FLIGHTTASK_PROGRESS_METHOD || (REMOTE_DEBUG_METHODS as readonly string[]).includes(method)
  );
}
