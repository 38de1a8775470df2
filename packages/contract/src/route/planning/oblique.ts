import type { z } from 'zod';
import { cameraById } from '../camera.js';
import {
  checkWaypointCount,
  ObliquePitch,
  type PlannedWaypoint,
  type PlanResult,
  type RouteFigures,
  refuse,
  routeFigures,
} from './common.js';
import {
  AreaParams,
  heightOrGsd,
  isPlanError,
  lawnMower,
  type MappingFigures,
  mappingHeight,
  planePolygon,
} from './area.js';
import { lineSpacing, photoInterval } from './photo.js';

/**
 * Oblique route (WPML `mapping3d`), flown as mapping drones fly it: the area's nadir pass, then four passes
 * with the camera tilted (gimbal pitch, e.g. −45°) and the aircraft facing one way for the whole pass: along
 * the course angle, then +90°, +180° and +270°. Each oblique pass widens the area by H·tan(tilt) (tilt = the
 * camera's angle off straight down) so that its photos of the area's edge are taken from outside it, and
 * spaces its lines and photos for the slant distance H / cos(tilt) to the ground it looks at. Each pass is its
 * own wayline; the route's figures are the passes' summed (transit between passes not included).
 */
export const ObliqueRouteInput = AreaParams.extend({ obliquePitchDeg: ObliquePitch.default(-45) }).refine(
  ...heightOrGsd,
);
export type ObliqueRouteInput = z.infer<typeof ObliqueRouteInput>;

export interface ObliquePass {
  kind: 'nadir' | 'oblique';
  /** direction of the lines, degrees clockwise from north */
  courseAngleDeg: number;
  gimbalPitchDeg: number;
  /** metres the pass widens the area beyond the route's margin */
  extensionM: number;
  waypoints: PlannedWaypoint[];
  figures: MappingFigures;
}

export interface ObliquePlan {
  passes: ObliquePass[];
  figures: MappingFigures;
}

export function planOblique(input: ObliqueRouteInput): PlanResult<ObliquePlan> {
  const camera = cameraById(input.cameraId);
  if (!camera) return refuse('route.camera');
  const height = mappingHeight(input, camera);
  if (isPlanError(height)) return { ok: false, error: height };
  const shape = planePolygon(input.polygon);
  if (isPlanError(shape)) return { ok: false, error: shape };
  const tiltRad = ((90 + input.obliquePitchDeg) * Math.PI) / 180;
  const extensionM = height.heightM * Math.tan(tiltRad);
  const slantM = height.heightM / Math.cos(tiltRad);
  const passes: ObliquePass[] = [];
  const specs = [
    { kind: 'nadir' as const, turn: 0 },
    ...[0, 90, 180, 270].map((turn) => ({ kind: 'oblique' as const, turn })),
  ];
  for (const { kind, turn } of specs) {
    const oblique = kind === 'oblique';
    const distance = oblique ? slantM : height.heightM;
    const spacingM = lineSpacing(input.sideOverlap, distance, camera);
    const interval = photoInterval(input.frontOverlap, input.speedMS, distance, camera);
    const courseAngleDeg = (input.courseAngleDeg + turn) % 360;
    const gimbalPitchDeg = oblique ? input.obliquePitchDeg : -90;
    const pass = lawnMower({
      rings: shape.rings,
      plane: shape.plane,
      courseAngleDeg,
      marginM: input.marginM + (oblique ? extensionM : 0),
      spacingM,
      shootEveryM: interval.distanceM,
      heightM: height.heightM,
      speedMS: input.speedMS,
      gimbalPitchDeg,
      ...(oblique ? { headingDeg: courseAngleDeg } : {}),
    });
    if (isPlanError(pass)) return { ok: false, error: pass };
    const tooMany = checkWaypointCount(pass.waypoints.length);
    if (tooMany) return { ok: false, error: tooMany };
    passes.push({
      kind,
      courseAngleDeg,
      gimbalPitchDeg,
      extensionM: oblique ? extensionM : 0,
      waypoints: pass.waypoints,
      figures: {
        ...routeFigures(pass.waypoints),
        areaM2: shape.areaM2,
        heightM: height.heightM,
        gsdCm: (height.gsdCm * distance) / height.heightM,
        lineSpacingM: spacingM,
        photoIntervalM: interval.distanceM,
        photoIntervalS: interval.timeS,
        lineCount: pass.lines,
      },
    });
  }
  const sum = (key: keyof RouteFigures | 'lineCount') =>
    passes.reduce((total, pass) => total + pass.figures[key], 0);
  const nadir = passes[0]!.figures;
  return {
    ok: true,
    plan: {
      passes,
      figures: {
        ...nadir,
        lengthM: sum('lengthM'),
        durationS: sum('durationS'),
        photoCount: sum('photoCount'),
        waypointCount: sum('waypointCount'),
        turnCount: sum('turnCount'),
        lineCount: sum('lineCount'),
      },
    },
  };
}
