import {
  type HistoryRouteTrackQuery,
  type Page,
  TRACK_POINT_LIMIT,
  type TelemetryKind,
  type TelemetryPageBody,
  type TrackPageQuery,
} from '@aos/contract';
import { and, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { device, flightTrack, dock, telemetrySample } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { scope } from '../../lib/tenant-scope.js';
import { notFound } from '../../lib/errors.js';
import { parseDateTime } from '../../lib/time.js';
import { haversineSql } from './telemetry.tracks.js';

const s = telemetrySample;
const t = flightTrack;

const trackColumns = {
  id: t.id,
  tenantId: t.tenantId,
  droneSn: t.droneSn,
  droneId: t.droneId,
  droneName: device.name,
  dockSn: t.dockSn,
  dockName: dock.name,
  trackId: t.trackId,
  startedAt: t.startedAt,
  endedAt: t.endedAt,
  pointCount: t.pointCount,
  maxElevation: t.maxElevation,
  distanceM: t.distanceM,
  durationS: t.durationS,
  startLongitude: t.startLongitude,
  startLatitude: t.startLatitude,
  endLongitude: t.endLongitude,
  endLatitude: t.endLatitude,
};

/** A stored point as findHistoryRouteTrack answers it. */
interface PointRow {
  at: Date;
  longitude: number;
  latitude: number;
  height: number | null;
  elevation: number | null;
  heading: number | null;
  horizontalSpeed: number | null;
  batteryPercent: number | null;
  modeCode: number | null;
}

const pageOf = <T>(records: T[], total: number, query: { current: number; size: number }): Page<T> => ({
  records,
  total,
  size: query.size,
  current: query.current,
  pages: Math.ceil(total / query.size),
});

/**
 * Reads of the stored telemetry (spec §7 cloud-biglog), always inside the caller's tenant: one flight's
 * points or one device's points in a time window (findHistoryRouteTrack), the flights (trackPage), the raw
 * samples (uavDataModel/page). Also the retention that deletes old samples and flights.
 */
export class TelemetryService {
  /** Flights newest first, with the drone's and the dock's names from the fleet registry. */
  async trackPage(ctx: Ctx, query: TrackPageQuery) {
    const where = scope(
      ctx,
      t,
      query.serialNumber ? eq(t.droneSn, query.serialNumber) : undefined,
      query.hangarSerialNumber ? eq(t.dockSn, query.hangarSerialNumber) : undefined,
      // flights that overlap the window
      query.startTime ? gte(t.endedAt, parseDateTime(query.startTime)) : undefined,
      query.endTime ? lte(t.startedAt, parseDateTime(query.endTime)) : undefined,
    );
    const [counted] = await ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(t)
      .where(where);
    const records = await this.tracks(ctx)
      .where(where)
      .orderBy(desc(t.startedAt), desc(t.id))
      .limit(query.size)
      .offset((query.current - 1) * query.size);
    return pageOf(records, counted?.total ?? 0, query);
  }

  /**
   * By `trackId` (and `serialNumber` when given; the latest such flight of the tenant otherwise): the flight
   * with its exact length and point count, and its points. Otherwise the points of `serialNumber` between
   * `startTime` and `endTime`. Points in time order, evenly thinned beyond TRACK_POINT_LIMIT.
   */
  async history(ctx: Ctx, query: HistoryRouteTrackQuery) {
    if (query.trackId) {
      const [track] = await this.tracks(ctx)
        .where(
          scope(
            ctx,
            t,
            eq(t.trackId, query.trackId),
            query.serialNumber ? eq(t.droneSn, query.serialNumber) : undefined,
          ),
        )
        .orderBy(desc(t.startedAt))
        .limit(1);
      if (!track) throw notFound();
      const where = scope(ctx, s, eq(s.trackId, track.trackId), eq(s.serialNumber, track.droneSn));
      const { points, total, thinned } = await this.points(ctx, where);
      const distanceM = await this.length(ctx, where);
      return { track: { ...track, pointCount: total, distanceM }, points, total, thinned };
    }
    const where = scope(
      ctx,
      s,
      eq(s.serialNumber, query.serialNumber!),
      gte(s.at, parseDateTime(query.startTime!)),
      lte(s.at, parseDateTime(query.endTime!)),
      sql`${s.longitude} is not null and ${s.latitude} is not null`,
    );
    return { track: null, ...(await this.points(ctx, where)) };
  }

  /** Samples newest first. */
  async samplePage(ctx: Ctx, query: TelemetryPageBody) {
    const where = scope(
      ctx,
      s,
      query.serialNumber ? eq(s.serialNumber, query.serialNumber) : undefined,
      query.kind ? eq(s.kind, query.kind) : undefined,
      query.trackId ? eq(s.trackId, query.trackId) : undefined,
      query.startTime ? gte(s.at, parseDateTime(query.startTime)) : undefined,
      query.endTime ? lte(s.at, parseDateTime(query.endTime)) : undefined,
    );
    const [counted] = await ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(s)
      .where(where);
    const rows = await ctx.db
      .select()
      .from(s)
      .where(where)
      .orderBy(desc(s.at), desc(s.id))
      .limit(query.size)
      .offset((query.current - 1) * query.size);
    const records = rows.map(({ tenantId: _tenant, at, deviceTime, kind, ...row }) => ({
      ...row,
      kind: kind as TelemetryKind,
      time: at,
      deviceTimestamp: deviceTime ? deviceTime.getTime() : null,
    }));
    return pageOf(records, counted?.total ?? 0, query);
  }

  /**
   * Delete samples received before `cutoff` and flights that ended before it, in slices so no statement
   * holds locks for long. Answers how many samples and flights went.
   */
  async prune(ctx: Pick<Ctx, 'db'>, cutoff: Date, slice = 10_000) {
    let samples = 0;
    for (;;) {
      const deleted = await ctx.db
        .delete(s)
        .where(sql`${s.id} in (select ${s.id} from ${s} where ${s.at} < ${cutoff} limit ${slice})`)
        .returning({ id: s.id });
      samples += deleted.length;
      if (deleted.length < slice) break;
    }
    const tracks = await ctx.db
      .delete(t)
      .where(sql`${t.endedAt} < ${cutoff}`)
      .returning({ id: t.id });
    return { samples, tracks: tracks.length };
  }

  private tracks(ctx: Ctx) {
    return ctx.db
      .select(trackColumns)
      .from(t)
      .leftJoin(
        device,
        and(eq(device.id, t.droneId), eq(device.tenantId, t.tenantId), eq(device.isDeleted, 0)),
      )
      .leftJoin(
        dock,
        and(eq(dock.serialNumber, t.dockSn), eq(dock.tenantId, t.tenantId), eq(dock.isDeleted, 0)),
      )
      .$dynamic();
  }

  /** The points matching `where` in time order: all of them, or an even selection with the first and last. */
  private async points(ctx: Ctx, where: SQL) {
    const [counted] = await ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(s)
      .where(where);
    const total = counted?.total ?? 0;
    const thinned = total > TRACK_POINT_LIMIT;
    // every step-th point from the first, plus the last: at most TRACK_POINT_LIMIT points
    const step = thinned ? Math.ceil((total - 1) / (TRACK_POINT_LIMIT - 2)) : 1;
    const numbered = ctx.db
      .select({
        at: s.at,
        longitude: s.longitude,
        latitude: s.latitude,
        height: s.height,
        elevation: s.elevation,
        heading: s.heading,
        horizontalSpeed: s.horizontalSpeed,
        batteryPercent: s.batteryPercent,
        modeCode: s.modeCode,
        rn: sql<number>`(row_number() over (order by ${s.at}, ${s.id}))::int`.as('rn'),
      })
      .from(s)
      .where(where)
      .as('numbered');
    const rows = (await ctx.db
      .select()
      .from(numbered)
      .where(thinned ? sql`(${numbered.rn} - 1) % ${step} = 0 or ${numbered.rn} = ${total}` : undefined)
      .orderBy(numbered.rn)) as Array<PointRow & { rn: number }>;
    const points = rows.map(({ rn: _rn, at, ...point }) => ({ time: at, timestamp: at.getTime(), ...point }));
    return { points, total, thinned };
  }

  /** The exact length of the points matching `where` joined in time order, m. */
  private async length(ctx: Ctx, where: SQL): Promise<number> {
    const order = sql`order by ${s.at}, ${s.id}`;
    const segments = ctx.db
      .select({
        segment: haversineSql(
          sql`lag(${s.longitude}) over (${order})`,
          sql`lag(${s.latitude}) over (${order})`,
          sql`${s.longitude}`,
          sql`${s.latitude}`,
        ).as('segment'),
      })
      .from(s)
      .where(where)
      .as('segments');
    const rows = await ctx.db
      .select({ length: sql<number | null>`sum(${segments.segment})::float8` })
      .from(segments);
    return Number(rows[0]?.length ?? 0);
  }
}
