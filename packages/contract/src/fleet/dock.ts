import { z } from 'zod';
import { AuditFields, Id, optionalText, text, num, keyFilter } from '../common/schemas.js';
import { DOCK_VISIBLE, LOW_BATTERY_DEFAULT, ULTRA_LOW_BATTERY_DEFAULT } from './device-rules.js';
import { DeviceCredentialSchema } from './credential.js';
import { DeviceDetailQuery } from './device.js';
import { TimeZone } from '../task/schedule.js';
import {
  ranged,
  SerialNumber,
  ImageLinks,
  OptionalIdList,
  StreamUrl,
  OptionalHttpUrl,
  BatteryPercent,
  Longitude,
  Latitude,
  SafeLandHeight,
  RthAltitude,
  OutOfControlAction,
  dockSettingsRules,
} from './fields.js';

// ------------------------------------------------------------------------------------------------ docks

/**
 * A dock (hangar) of the tenant (spec §3 "Hangar"). Online state and telemetry are not part of the register.
 * The settings subset (alternate point, safe land height, thresholds, log address, return-home altitude,
 * out-of-control action) is also read and written through hangarbasicset.
 */
export const DockSchema = AuditFields.extend({
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
  /** IANA zone its task schedules are read in (null: the server's TIME_ZONE) */
  timeZone: z.string().nullable(),
  deptName: z.string().nullable(),
  manufacturerName: z.string().nullable(),
  modelName: z.string().nullable(),
  /** comma-separated, in the order of droneIds */
  droneNames: z.string(),
});
export type Dock = z.infer<typeof DockSchema>;

/** submit answers the dock; when it added one, also its MQTT credentials (once). */
export const DockWithCredentialSchema = DockSchema.extend({
  credential: DeviceCredentialSchema.optional(),
});
export type DockWithCredential = z.infer<typeof DockWithCredentialSchema>;

/**
 * uavhangar/submit: insert without id, update with id. Server rules beyond these fields: the serial number is
 * unique platform-wide among devices AND docks; the model is a dock model of the hangar type; the brand is
 * the tenant's and makes docks; the team is a dept of the tenant; each bound drone is an aircraft of the
 * tenant not bound to another dock. safeLandHeight, rthAltitude and outOfControlAction are kept on update
 * (they belong to hangarbasicset).
 */
export const DockSubmit = z
  .object({
    id: Id.optional(),
    name: text(100),
    type: num(
      z
        .number({ message: 'fleet.typeUnknown' })
        .int({ message: 'fleet.typeUnknown' })
        .min(1, { message: 'fleet.typeUnknown' })
        .max(999, { message: 'fleet.typeUnknown' }),
    ),
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
    visible: ranged(0, 1, 'fleet.visible', true).default(DOCK_VISIBLE),
    remark: optionalText(255),
    /** IANA zone of the dock (task schedules); absent keeps it, null or '' clears it (the server's zone) */
    timeZone: z.union([TimeZone, z.literal('')]).nullish(),
  })
  .superRefine(dockSettingsRules);
export type DockSubmit = z.infer<typeof DockSubmit>;

export const DockPageQuery = z.object({
  name: z.string().trim().max(100).optional(),
  serialNumber: z.string().trim().max(64).optional(),
  type: keyFilter(),
  deptId: Id.optional(),
  manufacturerId: Id.optional(),
  modelId: z.string().trim().max(64).optional(),
  visible: keyFilter(),
});
export type DockPageQuery = z.infer<typeof DockPageQuery>;

/** A dock as pickers need it (listForTenant, selectListByManufacturerId): no addresses, no settings. */
export const DockOptionSchema = z.object({
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
export type DockOption = z.infer<typeof DockOptionSchema>;

/** listForTenant: the caller's tenant; only the platform tenant (000000) may name another. */
export const DockTenantQuery = z.object({ tenantId: z.string().trim().max(12).optional() });

export const DockBrandQuery = z.object({ manufacturerId: Id });

/** updateVisibility (POST): `id` and `visible` (0 hidden, 1 shown) in the query. */
export const DockVisibilityQuery = z.object({
  id: Id,
  visible: num(
    z
      .number({ message: 'fleet.visible' })
      .int({ message: 'fleet.visible' })
      .min(0, { message: 'fleet.visible' })
      .max(1, { message: 'fleet.visible' }),
  ),
});

/** getPlayStream: by `id` or by `serialNumber`. */
export const DockStreamQuery = DeviceDetailQuery;

/** getPlayStream: the five stream addresses of a dock, each by name (null when not set). */
export const DockPlayStreamSchema = z.object({
  hangarId: Id,
  serialNumber: z.string(),
  streamLeftWing: z.string().nullable(),
  streamRightWing: z.string().nullable(),
  streamTail: z.string().nullable(),
  streamInside: z.string().nullable(),
  streamOutside: z.string().nullable(),
});
export type DockPlayStream = z.infer<typeof DockPlayStreamSchema>;

// ------------------------------------------------------------------------------------------------ basic settings

/** hangarbasicset/detail: the settings subset of one dock. */
export const DockBasicSetSchema = z.object({
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
export type DockBasicSet = z.infer<typeof DockBasicSetSchema>;

export const DockBasicSetQuery = z.object({ hangarId: Id });

/** hangarbasicset/submit: every setting of the subset, with the same rules as the hangar form. */
export const DockBasicSetSubmit = z
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
  .superRefine(dockSettingsRules);
export type DockBasicSetSubmit = z.infer<typeof DockBasicSetSubmit>;
