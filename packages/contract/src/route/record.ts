import { z } from 'zod';
import { DateTime, Id, num } from '../common/schemas.js';
import { AircraftModelId } from './design.js';

/**
 * Record tasks (spec §7 `/api/aos-gisservice/recordtask`; docs/route.md): a drone flown by hand with its remote
 * controller is recorded into a waypoint route, as DJI Pilot's live mission recording does. Started for one
 * of the tenant's aircraft, the task reads the drone's stored telemetry samples while it is open; finishing
 * it simplifies the flown path (Douglas–Peucker within `toleranceM`, points at least `minSpacingM` apart) into
 * a waypoint route saved by the route area (its rules, checks and KMZ), linked as `routeId`.
 */

/** recording: open; finished: its route was made; failed: no route (`reason` says why). */
export const RECORD_STATUSES = ['recording', 'finished', 'failed'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** How far (m) the route may stray from the flown path, horizontally and in height. */
export const RECORD_TOLERANCE_RANGE = { min: 0.5, max: 100, default: 2 } as const;
/** The least distance (m, in 3-D) between two consecutive waypoints of the recorded route. */
export const RECORD_SPACING_RANGE = { min: 0, max: 1000, default: 5 } as const;

const Tolerance = num(
  z
    .number({ message: 'route.record.tolerance' })
    .min(RECORD_TOLERANCE_RANGE.min, { message: 'route.record.tolerance' })
    .max(RECORD_TOLERANCE_RANGE.max, { message: 'route.record.tolerance' }),
  { ownMessage: true },
);
const Spacing = num(
  z
    .number({ message: 'route.record.spacing' })
    .min(RECORD_SPACING_RANGE.min, { message: 'route.record.spacing' })
    .max(RECORD_SPACING_RANGE.max, { message: 'route.record.spacing' }),
  { ownMessage: true },
);

/** A record task as page and detail answer it. */
export const RecordTaskSchema = z.object({
  id: Id,
  tenantId: z.string(),
  name: z.string(),
  droneId: Id,
  droneSn: z.string(),
  /** the aircraft's name in the registry (null once it is removed) */
  droneName: z.string().nullable(),
  /** the model the route is written for */
  aircraftModelId: z.string(),
  aircraftModelName: z.string().nullable(),
  toleranceM: z.number(),
  minSpacingM: z.number(),
  status: z.enum(RECORD_STATUSES),
  /** when recording began and (finished or failed) ended */
  startTime: DateTime,
  endTime: DateTime.nullable(),
  /** why a task failed: the message key, and its text in the caller's language */
  reasonKey: z.string().nullable(),
  reason: z.string().nullable(),
  /** positions recorded (samples of the drone in the air); while recording, so far */
  pointCount: z.number().int(),
  /** waypoints of the route made (0 until finished) */
  waypointCount: z.number().int(),
  /** the length of the flown path, metres */
  distance: z.number(),
  /** from the first to the last recorded position, seconds */
  duration: z.number(),
  routeId: Id.nullable(),
  /** the route's name (null when none was made or it was removed since) */
  routeName: z.string().nullable(),
  createUser: Id.nullable(),
  createUserName: z.string().nullable(),
  createTime: DateTime,
  updateTime: DateTime,
});
export type RecordTask = z.infer<typeof RecordTaskSchema>;

/**
 * Without `id`: start recording `droneId` (or the aircraft of serial number `droneSn`) under `name`. With `id`:
 * `finish: true` ends the recording and makes the route; without it only `name` changes.
 */
export const RecordTaskSubmit = z.object({
  id: Id.optional(),
  name: z
    .string({ message: 'validation.blank' })
    .trim()
    .min(1, { message: 'validation.blank' })
    .max(100, { message: 'validation.textMax' })
    .optional(),
  droneId: Id.optional(),
  droneSn: z.string().trim().max(64, { message: 'validation.textMax' }).optional(),
  /** the drone's own model when not given (it must be one a route can be written for) */
  aircraftModelId: AircraftModelId.optional(),
  toleranceM: Tolerance.optional(),
  minSpacingM: Spacing.optional(),
  finish: z.boolean({ message: 'route.record.finishFlag' }).optional(),
});
export type RecordTaskSubmit = z.input<typeof RecordTaskSubmit>;

export const RecordTaskPageQuery = z.object({
  name: z.string().trim().max(100).optional(),
  status: z.enum(RECORD_STATUSES, { message: 'route.record.status' }).optional(),
  droneId: Id.optional(),
  droneSn: z.string().trim().max(64).optional(),
});
export type RecordTaskPageQuery = z.infer<typeof RecordTaskPageQuery>;
