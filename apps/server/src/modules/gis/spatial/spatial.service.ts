import {
  AREA_KINDS,
  type AreaGeometry,
  type AreaHit,
  type AreaKind,
  type Bbox,
  type Geometry,
  geometryBbox,
  type Page,
  positionsBbox,
} from '@aos/contract';
import { eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { gisArea } from '../../../db/schema/index.js';
import type { Ctx } from '../../../lib/context.js';
import { newId } from '../../../lib/ids.js';
import { formatDateTime } from '../../../lib/time.js';
import { scope } from '../../../lib/tenant-scope.js';
import type { EventBus } from '../../../events/bus.js';
import { relate } from './predicates.js';

/** One area as its owner puts it in the index. */
export interface AreaEntry {
  kind: AreaKind;
  refId: string;
  name: string;
  geometry: AreaGeometry;
  floor?: number | null;
  ceiling?: number | null;
  startTime?: Date | null;
  endTime?: Date | null;
}

export interface AreaQuery {
  geometry: Geometry;
  /** metres above take-off; undefined: every height */
  height?: number;
  /** the moment the check is for; null: whatever the windows */
  time: Date | null;
  kinds?: readonly AreaKind[];
}

type AreaRow = typeof gisArea.$inferSelect;

/** A line's nodes go to the box test in runs of this many: a long route is many small boxes, not one big one. */
const NODES_PER_BOX = 16;

const BOX = sql`box(point(${gisArea.west}, ${gisArea.south}), point(${gisArea.east}, ${gisArea.north}))`;
const overlaps = ([west, south, east, north]: Bbox): SQL =>
  sql`${BOX} && box(point(${west}, ${south}), point(${east}, ${north}))`;

/** The boxes a geometry's box test uses: one, or one per run of a line's nodes. */
export function queryBoxes(geometry: Geometry): Bbox[] {
  if (geometry.type !== 'LineString' || geometry.coordinates.length <= NODES_PER_BOX)
    return [geometryBbox(geometry)];
  const boxes: Bbox[] = [];
  // Runs share their end node, so every segment lies inside some run's box.
  for (let start = 0; start < geometry.coordinates.length - 1; start += NODES_PER_BOX - 1) {
    boxes.push(positionsBbox(geometry.coordinates.slice(start, start + NODES_PER_BOX)));
  }
  return boxes;
}

function shown(row: AreaRow, within: boolean): AreaHit {
  return {
    kind: row.kind,
    effect: AREA_KINDS[row.kind],
    refId: row.refId,
    name: row.name,
    geometry: row.geometry,
    within,
    floor: row.floor,
    ceiling: row.ceiling,
    startTime: row.startTime ? formatDateTime(row.startTime) : null,
    endTime: row.endTime ? formatDateTime(row.endTime) : null,
  };
}

/**
 * The GIS area's spatial index and its one query (issue 15): which no-fly zones, fences, fly zones, approved
 * airspaces and airport areas a point, a line, a polygon or a circle touches, at a height and a time. One code
 * path on PGlite and PostgreSQL: a GiST index on each area's box (core PostgreSQL, no extension) keeps the
 * candidates, and predicates.ts decides exactly (turf, on the sphere). docs/gis.md says why not PostGIS.
 *
 * Owners call `put` and `remove` inside the transaction that writes the zone, fence, airspace or airport, so
 * the index never disagrees with them. Both tell the bus `gis.areasChanged` {tenantId} (the docks' custom
 * flight areas, flight-areas/). They tell it at once, inside the owner's transaction: no handler of that event
 * reads the database while it runs (the flight-area sync only marks the tenant and acts after a quiet time,
 * when the transaction is over; a rolled-back change costs the docks one needless, harmless refresh, and a
 * dock that synchronised a file older than the current one is told again when it reports it).
 */
export class SpatialService {
  constructor(private readonly events: Pick<EventBus, 'emit'> | null = null) {}

  /** Puts (or replaces) each entry's area: one row per tenant, kind and owner. */
  async put(ctx: Ctx, entries: readonly AreaEntry[]): Promise<void> {
    for (const entry of entries) {
      const [west, south, east, north] = geometryBbox(entry.geometry);
      const values = {
        name: entry.name,
        geometry: entry.geometry,
        west,
        south,
        east,
        north,
        floor: entry.floor ?? null,
        ceiling: entry.ceiling ?? null,
        startTime: entry.startTime ?? null,
        endTime: entry.endTime ?? null,
        updateTime: new Date(),
      };
      await ctx.db
        .insert(gisArea)
        .values({ id: newId(), tenantId: ctx.tenantId, kind: entry.kind, refId: entry.refId, ...values })
        .onConflictDoUpdate({ target: [gisArea.tenantId, gisArea.kind, gisArea.refId], set: values });
    }
    if (entries.length) await this.changed(ctx);
  }

  private async changed(ctx: Ctx): Promise<void> {
    await this.events?.emit('gis.areasChanged', { tenantId: ctx.tenantId });
  }

  /** Removes the areas of these owners (of any kind when `kinds` is not given). */
  async remove(ctx: Ctx, refIds: readonly string[], kinds?: readonly AreaKind[]): Promise<void> {
    if (!refIds.length) return;
    await ctx.db
      .delete(gisArea)
      .where(
        scope(
          ctx,
          gisArea,
          inArray(gisArea.refId, [...refIds]),
          kinds ? inArray(gisArea.kind, [...kinds]) : undefined,
        ),
      );
    await this.changed(ctx);
  }

  /** Every area of the tenant that `query.geometry` touches, at its height and time, nearest kinds first. */
  async query(ctx: Ctx, query: AreaQuery): Promise<AreaHit[]> {
    const boxes = queryBoxes(query.geometry);
    const filters = [
      query.kinds ? inArray(gisArea.kind, [...query.kinds]) : undefined,
      ...inForce(query.time),
      ...atHeight(query.height),
    ];
    let rows: AreaRow[];
    if (boxes.length === 1) {
      rows = await ctx.db
        .select()
        .from(gisArea)
        .where(scope(ctx, gisArea, overlaps(boxes[0]!), ...filters));
    } else {
      // A long line's boxes: one index probe per box (a lateral join over the boxes). An OR of the boxes
      // leads PostgreSQL's planner to a bitmap scan of the whole index, 100 times slower at 100,000 areas
      // (bench/area-query.mjs); the ids come first, then their rows by primary key.
      const values = sql.join(
        boxes.map(
          ([west, south, east, north]) =>
            sql`(${west}::float8, ${south}::float8, ${east}::float8, ${north}::float8)`,
        ),
        sql`, `,
      );
      const candidates = (await ctx.db.execute(
        sql`select distinct area.id from (values ${values}) as q(west, south, east, north) cross join lateral (select ${gisArea.id} as id from ${gisArea} where ${scope(
          ctx,
          gisArea,
          sql`${BOX} && box(point(q.west, q.south), point(q.east, q.north))`,
          ...filters,
        )}) as area`,
      )) as unknown as { rows: Array<{ id: string | number | bigint }> };
      const ids = candidates.rows.map((row) => String(row.id));
      rows = ids.length
        ? await ctx.db
            .select()
            .from(gisArea)
            .where(scope(ctx, gisArea, inArray(gisArea.id, ids)))
        : [];
    }
    const hits: AreaHit[] = [];
    for (const row of rows) {
      const relation = relate(query.geometry, row.geometry);
      if (relation.touches) hits.push(shown(row, relation.within));
    }
    return hits.sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
  }

  /** The areas whose box meets `bbox` (what a map shows), or all of them without one; at most `limit`. */
  async inBox(
    ctx: Ctx,
    bbox: Bbox | null,
    kinds: readonly AreaKind[] | undefined,
    limit: number,
  ): Promise<AreaHit[]> {
    const rows = await ctx.db
      .select()
      .from(gisArea)
      .where(
        scope(
          ctx,
          gisArea,
          bbox ? overlaps(bbox) : undefined,
          kinds ? inArray(gisArea.kind, [...kinds]) : undefined,
        ),
      )
      .orderBy(gisArea.kind, gisArea.name, gisArea.id)
      .limit(limit);
    return rows.map((row) => shown(row, false));
  }

  /** A page of the areas whose box meets `bbox` (all of them without one), of `kinds` when given. */
  async page(
    ctx: Ctx,
    query: {
      bbox?: Bbox | undefined;
      kinds?: readonly AreaKind[] | undefined;
      current: number;
      size: number;
    },
  ): Promise<Page<AreaHit>> {
    const where = scope(
      ctx,
      gisArea,
      query.bbox ? overlaps(query.bbox) : undefined,
      query.kinds ? inArray(gisArea.kind, [...query.kinds]) : undefined,
    );
    const [counted] = await ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(gisArea)
      .where(where);
    const total = counted?.total ?? 0;
    const rows = await ctx.db
      .select()
      .from(gisArea)
      .where(where)
      .orderBy(gisArea.kind, gisArea.name, gisArea.id)
      .limit(query.size)
      .offset((query.current - 1) * query.size);
    return {
      records: rows.map((row) => shown(row, false)),
      total,
      size: query.size,
      current: query.current,
      pages: Math.ceil(total / query.size),
    };
  }

  /** Which of `kinds` the tenant has an area of, anywhere, in force at `time` (null: whatever the windows). */
  async kindsInForce(ctx: Ctx, kinds: readonly AreaKind[], time: Date | null): Promise<Set<AreaKind>> {
    const found = new Set<AreaKind>();
    // one probe per kind on the (tenant, kind, owner) index: the first row in force answers
    for (const kind of kinds) {
      const [row] = await ctx.db
        .select({ id: gisArea.id })
        .from(gisArea)
        .where(scope(ctx, gisArea, eq(gisArea.kind, kind), ...inForce(time)))
        .limit(1);
      if (row) found.add(kind);
    }
    return found;
  }
}

function inForce(time: Date | null): SQL[] {
  if (!time) return [];
  return [
    or(isNull(gisArea.startTime), lte(gisArea.startTime, time))!,
    or(isNull(gisArea.endTime), gte(gisArea.endTime, time))!,
  ];
}

function atHeight(height: number | undefined): SQL[] {
  if (height === undefined) return [];
  return [
    or(isNull(gisArea.floor), lte(gisArea.floor, height))!,
    or(isNull(gisArea.ceiling), gte(gisArea.ceiling, height))!,
  ];
}
