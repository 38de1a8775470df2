import { z } from 'zod';
import { timeRangeError } from '../common/rules.js';
import { AuditFields, DateTime, Id, IdList, keyFilter, num, optionalText, text } from '../common/schemas.js';
import { AreaGeometry } from './geometry.js';

/**
 * No-fly zones, fly zones (keep-in areas) and electronic fences (spec §3, §7 noflyzone, flyzone,
 * electronicfence): a named range, a polygon or a circle, optionally limited to a height band and a time window.
 * Each is put in the spatial index (kinds of areas.ts) by its service, in the same transaction.
 */

/** Spec §3 "no-fly side": which side of the boundary is forbidden. */
export const NOFLY_SIDE = { inside: 1, outside: 2 } as const;

/** A height band in metres above take-off (the floor below the ceiling when both are given). */
const HeightBand = {
  floor: num(z.number({ message: 'gis.height' }).min(-1000).max(100_000).optional().nullable()),
  ceiling: num(z.number({ message: 'gis.height' }).min(-1000).max(100_000).optional().nullable()),
};

/** An optional window: none, or a start before an end (spec §5 "start must be before end"). */
function windowRule(value: { startTime?: string | null; endTime?: string | null }, context: z.RefinementCtx) {
  if (!value.startTime && !value.endTime) return;
  const error = timeRangeError(value.startTime, value.endTime);
  if (error)
    context.addIssue({
      code: 'custom',
      path: [value.startTime ? 'endTime' : 'startTime'],
      message: `validation.${error}`,
    });
}
function bandRule(value: { floor?: number | null; ceiling?: number | null }, context: z.RefinementCtx) {
  if (value.floor != null && value.ceiling != null && value.floor >= value.ceiling) {
    context.addIssue({ code: 'custom', path: ['ceiling'], message: 'gis.ceilingBelowFloor' });
  }
}

const AreaRecord = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  name: z.string(),
  geometry: AreaGeometry,
  /** 'polygon' or 'circle' (spec "shape") */
  shape: z.enum(['polygon', 'circle']),
  /** a circle's centre, or a polygon's centroid: where the map centres on the area */
  center: z.tuple([z.number(), z.number()]),
  /** a circle's radius in metres; null for a polygon */
  radius: z.number().nullable(),
  /** area on the ground, square metres */
  areaM2: z.number(),
  floor: z.number().nullable(),
  ceiling: z.number().nullable(),
  startTime: DateTime.nullable(),
  endTime: DateTime.nullable(),
  remark: z.string().nullable(),
});

const AreaSubmit = z.object({
  id: Id.optional(),
  name: text(100),
  geometry: AreaGeometry,
  ...HeightBand,
  startTime: DateTime.optional().nullable(),
  endTime: DateTime.optional().nullable(),
  remark: optionalText(300),
});

export const NoFlyZoneSchema = AreaRecord.extend({
  /** key of the `nofly_zone_type` dictionary (permanent, temporary, ...) */
  type: z.number().int(),
  /** region codes of the provinces it lies in, comma-separated */
  provinces: z.string().nullable(),
  /** who drew it */
  painter: z.string().nullable(),
  /** NOFLY_SIDE */
  side: z.number().int(),
});
export type NoFlyZone = z.infer<typeof NoFlyZoneSchema>;

export const NoFlyZoneSubmit = AreaSubmit.extend({
  type: num(z.number({ message: 'gis.zoneType' }).int().min(1).max(999), { ownMessage: true }),
  provinces: optionalText(500),
  painter: optionalText(100),
  side: num(z.union([z.literal(1), z.literal(2)], { message: 'gis.noflySide' }).default(1)),
})
  .superRefine(windowRule)
  .superRefine(bandRule);
export type NoFlyZoneSubmit = z.infer<typeof NoFlyZoneSubmit>;

export const FlyZoneSchema = AreaRecord;
export type FlyZone = z.infer<typeof FlyZoneSchema>;
export const FlyZoneSubmit = AreaSubmit.superRefine(windowRule).superRefine(bandRule);
export type FlyZoneSubmit = z.infer<typeof FlyZoneSubmit>;

export const FenceSchema = AreaRecord;
export type Fence = z.infer<typeof FenceSchema>;
export const FenceSubmit = AreaSubmit.superRefine(windowRule).superRefine(bandRule);
export type FenceSubmit = z.infer<typeof FenceSubmit>;

/** Filters of the zone, fly-zone and fence pages and lists. */
export const AreaPageQuery = z.object({
  name: z.string().trim().max(100).optional(),
  type: keyFilter(),
  /** 'polygon' or 'circle' */
  shape: z.enum(['polygon', 'circle'], { message: 'gis.shape' }).optional(),
});

/** `electronicfence/export`: the file format, and the fences (none: every fence of the tenant). */
export const AreaExportQuery = z.object({
  format: z.enum(['geojson', 'kml', 'shapefile'], { message: 'gis.exportFormat' }).default('geojson'),
  ids: IdList.optional(),
});
