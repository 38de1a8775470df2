import { z } from 'zod';
import { AuditFields, Id, keyFilter, num, optionalText, splitIds, text } from '../common/schemas.js';
import { AircraftModelId, PayloadModelId, ROUTE_KINDS, RouteDesign } from './design.js';

/**
 * A route of the tenant (spec §3 Route; §7 `/api/aos-gisservice/routemanageline`). Its flight is the KMZ in
 * storage (`fingerprint` is its MD5, what `flighttask_prepare` sends); `design` is what the editor edits, null
 * for a file imported as it is (a KMZ the planners cannot express). An imported file is kept unchanged
 * (`sourceFormat`, `sourceName`) and exported as it came until the route is edited.
 */
export const RouteSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  name: z.string(),
  /** `route_type` key: 1 waypoint, 2 planar, 3 banded */
  type: z.number().int(),
  /** the planner: waypoint, area, oblique, strip */
  kind: z.enum(ROUTE_KINDS),
  /** metres, all waylines */
  distance: z.number(),
  /** seconds, all waylines */
  duration: z.number(),
  waypointCount: z.number().int(),
  photoCount: z.number().int(),
  /** mapping routes: the work area, square metres */
  area: z.number().nullable(),
  /** mapping routes: ground sample distance, cm/px */
  gsd: z.number().nullable(),
  /** the highest waypoint in the route's height mode, metres */
  maxHeight: z.number(),
  /** WPML height reference */
  heightMode: z.string(),
  /** link of the map picture taken at save */
  screenshot: z.string().nullable(),
  manufacturerId: Id.nullable(),
  hangarId: Id.nullable(),
  aircraftModelId: z.string(),
  payloadModelId: z.string().nullable(),
  /** 1: every user of the tenant sees it; 0: only the creator's dept and its parents' users with the route menu */
  isPublic: z.number().int(),
  /** the dept the route belongs to (the creator's) */
  deptId: Id.nullable(),
  /** MD5 of the KMZ flown */
  fingerprint: z.string(),
  /** `kmz`, `kml`, `geojson`, or `design` (planned here) */
  sourceFormat: z.string(),
  sourceName: z.string().nullable(),
  /** WPML namespace version of the KMZ */
  wpmlVersion: z.string(),
  /** [west, south, east, north] of every waypoint */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  remark: z.string().nullable(),
  manufacturerName: z.string().nullable(),
  hangarName: z.string().nullable(),
  aircraftModelName: z.string().nullable(),
  payloadModelName: z.string().nullable(),
  deptName: z.string().nullable(),
  createUserName: z.string().nullable(),
});
export type Route = z.infer<typeof RouteSchema>;

/** Detail: the record, its design and each wayline's points for the map (`[lon, lat, height]`). */
export const RouteDetailSchema = RouteSchema.extend({
  design: RouteDesign.nullable(),
  waylines: z.array(z.array(z.tuple([z.number(), z.number(), z.number()]))),
});
export type RouteDetail = z.infer<typeof RouteDetailSchema>;

const flag = num(
  z.number().int().min(0, { message: 'route.publicFlag' }).max(1, { message: 'route.publicFlag' }),
  {
    ownMessage: true,
  },
);

/**
 * Add (no id) or change (id) a planned route: the design is planned again on the server and its KMZ written
 * for the aircraft (and payload). A route imported as a file alone takes `design: null` to change only its
 * record (name, dock, public flag...): its flight stays the file's.
 */
export const RouteSubmit = z.object({
  id: Id.optional(),
  name: text(100),
  manufacturerId: Id.optional().nullable(),
  hangarId: Id.optional().nullable(),
  aircraftModelId: AircraftModelId,
  payloadModelId: PayloadModelId.optional().nullable(),
  isPublic: flag.default(0),
  remark: optionalText(500),
  /** a link from the upload of the map picture (route images up to 5 MB, spec §5) */
  screenshot: optionalText(1000),
  design: RouteDesign.nullable(),
});
export type RouteSubmit = z.input<typeof RouteSubmit>;

export const RoutePageQuery = z.object({
  name: z.string().trim().max(100).optional(),
  type: keyFilter(),
  kind: z.enum(ROUTE_KINDS, { message: 'route.kind' }).optional(),
  aircraftModelId: z.string().trim().max(64).optional(),
  manufacturerId: Id.optional(),
  hangarId: Id.optional(),
  isPublic: keyFilter(),
});
export type RoutePageQuery = z.infer<typeof RoutePageQuery>;

/** Export formats (`routemanageline/export`). */
export const ROUTE_EXPORT_FORMATS = ['kmz', 'kml', 'geojson'] as const;
export type RouteExportFormat = (typeof ROUTE_EXPORT_FORMATS)[number];

// ------------------------------------------------------------------------------------------------- checks

/** How much a finding weighs: a blocking one stops the save (when asked to) and any flight. */
export const ROUTE_CHECK_LEVELS = ['block', 'warn'] as const;

/**
 * One finding of the checks before saving and before flying: the rule (`code`), its message key and the
 * values it names (zone, limit, figures), and where on the route (waypoint indexes, a geometry to draw).
 */
export const RouteCheckItemSchema = z.object({
  level: z.enum(ROUTE_CHECK_LEVELS),
  /** noFly, outsideFence, airport, heightLimit, airspace, dockReach, endurance, heightMax, noAirspace… */
  code: z.string(),
  /** i18n key of the message (route.check.*) */
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
  /** the zone, fence, airport or application named, when one is */
  refId: z.string().nullable().default(null),
  refName: z.string().nullable().default(null),
  /** the waylines' point indexes concerned, as `[wayline, index]` */
  points: z.array(z.tuple([z.number().int(), z.number().int()])).default([]),
});
export type RouteCheckItem = z.infer<typeof RouteCheckItemSchema>;

export const RouteCheckSchema = z.object({
  /** true when no item blocks */
  ok: z.boolean(),
  items: z.array(RouteCheckItemSchema),
});
export type RouteCheck = z.infer<typeof RouteCheckSchema>;

/** Check a design not saved yet (the editor), or a saved route by id, for a dock and a time. */
export const RouteCheckBody = z.object({
  id: Id.optional(),
  design: RouteDesign.optional(),
  aircraftModelId: AircraftModelId.optional(),
  hangarId: Id.optional().nullable(),
  /** when the flight would start (`yyyy-MM-dd HH:mm:ss`, default now): airspace windows and zone windows */
  startTime: z.string().optional(),
});
export type RouteCheckBody = z.input<typeof RouteCheckBody>;

/** `routemanageline/import`: the file is the multipart body's `file`; the rest comes in the query. */
export const RouteImportQuery = z.object({
  name: z.string().trim().max(100, { message: 'validation.textMax' }).optional(),
  /** required for KML / GeoJSON; a KMZ names its own aircraft */
  aircraftModelId: AircraftModelId.optional(),
  payloadModelId: PayloadModelId.optional(),
  hangarId: Id.optional(),
  manufacturerId: Id.optional(),
  /** a work area (polygon) file: the camera and the height it is flown with */
  cameraId: z.string().trim().max(40).optional(),
  heightM: num(
    z
      .number({ message: 'route.height' })
      .min(10, { message: 'route.height' })
      .max(1500, { message: 'route.height' }),
    { ownMessage: true },
  ).optional(),
});
export type RouteImportQuery = z.infer<typeof RouteImportQuery>;

export const RouteExportQuery = z.object({
  id: Id,
  format: z.enum(ROUTE_EXPORT_FORMATS, { message: 'route.exportFormat' }).default('kmz'),
});

export const RoutePublicBody = z.object({
  ids: z
    .string()
    .transform(splitIds)
    .pipe(z.array(Id).min(1, { message: 'validation.ids' })),
  isPublic: flag,
});
