import { z } from 'zod';
import { LineGeometry, type LonLatPosition } from '../../gis/geometry.js';
import { num } from '../../common/schemas.js';
import { cameraById } from '../camera.js';
import {
  checkWaypointCount,
  type PlannedWaypoint,
  type PlanResult,
  refuse,
  routeFigures,
  STRIP_WIDTH_MAX,
  type RouteFigures,
  WAYPOINT_LIMIT,
} from './common.js';
import { heightOrGsd, isPlanError, MappingParams, mappingHeight } from './area.js';
import { type Enu, geodesicLengthM, planeAround } from './geo.js';
import { gsd as gsdOf, lineSpacing, photoInterval } from './photo.js';

/**
 * Strip route (spec "banded", WPML `mappingStrip`): a band along a centre line, `leftWidthM` to its left and
 * `rightWidthM` to its right (left and right as seen travelling from the line's first node to its last),
 * covered by lines parallel to the centre line at the side-overlap spacing, centred on the band (the
 * outermost lines at most half a spacing inside its edges) and joined end to end, each flown the other way
 * from the one before. A parallel line is the centre line offset with mitred corners (the mitre capped at four
 * times the offset at very sharp bends).
 */
const Width = num(
  z
    .number({ message: 'route.width' })
    .min(0, { message: 'route.width' })
    .max(STRIP_WIDTH_MAX, { message: 'route.width' }),
  { ownMessage: true },
);

export const StripRouteInput = MappingParams.extend({
  centreLine: LineGeometry,
  leftWidthM: Width.default(50),
  rightWidthM: Width.default(50),
})
  .refine(...heightOrGsd)
  .refine((input) => input.leftWidthM + input.rightWidthM > 0, {
    message: 'route.widthEmpty',
    path: ['leftWidthM'],
  });
export type StripRouteInput = z.infer<typeof StripRouteInput>;

export interface StripFigures extends RouteFigures {
  heightM: number;
  gsdCm: number;
  lineSpacingM: number;
  photoIntervalM: number;
  photoIntervalS: number;
  lineCount: number;
  /** length of the centre line, metres */
  centreLengthM: number;
  /** the band's area (centre length × width), square metres */
  areaM2: number;
}

export interface StripPlan {
  waypoints: PlannedWaypoint[];
  figures: StripFigures;
}

/** The polyline offset `offset` metres to its left (negative: right), corners mitred. */
export function offsetPolyline(points: readonly Enu[], offset: number): Enu[] {
  const normals: Enu[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const dx = points[i + 1]![0] - points[i]![0];
    const dy = points[i + 1]![1] - points[i]![1];
    const length = Math.hypot(dx, dy) || 1;
    normals.push([-dy / length, dx / length]);
  }
  return points.map((point, i) => {
    const before = normals[i - 1];
    const after = normals[i];
    let nx: number;
    let ny: number;
    let scale = offset;
    if (before && after) {
      nx = before[0] + after[0];
      ny = before[1] + after[1];
      const length = Math.hypot(nx, ny);
      if (length < 1e-9) {
        [nx, ny] = after;
      } else {
        nx /= length;
        ny /= length;
        const cos = nx * after[0] + ny * after[1];
        scale = Math.sign(offset) * Math.min(Math.abs(offset) / Math.max(cos, 1e-9), Math.abs(offset) * 4);
      }
    } else {
      [nx, ny] = (before ?? after)!;
    }
    return [point[0] + nx * scale, point[1] + ny * scale];
  });
}

/**
 * The band a strip route covers: the centre line offset `leftWidthM` to its left, then back along it offset
 * `rightWidthM` to its right, closed (a ring of positions, for the map).
 */
export function stripBand(
  centreLine: readonly LonLatPosition[],
  leftWidthM: number,
  rightWidthM: number,
): LonLatPosition[] {
  if (centreLine.length < 2) return [];
  const plane = planeAround(centreLine);
  const centre = centreLine.map((position) => plane.toEnu(position));
  const ring = [...offsetPolyline(centre, leftWidthM), ...offsetPolyline(centre, -rightWidthM).reverse()].map(
    (point) => plane.toLonLat(point) as LonLatPosition,
  );
  return [...ring, ring[0]!];
}

export function planStrip(input: StripRouteInput): PlanResult<StripPlan> {
  const camera = cameraById(input.cameraId);
  if (!camera) return refuse('route.camera');
  const height = mappingHeight(input, camera);
  if (isPlanError(height)) return { ok: false, error: height };
  const plane = planeAround(input.centreLine.coordinates);
  const centre = input.centreLine.coordinates.map((position) => plane.toEnu(position));
  const spacingM = lineSpacing(input.sideOverlap, height.heightM, camera);
  const interval = photoInterval(input.frontOverlap, input.speedMS, height.heightM, camera);
  const widthM = input.leftWidthM + input.rightWidthM;
  const count = Math.max(1, Math.ceil(widthM / spacingM - 1e-9));
  if (count * centre.length > WAYPOINT_LIMIT) {
    return refuse('route.tooManyWaypoints', { count: count * centre.length });
  }
  const middle = (input.leftWidthM - input.rightWidthM) / 2;
  const waypoints: PlannedWaypoint[] = [];
  for (let i = 0; i < count; i++) {
    // from the right edge to the left one
    const offset = middle + (i - (count - 1) / 2) * spacingM;
    const line = offsetPolyline(centre, offset);
    if (i % 2 === 1) line.reverse();
    line.forEach((point, k) =>
      waypoints.push({
        position: plane.toLonLat(point) as LonLatPosition,
        heightM: height.heightM,
        speedMS: input.speedMS,
        headingMode: 'followWayline',
        gimbalPitchDeg: -90,
        turnMode: 'toPointAndStopWithDiscontinuityCurvature',
        actions: [],
        ...(k < line.length - 1 ? { shootEveryM: interval.distanceM } : {}),
      }),
    );
  }
  const tooMany = checkWaypointCount(waypoints.length);
  if (tooMany) return { ok: false, error: tooMany };
  const centreLengthM = geodesicLengthM(input.centreLine.coordinates);
  return {
    ok: true,
    plan: {
      waypoints,
      figures: {
        ...routeFigures(waypoints),
        heightM: height.heightM,
        gsdCm: gsdOf(height.heightM, camera),
        lineSpacingM: spacingM,
        photoIntervalM: interval.distanceM,
        photoIntervalS: interval.timeS,
        lineCount: count,
        centreLengthM,
        areaM2: centreLengthM * widthM,
      },
    },
  };
}
