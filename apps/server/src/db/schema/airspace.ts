import type { AirspaceStatus, AreaGeometry, LonLatPosition, PolygonGeometry } from '@aos/contract';
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, id, idColumn, tenantColumn } from './columns.js';

/** Unique index whose violation the takeoff-point service turns into a field message naming the drones. */
export const UAV_AIRPORT_DRONE_INDEX = 'aos_uav_airport_drone_device_uq';

/**
 * Airspace applications of a tenant (spec §3 "Airspace"). Everything but the name and the range may be empty
 * while the application is a draft made by an import; apply refuses an incomplete one. `approval_status` is
 * the stored status (draft, submitted, approved, rejected, expired); an approved one past its end time reads
 * expired before the scheduler stores it so. Takeoff/landing points and approval files are comma-separated
 * ids (BladeX), checked against the tenant's rows on every write.
 */
export const airspace = pgTable(
  'aos_airspace',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    aircraftId: id('aircraft_id'),
    serialNumber: varchar('serial_number', { length: 64 }),
    model: varchar('model', { length: 100 }),
    registrationNumber: varchar('registration_number', { length: 64 }),
    contactPerson: varchar('contact_person', { length: 50 }),
    phone: varchar('phone', { length: 20 }),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }),
    applicant: varchar('applicant', { length: 50 }),
    /** key of the business dictionary `task_nature` */
    taskNature: integer('task_nature'),
    /** metres above take-off */
    ceiling: doublePrecision('ceiling'),
    remark: varchar('remark', { length: 300 }),
    uavAirportIds: varchar('uav_airport_ids', { length: 2000 }).notNull().default(''),
    takeoffPositions: jsonb('takeoff_positions').$type<LonLatPosition[]>().notNull().default([]),
    attachIds: varchar('attach_ids', { length: 2000 }).notNull().default(''),
    geometry: jsonb('geometry').$type<AreaGeometry>().notNull(),
    approvalStatus: varchar('approval_status', { length: 16 })
      .$type<AirspaceStatus>()
      .notNull()
      .default('draft'),
    /** the last rejection's reason */
    reason: varchar('reason', { length: 300 }),
    ...auditColumns(),
  },
  (t) => [
    index('aos_airspace_tenant_idx').on(t.tenantId, t.createTime),
    // the expiry job's scan: approved applications by end time
    index('aos_airspace_expiry_idx')
      .on(t.endTime)
      .where(sql`approval_status = 'approved' and is_deleted = 0`),
  ],
);

/** Every status change of an application: from, to, who and when (a row per change; never edited). */
export const airspaceHistory = pgTable(
  'aos_airspace_history',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    airspaceId: id('airspace_id').notNull(),
    /** null: the application was created */
    fromStatus: varchar('from_status', { length: 16 }).$type<AirspaceStatus>(),
    toStatus: varchar('to_status', { length: 16 }).$type<AirspaceStatus>().notNull(),
    reason: varchar('reason', { length: 300 }),
    /** null: the platform (the expiry job) */
    userId: id('user_id'),
    userName: varchar('user_name', { length: 100 }),
    time: timestamp('time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('aos_airspace_history_airspace_idx').on(t.airspaceId, t.time)],
);

/**
 * Civil airports of a tenant (spec §1, §9): the runway (two thresholds and a width), elevation and height
 * limit, and the two areas computed from the runway (modules/gis/airport.geometry.ts), stored so that the map
 * draws what the checks use. The areas are in the spatial index too ('airport_buffer', 'airport_height_limit').
 */
export const civilAirport = pgTable(
  'aos_civil_airport',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    icaoCode: varchar('icao_code', { length: 4 }).notNull(),
    iataCode: varchar('iata_code', { length: 3 }),
    runwayStartLongitude: doublePrecision('runway_start_longitude').notNull(),
    runwayStartLatitude: doublePrecision('runway_start_latitude').notNull(),
    runwayEndLongitude: doublePrecision('runway_end_longitude').notNull(),
    runwayEndLatitude: doublePrecision('runway_end_latitude').notNull(),
    runwayWidth: doublePrecision('runway_width').notNull(),
    elevation: doublePrecision('elevation').notNull(),
    heightLimit: doublePrecision('height_limit').notNull(),
    remark: varchar('remark', { length: 300 }),
    bufferGeometry: jsonb('buffer_geometry').$type<PolygonGeometry>().notNull(),
    heightLimitGeometry: jsonb('height_limit_geometry').$type<PolygonGeometry>().notNull(),
    ...auditColumns(),
  },
  (t) => [index('aos_civil_airport_tenant_idx').on(t.tenantId, t.createTime)],
);

/** Takeoff/landing points of a tenant (spec §7 uavairport). */
export const uavAirport = pgTable(
  'aos_uav_airport',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    longitude: doublePrecision('longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    /** metres above sea level */
    altitude: doublePrecision('altitude'),
    /** key of the `uav_airport_type` dictionary */
    type: integer('type').notNull(),
    remark: varchar('remark', { length: 300 }),
    ...auditColumns(),
  },
  (t) => [index('aos_uav_airport_tenant_idx').on(t.tenantId, t.createTime)],
);

/**
 * The drones bound to a takeoff/landing point. A drone is bound to one point only (device_id unique): binding
 * it to a second is refused, naming it. Links are deleted outright when unbound or when the point goes.
 */
export const uavAirportDrone = pgTable(
  'aos_uav_airport_drone',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    airportId: id('airport_id').notNull(),
    deviceId: id('device_id').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex(UAV_AIRPORT_DRONE_INDEX).on(t.deviceId),
    index('aos_uav_airport_drone_airport_idx').on(t.airportId),
  ],
);
