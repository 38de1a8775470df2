import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, idColumn, tenantColumn } from './columns.js';

const live = sql`is_deleted = 0`;

/**
 * Fly operators (pilots) of a tenant: each linked to one user account of the tenant. `status` (audit column)
 * is 1 on, 0 off. The licence number is unique in the tenant.
 */
export const flyOperator = pgTable(
  'aos_fly_operator',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    userId: id('user_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    phone: varchar('phone', { length: 45 }).notNull(),
    licenceNumber: varchar('licence_number', { length: 64 }).notNull(),
    licenceExpiry: date('licence_expiry', { mode: 'string' }).notNull(),
    remark: varchar('remark', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('aos_fly_operator_user_uq').on(t.tenantId, t.userId).where(live),
    uniqueIndex('aos_fly_operator_licence_uq').on(t.tenantId, t.licenceNumber).where(live),
  ],
);

/** Base stations (RTK / relay) of a tenant, with the edge server's addresses and the station's position. */
export const baseStation = pgTable(
  'aos_base_station',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    /** key of the `base_station_type` dictionary */
    type: integer('type').notNull(),
    address: varchar('address', { length: 200 }),
    stationIp: varchar('station_ip', { length: 64 }).notNull(),
    adhocIp: varchar('adhoc_ip', { length: 64 }),
    lanIp: varchar('lan_ip', { length: 64 }),
    port: integer('port').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    ...auditColumns(),
  },
  (t) => [index('aos_base_station_tenant_idx').on(t.tenantId, t.createTime)],
);

/**
 * Manufacturers (brands) of a tenant. The code is unique in the tenant; `entitySigns` lists the entity-center
 * models (contract ENTITY_MODELS: aircraft, dock, payload, ...) the brand makes, comma-separated.
 */
export const manufacturer = pgTable(
  'aos_manufacturer',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    /** key of the `manufacturer_type` dictionary */
    type: integer('type').notNull(),
    address: varchar('address', { length: 200 }),
    phone: varchar('phone', { length: 45 }),
    entitySigns: varchar('entity_signs', { length: 255 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('aos_manufacturer_code_uq').on(t.tenantId, t.code).where(live)],
);

/** A supplier's API settings of a tenant; the code is unique in the tenant, the secret is never answered. */
export const supplierConfig = pgTable(
  'aos_supplier_config',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    baseUrl: varchar('base_url', { length: 255 }).notNull(),
    appKey: varchar('app_key', { length: 255 }).notNull(),
    appSecret: varchar('app_secret', { length: 255 }).notNull(),
    remark: varchar('remark', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('aos_supplier_config_code_uq').on(t.tenantId, t.code).where(live)],
);
