import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, idColumn, tenantColumn } from './columns.js';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Telemetry samples: OSD of docks and drones as the device link received it, downsampled (a drone at most
 * one per second, a dock one per 10 s) and written in batches (modules/telemetry/telemetry.writer.ts). An
 * append-only log, not a business table: no audit columns, no soft delete; rows older than
 * TELEMETRY_RETENTION_DAYS are deleted. `at` is the server's receive time, `device_time` the message's
 * timestamp. `track_id` is set only on a drone's samples in the air (the flight they belong to). `period`
 * is the sampling period `at` falls in (ms since 1970 divided by the kind's period, rounded down): unique
 * per device, so server instances that each receive part of a device's messages keep one sample a period
 * between them (the writer inserts with ON CONFLICT DO NOTHING).
 */
export const telemetrySample = pgTable(
  'aos_telemetry_sample',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    serialNumber: varchar('serial_number', { length: 64 }).notNull(),
    /** 'device' (drone) | 'dock' */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** aos_device.id or aos_dock.id */
    ownerId: id('owner_id').notNull(),
    /** the dock relaying a drone's messages */
    gatewaySn: varchar('gateway_sn', { length: 64 }),
    at: instant('at').notNull(),
    deviceTime: instant('device_time'),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    height: doublePrecision('height'),
    elevation: doublePrecision('elevation'),
    /** attitude_head, degrees */
    heading: doublePrecision('heading'),
    horizontalSpeed: doublePrecision('horizontal_speed'),
    verticalSpeed: doublePrecision('vertical_speed'),
    batteryPercent: doublePrecision('battery_percent'),
    modeCode: integer('mode_code'),
    trackId: varchar('track_id', { length: 64 }),
    /** the whole OSD known when the sample was taken (a dock's partial messages merged) */
    osd: jsonb('osd').$type<Record<string, unknown>>().notNull(),
    period: bigint('period', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('aos_telemetry_sample_device_idx').on(t.tenantId, t.serialNumber, t.at),
    uniqueIndex('aos_telemetry_sample_period_uq').on(t.tenantId, t.serialNumber, t.period),
    index('aos_telemetry_sample_track_idx')
      .on(t.tenantId, t.trackId, t.at)
      .where(sql`track_id is not null`),
    index('aos_telemetry_sample_tenant_at_idx').on(t.tenantId, t.at),
    // Retention deletes by time across tenants: a BRIN index is tiny and free to keep on an append-only log.
    index('aos_telemetry_sample_at_brin').using('brin', t.at),
  ],
);

/**
 * Flights: one row per drone flight, keyed by the drone's `track_id` (a new one per flight). Upserted by
 * every batch of samples with ON CONFLICT, so several server instances writing one flight stay consistent:
 * earliest start, latest end, summed point counts, highest elevation. `distance_m` is an approximation kept
 * while the flight runs (see TrackAggregate in telemetry.tracks.ts); findHistoryRouteTrack answers the
 * exact length from the stored points.
 */
export const flightTrack = pgTable(
  'aos_flight_track',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    droneSn: varchar('drone_sn', { length: 64 }).notNull(),
    /** aos_device.id of the drone */
    droneId: id('drone_id').notNull(),
    dockSn: varchar('dock_sn', { length: 64 }),
    trackId: varchar('track_id', { length: 64 }).notNull(),
    startedAt: instant('started_at').notNull(),
    endedAt: instant('ended_at').notNull(),
    pointCount: integer('point_count').notNull(),
    maxElevation: doublePrecision('max_elevation'),
    distanceM: doublePrecision('distance_m').notNull(),
    durationS: doublePrecision('duration_s').notNull(),
    startLongitude: doublePrecision('start_longitude').notNull(),
    startLatitude: doublePrecision('start_latitude').notNull(),
    endLongitude: doublePrecision('end_longitude').notNull(),
    endLatitude: doublePrecision('end_latitude').notNull(),
  },
  (t) => [
    uniqueIndex('aos_flight_track_uq').on(t.tenantId, t.droneSn, t.trackId),
    index('aos_flight_track_tenant_idx').on(t.tenantId, t.startedAt),
    index('aos_flight_track_track_idx').on(t.tenantId, t.trackId),
    index('aos_flight_track_dock_idx').on(t.tenantId, t.dockSn, t.startedAt),
    index('aos_flight_track_ended_idx').on(t.endedAt),
  ],
);
