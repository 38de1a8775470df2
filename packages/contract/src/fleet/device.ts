import { z } from 'zod';
import { AuditFields, Id, optionalText, text, num, keyFilter } from '../common/schemas.js';
import {
  DEVICE_STATUS_NORMAL,
  DEVICE_KINDS,
  POWER_MAX_W,
  SPEED_MAX_MS,
  WEIGHT_MAX_KG,
} from './device-rules.js';
import { DeviceCredentialSchema } from './credential.js';
import { ranged, SerialNumber, OptionalImage, OptionalIdList } from './fields.js';

// ------------------------------------------------------------------------------------------------ model catalogue

/** `findEquipmentModel`: one model of the catalogue, named in the caller's language. */
export const DeviceModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  manufacturerName: z.string(),
  kind: z.enum(DEVICE_KINDS),
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
export type DeviceModel = z.infer<typeof DeviceModelSchema>;

export const DeviceModelQuery = z.object({
  deviceType: keyFilter(),
  kind: z.enum(DEVICE_KINDS, { message: 'fleet.kind' }).optional(),
  /** part of the name, either language, or of the `domain-type-subType` key */
  keyword: z.string().trim().max(64).optional(),
});
export type DeviceModelQuery = z.infer<typeof DeviceModelQuery>;

// ------------------------------------------------------------------------------------------------ devices

/**
 * A device of the tenant (spec §3 "Device"): aircraft, payload, data link or remote controller. `status` is
 * the `device_status` dictionary (1 normal, 2 disabled). Names of what the ids point at come along for the
 * list; `hangarId`/`hangarName` when an aircraft is bound to a dock.
 */
export const DeviceSchema = AuditFields.extend({
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
export type Device = z.infer<typeof DeviceSchema>;

/** add answers the device and its MQTT credentials (once). */
export const DeviceWithCredentialSchema = DeviceSchema.extend({ credential: DeviceCredentialSchema });
export type DeviceWithCredential = z.infer<typeof DeviceWithCredentialSchema>;

/**
 * add (POST, no id) and update (PUT, with id). Server rules beyond these fields: the serial number is unique
 * platform-wide among devices AND docks; the model exists and is of the device's kind; the brand is the
 * tenant's and covers that kind (its entity signs); only an aircraft has payloadIds (payload devices of the
 * tenant) and a datalinkId (a data-link device of the tenant).
 */
export const DeviceSubmit = z.object({
  id: Id.optional(),
  name: text(100),
  serialNumber: SerialNumber,
  type: num(
    z
      .number({ message: 'fleet.deviceType' })
      .int({ message: 'fleet.deviceType' })
      .min(1, { message: 'fleet.deviceType' })
      .max(4, { message: 'fleet.deviceType' }),
  ),
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
export type DeviceSubmit = z.infer<typeof DeviceSubmit>;

export const DevicePageQuery = z.object({
  name: z.string().trim().max(100).optional(),
  serialNumber: z.string().trim().max(64).optional(),
  type: keyFilter(),
  modelId: z.string().trim().max(64).optional(),
  manufacturerId: Id.optional(),
  status: keyFilter(),
});

/** equipment-management/detail: by `id` or by `serialNumber`. */
export const DeviceDetailQuery = z
  .object({ id: Id.optional(), serialNumber: z.string().trim().max(64).optional() })
  .refine((value) => value.id || value.serialNumber, { message: 'validation.required', path: ['id'] });
export type DeviceDetailQuery = z.infer<typeof DeviceDetailQuery>;
