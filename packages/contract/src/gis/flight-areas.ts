import { z } from 'zod';
import type { Language } from '../common/constants.js';
import type { MessageKey } from '../messages.js';
import { translate } from '../messages.js';
import { AREA_KINDS, type AreaKind, DOCK_AREA_KINDS } from './areas.js';
import type { AreaGeometry, LonLatPosition } from './geometry.js';

/**
 * Custom flight areas on the dock (PROTOCOLS.md §2 "Flight areas"), as DJI Cloud API 1.9+ names and shapes them
 * (developer.dji.com cloud-api-tutorial: feature-set/dock-feature-set/custom-flight-area and
 * api-reference/dock-to-cloud/mqtt/dock/*\/custom_fly_area; the file as DJI's Cloud API Demo packages it,
 * FlightAreaFileServiceImpl): the cloud tells the dock to refresh (`flight_areas_update` service), the dock
 * asks for the file list (`flight_areas_get` request), downloads the GeoJSON file, checks its SHA-256 and
 * reports `flight_areas_sync_progress`; in flight it reports `flight_areas_drone_location`. Shared by the
 * server (modules/gis/flight-areas), the simulator (which reads the same file) and the console.
 */

export const FLIGHT_AREA_METHODS = {
  /** service, cloud → dock: the areas changed, fetch them again (no data) */
  update: 'flight_areas_update',
  /** request, dock → cloud: answered `{result, output: {files: [{name, url, checksum, size}]}}` */
  get: 'flight_areas_get',
  /** event, dock → cloud (need_reply): `{status, reason, file?: {name, checksum}}` */
  syncProgress: 'flight_areas_sync_progress',
  /** event, dock → cloud: `{drone_locations: [{area_id, area_distance, is_in_area}]}` */
  droneLocation: 'flight_areas_drone_location',
} as const;

/** DJI `geofence_type`: `nfz` a custom GEO zone (may not enter), `dfence` a custom task area (may not leave). */
export type GeofenceType = 'nfz' | 'dfence';

/** The DJI geofence type of each area kind a dock holds (DOCK_AREA_KINDS). */
export function geofenceTypeOf(kind: AreaKind): GeofenceType {
  return AREA_KINDS[kind] === 'keepIn' ? 'dfence' : 'nfz';
}

/** One feature of the custom flight area file. */
export const FlightAreaFeatureSchema = z.looseObject({
  /** a UUID (DJI requires the form); ours encode the area's kind and owner id, see flightAreaId */
  id: z.string().min(1).max(64),
  type: z.literal('Feature'),
  geofence_type: z.enum(['nfz', 'dfence']),
  geometry: z.discriminatedUnion('type', [
    z.looseObject({
      type: z.literal('Polygon'),
      coordinates: z.array(z.array(z.tuple([z.number(), z.number()]).rest(z.number())).min(4)).min(1),
    }),
    /** a circle: its centre, with `properties.subType` 'Circle' and `properties.radius` */
    z.looseObject({
      type: z.literal('Point'),
      coordinates: z.tuple([z.number(), z.number()]).rest(z.number()),
    }),
  ]),
  properties: z.looseObject({
    subType: z.literal('Circle').optional(),
    /** metres; 0 for a polygon */
    radius: z.number().min(0),
    /** false: the area is known but not in force (outside its time window) */
    enable: z.boolean(),
  }),
});
export type FlightAreaFeature = z.infer<typeof FlightAreaFeatureSchema>;

/** The file: a GeoJSON FeatureCollection of those features. */
export const FlightAreaFileSchema = z.looseObject({
  type: z.literal('FeatureCollection'),
  features: z.array(FlightAreaFeatureSchema),
});
export type FlightAreaFile = z.infer<typeof FlightAreaFileSchema>;

/** `output` of the `flight_areas_get` reply. */
export const FlightAreasGetOutputSchema = z.looseObject({
  files: z.array(
    z.looseObject({
      name: z.string(),
      url: z.string(),
      /** SHA-256 of the file's bytes, lowercase hex */
      checksum: z.string(),
      size: z.number().int().min(0),
    }),
  ),
});
export type FlightAreasGetOutput = z.infer<typeof FlightAreasGetOutputSchema>;

export const FLIGHT_AREA_SYNC_STATUSES = [
  'wait_sync',
  'synchronizing',
  'synchronized',
  'fail',
  'switch_fail',
] as const;
export type FlightAreaSyncStatus = (typeof FLIGHT_AREA_SYNC_STATUSES)[number];

/** DJI's `reason` codes of `flight_areas_sync_progress` (0: none). */
export const FLIGHT_AREA_SYNC_REASON = {
  OK: 0,
  PARSE_FAILED: 1,
  AIRCRAFT_FILE_INFO_FAILED: 2,
  DOWNLOAD_FAILED: 3,
  LINK_FLIP_FAILED: 4,
  TRANSFER_FAILED: 5,
  DISABLE_FAILED: 6,
  DELETE_FAILED: 7,
  AIRCRAFT_LOAD_FAILED: 8,
  ENABLE_FAILED: 9,
  ENHANCED_TRANSMISSION: 10,
  AIRCRAFT_POWER_ON_FAILED: 11,
  CHECKSUM_FAILED: 12,
  TIMEOUT: 13,
} as const;

/** `data` of `flight_areas_sync_progress`. */
export const FlightAreasSyncProgressSchema = z.looseObject({
  status: z.enum(FLIGHT_AREA_SYNC_STATUSES),
  reason: z.number().int().optional(),
  file: z.looseObject({ name: z.string().optional(), checksum: z.string().optional() }).optional(),
});
export type FlightAreasSyncProgress = z.infer<typeof FlightAreasSyncProgressSchema>;

/** `data` of `flight_areas_drone_location`. */
export const FlightAreasDroneLocationSchema = z.looseObject({
  drone_locations: z.array(
    z.looseObject({
      area_id: z.string(),
      /** metres to the area's boundary */
      area_distance: z.number(),
      is_in_area: z.boolean(),
    }),
  ),
});
export type FlightAreasDroneLocation = z.infer<typeof FlightAreasDroneLocationSchema>;

/** A dock's last reported sync, as the server keeps it and shows it (live state `flight_areas_sync`). */
export const DockAreaSyncSchema = z.object({
  status: z.enum(FLIGHT_AREA_SYNC_STATUSES),
  reason: z.number().int(),
  /** `yyyy-MM-dd HH:mm:ss` when the dock reported it */
  time: z.string(),
  fileName: z.string().nullable(),
  checksum: z.string().nullable(),
});
export type DockAreaSync = z.infer<typeof DockAreaSyncSchema>;

// ------------------------------------------------------------------------------------------------ ids

const KIND_CODES = Object.keys(AREA_KINDS) as AreaKind[];

/** 64 bits of a string id: the number itself for a decimal id (every platform id), else FNV-1a. */
function id64(refId: string): string {
  if (/^\d{1,19}$/.test(refId) && BigInt(refId) < 2n ** 64n)
    return BigInt(refId).toString(16).padStart(16, '0');
  let hash = 0xcbf29ce484222325n;
  for (const char of refId) hash = ((hash ^ BigInt(char.codePointAt(0)!)) * 0x100000001b3n) % 2n ** 64n;
  return hash.toString(16).padStart(16, '0');
}

/**
 * The UUID-shaped `id` of an area in the file (DJI wants a UUID): its owner's 64-bit id and its kind, so the
 * server reads back which zone a dock's `flight_areas_drone_location` names (`parseFlightAreaId`).
 */
export function flightAreaId(kind: AreaKind, refId: string): string {
  const hex = id64(refId);
  const code = KIND_CODES.indexOf(kind).toString(16).padStart(2, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-40${code}-8000-0000${hex.slice(12)}0000`;
}

export function parseFlightAreaId(id: string): { kind: AreaKind; id64: string } | null {
  const match = /^([0-9a-f]{8})-([0-9a-f]{4})-40([0-9a-f]{2})-8000-0000([0-9a-f]{4})0{4}$/.exec(id);
  const kind = match ? KIND_CODES[parseInt(match[3]!, 16)] : undefined;
  return match && kind ? { kind, id64: `${match[1]}${match[2]}${match[4]}` } : null;
}

// ------------------------------------------------------------------------------------------------ the file

/** One area of the spatial index as the file needs it. */
export interface FlightAreaSource {
  kind: AreaKind;
  refId: string;
  geometry: AreaGeometry;
  /** in force now (inside its time window) */
  enabled: boolean;
}

/** An area as a feature of DJI's file: a polygon as it is, a circle as its centre with subType and radius. */
export function flightAreaFeature(area: FlightAreaSource): FlightAreaFeature {
  const base = { id: flightAreaId(area.kind, area.refId), type: 'Feature' as const };
  const geofenceType = geofenceTypeOf(area.kind);
  if (area.geometry.type === 'Circle') {
    return {
      ...base,
      geofence_type: geofenceType,
      geometry: { type: 'Point', coordinates: area.geometry.center as LonLatPosition },
      properties: { subType: 'Circle', radius: area.geometry.radius, enable: area.enabled },
    };
  }
  return {
    ...base,
    geofence_type: geofenceType,
    geometry: { type: 'Polygon', coordinates: area.geometry.coordinates as LonLatPosition[][] },
    properties: { radius: 0, enable: area.enabled },
  };
}

/**
 * The file's text for these areas (only DOCK_AREA_KINDS count), features ordered by id: the same areas give
 * the same bytes, so the same checksum, on every server instance.
 */
export function flightAreaFileText(areas: readonly FlightAreaSource[]): string {
  const features = areas
    .filter((area) => DOCK_AREA_KINDS.includes(area.kind))
    .map(flightAreaFeature)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return JSON.stringify({ type: 'FeatureCollection', features } satisfies FlightAreaFile);
}

// ------------------------------------------------------------------------------------------------ hms

/**
 * The HMS codes of flight areas (event `hms`, `list[{level, module, code, in_the_sky, args}]`). DJI's own
 * codes for these are not public; these are the platform's, in DJI's `0x` form, and say what stopped the
 * drone: each maps to a cause and a remedy in both languages (`hmsText`).
 */
export const HMS_CODES = {
  /** the drone stopped before entering a custom no-fly zone and returns home */
  flightAreaNofly: '0x1F0A0001',
  /** the drone stopped before leaving its custom task area (electronic fence) and returns home */
  flightAreaFence: '0x1F0A0002',
} as const;
export type HmsCode = (typeof HMS_CODES)[keyof typeof HMS_CODES];

/** HMS `level`: 0 notice, 1 caution, 2 warning. */
export const HMS_LEVEL = { NOTICE: 0, CAUTION: 1, WARNING: 2 } as const;

const HMS_TEXTS: Record<HmsCode, { cause: MessageKey; remedy: MessageKey }> = {
  [HMS_CODES.flightAreaNofly]: { cause: 'gis.hmsNoflyCause', remedy: 'gis.hmsNoflyRemedy' },
  [HMS_CODES.flightAreaFence]: { cause: 'gis.hmsFenceCause', remedy: 'gis.hmsFenceRemedy' },
};

/** The readable cause and remedy of an HMS code in `language`; null for a code the platform does not know. */
export function hmsText(code: string, language: Language): { cause: string; remedy: string } | null {
  const texts = Object.hasOwn(HMS_TEXTS, code) ? HMS_TEXTS[code as HmsCode] : undefined;
  return texts
    ? { cause: translate(language, texts.cause), remedy: translate(language, texts.remedy) }
    : null;
}
