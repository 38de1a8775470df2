import { z } from 'zod';
import { AuditFields, Id, IdList, optionalText, text } from './common.js';
import { Phone } from './validation.js';

// ------------------------------------------------------------------------------------------------ fly operators

/** A fly operator's status: 1 on (may be assigned to flights), 0 off. */
export const FLY_OPERATOR_ON = 1;
export const FLY_OPERATOR_OFF = 0;

/** A calendar day `yyyy-MM-dd` that exists. */
export const CalendarDate = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}$/.test(value) &&
      new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value,
    { message: 'validation.date' },
  );

/** A pilot of the tenant (spec §7 /api/cloud-user/fly-operator), linked to one user account of the tenant. */
export const FlyOperatorSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  userId: Id,
  name: z.string(),
  phone: z.string(),
  licenceNumber: z.string(),
  /** `yyyy-MM-dd`, the last day the licence is valid */
  licenceExpiry: z.string(),
  remark: z.string().nullable(),
  /** the linked account, for the list */
  userAccount: z.string().nullable().optional(),
  userRealName: z.string().nullable().optional(),
});
export type FlyOperator = z.infer<typeof FlyOperatorSchema>;

export const FlyOperatorSubmit = z.object({
  id: Id.optional(),
  userId: Id,
  name: text(50),
  phone: Phone,
  licenceNumber: text(64),
  licenceExpiry: CalendarDate,
  remark: optionalText(),
});
export type FlyOperatorSubmit = z.infer<typeof FlyOperatorSubmit>;

export const FlyOperatorPageQuery = z.object({
  name: z.string().trim().max(50).optional(),
  phone: z.string().trim().max(45).optional(),
  licenceNumber: z.string().trim().max(64).optional(),
  status: z.coerce.number().int().optional(),
});

/** `turnOn`, `turnOff`, `remove`: `ids=1,2,3` in the query. */
export const FlyOperatorIdsQuery = z.object({ ids: IdList });

// ------------------------------------------------------------------------------------------------ base stations

/** Longitude −180..180 and latitude −90..90, as a pair. */
export function isLonLat(longitude: number, latitude: number): boolean {
  return (
    Number.isFinite(longitude) &&
    Number.isFinite(latitude) &&
    longitude >= -180 &&
    longitude <= 180 &&
    latitude >= -90 &&
    latitude <= 90
  );
}

/**
 * Spec §5 "Geometry": base-station coordinates are entered as `longitude,latitude` (decimal degrees);
 * anything else is refused with the message asking for correct coordinates. Returns `[longitude, latitude]`.
 */
export function parseLonLat(value: unknown): [number, number] | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(value);
  if (!match) return undefined;
  const longitude = Number(match[1]);
  const latitude = Number(match[2]);
  return isLonLat(longitude, latitude) ? [longitude, latitude] : undefined;
}

export const LonLatText = z
  .string({ message: 'fleet.coordinates' })
  .refine((value) => parseLonLat(value) !== undefined, { message: 'fleet.coordinates' });

/** An IPv4 or IPv6 address. */
export const IpAddress = z
  .string()
  .trim()
  .refine((value) => z.ipv4().safeParse(value).success || z.ipv6().safeParse(value).success, {
    message: 'fleet.ip',
  });
const OptionalIp = z
  .string()
  .trim()
  .refine((value) => value === '' || z.ipv4().safeParse(value).success || z.ipv6().safeParse(value).success, {
    message: 'fleet.ip',
  })
  .nullish();

export const Port = z.coerce
  .number({ message: 'fleet.port' })
  .int({ message: 'fleet.port' })
  .min(1, { message: 'fleet.port' })
  .max(65535, { message: 'fleet.port' });

/** A base station of the tenant (spec §3 "Base station"); type from the `base_station_type` dictionary. */
export const BaseStationSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  name: z.string(),
  type: z.number().int(),
  address: z.string().nullable(),
  stationIp: z.string(),
  adhocIp: z.string().nullable(),
  lanIp: z.string().nullable(),
  port: z.number().int(),
  /** `longitude,latitude` as entered */
  lonLat: z.string(),
  longitude: z.number(),
  latitude: z.number(),
});
export type BaseStation = z.infer<typeof BaseStationSchema>;

export const BaseStationSubmit = z.object({
  id: Id.optional(),
  name: text(100),
  type: z.coerce.number({ message: 'fleet.typeUnknown' }).int().min(1).max(999),
  address: optionalText(200),
  stationIp: IpAddress,
  adhocIp: OptionalIp,
  lanIp: OptionalIp,
  port: Port,
  lonLat: LonLatText,
});
export type BaseStationSubmit = z.infer<typeof BaseStationSubmit>;

export const BaseStationPageQuery = z.object({
  name: z.string().trim().max(100).optional(),
  type: z.coerce.number().int().optional(),
  stationIp: z.string().trim().max(64).optional(),
});

// ------------------------------------------------------------------------------------ manufacturers (brands)

/**
 * The entity center's models (`/api/aos-slabentities/entitymodel/getEmBySign?sign=`): a fixed, seeded list
 * keyed by sign, the kinds of thing a brand can make. A brand references the signs it covers; the device and
 * hangar registers use the same signs for their types.
 */
export const ENTITY_MODELS = [
  { sign: 'aircraft', name: '飞行器', nameEn: 'Aircraft' },
  { sign: 'dock', name: '机库', nameEn: 'Dock' },
  { sign: 'payload', name: '载荷', nameEn: 'Payload' },
  { sign: 'datalink', name: '数据链', nameEn: 'Data link' },
  { sign: 'remote_controller', name: '遥控器', nameEn: 'Remote controller' },
] as const;
export type EntitySign = (typeof ENTITY_MODELS)[number]['sign'];
export const ENTITY_SIGNS: readonly string[] = ENTITY_MODELS.map((model) => model.sign);

export const EntityModelSchema = z.object({ sign: z.string(), name: z.string() });
export type EntityModel = z.infer<typeof EntityModelSchema>;
export const EntityModelQuery = z.object({ sign: z.string().trim().max(64).optional() });

/** Entity signs as BladeX keeps id lists: comma-separated; each must be a known sign. */
export const EntitySignList = z
  .string()
  .trim()
  .refine((value) => value.split(',').every((sign) => ENTITY_SIGNS.includes(sign.trim())), {
    message: 'fleet.entitySign',
  })
  .transform((value) => [...new Set(value.split(',').map((sign) => sign.trim()))].join(','));

/** Spec §5 "Phone" where the phone is optional. */
const OptionalPhoneText = z
  .string()
  .trim()
  .max(45, { message: 'validation.textMax' })
  .refine((value) => value === '' || Phone.safeParse(value).success, {
    message: 'validation.phoneFormatError',
  })
  .nullish();

/** A brand of the tenant (spec §3 "Brand (manufacturer)"); type from the `manufacturer_type` dictionary. */
export const ManufacturerSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  name: z.string(),
  code: z.string(),
  type: z.number().int(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  /** comma-separated entity-model signs */
  entitySigns: z.string(),
  remark: z.string().nullable(),
});
export type Manufacturer = z.infer<typeof ManufacturerSchema>;

export const ManufacturerSubmit = z.object({
  id: Id.optional(),
  name: text(100),
  code: text(64),
  type: z.coerce.number({ message: 'fleet.typeUnknown' }).int().min(1).max(999),
  address: optionalText(200),
  phone: OptionalPhoneText,
  entitySigns: EntitySignList,
  remark: optionalText(),
});
export type ManufacturerSubmit = z.infer<typeof ManufacturerSubmit>;

export const ManufacturerPageQuery = z.object({
  name: z.string().trim().max(100).optional(),
  code: z.string().trim().max(64).optional(),
  type: z.coerce.number().int().optional(),
});

// ------------------------------------------------------------------------------------ supplier configuration

/** A base URL: http or https (spec §5), no spaces. */
const BaseUrl = text(255).refine((value) => /^https?:\/\/[^\s/]+\S*$/i.test(value), {
  message: 'validation.url',
});

/**
 * A supplier's API settings of a tenant (spec §7 cloud-equipment supplier-config). The app secret never
 * leaves the server: it is answered as SECRET_MASK, and an update that sends the mask (or nothing) keeps it.
 */
export const SupplierConfigSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  name: z.string(),
  code: z.string(),
  baseUrl: z.string(),
  appKey: z.string(),
  appSecret: z.string(),
  remark: z.string().nullable(),
});
export type SupplierConfig = z.infer<typeof SupplierConfigSchema>;

export const SupplierConfigSubmit = z.object({
  id: Id.optional(),
  name: text(100),
  code: text(64),
  baseUrl: BaseUrl,
  appKey: text(255),
  /** required when adding; on update empty or the mask keeps the saved secret */
  appSecret: z.string().trim().max(255, { message: 'validation.textMax' }).optional().nullable(),
  remark: optionalText(),
});
export type SupplierConfigSubmit = z.infer<typeof SupplierConfigSubmit>;

export const SupplierConfigPageQuery = z.object({
  name: z.string().trim().max(100).optional(),
  code: z.string().trim().max(64).optional(),
});
