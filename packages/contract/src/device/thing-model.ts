import { z } from 'zod';
import { SERIAL_NUMBER_PATTERN } from '../fleet/device-rules.js';
import { JOB_STATUSES } from './enums.js';

/**
 * The device protocol (design/PROTOCOLS.md §2): DJI Cloud API's thing model over MQTT. Topics, the message
 * envelope, the payloads the platform reads, and the enumerations devices report. Shared by the server's
 * device link, the simulator and the console. Payload schemas are lenient on purpose: devices omit fields
 * (a dock sends its OSD in several partial messages) and add fields of their own, so every field is
 * optional and unknown fields pass through; what is there must have the right type.
 */

export * from './enums.js';

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
  /** DJI device type and sub type: see DEVICE_MODELS (`domain-type-subType`) */
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
