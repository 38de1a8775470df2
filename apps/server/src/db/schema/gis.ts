import type { AreaGeometry, AreaKind } from '@aos/contract';
import { sql } from 'drizzle-orm';
import { doublePrecision, index, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, idColumn, tenantColumn } from './columns.js';

/**
 * The spatial index of the GIS area (modules/gis/spatial): one row per area a flight check must know (a
 * no-fly zone, a fence, a fly zone, an approved airspace, an airport's buffer and height-limit area), written by
 * the owning resource's service in the same transaction as the resource. Derived data: no audit columns; the
 * resource row keeps those. The box (`west..east`, `south..north`, degrees) carries a GiST index, so a query
 * reads only the rows whose box meets the geometry's; the exact test runs on those (spatial/predicates.ts).
 */
export const gisArea = pgTable(
  'aos_gis_area',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    kind: varchar('kind', { length: 24 }).$type<AreaKind>().notNull(),
    /** the zone, fence, airspace or airport the area belongs to */
    refId: id('ref_id').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    geometry: jsonb('geometry').$type<AreaGeometry>().notNull(),
    west: doublePrecision('west').notNull(),
    south: doublePrecision('south').notNull(),
    east: doublePrecision('east').notNull(),
    north: doublePrecision('north').notNull(),
    /** metres above take-off the area applies from and up to; null: unbounded */
    floor: doublePrecision('floor'),
    ceiling: doublePrecision('ceiling'),
    /** the window the area is in force; null: open-ended */
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }),
    updateTime: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('aos_gis_area_ref_idx').on(t.tenantId, t.kind, t.refId),
    index('aos_gis_area_box_idx').using(
      'gist',
      sql`box(point(${t.west}, ${t.south}), point(${t.east}, ${t.north}))`,
    ),
  ],
);
