import { z } from 'zod';
import { DateTime, num, PageQuery } from '../common/schemas.js';
import { AreaGeometry, type Bbox, Geometry } from './geometry.js';

/**
 * The areas every spatial check knows (modules/gis/spatial keeps one index of them per tenant), and what
 * each means to a flight:
 * - `restricted`: the drone may not enter (no-fly zones, an airport's 10 km buffer and its height-limit area,
 *   above the area's floor); a user with no-fly authority may still plan inside a no-fly zone.
 * - `keepIn`: the drone must stay inside (electronic fences, fly zones).
 * - `permit`: flying inside is authorised (an approved airspace, within its time window and ceiling).
 */
export const AREA_KINDS = {
  nofly: 'restricted',
  /** a no-fly zone whose outside is the forbidden side (spec "no-fly side"): the drone must stay inside */
  nofly_outside: 'keepIn',
  airport_buffer: 'restricted',
  airport_height_limit: 'restricted',
  fence: 'keepIn',
  flyzone: 'keepIn',
  airspace: 'permit',
} as const;
export type AreaKind = keyof typeof AREA_KINDS;
export type AreaEffect = (typeof AREA_KINDS)[AreaKind];
export const AreaKindSchema = z.enum(Object.keys(AREA_KINDS) as [AreaKind, ...AreaKind[]], {
  message: 'gis.areaKind',
});

/** The kinds whose areas a dock holds as custom flight areas (PROTOCOLS.md §2 flight_areas_*). */
export const DOCK_AREA_KINDS: readonly AreaKind[] = [
  'nofly',
  'fence',
  'airport_buffer',
  'airport_height_limit',
];

/** Spec §7 `forbidden-fly-area/areaQuery`: which areas a point, a line or a polygon touches. */
export const AreaQueryRequest = z.object({
  geometry: Geometry,
  /** metres above take-off; areas whose floor/ceiling exclude it do not count (absent: every height) */
  height: num(z.number().min(-1000).max(100_000).optional()),
  /** `yyyy-MM-dd HH:mm:ss`; areas whose window excludes it do not count (absent: now) */
  time: DateTime.optional(),
  /** only these kinds (absent: all) */
  kinds: z.array(AreaKindSchema).max(10).optional(),
});
export type AreaQueryRequest = z.infer<typeof AreaQueryRequest>;

/** One area the geometry touches. */
export const AreaHitSchema = z.object({
  kind: AreaKindSchema,
  effect: z.enum(['restricted', 'keepIn', 'permit']),
  /** the id of the zone, fence, airspace or airport the area belongs to */
  refId: z.string(),
  name: z.string(),
  geometry: AreaGeometry,
  /** the whole geometry lies inside the area (for a keep-in area: it does not leave it) */
  within: z.boolean(),
  floor: z.number().nullable(),
  ceiling: z.number().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
export type AreaHit = z.infer<typeof AreaHitSchema>;

/** `west,south,east,north` in degrees (a map's view), west ≤ east and south ≤ north. */
export const BboxText = z
  .string()
  .trim()
  .transform((text, context): Bbox => {
    const parts = text.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
    const [west, south, east, north] = parts as Bbox;
    const valid =
      parts.length === 4 &&
      parts.every(Number.isFinite) &&
      west >= -180 &&
      east <= 180 &&
      south >= -90 &&
      north <= 90 &&
      west <= east &&
      south <= north;
    if (!valid) {
      context.addIssue({ code: 'custom', message: 'gis.bbox' });
      return z.NEVER;
    }
    return [west, south, east, north];
  });

/** A comma-separated list of area kinds (`nofly,fence`); each must be one of AREA_KINDS. */
export const AreaKindList = z
  .string()
  .trim()
  .transform((text) => [
    ...new Set(
      text
        .split(',')
        .map((kind) => kind.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(AreaKindSchema).min(1, { message: 'gis.areaKind' }).max(10));

/**
 * Spec §7 `GET forbidden-fly-area/geoPage`: a page of the tenant's areas of every kind (zones, fences, fly zones,
 * airspaces, airport areas) for a map, those whose box meets `bbox` when given, of `kinds` when given; records
 * are AreaHit with `within` false.
 */
export const GeoPageQuery = PageQuery.pick({ current: true, size: true }).extend({
  bbox: BboxText.optional(),
  kinds: AreaKindList.optional(),
});
export type GeoPageQuery = z.infer<typeof GeoPageQuery>;

/**
 * `POST forbidden-fly-area/check`: may a flight with this geometry (a route, a work area, a point) fly, at a
 * height and a time (absent: now)? The caller's no-fly authority is taken into account.
 */
export const AreaCheckRequest = AreaQueryRequest.omit({ kinds: true });
export type AreaCheckRequest = z.infer<typeof AreaCheckRequest>;

/**
 * Why a flight may not fly: it touches a restricted area (`entersRestricted`: a no-fly zone, an airport's
 * areas), or it leaves the keep-in areas of a kind (`leavesKeepIn`: fences, fly zones, no-fly zones whose
 * outside is forbidden) that exist at its height and time. For a keep-in kind it touches none of, `refId` and
 * `name` are null (it lies outside all of them); otherwise they name each one of that kind it touches.
 */
export const AreaViolationSchema = z.object({
  kind: AreaKindSchema,
  refId: z.string().nullable(),
  name: z.string().nullable(),
  reason: z.enum(['entersRestricted', 'leavesKeepIn']),
});
export type AreaViolation = z.infer<typeof AreaViolationSchema>;

export const AreaCheckResultSchema = z.object({
  /** every area the geometry touches (as areaQuery answers) */
  hits: z.array(AreaHitSchema),
  violations: z.array(AreaViolationSchema),
  /** no violations */
  allowed: z.boolean(),
  /** no-fly zones the caller's no-fly authority let it plan in (not counted as violations) */
  waived: z.array(z.string()),
});
export type AreaCheckResult = z.infer<typeof AreaCheckResultSchema>;
