import type { RecordStatus } from '@aos/contract';
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

/**
 * Record tasks (spec §7 recordtask; docs/route.md): a hand-flown drone recorded into a waypoint route. The
 * positions are the drone's telemetry samples (aos_telemetry_sample) between `started_at` and `ended_at`; the
 * figures are stored when the task ends, the route made (`route_id`) or the reason it was not.
 */
export const routeRecordTask = pgTable(
  'aos_route_record_task',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    droneId: id('drone_id').notNull(),
    droneSn: varchar('drone_sn', { length: 64 }).notNull(),
    aircraftModelId: varchar('aircraft_model_id', { length: 32 }).notNull(),
    toleranceM: doublePrecision('tolerance_m').notNull(),
    minSpacingM: doublePrecision('min_spacing_m').notNull(),
    /** recording, finished, failed (the audit `status` column is the record's, as on every table) */
    recordStatus: varchar('record_status', { length: 10 }).$type<RecordStatus>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    /** why it failed: a message key and its parameters */
    reasonKey: varchar('reason_key', { length: 64 }),
    reasonParams: jsonb('reason_params').$type<Record<string, string | number>>(),
    pointCount: integer('point_count').notNull().default(0),
    waypointCount: integer('waypoint_count').notNull().default(0),
    distanceM: doublePrecision('distance_m').notNull().default(0),
    durationS: doublePrecision('duration_s').notNull().default(0),
    routeId: id('route_id'),
    ...auditColumns(),
  },
  (t) => [
    index('aos_route_record_task_tenant_idx').on(t.tenantId, t.createTime),
    // one open recording per aircraft
    uniqueIndex('aos_route_record_task_recording_uq')
      .on(t.tenantId, t.droneId)
      .where(sql`record_status = 'recording' and is_deleted = 0`),
  ],
);
