import {
  AREA_KINDS,
  type AreaCheckRequest,
  type AreaCheckResult,
  type AreaGeometry,
  type AreaHit,
  type AreaKind,
  type AreaQueryRequest,
  type AreaViolation,
  type Geometry,
  type GeoPageQuery,
} from '@aos/contract';
import circle from '@turf/circle';
import { and, eq } from 'drizzle-orm';
import GeoJSONReader, { type JstsGeometry } from 'jsts/org/locationtech/jts/io/GeoJSONReader.js';
import RelateOp from 'jsts/org/locationtech/jts/operation/relate/RelateOp.js';
import UnaryUnionOp from 'jsts/org/locationtech/jts/operation/union/UnaryUnionOp.js';
import { user } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { fieldError } from '../../lib/errors.js';
import { parseDateTime } from '../../lib/time.js';
import type { SpatialService } from './spatial/spatial.service.js';

/** The kinds a flight must stay inside (when the tenant has any of that kind in force). */
const KEEP_IN_KINDS = (Object.keys(AREA_KINDS) as AreaKind[]).filter((kind) => AREA_KINDS[kind] === 'keepIn');
/** The kinds a user's no-fly authority lets them plan in: the no-fly zones, either side (never airport areas). */
const WAIVABLE: ReadonlySet<AreaKind> = new Set(['nofly', 'nofly_outside']);
/** Sides of the polygon a circle becomes for the union of keep-in areas (inscribed: never larger than it). */
const CIRCLE_STEPS = 128;

const reader = new GeoJSONReader();

/** The moment of a request: its `time` (`yyyy-MM-dd HH:mm:ss`, server zone), now when absent. */
export function momentOf(time: string | undefined): Date {
  if (!time) return new Date();
  const moment = parseDateTime(time);
  if (Number.isNaN(moment.getTime())) throw fieldError('time', 'validation.dateTime');
  return moment;
}

/** The area applies at `height` (every area does when no height is given). */
function inBand(hit: AreaHit, height: number | undefined): boolean {
  if (height === undefined) return true;
  return (hit.floor === null || hit.floor <= height) && (hit.ceiling === null || hit.ceiling >= height);
}

/** A geometry as JTS reads it: a circle as the polygon inscribed in it. */
function jts(geometry: Geometry): JstsGeometry {
  if (geometry.type !== 'Circle') return reader.read(geometry);
  return reader.read(
    circle(geometry.center, geometry.radius, { steps: CIRCLE_STEPS, units: 'meters' }).geometry,
  );
}

/**
 * Does `geometry` lie inside the union of `areas` (no point of it outside all of them)? What decides a flight
 * that crosses from one fence into an overlapping or adjacent one. Planar in longitude/latitude like the other
 * polygon tests (spatial/predicates.ts); circles count as their inscribed 128-gon, so a flight hugging a
 * circle's edge may be refused, never wrongly allowed. A union JTS cannot compute counts as not containing.
 */
function withinUnion(geometry: Geometry, areas: readonly AreaGeometry[]): boolean {
  try {
    return RelateOp.covers(UnaryUnionOp.union(collection(areas)), jts(geometry));
  } catch {
    return false;
  }
}

function collection(areas: readonly AreaGeometry[]): JstsGeometry {
  return reader.read({
    type: 'GeometryCollection',
    geometries: areas.map((area) =>
      area.type === 'Circle'
        ? circle(area.center, area.radius, { steps: CIRCLE_STEPS, units: 'meters' }).geometry
        : area,
    ),
  });
}

/**
 * The spatial questions of spec §7 `forbidden-fly-area` (issue 15): which areas a geometry touches
 * (`areaQuery`), a page of the tenant's areas for a map (`geoPage`), and whether a flight may fly (`check`),
 * which the route and task checks call.
 */
export class AreaCheckService {
  constructor(private readonly spatial: SpatialService) {}

  /** `areaQuery`: the areas the geometry touches at the height and time (absent: every height, now). */
  query(ctx: Ctx, request: AreaQueryRequest): Promise<AreaHit[]> {
    return this.spatial.query(ctx, {
      geometry: request.geometry,
      ...(request.height === undefined ? {} : { height: request.height }),
      time: momentOf(request.time),
      ...(request.kinds ? { kinds: request.kinds } : {}),
    });
  }

  /** `geoPage`: a page of the tenant's areas (every kind, or `kinds`), those meeting `bbox` when given. */
  geoPage(ctx: Ctx, query: GeoPageQuery) {
    return this.spatial.page(ctx, query);
  }

  /**
   * May a flight with this geometry fly at `height` and `time` (absent: every height, now)?
   *
   * - Restricted areas (no-fly zones, an airport's buffer and height-limit area) that it touches, in their
   *   window and height band, are violations (`entersRestricted`).
   * - Keep-in areas (fences, fly zones, no-fly zones whose outside is forbidden) bind by kind: when the tenant
   *   has areas of a kind in force at that time, the flight must lie inside their union (one of them, or
   *   several side by side), and inside their height band when a height is given; otherwise each area of the
   *   kind it touches is a violation (`leavesKeepIn`), or, touching none, one violation of the kind without
   *   an area (it lies outside all of them). A kind the tenant has none of in force binds nothing.
   * - The caller's no-fly authority (user `noFlyAuthority` 1, `modNoFlyAuthority`) waives no-fly zones (both
   *   sides): they are listed in `waived` instead. Airport areas are never waived.
   * - Approved airspaces (`permit`) are listed in the hits; they waive nothing here.
   */
  async check(ctx: Ctx, request: AreaCheckRequest): Promise<AreaCheckResult> {
    const { geometry, height } = request;
    const time = momentOf(request.time);
    // every height: a keep-in area whose band the flight is outside still matters (it leaves it)
    const touched = await this.spatial.query(ctx, { geometry, time });
    const hits = touched.filter((hit) => inBand(hit, height));
    const authority = await this.noFlyAuthority(ctx);
    const violations: AreaViolation[] = [];
    const waived: string[] = [];

    for (const hit of hits) {
      if (hit.effect !== 'restricted') continue;
      if (authority && WAIVABLE.has(hit.kind)) waived.push(hit.refId);
      else violations.push({ kind: hit.kind, refId: hit.refId, name: hit.name, reason: 'entersRestricted' });
    }

    const binding = await this.spatial.kindsInForce(ctx, KEEP_IN_KINDS, time);
    for (const kind of KEEP_IN_KINDS) {
      if (!binding.has(kind)) continue;
      const ofKind = touched.filter((hit) => hit.kind === kind);
      const holding = ofKind.filter((hit) => inBand(hit, height));
      if (holding.some((hit) => hit.within)) continue;
      if (
        holding.length > 1 &&
        withinUnion(
          geometry,
          holding.map((hit) => hit.geometry),
        )
      )
        continue;
      if (authority && WAIVABLE.has(kind)) {
        waived.push(...ofKind.map((hit) => hit.refId));
        continue;
      }
      if (!ofKind.length) violations.push({ kind, refId: null, name: null, reason: 'leavesKeepIn' });
      for (const hit of ofKind)
        violations.push({ kind, refId: hit.refId, name: hit.name, reason: 'leavesKeepIn' });
    }
    return { hits, violations, allowed: violations.length === 0, waived };
  }

  /** The caller's no-fly authority (a platform call without a user has none). */
  private async noFlyAuthority(ctx: Ctx): Promise<boolean> {
    const id = ctx.user?.userId;
    if (!id) return false;
    const [row] = await ctx.db
      .select({ authority: user.noFlyAuthority })
      .from(user)
      .where(and(eq(user.id, id), eq(user.tenantId, ctx.tenantId), eq(user.isDeleted, 0)))
      .limit(1);
    return row?.authority === 1;
  }
}
