import { z } from 'zod';
import { PolygonGeometry, ringNodes, type LonLatPosition } from '../../gis/geometry.js';
import { cameraById, type CameraSpec } from '../camera.js';
import {
  checkWaypointCount,
  GsdCm,
  MAPPING_HEIGHT_MODES,
  MAPPING_HEIGHT_RANGE,
  Margin,
  MappingHeight,
  Overlap,
  Angle,
  type PlannedWaypoint,
  type PlanResult,
  type RouteFigures,
  refuse,
  routeFigures,
  Speed,
  type PlanError,
  type RouteMessageKey,
  WAYPOINT_LIMIT,
} from './common.js';
import { type Enu, planeAround, polygonAreaM2, ringsCross, type LocalPlane } from './geo.js';
import { gsd as gsdOf, heightForGsd, lineSpacing, photoInterval } from './photo.js';
import { sweepPieces } from './sweep.js';

/** A camera of the catalogue, by its id (camera.ts). */
export const CameraId = z
  .string({ message: 'route.camera' })
  .refine((id) => cameraById(id) !== undefined, { message: 'route.camera' });

/**
 * What every mapping route is flown with: the camera, the height above the ground (or the ground sample
 * distance to derive it from), the overlaps in percent, the speed and the height reference.
 */
export const MappingParams = z.object({
  cameraId: CameraId,
  /** metres above the ground; when absent, derived from gsdCm */
  heightM: MappingHeight.optional(),
  /** cm/px, used when heightM is absent */
  gsdCm: GsdCm.optional(),
  frontOverlap: Overlap.default(80),
  sideOverlap: Overlap.default(70),
  speedMS: Speed.default(10),
  heightMode: z.enum(MAPPING_HEIGHT_MODES, { message: 'route.heightMode' }).default('relativeToStartPoint'),
});
export type MappingParams = z.infer<typeof MappingParams>;

/** A mapping route needs its height or its GSD (the planners' schemas end with this check). */
export const heightOrGsd: [
  (params: Pick<MappingParams, 'heightM' | 'gsdCm'>) => boolean,
  { message: RouteMessageKey; path: string[] },
] = [
  (params) => params.heightM !== undefined || params.gsdCm !== undefined,
  { message: 'route.heightOrGsd', path: ['heightM'] },
];

/** The area's own parameters, shared with the oblique route. */
export const AreaParams = MappingParams.extend({
  polygon: PolygonGeometry,
  /** direction of the lines, degrees clockwise from north */
  courseAngleDeg: Angle.default(0),
  /** metres the area is widened (negative: narrowed) before the lines are laid */
  marginM: Margin.default(0),
});

/** Area route (spec "planar", WPML `mapping2d`). */
export const AreaRouteInput = AreaParams.refine(...heightOrGsd);
export type AreaRouteInput = z.infer<typeof AreaRouteInput>;

/** The figures of a mapping route (or of one pass of it). */
export interface MappingFigures extends RouteFigures {
  /** the polygon as drawn (holes taken out), square metres */
  areaM2: number;
  heightM: number;
  gsdCm: number;
  lineSpacingM: number;
  photoIntervalM: number;
  photoIntervalS: number;
  lineCount: number;
}

export interface AreaPlan {
  waypoints: PlannedWaypoint[];
  figures: MappingFigures;
}

/** Height and GSD of mapping parameters: the height when given, else the height of the GSD; refused out of range. */
export function mappingHeight(
  params: Pick<MappingParams, 'heightM' | 'gsdCm'>,
  camera: CameraSpec,
): { heightM: number; gsdCm: number } | PlanError {
  const heightM = params.heightM ?? heightForGsd(params.gsdCm!, camera);
  if (heightM < MAPPING_HEIGHT_RANGE.min || heightM > MAPPING_HEIGHT_RANGE.max) {
    return { key: 'route.height' };
  }
  return { heightM, gsdCm: gsdOf(heightM, camera) };
}

/** The polygon in a local plane, each ring open; refused when its boundary crosses itself or it is empty. */
export function planePolygon(
  polygon: PolygonGeometry,
): { plane: LocalPlane; rings: Enu[][]; areaM2: number } | PlanError {
  const outer = polygon.coordinates[0]!;
  const plane = planeAround(outer);
  const rings = polygon.coordinates.map((ring) => ringNodes(ring).map((position) => plane.toEnu(position)));
  if (rings.some((ring) => ring.length < 3)) return invalid('route.polygonTiny');
  if (ringsCross(rings)) return invalid('route.polygonCrosses');
  const areaM2 = polygonAreaM2(rings);
  if (!(areaM2 > 1)) return invalid('route.polygonTiny');
  return { plane, rings, areaM2 };
}

const invalid = (reason: 'route.polygonCrosses' | 'route.polygonTiny'): PlanError => ({
  key: 'route.polygonInvalid',
  params: { rule: reason },
});

export const isPlanError = (value: object): value is PlanError => 'key' in value;

export interface PassOptions {
  rings: Enu[][];
  plane: LocalPlane;
  courseAngleDeg: number;
  marginM: number;
  spacingM: number;
  shootEveryM: number;
  heightM: number;
  speedMS: number;
  gimbalPitchDeg: number;
  /** fixed aircraft heading for the whole pass (oblique passes); followWayline when absent */
  headingDeg?: number;
}

/** Normalise degrees to −180..180 as WPML writes headings. */
export const toHeading = (degrees: number) => {
  const wrapped = ((((degrees + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 ? 180 : wrapped;
};

/**
 * One lawn-mower pass: lines along the course angle, laid in a frame turned so they run along x, then turned
 * back and projected to longitude and latitude; a waypoint at each end of each piece, photos every
 * `shootEveryM` from a piece's start to its end.
 */
export function lawnMower(options: PassOptions): { waypoints: PlannedWaypoint[]; lines: number } | PlanError {
  // course θ clockwise from north: direction (sin θ, cos θ); turn the plane by (θ − 90°) counter-clockwise
  // so that the direction becomes +x.
  const turn = ((options.courseAngleDeg - 90) * Math.PI) / 180;
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  const toFrame = ([x, y]: Enu): Enu => [x * cos - y * sin, x * sin + y * cos];
  const fromFrame = ([x, y]: Enu): Enu => [x * cos + y * sin, -x * sin + y * cos];
  const rings = options.rings.map((ring) => ring.map(toFrame));
  // Each line is at least two waypoints: refuse before laying more lines than a wayline can hold.
  let low = Infinity;
  let high = -Infinity;
  for (const [, y] of rings[0]!) {
    low = Math.min(low, y);
    high = Math.max(high, y);
  }
  const lines = Math.ceil((high - low + 2 * Math.max(options.marginM, 0)) / options.spacingM);
  if (lines * 2 > WAYPOINT_LIMIT) {
    return { key: 'route.tooManyWaypoints', params: { count: lines * 2 } };
  }
  const swept = sweepPieces(rings, options.marginM, options.spacingM);
  if (!swept) return { key: 'route.empty' };
  const point = (at: Enu, shooting: boolean): PlannedWaypoint => ({
    position: options.plane.toLonLat(fromFrame(at)) as LonLatPosition,
    heightM: options.heightM,
    speedMS: options.speedMS,
    headingMode: options.headingDeg === undefined ? 'followWayline' : 'fixed',
    ...(options.headingDeg === undefined ? {} : { headingDeg: toHeading(options.headingDeg) }),
    gimbalPitchDeg: options.gimbalPitchDeg,
    turnMode: 'toPointAndStopWithDiscontinuityCurvature',
    actions: [],
    ...(shooting ? { shootEveryM: options.shootEveryM } : {}),
  });
  const waypoints = swept.path.flatMap(({ from, to }) => [point(from, true), point(to, false)]);
  return { waypoints, lines: swept.lines };
}

/** Plan an area route: lines across the (margin-buffered) polygon at the side-overlap spacing. */
export function planArea(input: AreaRouteInput): PlanResult<AreaPlan> {
  const camera = cameraById(input.cameraId);
  if (!camera) return refuse('route.camera');
  const height = mappingHeight(input, camera);
  if (isPlanError(height)) return { ok: false, error: height };
  const shape = planePolygon(input.polygon);
  if (isPlanError(shape)) return { ok: false, error: shape };
  const spacingM = lineSpacing(input.sideOverlap, height.heightM, camera);
  const interval = photoInterval(input.frontOverlap, input.speedMS, height.heightM, camera);
  const pass = lawnMower({
    rings: shape.rings,
    plane: shape.plane,
    courseAngleDeg: input.courseAngleDeg,
    marginM: input.marginM,
    spacingM,
    shootEveryM: interval.distanceM,
    heightM: height.heightM,
    speedMS: input.speedMS,
    gimbalPitchDeg: -90,
  });
  if (isPlanError(pass)) return { ok: false, error: pass };
  const tooMany = checkWaypointCount(pass.waypoints.length);
  if (tooMany) return { ok: false, error: tooMany };
  return {
    ok: true,
    plan: {
      waypoints: pass.waypoints,
      figures: {
        ...routeFigures(pass.waypoints),
        areaM2: shape.areaM2,
        heightM: height.heightM,
        gsdCm: height.gsdCm,
        lineSpacingM: spacingM,
        photoIntervalM: interval.distanceM,
        photoIntervalS: interval.timeS,
        lineCount: pass.lines,
      },
    },
  };
}
