import type { AreaGeometry } from '@aos/contract';
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantColumn } from './columns.js';

const live = sql`is_deleted = 0`;

/** Unique indexes on a tenant's live names: a service turns their violation into a `name` message. */
export const NOFLY_ZONE_NAME_INDEX = 'aos_nofly_zone_name_uq';
export const FLY_ZONE_NAME_INDEX = 'aos_fly_zone_name_uq';
export const FENCE_NAME_INDEX = 'aos_fence_name_uq';

/**
 * What no-fly zones, fly zones and fences share (contract gis/zone.ts AreaRecord): a name, the range as the
 * contract's geometry (a polygon or a circle, jsonb), what is derived from it when saved (shape, centre, radius,
 * area on the ground), an optional height band (metres above take-off) and time window. Each row is also in
 * the spatial index (aos_gis_area), written in the same transaction by its service.
 */
const areaColumns = () => ({
  id: idColumn(),
  tenantId: tenantColumn(),
  name: varchar('name', { length: 100 }).notNull(),
  geometry: jsonb('geometry').$type<AreaGeometry>().notNull(),
  /** 'polygon' or 'circle' */
  shape: varchar('shape', { length: 8 }).$type<'polygon' | 'circle'>().notNull(),
  /** a circle's centre or a polygon's centroid, `[longitude, latitude]` */
  center: jsonb('center').$type<[number, number]>().notNull(),
  /** a circle's radius in metres; null for a polygon */
  radius: doublePrecision('radius'),
  /** area on the ground, square metres */
  areaM2: doublePrecision('area_m2').notNull(),
  floor: doublePrecision('floor'),
  ceiling: doublePrecision('ceiling'),
  startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }),
  endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }),
  remark: varchar('remark', { length: 300 }),
  ...auditColumns(),
});

/** No-fly zones of a tenant (spec §3 "No-fly zone", §7 noflyzone). */
export const noFlyZone = pgTable(
  'aos_nofly_zone',
  {
    ...areaColumns(),
    /** key of the `nofly_zone_type` dictionary */
    type: integer('type').notNull(),
    /** region codes of its provinces, comma-separated */
    provinces: varchar('provinces', { length: 500 }),
    /** who drew it */
    painter: varchar('painter', { length: 100 }),
    /** contract NOFLY_SIDE: 1 the inside is forbidden, 2 the outside */
    side: smallint('side').notNull().default(1),
  },
  (t) => [
    uniqueIndex(NOFLY_ZONE_NAME_INDEX).on(t.tenantId, t.name).where(live),
    index('aos_nofly_zone_tenant_idx').on(t.tenantId, t.createTime),
  ],
);

/** Fly zones (keep-in areas) of a tenant (spec §7 flyzone). */
export const flyZone = pgTable('aos_fly_zone', areaColumns(), (t) => [
  uniqueIndex(FLY_ZONE_NAME_INDEX).on(t.tenantId, t.name).where(live),
  index('aos_fly_zone_tenant_idx').on(t.tenantId, t.createTime),
]);

/** Electronic fences of a tenant (spec §3 "Electronic fence", §7 electronicfence). */
export const fence = pgTable('aos_fence', areaColumns(), (t) => [
  uniqueIndex(FENCE_NAME_INDEX).on(t.tenantId, t.name).where(live),
  index('aos_fence_tenant_idx').on(t.tenantId, t.createTime),
]);
