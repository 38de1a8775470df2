import type { RouteDesign, RouteKind } from '@aos/contract';
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, idColumn, tenantColumn } from './columns.js';

const live = sql`is_deleted = 0`;

/** Each wayline's points for the map, `[lon, lat, height]` (a route's KMZ is the flight; this is its picture). */
export type RoutePoints = Array<Array<[number, number, number]>>;

/**
 * Routes (spec §3 Route; §7 routemanageline). The flight is the KMZ in storage (`kmz_key`, MD5 `fingerprint`);
 * an imported file is also kept as it came (`source_key`, `source_format`, `source_name`) and exported as it
 * came until the route is edited. `design` (the planner's input) is null for a file the planners cannot express.
 */
export const routeLine = pgTable(
  'aos_route_line',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    /** `route_type` key: 1 waypoint, 2 planar, 3 banded */
    type: smallint('type').notNull(),
    kind: varchar('kind', { length: 10 }).$type<RouteKind>().notNull(),
    distance: doublePrecision('distance').notNull(),
    duration: doublePrecision('duration').notNull(),
    waypointCount: integer('waypoint_count').notNull(),
    photoCount: integer('photo_count').notNull(),
    area: doublePrecision('area'),
    gsd: doublePrecision('gsd'),
    maxHeight: doublePrecision('max_height').notNull(),
    heightMode: varchar('height_mode', { length: 32 }).notNull(),
    screenshot: varchar('screenshot', { length: 1000 }),
    manufacturerId: id('manufacturer_id'),
    hangarId: id('hangar_id'),
    aircraftModelId: varchar('aircraft_model_id', { length: 32 }).notNull(),
    payloadModelId: varchar('payload_model_id', { length: 32 }),
    isPublic: smallint('is_public').notNull().default(0),
    deptId: id('dept_id'),
    fingerprint: varchar('fingerprint', { length: 32 }).notNull(),
    wpmlVersion: varchar('wpml_version', { length: 16 }).notNull(),
    /** the KMZ flown, in the tenant's store at the time of writing */
    kmzKey: varchar('kmz_key', { length: 300 }).notNull(),
    /** the storage configuration version it was written with (null: the local disk) */
    kmzOssVersionId: id('kmz_oss_version_id'),
    /** `design` (planned here), `kmz`, `kml`, `geojson` */
    sourceFormat: varchar('source_format', { length: 10 }).notNull(),
    sourceName: varchar('source_name', { length: 255 }),
    /** an imported file as it came, while the route is unedited */
    sourceKey: varchar('source_key', { length: 300 }),
    sourceOssVersionId: id('source_oss_version_id'),
    design: jsonb('design').$type<RouteDesign>(),
    points: jsonb('points').$type<RoutePoints>().notNull(),
    west: doublePrecision('west').notNull(),
    south: doublePrecision('south').notNull(),
    east: doublePrecision('east').notNull(),
    north: doublePrecision('north').notNull(),
    remark: varchar('remark', { length: 500 }),
    ...auditColumns(),
  },
  (t) => [
    index('aos_route_line_tenant_idx').on(t.tenantId, t.createTime).where(live),
    index('aos_route_line_dock_idx').on(t.tenantId, t.hangarId).where(live),
  ],
);
