import { z } from 'zod';
import { DateTime, Id, PageQuery } from '../common/schemas.js';
import { SERIAL_NUMBER_PATTERN } from '../fleet/device-rules.js';

/**
 * Stored telemetry and flights (spec §7 cloud-biglog): the samples the server keeps of every dock's and
 * drone's OSD, and one flight track per drone flight (keyed by the drone's `track_id`). Read by
 * findHistoryRouteTrack (the points of one flight, or of one device in a time window), trackPage (the flights,
 * for the track-replay screen) and uavDataModel/page (the raw samples).
 */

/** At most this many points answer findHistoryRouteTrack; beyond, evenly thinned (first and last kept). */
export const TRACK_POINT_LIMIT = 20_000;

/** 'device' for a drone, 'dock' for a dock (the owner kinds of the fleet registry). */
export const TELEMETRY_KINDS = ['device', 'dock'] as const;
export type TelemetryKind = (typeof TELEMETRY_KINDS)[number];

/** A drone's track id as its OSD reports it (DJI: a uuid; the simulator: one per flight). */
export const TrackIdRef = z
  .string()
  .trim()
  .regex(/^[\w.:-]{1,64}$/, { message: 'validation.invalid' });

const SerialFilter = z.string().trim().regex(SERIAL_NUMBER_PATTERN, { message: 'validation.invalid' });

/** An optional filter: an empty value (what a cleared form field sends) counts as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

const nullableNumber = z.number().nullable();

export const FlightTrackSchema = z.object({
  id: Id,
  tenantId: z.string(),
  droneSn: z.string(),
  droneId: Id,
  /** the drone's name in the fleet registry (null once the drone is removed) */
  droneName: z.string().nullable(),
  dockSn: z.string().nullable(),
  dockName: z.string().nullable(),
  trackId: z.string(),
  startedAt: DateTime,
  endedAt: DateTime,
  pointCount: z.number().int(),
  /** highest elevation above the take-off point, m */
  maxElevation: nullableNumber,
  /** m: exact in findHistoryRouteTrack, kept close to it while the flight runs elsewhere */
  distanceM: z.number(),
  durationS: z.number(),
  startLongitude: z.number(),
  startLatitude: z.number(),
  endLongitude: z.number(),
  endLatitude: z.number(),
});
export type FlightTrack = z.infer<typeof FlightTrackSchema>;

export const TrackPointSchema = z.object({
  time: DateTime,
  /** the same instant in milliseconds, for smooth replay */
  timestamp: z.number(),
  longitude: z.number(),
  latitude: z.number(),
  height: nullableNumber,
  elevation: nullableNumber,
  heading: nullableNumber,
  horizontalSpeed: nullableNumber,
  batteryPercent: nullableNumber,
  modeCode: z.number().int().nullable(),
});
export type TrackPoint = z.infer<typeof TrackPointSchema>;

export const HistoryRouteTrackSchema = z.object({
  /** the flight, when asked by trackId */
  track: FlightTrackSchema.nullable(),
  /** ordered by time */
  points: z.array(TrackPointSchema),
  /** how many stored points matched */
  total: z.number().int(),
  /** true when `points` is an even selection of the `total` (more than TRACK_POINT_LIMIT) */
  thinned: z.boolean(),
});
export type HistoryRouteTrack = z.infer<typeof HistoryRouteTrackSchema>;

/** Adds an issue on `startTime` when both times are given and the start is not before the end. */
function timeOrder(value: { startTime?: string; endTime?: string }, ctx: z.RefinementCtx) {
  if (value.startTime && value.endTime && value.startTime >= value.endTime)
    ctx.addIssue({ code: 'custom', message: 'validation.timeOrder', path: ['startTime'] });
}

/**
 * findHistoryRouteTrack: one flight by `trackId` (with `serialNumber` to tell apart two drones reporting the
 * same id), or the points of one device (`serialNumber`) between `startTime` and `endTime`.
 */
export const HistoryRouteTrackQuery = z
  .object({
    trackId: optional(TrackIdRef),
    serialNumber: optional(SerialFilter),
    startTime: optional(DateTime),
    endTime: optional(DateTime),
  })
  .superRefine((value, ctx) => {
    if (!value.trackId) {
      for (const field of ['serialNumber', 'startTime', 'endTime'] as const) {
        if (!value[field]) ctx.addIssue({ code: 'custom', message: 'validation.required', path: [field] });
      }
    }
    timeOrder(value, ctx);
  });
export type HistoryRouteTrackQuery = z.infer<typeof HistoryRouteTrackQuery>;

const Paging = PageQuery.pick({ current: true, size: true });

/** trackPage: flights newest first; the window keeps flights that overlap it. */
export const TrackPageQuery = Paging.extend({
  /** the drone */
  serialNumber: optional(SerialFilter),
  hangarSerialNumber: optional(SerialFilter),
  startTime: optional(DateTime),
  endTime: optional(DateTime),
}).superRefine(timeOrder);
export type TrackPageQuery = z.infer<typeof TrackPageQuery>;

export const TelemetrySampleSchema = z.object({
  id: Id,
  serialNumber: z.string(),
  kind: z.enum(TELEMETRY_KINDS),
  ownerId: Id,
  gatewaySn: z.string().nullable(),
  /** when the server received it */
  time: DateTime,
  /** the device's own timestamp, ms */
  deviceTimestamp: z.number().nullable(),
  longitude: nullableNumber,
  latitude: nullableNumber,
  height: nullableNumber,
  elevation: nullableNumber,
  heading: nullableNumber,
  horizontalSpeed: nullableNumber,
  verticalSpeed: nullableNumber,
  batteryPercent: nullableNumber,
  modeCode: z.number().int().nullable(),
  trackId: z.string().nullable(),
  /** the whole OSD as the device reported it */
  osd: z.record(z.string(), z.unknown()),
});
export type TelemetrySample = z.infer<typeof TelemetrySampleSchema>;

/** uavDataModel/page (POST body): samples newest first. */
export const TelemetryPageBody = Paging.extend({
  serialNumber: optional(SerialFilter),
  kind: optional(z.enum(TELEMETRY_KINDS, { message: 'validation.invalid' })),
  trackId: optional(TrackIdRef),
  startTime: optional(DateTime),
  endTime: optional(DateTime),
}).superRefine(timeOrder);
export type TelemetryPageBody = z.infer<typeof TelemetryPageBody>;
