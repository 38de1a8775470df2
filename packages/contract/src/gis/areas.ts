import { z } from 'zod';
import { num } from '../common/schemas.js';
import { AreaGeometry, Geometry } from './geometry.js';

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
  time: z.string().trim().max(19).optional(),
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
