import { EARTH_RADIUS_M, haversineM } from '@aos/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { flightTrack } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';
import type { SampleRow } from './telemetry.samples.js';

/**
 * Great-circle distance between two WGS84 points, m: the contract's haversineM in SQL, for expressions over
 * stored rows (null when a coordinate is null).
 */
export function haversineSql(lon1: SQL, lat1: SQL, lon2: SQL, lat2: SQL): SQL {
  const a = sql`(power(sin(radians(${lat2} - ${lat1}) / 2), 2)
    + cos(radians(${lat1})) * cos(radians(${lat2})) * power(sin(radians(${lon2} - ${lon1}) / 2), 2))`;
  // not least(1, a): least() skips a null, which would make a missing point half the Earth away
  return sql`(2 * ${EARTH_RADIUS_M}::float8 * asin(sqrt(case when ${a} > 1 then 1 else ${a} end)))`;
}

/** One flight's share of a batch: what the batch adds to its aos_flight_track row. */
export interface TrackAggregate {
  tenantId: string;
  droneSn: string;
  droneId: string;
  dockSn: string | null;
  trackId: string;
  startedAt: Date;
  endedAt: Date;
  pointCount: number;
  maxElevation: number | null;
  /** the length of the batch's own points joined in time order */
  distanceM: number;
  startLongitude: number;
  startLatitude: number;
  endLongitude: number;
  endLatitude: number;
}

/** Group a batch's in-flight samples by flight (tenant, drone, track id), each in time order. */
export function aggregateTracks(rows: readonly SampleRow[]): TrackAggregate[] {
  const groups = new Map<string, SampleRow[]>();
  for (const row of rows) {
    if (!row.trackId || row.longitude === null || row.latitude === null) continue;
    const key = `${row.tenantId}\u0000${row.serialNumber}\u0000${row.trackId}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const aggregates: TrackAggregate[] = [];
  for (const group of groups.values()) {
    group.sort((a, b) => a.at.getTime() - b.at.getTime());
    const first = group[0]!;
    const last = group[group.length - 1]!;
    let distance = 0;
    let maxElevation: number | null = null;
    let dockSn: string | null = null;
    for (let index = 0; index < group.length; index++) {
      const row = group[index]!;
      if (index > 0) {
        const before = group[index - 1]!;
        distance += haversineM([before.longitude!, before.latitude!], [row.longitude!, row.latitude!]);
      }
      if (row.elevation !== null && (maxElevation === null || row.elevation > maxElevation))
        maxElevation = row.elevation;
      dockSn = row.gatewaySn ?? dockSn;
    }
    aggregates.push({
      tenantId: first.tenantId,
      droneSn: first.serialNumber,
      droneId: first.ownerId,
      dockSn,
      trackId: first.trackId!,
      startedAt: first.at,
      endedAt: last.at,
      pointCount: group.length,
      maxElevation,
      distanceM: distance,
      startLongitude: first.longitude!,
      startLatitude: first.latitude!,
      endLongitude: last.longitude!,
      endLatitude: last.latitude!,
    });
  }
  return aggregates;
}

const TRACK_CHUNK = 2000; // 16 parameters a row: far below PostgreSQL's 65,535

/**
 * Add a batch's flights to aos_flight_track, one multi-row upsert per chunk. Everything is computed in the
 * ON CONFLICT update from the stored row (locked by the upsert) and the batch's row, so instances writing
 * the same flight at the same time stay consistent: earliest start with its point, latest end with its
 * point, summed point counts, highest elevation.
 *
 * `distance_m` is an approximation, exact when one instance sees a flight's samples in order: it adds the
 * batch's own length plus the segment joining it to the stored flight, when the batch lies wholly after
 * (or wholly before) what is stored. When batches overlap in time (several instances each receiving part of
 * one drone's messages), it adds only the segment from the stored end to the batch's end: the batch's
 * earlier points lie between points already counted, so counting its own length would count that stretch
 * twice. findHistoryRouteTrack answers the exact length from the stored points.
 */
export async function upsertTracks(db: Executor, aggregates: readonly TrackAggregate[]): Promise<void> {
  const t = flightTrack;
  const ex = (column: string) => sql.raw(`excluded.${column}`);
  const joinAfter = haversineSql(
    sql`${t.endLongitude}`,
    sql`${t.endLatitude}`,
    ex('start_longitude'),
    ex('start_latitude'),
  );
  const joinBefore = haversineSql(
    ex('end_longitude'),
    ex('end_latitude'),
    sql`${t.startLongitude}`,
    sql`${t.startLatitude}`,
  );
  const extend = haversineSql(
    sql`${t.endLongitude}`,
    sql`${t.endLatitude}`,
    ex('end_longitude'),
    ex('end_latitude'),
  );
  for (let offset = 0; offset < aggregates.length; offset += TRACK_CHUNK) {
    const chunk = aggregates.slice(offset, offset + TRACK_CHUNK);
    await db
      .insert(t)
      .values(
        chunk.map((track) => ({
          ...track,
          id: newId(),
          durationS: (track.endedAt.getTime() - track.startedAt.getTime()) / 1000,
        })),
      )
      .onConflictDoUpdate({
        target: [t.tenantId, t.droneSn, t.trackId],
        set: {
          droneId: sql`excluded.drone_id`,
          dockSn: sql`coalesce(excluded.dock_sn, ${t.dockSn})`,
          startedAt: sql`least(${t.startedAt}, excluded.started_at)`,
          startLongitude: sql`case when excluded.started_at < ${t.startedAt} then excluded.start_longitude else ${t.startLongitude} end`,
          startLatitude: sql`case when excluded.started_at < ${t.startedAt} then excluded.start_latitude else ${t.startLatitude} end`,
          endedAt: sql`greatest(${t.endedAt}, excluded.ended_at)`,
          endLongitude: sql`case when excluded.ended_at > ${t.endedAt} then excluded.end_longitude else ${t.endLongitude} end`,
          endLatitude: sql`case when excluded.ended_at > ${t.endedAt} then excluded.end_latitude else ${t.endLatitude} end`,
          pointCount: sql`${t.pointCount} + excluded.point_count`,
          maxElevation: sql`greatest(${t.maxElevation}, excluded.max_elevation)`,
          distanceM: sql`${t.distanceM} + case
            when excluded.started_at > ${t.endedAt} then excluded.distance_m + ${joinAfter}
            when excluded.ended_at < ${t.startedAt} then excluded.distance_m + ${joinBefore}
            when excluded.ended_at > ${t.endedAt} then ${extend}
            else 0 end`,
          durationS: sql`extract(epoch from greatest(${t.endedAt}, excluded.ended_at) - least(${t.startedAt}, excluded.started_at))::float8`,
        },
      });
  }
}
