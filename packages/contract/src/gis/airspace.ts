import { z } from 'zod';
import { timeRangeError } from '../common/rules.js';
import {
  AuditFields,
  DateTime,
  Id,
  keyFilter,
  num,
  optionalText,
  splitIds,
  text,
} from '../common/schemas.js';
import { Phone } from '../common/validation.js';
import { AreaHitSchema } from './areas.js';
import { AreaGeometry, Geometry, Position } from './geometry.js';

/**
 * Airspace applications (spec §3 "Airspace", §5, §7 /api/aos-gisservice/airspace): a range (polygon or circle)
 * a drone may fly in between a start and an end time, below a ceiling, once approved.
 *
 * Status: draft → submitted (apply) → approved (approve) | rejected (reject, with a reason); an approved
 * application whose end time has passed is expired (shown so on read, and stored so by a scheduler job).
 * A rejected application may be edited again: the edit makes it a draft, to be applied for again. Only an
 * approved application is in the spatial index (kind 'airspace'), so only it counts in flight checks.
 */
export const AIRSPACE_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'expired'] as const;
export type AirspaceStatus = (typeof AIRSPACE_STATUSES)[number];

/** The transitions a user makes, by route (expiry is the scheduler's, and an edit turns rejected to draft). */
export const AIRSPACE_TRANSITIONS = {
  apply: { from: ['draft'], to: 'submitted' },
  approve: { from: ['submitted'], to: 'approved' },
  reject: { from: ['submitted'], to: 'rejected' },
} as const satisfies Record<string, { from: readonly AirspaceStatus[]; to: AirspaceStatus }>;
export type AirspaceAction = keyof typeof AIRSPACE_TRANSITIONS;

/** Statuses in which submit may change an application (the applicant's own draft, or a rejected one). */
export const AIRSPACE_EDITABLE: readonly AirspaceStatus[] = ['draft', 'rejected'];

/** Highest ceiling an application may ask for, metres (above it is not drone airspace). */
export const AIRSPACE_CEILING_MAX = 10_000;

/** A required text with its own message when it is missing or blank (spec §5: "Airspace requires ..."). */
function requiredText(max: number, message: string) {
  return z.string({ message }).trim().min(1, { message }).max(max, { message: 'validation.textMax' });
}

/** Comma-separated ids as BladeX sends them (`droneIds=1,2`; an array of ids is read the same); empty is none. */
export const OptionalIdList = z.preprocess(
  (value) => (Array.isArray(value) && value.every((id) => typeof id === 'string') ? value.join(',') : value),
  z
    .string({ message: 'validation.id' })
    .max(2000, { message: 'validation.textMax' })
    .transform(splitIds)
    .pipe(z.array(Id).max(50, { message: 'gis.tooManyIds' }))
    .optional()
    .nullable(),
);

const Ceiling = num(
  z
    .number({ message: 'gis.ceilingPositive' })
    .gt(0, { message: 'gis.ceilingPositive' })
    .max(AIRSPACE_CEILING_MAX, { message: 'gis.ceilingMax' }),
  { ownMessage: true },
);

/** Add (no id) or edit (with id, while a draft or rejected) an application. */
export const AirspaceSubmit = z
  .object({
    id: Id.optional(),
    name: text(100),
    /** a device (aircraft) of the tenant; its serial number must then be the one given */
    aircraftId: z.preprocess((value) => (value === '' ? null : value), Id.optional().nullable()),
    serialNumber: requiredText(64, 'gis.airspaceSerialNumber'),
    model: requiredText(100, 'gis.airspaceModel'),
    /** the aircraft's real-name registration number (CAAC) */
    registrationNumber: requiredText(64, 'gis.airspaceRegistration'),
    contactPerson: requiredText(50, 'gis.airspaceContact'),
    phone: Phone,
    startTime: DateTime,
    endTime: DateTime,
    /** who applies; the signed-in user's name when absent */
    applicant: optionalText(50),
    /** key of the business dictionary `task_nature` */
    taskNature: num(
      z
        .number({ message: 'gis.taskNature' })
        .int({ message: 'gis.taskNature' })
        .min(1, { message: 'gis.taskNature' })
        .max(32767, { message: 'gis.taskNature' }),
      { ownMessage: true },
    ),
    /** metres above take-off, > 0 */
    ceiling: Ceiling,
    remark: optionalText(300),
    /** takeoff/landing points of the tenant (uavairport ids), comma-separated */
    uavAirportIds: OptionalIdList,
    /** takeoff/landing positions that are no registered point, `[longitude, latitude]` each */
    takeoffPositions: z.array(Position).max(20, { message: 'gis.tooManyPositions' }).optional().nullable(),
    /** approval documents: attachment ids (blade-resource attach) of the tenant, comma-separated */
    attachIds: OptionalIdList,
    /** the range: a polygon or a circle */
    geometry: AreaGeometry,
  })
  .superRefine((value, context) => {
    const error = timeRangeError(value.startTime, value.endTime);
    if (error) context.addIssue({ code: 'custom', path: ['endTime'], message: `validation.${error}` });
  });
export type AirspaceSubmit = z.infer<typeof AirspaceSubmit>;

/** One step of an application's history: who moved it from which status to which, and when. */
export const AirspaceHistorySchema = z.object({
  id: Id,
  /** null: the application was created */
  fromStatus: z.enum(AIRSPACE_STATUSES).nullable(),
  toStatus: z.enum(AIRSPACE_STATUSES),
  /** a rejection's reason */
  reason: z.string().nullable(),
  /** null: the platform (the expiry job) */
  userId: Id.nullable(),
  userName: z.string().nullable(),
  time: DateTime,
});
export type AirspaceHistory = z.infer<typeof AirspaceHistorySchema>;

export const AirspaceSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  name: z.string(),
  aircraftId: Id.nullable(),
  /** the aircraft's name when aircraftId names a live device */
  aircraftName: z.string().nullable(),
  /** an imported application carries only its range and name until it is edited */
  serialNumber: z.string().nullable(),
  model: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  contactPerson: z.string().nullable(),
  phone: z.string().nullable(),
  startTime: DateTime.nullable(),
  endTime: DateTime.nullable(),
  applicant: z.string().nullable(),
  taskNature: z.number().int().nullable(),
  ceiling: z.number().nullable(),
  remark: z.string().nullable(),
  uavAirportIds: z.string(),
  /** names of the takeoff/landing points, in the order of uavAirportIds */
  uavAirportNames: z.string(),
  takeoffPositions: z.array(z.tuple([z.number(), z.number()])),
  attachIds: z.string(),
  /** original names of the approval files, in the order of attachIds */
  attachNames: z.string(),
  /** the approval files, in the order of attachIds: id, original name and download link */
  attachFiles: z.array(z.object({ id: Id, name: z.string(), link: z.string() })),
  geometry: AreaGeometry,
  /** 'polygon' or 'circle' */
  shape: z.enum(['polygon', 'circle']),
  /** the status as of now: an approved application past its end time reads 'expired' */
  approvalStatus: z.enum(AIRSPACE_STATUSES),
  /** the last rejection's reason */
  reason: z.string().nullable(),
  /** who made the last status change (null: the platform's expiry job, or no history) */
  statusUserName: z.string().nullable(),
  /** when the last status change was made */
  statusTime: DateTime.nullable(),
});
export type Airspace = z.infer<typeof AirspaceSchema>;

export const AirspaceDetail = AirspaceSchema.extend({ history: z.array(AirspaceHistorySchema) });
export type AirspaceDetail = z.infer<typeof AirspaceDetail>;

export const AirspacePageQuery = z.object({
  name: z.string().trim().max(100).optional(),
  serialNumber: z.string().trim().max(64).optional(),
  taskNature: keyFilter(),
  approvalStatus: z.enum(AIRSPACE_STATUSES, { message: 'gis.airspaceStatus' }).optional(),
  /** with windowEnd: applications whose start–end window overlaps [windowStart, windowEnd] (either may be absent) */
  windowStart: DateTime.optional(),
  windowEnd: DateTime.optional(),
});
export type AirspacePageQuery = z.infer<typeof AirspacePageQuery>;

/** An aircraft of the tenant an application may name (the dialog's aircraft choice fills serial number and model). */
export const AirspaceAircraftSchema = z.object({
  id: Id,
  name: z.string(),
  serialNumber: z.string(),
  /** the catalogue model's name in the caller's language, null when the device names none */
  model: z.string().nullable(),
});
export type AirspaceAircraft = z.infer<typeof AirspaceAircraftSchema>;

/** A registered takeoff/landing point of the tenant an application may name. */
export const AirspaceTakeoffPointSchema = z.object({
  id: Id,
  name: z.string(),
  longitude: z.number(),
  latitude: z.number(),
});
export type AirspaceTakeoffPoint = z.infer<typeof AirspaceTakeoffPointSchema>;

/** apply / approve: the application's id. */
export const AirspaceTransition = z.object({ id: Id });
/** reject: the application's id and why. */
export const AirspaceReject = z.object({
  id: Id,
  reason: requiredText(300, 'gis.rejectReason'),
});

/** Spec §7 getAirSpaceInfo: which approved airspaces cover a geometry at a time and height. */
export const AirspaceInfoRequest = z.object({
  geometry: Geometry,
  /** `yyyy-MM-dd HH:mm:ss`; absent: now */
  time: DateTime.optional(),
  /** metres above take-off; absent: any height */
  height: num(
    z
      .number({ message: 'gis.height' })
      .min(-1000, { message: 'gis.height' })
      .max(100_000, { message: 'gis.height' })
      .optional(),
  ),
});
export type AirspaceInfoRequest = z.infer<typeof AirspaceInfoRequest>;

/** An approved airspace the geometry touches; `within`: the geometry lies wholly inside its range. */
export const AirspaceInfo = AreaHitSchema.extend({
  serialNumber: z.string().nullable(),
  model: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  taskNature: z.number().int().nullable(),
});
export type AirspaceInfo = z.infer<typeof AirspaceInfo>;

/** A feature read from an import file: its geometry as the file has it, and its properties. */
export interface ImportedFeature {
  geometry: unknown;
  properties?: Record<string, unknown> | null;
}
