import type { FeatureGeometry, MarkKind, OilLayer } from '@aos/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, id, idColumn, tenantColumn } from './columns.js';

const live = sql`is_deleted = 0`;

/** The box of a feature's geometry (degrees), for the map's "what is in view" query. */
const boxColumns = () => ({
  west: doublePrecision('west').notNull(),
  south: doublePrecision('south').notNull(),
  east: doublePrecision('east').notNull(),
  north: doublePrecision('north').notNull(),
});

/** Map directories (spec §7 mapdir; DJI element groups): a tree per tenant, parent '0' at the top. */
export const mapDir = pgTable(
  'aos_map_dir',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    parentId: id('parent_id').notNull().default('0'),
    name: varchar('name', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(1),
    /** 0 hidden on the map, 1 shown */
    visible: smallint('visible').notNull().default(1),
    remark: varchar('remark', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [index('aos_map_dir_parent_idx').on(t.tenantId, t.parentId).where(live)],
);

/** Marks (spec §3 Mark; DJI map elements): a point, line or polygon in a directory. */
export const mapMark = pgTable(
  'aos_map_mark',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    dirId: id('dir_id').notNull(),
    kind: varchar('kind', { length: 8 }).$type<MarkKind>().notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    icon: varchar('icon', { length: 200 }),
    color: varchar('color', { length: 9 }),
    clampToGround: boolean('clamp_to_ground').notNull().default(false),
    remark: varchar('remark', { length: 255 }),
    geometry: jsonb('geometry').$type<FeatureGeometry>().notNull(),
    ...boxColumns(),
    ...auditColumns(),
  },
  (t) => [index('aos_map_mark_dir_idx').on(t.tenantId, t.dirId).where(live)],
);

/** Features of the oil-field layers (spec §3), one table: the layer is the layer's path (oilwellpoint…). */
export const oilFeature = pgTable(
  'aos_oil_feature',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    layer: varchar('layer', { length: 32 }).$type<OilLayer>().notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 64 }),
    geometry: jsonb('geometry').$type<FeatureGeometry>().notNull(),
    attributes: jsonb('attributes').$type<Record<string, string | number>>().notNull().default({}),
    remark: varchar('remark', { length: 255 }),
    ...boxColumns(),
    ...auditColumns(),
  },
  (t) => [index('aos_oil_feature_layer_idx').on(t.tenantId, t.layer).where(live)],
);

/** A tenant's display settings of an oil-field layer (advancedSet); absent: the layer's defaults. */
export const oilLayerSetting = pgTable(
  'aos_oil_layer_setting',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    layer: varchar('layer', { length: 32 }).$type<OilLayer>().notNull(),
    color: varchar('color', { length: 9 }).notNull(),
    lineWidth: doublePrecision('line_width').notNull(),
    icon: varchar('icon', { length: 200 }),
    labelField: varchar('label_field', { length: 64 }).notNull(),
    minZoom: smallint('min_zoom').notNull(),
    visible: smallint('visible').notNull(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('aos_oil_layer_setting_uq').on(t.tenantId, t.layer).where(live)],
);

/** Inspection objects (spec §7 inspectionobject): towers, pipeline sections, well sites, substations… */
export const inspectionObject = pgTable(
  'aos_inspection_object',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    /** key of the tenant's `inspection_object_type` dictionary */
    type: smallint('type').notNull(),
    code: varchar('code', { length: 64 }),
    geometry: jsonb('geometry').$type<FeatureGeometry>().notNull(),
    remark: varchar('remark', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [index('aos_inspection_object_tenant_idx').on(t.tenantId).where(live)],
);
