import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, id, idColumn, tenantColumn } from './columns.js';

/** Unique indexes whose violation a service turns into a field message: the name is matched on the error. */
export const DOCK_DRONE_DEVICE_INDEX = 'aos_dock_drone_device_uq';
export const CREDENTIAL_SERIAL_INDEX = 'aos_device_credential_sn_uq';

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
 * Brands (spec: manufacturers) of a tenant. The code is unique in the tenant; `entitySigns` lists the entity-center
 * models (contract ENTITY_MODELS: aircraft, dock, payload, ...) the brand makes, comma-separated.
 */
export const brand = pgTable(
  'aos_brand',
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
  (t) => [uniqueIndex('aos_brand_code_uq').on(t.tenantId, t.code).where(live)],
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

/**
 * Devices of a tenant (spec §3 "Device"): aircraft, payloads, data links, remote controllers. `status` (audit
 * column) is the `device_status` dictionary: 1 normal, 2 disabled. The serial number's platform-wide
 * uniqueness is kept by aos_device_credential (devices and docks share the MQTT namespace).
 */
export const device = pgTable(
  'aos_device',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    serialNumber: varchar('serial_number', { length: 64 }).notNull(),
    /** key of the `device_type` dictionary, 1..4 */
    type: integer('type').notNull(),
    /** contract DEVICE_MODELS id */
    modelId: varchar('model_id', { length: 64 }),
    manufacturerId: id('manufacturer_id'),
    power: doublePrecision('power'),
    takeoffWeight: doublePrecision('takeoff_weight'),
    load: doublePrecision('load'),
    flightSpeed: doublePrecision('flight_speed'),
    /** an aircraft's data-link device */
    datalinkId: id('datalink_id'),
    iotCard: varchar('iot_card', { length: 64 }),
    fingerprint: varchar('fingerprint', { length: 128 }),
    address: varchar('address', { length: 200 }),
    remark: varchar('remark', { length: 255 }),
    image: varchar('image', { length: 500 }),
    ...auditColumns(),
  },
  (t) => [
    index('aos_device_tenant_idx').on(t.tenantId, t.createTime),
    index('aos_device_datalink_idx').on(t.datalinkId),
    index('aos_device_manufacturer_idx').on(t.manufacturerId),
  ],
);

/**
 * The payload devices an aircraft carries. Links, not records: a link goes when the aircraft changes its
 * payloads or is removed, so rows are deleted outright.
 */
export const devicePayload = pgTable(
  'aos_device_payload',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    aircraftId: id('aircraft_id').notNull(),
    payloadId: id('payload_id').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('aos_device_payload_uq').on(t.aircraftId, t.payloadId),
    index('aos_device_payload_payload_idx').on(t.payloadId),
  ],
);

/**
 * Docks of a tenant (spec §3 "Hangar"), with their settings (hangarbasicset reads and writes that
 * subset). `images` are comma-separated picture links.
 */
export const dock = pgTable(
  'aos_dock',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    /** key of the `hangar_type` dictionary */
    type: integer('type').notNull(),
    deptId: id('dept_id'),
    serialNumber: varchar('serial_number', { length: 64 }).notNull(),
    manufacturerId: id('manufacturer_id'),
    /** contract DEVICE_MODELS id of a dock model */
    modelId: varchar('model_id', { length: 64 }).notNull(),
    images: varchar('images', { length: 3200 }).notNull().default(''),
    streamLeftWing: varchar('stream_left_wing', { length: 500 }),
    streamRightWing: varchar('stream_right_wing', { length: 500 }),
    streamTail: varchar('stream_tail', { length: 500 }),
    streamInside: varchar('stream_inside', { length: 500 }),
    streamOutside: varchar('stream_outside', { length: 500 }),
    logUrl: varchar('log_url', { length: 500 }),
    alternateLongitude: doublePrecision('alternate_longitude'),
    alternateLatitude: doublePrecision('alternate_latitude'),
    safeLandHeight: integer('safe_land_height').notNull().default(30),
    lowBattery: integer('low_battery').notNull().default(30),
    ultraLowBattery: integer('ultra_low_battery').notNull().default(20),
    rthAltitude: integer('rth_altitude').notNull().default(100),
    /** key of the `out_of_control_action` dictionary */
    outOfControlAction: integer('out_of_control_action').notNull().default(0),
    /** key of the `hangar_visible` dictionary: 1 shown, 0 hidden */
    visible: smallint('visible').notNull().default(1),
    remark: varchar('remark', { length: 255 }),
    /** IANA zone task schedules of this dock are read in (null: the server's TIME_ZONE) */
    timeZone: varchar('time_zone', { length: 64 }),
    ...auditColumns(),
  },
  (t) => [
    index('aos_dock_tenant_idx').on(t.tenantId, t.createTime),
    index('aos_dock_manufacturer_idx').on(t.manufacturerId),
  ],
);

/**
 * Which aircraft a dock holds. A drone is bound to one dock only: device_id is unique. Links are deleted
 * outright when unbound, so the index needs no live-row condition.
 */
export const dockDrone = pgTable(
  'aos_dock_drone',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    dockId: id('dock_id').notNull(),
    deviceId: id('device_id').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex(DOCK_DRONE_DEVICE_INDEX).on(t.deviceId), index('aos_dock_drone_dock_idx').on(t.dockId)],
);

/**
 * MQTT credentials of every device and dock, platform-wide. The serial number is unique across the whole
 * platform and across devices AND docks (they share `thing/product/{sn}`): this index is what enforces it.
 * Only a SHA-256 of the random password is kept. A row is deleted with its owner (nothing to keep).
 */
export const deviceCredential = pgTable(
  'aos_device_credential',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    serialNumber: varchar('serial_number', { length: 64 }).notNull(),
    /** 'device' | 'dock' */
    ownerKind: varchar('owner_kind', { length: 16 }).notNull(),
    ownerId: id('owner_id').notNull(),
    username: varchar('username', { length: 64 }).notNull(),
    passwordHash: varchar('password_hash', { length: 64 }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    rotatedTime: timestamp('rotated_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex(CREDENTIAL_SERIAL_INDEX).on(t.serialNumber),
    uniqueIndex('aos_device_credential_username_uq').on(t.username),
    uniqueIndex('aos_device_credential_owner_uq').on(t.ownerKind, t.ownerId),
  ],
);
