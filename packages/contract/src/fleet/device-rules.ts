/**
 * The fleet registry's rules for devices and docks as plain functions and constants: no zod, so the console
 * can check a whole form (cross-field rules) with exactly what the server's schemas in equipment.ts apply.
 */

/** `device_type` dictionary keys. 1..4 are devices (aos_equipment); 5 marks dock models (aos_hangar). */
export const DEVICE_TYPE_AIRCRAFT = 1;
export const DEVICE_TYPE_PAYLOAD = 2;
export const DEVICE_TYPE_DATALINK = 3;
export const DEVICE_TYPE_REMOTE_CONTROLLER = 4;
export const DEVICE_TYPE_DOCK = 5;
/** The types a device (not a dock) may have. */
export const DEVICE_TYPES = [
  DEVICE_TYPE_AIRCRAFT,
  DEVICE_TYPE_PAYLOAD,
  DEVICE_TYPE_DATALINK,
  DEVICE_TYPE_REMOTE_CONTROLLER,
] as const;

/**
 * What a model or a device is, spelled as the entity center's signs (fleet.ts ENTITY_MODELS), so that a
 * brand's `entitySigns` say which kinds of thing the brand may be chosen for.
 */
export const DEVICE_KINDS = ['aircraft', 'payload', 'datalink', 'remote_controller', 'dock'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** The `device_type` key of each kind. */
export const DEVICE_TYPE_OF_KIND: Readonly<Record<DeviceKind, number>> = {
  aircraft: DEVICE_TYPE_AIRCRAFT,
  payload: DEVICE_TYPE_PAYLOAD,
  datalink: DEVICE_TYPE_DATALINK,
  remote_controller: DEVICE_TYPE_REMOTE_CONTROLLER,
  dock: DEVICE_TYPE_DOCK,
};

/** The kind of a `device_type` key, if it is one. */
export function kindOfDeviceType(type: number): DeviceKind | undefined {
  return DEVICE_KINDS.find((kind) => DEVICE_TYPE_OF_KIND[kind] === type);
}

/** DJI Cloud API device domains (design/PROTOCOLS.md §2): the first part of a `domain-type-subType` key. */
export const DEVICE_DOMAIN_DRONE = 0;
export const DEVICE_DOMAIN_PAYLOAD = 1;
export const DEVICE_DOMAIN_REMOTE_CONTROLLER = 2;
export const DEVICE_DOMAIN_DOCK = 3;

/** `device_status` dictionary: a device is normal (usable) or disabled. */
export const DEVICE_STATUS_NORMAL = 1;
export const DEVICE_STATUS_DISABLED = 2;

/** `hangar_type` dictionary keys. */
export const DOCK_TYPE_MULTIROTOR = 1;
export const DOCK_TYPE_VTOL = 2;

/** `hangar_visible` dictionary: a dock is shown on the maps and pickers (1) or hidden (0). */
export const DOCK_HIDDEN = 0;
export const DOCK_VISIBLE = 1;

/** `out_of_control_action` dictionary (DJI `out_of_control_action`): 0 return home, 1 hover, 2 land. */
export const OUT_OF_CONTROL_ACTIONS = [0, 1, 2] as const;

export const BATTERY_PERCENT_MIN = 0;
export const BATTERY_PERCENT_MAX = 100;
/** Dock alarm thresholds a new dock gets when none are entered (percent of the drone battery). */
export const LOW_BATTERY_DEFAULT = 30;
export const ULTRA_LOW_BATTERY_DEFAULT = 20;
/** Alternate landing point: the height the drone climbs to before flying there (metres). */
export const SAFE_LAND_HEIGHT_MIN = 20;
export const SAFE_LAND_HEIGHT_MAX = 500;
export const SAFE_LAND_HEIGHT_DEFAULT = 30;
/** Return-home altitude (metres). */
export const RTH_ALTITUDE_MIN = 20;
export const RTH_ALTITUDE_MAX = 1500;
export const RTH_ALTITUDE_DEFAULT = 100;
export const OUT_OF_CONTROL_ACTION_DEFAULT = 0;

/** Pictures a dock keeps (spec §5 "Uploads": each up to 5 MB, uploaded with put-file). */
export const DOCK_IMAGES_MAX = 6;

/** Upper bounds of a device's nominal figures: anything above is a typing mistake, not a drone. */
export const POWER_MAX_W = 100_000;
export const WEIGHT_MAX_KG = 1_000;
export const SPEED_MAX_MS = 200;

/** The five video streams of a dock, in the order the console shows them. */
export const DOCK_STREAM_FIELDS = [
  'streamLeftWing',
  'streamRightWing',
  'streamTail',
  'streamInside',
  'streamOutside',
] as const;
export type DockStreamField = (typeof DOCK_STREAM_FIELDS)[number];

/**
 * A serial number names the device's MQTT topics (`thing/product/{sn}/...`), so it holds only letters,
 * digits, `-` and `_`: never the topic separators and wildcards `/ + #`, never spaces.
 */
export const SERIAL_NUMBER_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A live stream address: rtmp, rtsp, http(s) (FLV, HLS m3u8) or WebRTC (`webrtc://`), with a host. */
export function isStreamUrl(value: string): boolean {
  return /^(rtmps?|rtsps?|https?|webrtc):\/\/[^\s/]+\S*$/i.test(value);
}

function present(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '';
}

export function isLongitude(value: number): boolean {
  return Number.isFinite(value) && value >= -180 && value <= 180;
}

export function isLatitude(value: number): boolean {
  return Number.isFinite(value) && value >= -90 && value <= 90;
}

/**
 * The alternate landing point is optional but comes as a pair: both coordinates or neither. Answers the
 * field that is missing its partner (the message is `fleet.alternatePair`), or undefined when the pair is
 * complete or absent. The range of each coordinate is the field's own rule.
 */
export function alternatePairError(
  longitude: unknown,
  latitude: unknown,
): 'alternateLongitude' | 'alternateLatitude' | undefined {
  if (present(longitude) === present(latitude)) return undefined;
  return present(longitude) ? 'alternateLatitude' : 'alternateLongitude';
}

export function isBatteryPercent(value: number): boolean {
  return Number.isInteger(value) && value >= BATTERY_PERCENT_MIN && value <= BATTERY_PERCENT_MAX;
}

/**
 * The ultra-low battery alarm must sound after the low one: ultra-low strictly below low. Answers
 * `fleet.ultraLowBelowLow` (shown on `ultraLowBattery`) or undefined. Only two valid percentages are
 * compared: a missing or out-of-range value is its own field's error.
 */
export function ultraLowBatteryError(low: unknown, ultraLow: unknown): 'fleet.ultraLowBelowLow' | undefined {
  if (typeof low !== 'number' || typeof ultraLow !== 'number') return undefined;
  if (!isBatteryPercent(low) || !isBatteryPercent(ultraLow)) return undefined;
  return ultraLow < low ? undefined : 'fleet.ultraLowBelowLow';
}
