import { z } from 'zod';
import { AuditFields, Id, optionalText, text } from './common.js';
import {
  alternatePairError,
  BATTERY_PERCENT_MAX,
  BATTERY_PERCENT_MIN,
  DEVICE_STATUS_NORMAL,
  EQUIPMENT_KINDS,
  HANGAR_IMAGES_MAX,
  HANGAR_VISIBLE,
  isStreamUrl,
  LOW_BATTERY_DEFAULT,
  POWER_MAX_W,
  RTH_ALTITUDE_MAX,
  RTH_ALTITUDE_MIN,
  SAFE_LAND_HEIGHT_MAX,
  SAFE_LAND_HEIGHT_MIN,
  SERIAL_NUMBER_PATTERN,
  SPEED_MAX_MS,
  splitIds,
  ULTRA_LOW_BATTERY_DEFAULT,
  ultraLowBatteryError,
  WEIGHT_MAX_KG,
} from './equipment-rules.js';
import { FILE_LINK } from './resource.js';

export * from './equipment-models.js';
export * from './equipment-rules.js';

// ------------------------------------------------------------------------------------------------ field pieces

/** A number within [min, max], one message for every way it can be wrong (not a number, too small, too big). */
function ranged(min: number, max: number, message: string, integer = false) {
  const number = z.number({ message });
  return (integer ? number.int({ message }) : number).min(min, { message }).max(max, { message });
}

/** The MQTT identity of a device or dock (see SERIAL_NUMBER_PATTERN). */
export const SerialNumber = text(64).refine((value) => SERIAL_NUMBER_PATTERN.test(value), {
  message: 'fleet.serialNumber',
});

/** A picture link: one put-file issued (`/files/...`) or any http(s) address. */
export function isImageLink(value: string): boolean {
  return FILE_LINK.test(value) || /^https?:\/\/[^\s/]+\S*$/i.test(value);
}

const OptionalImage = z
  .string()
  .trim()
  .max(500, { message: 'validation.textMax' })
  .refine((value) => value === '' || isImageLink(value), { message: 'fleet.imageLink' })
  .nullish();

/** Up to HANGAR_IMAGES_MAX picture links, comma-separated; answered trimmed and without duplicates. */
const ImageLinks = z
  .string()
  .max(HANGAR_IMAGES_MAX * 501, { message: 'fleet.images' })
  .refine(
    (value) => {
      const links = splitIds(value);
      return links.length <= HANGAR_IMAGES_MAX && links.every(isImageLink);
    },
    { message: 'fleet.images' },
  )
  .transform((value) => splitIds(value).join(','))
  .nullish();

/** Ids as BladeX keeps lists: comma-separated, possibly empty; answered normalized (`1,2`). */
const OptionalIdList = z
  .string()
  .refine((value) => splitIds(value).every((part) => Id.safeParse(part).success), { message: 'fleet.ids' })
  .transform((value) => splitIds(value).join(','))
  .nullish();

const StreamUrl = z
  .string()
  .trim()
  .max(500, { message: 'validation.textMax' })
  .refine((value) => value === '' || isStreamUrl(value), { message: 'fleet.streamUrl' })
  .nullish();

/** Spec §5 URL (http or https), optional. */
const OptionalHttpUrl = z
  .string()
  .trim()
  .max(500, { message: 'validation.textMax' })
  .refine((value) => value === '' || /^https?:\/\/[^\s/]+\S*$/i.test(value), { message: 'validation.url' })
  .nullish();

const BatteryPercent = ranged(BATTERY_PERCENT_MIN, BATTERY_PERCENT_MAX, 'fleet.batteryPercent', true);
const Longitude = ranged(-180, 180, 'fleet.longitude').nullish();
const Latitude = ranged(-90, 90, 'fleet.latitude').nullish();
const SafeLandHeight = ranged(SAFE_LAND_HEIGHT_MIN, SAFE_LAND_HEIGHT_MAX, 'fleet.safeLandHeight', true);
const RthAltitude = ranged(RTH_ALTITUDE_MIN, RTH_ALTITUDE_MAX, 'fleet.rthAltitude', true);
const OutOfControlAction = ranged(0, 2, 'fleet.outOfControlAction', true);

interface HangarSettingsInput {
  alternateLongitude?: number | null;
  alternateLatitude?: number | null;
  lowBattery?: number | null;
  ultraLowBattery?: number | null;
}

/**
 * The cross-field rules a dock's settings obey wherever they are entered (hangar submit and basic settings):
 * the alternate landing point is both coordinates or neither, and the ultra-low battery alarm is strictly
 * below the low one. The same functions (equipment-rules.ts) serve the console.
 */
export function hangarSettingsRules(value: HangarSettingsInput, ctx: z.RefinementCtx): void {
  const missing = alternatePairError(value.alternateLongitude, value.alternateLatitude);
  if (missing) ctx.addIssue({ code: 'custom', path: [missing], message: 'fleet.alternatePair', input: null });
  const order = ultraLowBatteryError(value.lowBattery, value.ultraLowBattery);
  if (order) {
    ctx.addIssue({ code: 'custom', path: ['ultraLowBattery'], message: order, input: value.ultraLowBattery });
  }
}

// ------------------------------------------------------------------------------------------------ model catalogue

/** `findEquipmentModel`: one model of the catalogue, named in the caller's language. */
export const EquipmentModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  manufacturerName: z.string(),
  kind: z.enum(EQUIPMENT_KINDS),
  /** `device_type` key: 1 aircraft, 2 payload, 3 data link, 4 remote controller, 5 dock */
  deviceType: z.number().int(),
  /** docks only: `hangar_type` key (1 multirotor, 2 VTOL) */
  hangarType: z.number().int().nullable(),
  domain: z.number().int(),
  type: z.number().int(),
  subType: z.number().int(),
  /** `domain-type-subType`, as the device reports it */
  key: z.string(),
  /** kg */
  maxTakeoffWeight: z.number().nullable(),
  /** m/s */
  maxSpeed: z.number().nullable(),
  /** kg */
  maxPayload: z.number().nullable(),
});
export type EquipmentModel = z.infer<typeof EquipmentModelSchema>;

export const EquipmentModelQuery = z.object({
  deviceType: z.coerce.number().int().optional(),
  kind: z.enum(EQUIPMENT_KINDS, { message: 'fleet.kind' }).optional(),
  /** part of the name, either language, or of the `domain-type-subType` key */
  keyword: z.string().trim().max(64).optional(),
});
export type EquipmentModelQuery = z.infer<typeof EquipmentModelQuery>;

// ------------------------------------------------------------------------------------------------ credentials

/** What a credential belongs to: a device (aos_equipment) or a dock (aos_hangar). */
export const DEVICE_CREDENTIAL_KINDS = ['equipment', 'hangar'] as const;
export type DeviceCredentialKind = (typeof DEVICE_CREDENTIAL_KINDS)[number];

/**
 * The MQTT credentials of a device or dock, answered ONCE: by add (device), submit without id (dock) and
 * resetCredential; never by detail or page. The server keeps only a SHA-256 of the password (a 144-bit random
 * secret, so no slow hash is needed) and checks a connection in constant time. The username stays the same
 * across resets; a reset makes the previous password fail at once.
 */
export const DeviceCredentialSchema = z.object({
  serialNumber: z.string(),
  /** `dev-` and 16 hex digits, unique platform-wide */
  username: z.string(),
  /** 24 base64url characters */
  password: z.string(),
});
export type DeviceCredential = z.infer<typeof DeviceCredentialSchema>;

export const DEVICE_USERNAME_PATTERN = /^dev-[0-9a-f]{16}$/;
export const DEVICE_PASSWORD_PATTERN = /^[A-Za-z0-9_-]{24}$/;

/** What a device presents when it connects (device-link issue): refused unless both have the issued shape. */
export const DeviceCredentialLogin = z.object({
  username: z.string().regex(DEVICE_USERNAME_PATTERN),
  password: z.string().regex(DEVICE_PASSWORD_PATTERN),
});
export type DeviceCredentialLogin = z.infer<typeof DeviceCredentialLogin>;

/** Whom a verified credential identifies. */
export interface DeviceCredentialOwner {
  tenantId: string;
  serialNumber: string;
  kind: DeviceCredentialKind;
  ownerId: string;
}

// ------------------------------------------------------------------------------------------------ devices

/**
 * A device of the tenant (spec §3 "Device"): aircraft, payload, data link or remote controller. `status` is
 * the `device_status` dictionary (1 normal, 2 disabled). Names of what the ids point at come along for the
 * list; `hangarId`/`hangarName` when an aircraft is bound to a dock.
 */
export const EquipmentSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  name: z.string(),
  serialNumber: z.string(),
  /** `device_type` key 1..4 */
  type: z.number().int(),
  modelId: z.string().nullable(),
  manufacturerId: Id.nullable(),
  /** W */
  power: z.number().nullable(),
  /** kg */
  takeoffWeight: z.number().nullable(),
  /** kg */
  load: z.number().nullable(),
  /** m/s */
  flightSpeed: z.number().nullable(),
  /** comma-separated ids of the payload devices an aircraft carries ('' when none) */
  payloadIds: z.string(),
  datalinkId: Id.nullable(),
  iotCard: z.string().nullable(),
  /** physical fingerprint */
  fingerprint: z.string().nullable(),
  address: z.string().nullable(),
  remark: z.string().nullable(),
  image: z.string().nullable(),
  modelName: z.string().nullable(),
  manufacturerName: z.string().nullable(),
  /** comma-separated, in the order of payloadIds */
  payloadNames: z.string(),
  datalinkName: z.string().nullable(),
  hangarId: Id.nullable(),
  hangarName: z.string().nullable(),
  createUserName: z.string().nullable(),
});
export type Equipment = z.infer<typeof EquipmentSchema>;

/** add answers the device and its MQTT credentials (once). */
export const EquipmentWithCredentialSchema = EquipmentSchema.extend({ credential: DeviceCredentialSchema });
export type EquipmentWithCredential = z.infer<typeof EquipmentWithCredentialSchema>;

/**
 * add (POST, no id) and update (PUT, with id). Server rules beyond these fields: the serial number is unique
 * platform-wide among devices AND docks; the model exists and is of the device's kind; the brand is the
 * tenant's and covers that kind (its entity signs); only an aircraft has payloadIds (payload devices of the
 * tenant) and a datalinkId (a data-link device of the tenant).
 */
export const EquipmentSubmit = z.object({
  id: Id.optional(),
  name: text(100),
  serialNumber: SerialNumber,
  type: z.coerce
    .number({ message: 'fleet.deviceType' })
    .int({ message: 'fleet.deviceType' })
    .min(1, { message: 'fleet.deviceType' })
    .max(4, { message: 'fleet.deviceType' }),
  /** a catalogue model id (findEquipmentModel); optional: data links have no catalogue model */
  modelId: z.string().trim().max(64, { message: 'validation.textMax' }).nullish(),
  manufacturerId: Id.nullish(),
  power: ranged(0, POWER_MAX_W, 'fleet.power').nullish(),
  takeoffWeight: ranged(0, WEIGHT_MAX_KG, 'fleet.takeoffWeight').nullish(),
  load: ranged(0, WEIGHT_MAX_KG, 'fleet.load').nullish(),
  flightSpeed: ranged(0, SPEED_MAX_MS, 'fleet.flightSpeed').nullish(),
  payloadIds: OptionalIdList,
  datalinkId: Id.nullish(),
  status: ranged(1, 2, 'fleet.deviceStatus', true).default(DEVICE_STATUS_NORMAL),
  iotCard: optionalText(64),
  fingerprint: optionalText(128),
  address: optionalText(200),
  remark: optionalText(255),
  image: OptionalImage,
});
export type EquipmentSubmit = z.infer<typeof EquipmentSubmit>;

export const EquipmentPageQuery = z.object({
  name: z.string().trim().max(100).optional(),
  serialNumber: z.string().trim().max(64).optional(),
  type: z.coerce.number().int().optional(),
  modelId: z.string().trim().max(64).optional(),
  manufacturerId: Id.optional(),
  status: z.coerce.number().int().optional(),
});

/** equipment-management/detail: by `id` or by `serialNumber`. */
export const EquipmentDetailQuery = z
  .object({ id: Id.optional(), serialNumber: z.string().trim().max(64).optional() })
  .refine((value) => value.id || value.serialNumber, { message: 'validation.required', path: ['id'] });
export type EquipmentDetailQuery = z.infer<typeof EquipmentDetailQuery>;

// ------------------------------------------------------------------------------------------------ docks

/**
 * A dock (hangar) of the tenant (spec §3 "Hangar"). Online state and telemetry are not part of the register.
 * The settings subset (alternate point, safe land height, thresholds, log address, return-home altitude,
 * out-of-control action) is also read and written through hangarbasicset.
 */
export const HangarSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  name: z.string(),
  /** `hangar_type` key */
  type: z.number().int(),
  deptId: Id.nullable(),
  serialNumber: z.string(),
  manufacturerId: Id.nullable(),
  modelId: z.string(),
  /** comma-separated ids of the bound aircraft ('' when none) */
  droneIds: z.string(),
  /** comma-separated picture links ('' when none) */
  images: z.string(),
  streamLeftWing: z.string().nullable(),
  streamRightWing: z.string().nullable(),
  streamTail: z.string().nullable(),
  streamInside: z.string().nullable(),
  streamOutside: z.string().nullable(),
  logUrl: z.string().nullable(),
  alternateLongitude: z.number().nullable(),
  alternateLatitude: z.number().nullable(),
  /** m */
  safeLandHeight: z.number().int(),
  /** percent */
  lowBattery: z.number().int(),
  ultraLowBattery: z.number().int(),
  /** m */
  rthAltitude: z.number().int(),
  /** `out_of_control_action` key */
  outOfControlAction: z.number().int(),
  /** `hangar_visible` key: 1 shown, 0 hidden */
  visible: z.number().int(),
  remark: z.string().nullable(),
  deptName: z.string().nullable(),
  manufacturerName: z.string().nullable(),
  modelName: z.string().nullable(),
  /** comma-separated, in the order of droneIds */
  droneNames: z.string(),
});
export type Hangar = z.infer<typeof HangarSchema>;

/** submit answers the dock; when it added one, also its MQTT credentials (once). */
export const HangarWithCredentialSchema = HangarSchema.extend({
  credential: DeviceCredentialSchema.optional(),
});
export type HangarWithCredential = z.infer<typeof HangarWithCredentialSchema>;

/**
 * uavhangar/submit: insert without id, update with id. Server rules beyond these fields: the serial number is
 * unique platform-wide among devices AND docks; the model is a dock model of the hangar type; the brand is
 * the tenant's and makes docks; the team is a dept of the tenant; each bound drone is an aircraft of the
 * tenant not bound to another dock. safeLandHeight, rthAltitude and outOfControlAction are kept on update
 * (they belong to hangarbasicset).
 */
export const HangarSubmit = z
  .object({
    id: Id.optional(),
    name: text(100),
    type: z.coerce
      .number({ message: 'fleet.typeUnknown' })
      .int({ message: 'fleet.typeUnknown' })
      .min(1, { message: 'fleet.typeUnknown' })
      .max(999, { message: 'fleet.typeUnknown' }),
    deptId: Id.nullish(),
    serialNumber: SerialNumber,
    manufacturerId: Id.nullish(),
    /** a dock model of the catalogue */
    modelId: text(64),
    droneIds: OptionalIdList,
    images: ImageLinks,
    streamLeftWing: StreamUrl,
    streamRightWing: StreamUrl,
    streamTail: StreamUrl,
    streamInside: StreamUrl,
    streamOutside: StreamUrl,
    logUrl: OptionalHttpUrl,
    alternateLongitude: Longitude,
    alternateLatitude: Latitude,
    lowBattery: BatteryPercent.default(LOW_BATTERY_DEFAULT),
    ultraLowBattery: BatteryPercent.default(ULTRA_LOW_BATTERY_DEFAULT),
    visible: ranged(0, 1, 'fleet.visible', true).default(HANGAR_VISIBLE),
    remark: optionalText(255),
  })
  .superRefine(hangarSettingsRules);
export type HangarSubmit = z.infer<typeof HangarSubmit>;

export const HangarPageQuery = z.object({
  name: z.string().trim().max(100).optional(),
  serialNumber: z.string().trim().max(64).optional(),
  type: z.coerce.number().int().optional(),
  deptId: Id.optional(),
  manufacturerId: Id.optional(),
  modelId: z.string().trim().max(64).optional(),
  visible: z.coerce.number().int().optional(),
});
export type HangarPageQuery = z.infer<typeof HangarPageQuery>;

/** A dock as pickers need it (listForTenant, selectListByManufacturerId): no addresses, no settings. */
export const HangarOptionSchema = z.object({
  id: Id,
  tenantId: z.string(),
  name: z.string(),
  serialNumber: z.string(),
  type: z.number().int(),
  modelId: z.string(),
  deptId: Id.nullable(),
  manufacturerId: Id.nullable(),
  visible: z.number().int(),
});
export type HangarOption = z.infer<typeof HangarOptionSchema>;

/** listForTenant: the caller's tenant; only the platform tenant (000000) may name another. */
export const HangarTenantQuery = z.object({ tenantId: z.string().trim().max(12).optional() });

export const HangarManufacturerQuery = z.object({ manufacturerId: Id });

/** updateVisibility (POST): `id` and `visible` (0 hidden, 1 shown) in the query. */
export const HangarVisibilityQuery = z.object({
  id: Id,
  visible: z.coerce
    .number({ message: 'fleet.visible' })
    .int({ message: 'fleet.visible' })
    .min(0, { message: 'fleet.visible' })
    .max(1, { message: 'fleet.visible' }),
});

/** getPlayStream: by `id` or by `serialNumber`. */
export const HangarStreamQuery = EquipmentDetailQuery;

/** getPlayStream: the five stream addresses of a dock, each by name (null when not set). */
export const HangarPlayStreamSchema = z.object({
  hangarId: Id,
  serialNumber: z.string(),
  streamLeftWing: z.string().nullable(),
  streamRightWing: z.string().nullable(),
  streamTail: z.string().nullable(),
  streamInside: z.string().nullable(),
  streamOutside: z.string().nullable(),
});
export type HangarPlayStream = z.infer<typeof HangarPlayStreamSchema>;

// ------------------------------------------------------------------------------------------------ basic settings

/** hangarbasicset/detail: the settings subset of one dock. */
export const HangarBasicSetSchema = z.object({
  hangarId: Id,
  hangarName: z.string(),
  serialNumber: z.string(),
  alternateLongitude: z.number().nullable(),
  alternateLatitude: z.number().nullable(),
  safeLandHeight: z.number().int(),
  lowBattery: z.number().int(),
  ultraLowBattery: z.number().int(),
  logUrl: z.string().nullable(),
  rthAltitude: z.number().int(),
  outOfControlAction: z.number().int(),
});
export type HangarBasicSet = z.infer<typeof HangarBasicSetSchema>;

export const HangarBasicSetQuery = z.object({ hangarId: Id });

/** hangarbasicset/submit: every setting of the subset, with the same rules as the hangar form. */
export const HangarBasicSetSubmit = z
  .object({
    hangarId: Id,
    alternateLongitude: Longitude,
    alternateLatitude: Latitude,
    safeLandHeight: SafeLandHeight,
    lowBattery: BatteryPercent,
    ultraLowBattery: BatteryPercent,
    logUrl: OptionalHttpUrl,
    rthAltitude: RthAltitude,
    outOfControlAction: OutOfControlAction,
  })
  .superRefine(hangarSettingsRules);
export type HangarBasicSetSubmit = z.infer<typeof HangarBasicSetSubmit>;
