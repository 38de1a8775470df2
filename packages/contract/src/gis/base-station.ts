import { z } from 'zod';
import { AuditFields, Id, optionalText, text, num, keyFilter } from '../common/schemas.js';
import { LonLatText } from '../common/geo.js';
import { IpAddress, OptionalIp, Port } from '../common/network.js';

// ------------------------------------------------------------------------------------------------ base stations

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
  type: num(z.number({ message: 'fleet.typeUnknown' }).int().min(1).max(999)),
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
  type: keyFilter(),
  stationIp: z.string().trim().max(64).optional(),
});
