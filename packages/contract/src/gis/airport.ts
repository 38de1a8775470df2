import { z } from 'zod';
import { AuditFields, Id, keyFilter, num, optionalText, text } from '../common/schemas.js';
import { OptionalIdList } from './airspace.js';
import { PolygonGeometry } from './geometry.js';

/**
 * Civil airports (spec §1, §9) and takeoff/landing points (spec §7 uavairport).
 *
 * An airport is given by its runway (two threshold positions and a width); the server computes from it the
 * 10 km buffer around the runway (no flight at any height) and the height-limit area (10 km either side of
 * the centreline, 20 km beyond both ends; no flight above the height limit), stores both and puts them in
 * the spatial index as 'airport_buffer' and 'airport_height_limit'.
 */

/** Spec §9: the buffer around the runway, metres. */
export const AIRPORT_BUFFER_M = 10_000;
/** Spec §9: the height-limit area reaches this far either side of the runway centreline, metres. */
export const AIRPORT_HEIGHT_LIMIT_SIDE_M = 10_000;
/** Spec §9: ... and this far beyond both ends of the runway, metres. */
export const AIRPORT_HEIGHT_LIMIT_END_M = 20_000;
/** Longest runway accepted (the longest in service is about 5.5 km). */
export const RUNWAY_LENGTH_MAX_M = 8_000;
/** Shortest runway accepted: two thresholds closer than this are a typing mistake. */
export const RUNWAY_LENGTH_MIN_M = 100;

/** A required number from `min` to `max`; `message` for anything else, a missing value included. */
const numberIn = (message: string, min: number, max: number) =>
  num(z.number({ message }).min(min, { message }).max(max, { message }), { ownMessage: true });
/** A required dictionary key (a whole number in the database's smallint). */
const dictKey = (message: string) =>
  num(z.number({ message }).int({ message }).min(1, { message }).max(32767, { message }), {
    ownMessage: true,
  });
const Longitude = numberIn('validation.coordinates', -180, 180);
const Latitude = numberIn('validation.coordinates', -90, 90);

/** ICAO location indicator: four letters (ZBAA). */
const IcaoCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{4}$/, { message: 'gis.icaoCode' });
/** IATA airport code: three letters (PEK); optional. */
const IataCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([A-Z]{3})?$/, { message: 'gis.iataCode' })
  .optional()
  .nullable();

export const CivilAirportSubmit = z.object({
  id: Id.optional(),
  name: text(100),
  icaoCode: IcaoCode,
  iataCode: IataCode,
  /** one threshold of the runway */
  runwayStartLongitude: Longitude,
  runwayStartLatitude: Latitude,
  /** the other threshold */
  runwayEndLongitude: Longitude,
  runwayEndLatitude: Latitude,
  /** metres */
  runwayWidth: numberIn('gis.runwayWidth', 10, 200),
  /** metres above sea level */
  elevation: numberIn('gis.elevation', -500, 9000),
  /** metres: in the height-limit area nothing may fly above it */
  heightLimit: num(
    z
      .number({ message: 'gis.heightLimit' })
      .gt(0, { message: 'gis.heightLimit' })
      .max(10_000, { message: 'gis.heightLimit' }),
    { ownMessage: true },
  ),
  remark: optionalText(300),
});
export type CivilAirportSubmit = z.infer<typeof CivilAirportSubmit>;

export const CivilAirportSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  name: z.string(),
  icaoCode: z.string(),
  iataCode: z.string().nullable(),
  runwayStartLongitude: z.number(),
  runwayStartLatitude: z.number(),
  runwayEndLongitude: z.number(),
  runwayEndLatitude: z.number(),
  runwayWidth: z.number(),
  /** metres between the thresholds, on the sphere */
  runwayLength: z.number(),
  /** degrees clockwise from north, start → end */
  runwayBearing: z.number(),
  elevation: z.number(),
  heightLimit: z.number(),
  remark: z.string().nullable(),
  /** the 10 km buffer around the runway (a stadium) */
  bufferGeometry: PolygonGeometry,
  /** the height-limit area: a rectangle along the runway, 10 km either side, 20 km beyond both ends */
  heightLimitGeometry: PolygonGeometry,
});
export type CivilAirport = z.infer<typeof CivilAirportSchema>;

export const CivilAirportPageQuery = z.object({
  name: z.string().trim().max(100).optional(),
  icaoCode: z.string().trim().max(4).optional(),
  iataCode: z.string().trim().max(3).optional(),
});

/** A takeoff/landing point of the tenant, with the drones bound to it. */
export const UavAirportSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  name: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  /** metres above sea level */
  altitude: z.number().nullable(),
  /** key of the `uav_airport_type` dictionary */
  type: z.number().int(),
  remark: z.string().nullable(),
  droneIds: z.string(),
  droneNames: z.string(),
  /** who added the point (real name, else name, else account); null when that user is gone */
  createUserName: z.string().nullable(),
});
export type UavAirport = z.infer<typeof UavAirportSchema>;

export const UavAirportSubmit = z.object({
  id: Id.optional(),
  name: text(100),
  longitude: Longitude,
  latitude: Latitude,
  altitude: num(
    z
      .number({ message: 'gis.altitude' })
      .min(-500, { message: 'gis.altitude' })
      .max(9000, { message: 'gis.altitude' })
      .optional()
      .nullable(),
  ),
  type: dictKey('gis.uavAirportType'),
  remark: optionalText(300),
  /** aircraft of the tenant bound to this point, comma-separated; each to one point only */
  droneIds: OptionalIdList,
});
export type UavAirportSubmit = z.infer<typeof UavAirportSubmit>;

/** updateUav: the point's bound drones replaced by these (empty: none). */
export const UavAirportBind = z.object({ id: Id, droneIds: OptionalIdList });
export type UavAirportBind = z.infer<typeof UavAirportBind>;

export const UavAirportPageQuery = z.object({
  name: z.string().trim().max(100).optional(),
  type: keyFilter(),
});
