import type { FlightAreaSyncStatus } from '@aos/contract';
import { integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, tenantColumn } from './columns.js';

/**
 * Each dock's last custom flight area sync (modules/gis/flight-areas): what its `flight_areas_sync_progress`
 * said and when. One row per dock serial number; written by the device link's events, read by the dock's
 * live state and the flight-area status route.
 */
export const gisDockAreaSync = pgTable(
  'aos_gis_dock_area_sync',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    dockSn: varchar('dock_sn', { length: 64 }).notNull(),
    /** wait_sync, synchronizing, synchronized, fail, switch_fail (DJI) */
    status: varchar('status', { length: 16 }).$type<FlightAreaSyncStatus>().notNull(),
    /** DJI's reason code (0 none, 12 checksum failed...) */
    reason: integer('reason').notNull().default(0),
    fileName: varchar('file_name', { length: 200 }),
    /** SHA-256 of the file the dock reported */
    checksum: varchar('checksum', { length: 64 }),
    /** when the dock reported it */
    reportTime: timestamp('report_time', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('aos_gis_dock_area_sync_sn_idx').on(t.dockSn)],
);
