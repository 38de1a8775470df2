import { z } from 'zod';
import type { LonLatPosition } from '../../gis/geometry.js';
import { num } from '../../common/schemas.js';
import type { messages } from '../messages.js';
import { haversineM } from './geo.js';

/** A refusal key of the route area, with the parameters its message takes. */
export type RouteMessageKey = keyof typeof messages;

export interface PlanError {
  key: RouteMessageKey;
  params?: Record<string, string | number>;
}

/** What a planner answers: the plan, or the reason it cannot make one. */
export type PlanResult<P> = { ok: true; plan: P } | { ok: false; error: PlanError };

export const refuse = (key: RouteMessageKey, params?: Record<string, string | number>) =>
  ({ ok: false, error: params ? { key, params } : { key } }) as const;

// ------------------------------------------------------------------------------------------------- limits

/**
 * At most this many waypoints in one wayline: our stated limit, the largest 16-bit `wpml:index`. We found no
 * maximum in DJI's WPML reference to confirm it; the KMZ work should check it against what DJI Pilot 2 and
 * the docks accept (mapping needs far fewer: our 1 km² area at 2 cm GSD is 64 waypoints).
 */
export const WAYPOINT_LIMIT = 65_535;

/** WPML `autoFlightSpeed` / `waypointSpeed` range we accept for every model, m/s. */
export const SPEED_RANGE = { min: 1, max: 15 } as const;
/** WPML `gimbalPitchAngle` for the cameras of the catalogue (−90° straight down, up to 35° above level). */
export const GIMBAL_PITCH_RANGE = { min: -90, max: 35 } as const;
/** Oblique passes: a camera tilted at least 5° off level and 5° off straight down. */
export const OBLIQUE_PITCH_RANGE = { min: -85, max: -15 } as const;
/* The ranges below are written out in the route messages (messages.ts); messages.test.ts keeps them equal. */

/** Mapping heights above the ground, metres: under 10 m no mapping route is safe, over 1,500 m no camera maps. */
export const MAPPING_HEIGHT_RANGE = { min: 10, max: 1500 } as const;
export const GSD_RANGE = { min: 0.1, max: 100 } as const;
export const MARGIN_MAX = 500;
export const STRIP_WIDTH_MAX = 5000;
export const HOVER_MAX_S = 3600;
/** Focal length (mm) the zoom action may ask for, as WPML's `zoom` takes it. */
export const ZOOM_RANGE = { min: 1, max: 1000 } as const;

/**
 * Height references (WPML `executeHeightMode`): above the take-off point, above the WGS-84 ellipsoid, or
 * following the terrain in real time (DJI's "AGL" for executable routes, supported by the aircraft with a
 * downward ranging sensor such as the Mavic 3 Enterprise series).
 */
export const HEIGHT_MODES = ['relativeToStartPoint', 'WGS84', 'realTimeFollowSurface'] as const;
export type HeightMode = (typeof HEIGHT_MODES)[number];
export const MAPPING_HEIGHT_MODES = ['relativeToStartPoint', 'realTimeFollowSurface'] as const;

/** Height limits of each reference, metres, and the message refusing a height outside them. */
export const HEIGHT_RANGE: Record<HeightMode, { min: number; max: number; key: RouteMessageKey }> = {
  relativeToStartPoint: { min: -1500, max: 1500, key: 'route.heightRelative' },
  WGS84: { min: -500, max: 9000, key: 'route.heightEllipsoid' },
  realTimeFollowSurface: { min: 10, max: 1500, key: 'route.heightFollow' },
};

/** WPML `waypointHeadingMode` (`towardPOI`, which needs a point of interest, is not planned here). */
export const HEADING_MODES = ['followWayline', 'manually', 'fixed', 'smoothTransition'] as const;
export type HeadingMode = (typeof HEADING_MODES)[number];

/** WPML `waypointTurnMode`. */
export const TURN_MODES = [
  'coordinateTurn',
  'toPointAndStopWithDiscontinuityCurvature',
  'toPointAndStopWithContinuityCurvature',
  'toPointAndPassWithContinuityCurvature',
] as const;
export type TurnMode = (typeof TURN_MODES)[number];

/**
 * Time added for each turn (a waypoint where the track changes direction by more than TURN_MIN_DEG): the
 * aircraft slows down, turns and speeds up again. 2 s is what a 10 m/s mapping aircraft loses braking and
 * accelerating at about 5 m/s² (10/5 s braking, 10/5 s accelerating, half of each lost against cruising).
 * Take-off, climb to the route and return are not included in any duration.
 */
export const TURN_ALLOWANCE_S = 2;
export const TURN_MIN_DEG = 5;

// ------------------------------------------------------------------------------------------------ schemas

const ranged = (range: { min: number; max: number }, key: RouteMessageKey) =>
  num(z.number({ message: key }).min(range.min, { message: key }).max(range.max, { message: key }), {
    ownMessage: true,
  });

export const Speed = ranged(SPEED_RANGE, 'route.speed');
export const GimbalPitch = ranged(GIMBAL_PITCH_RANGE, 'route.gimbalPitch');
export const ObliquePitch = ranged(OBLIQUE_PITCH_RANGE, 'route.obliquePitch');
/** Overlap in percent, 0–95. */
export const Overlap = ranged({ min: 0, max: 95 }, 'route.overlap');
/** Degrees clockwise from north, 0 ≤ angle ≤ 360 (360 is north again). */
export const Angle = ranged({ min: 0, max: 360 }, 'route.angle');
/** Heading in degrees as WPML writes it, −180 to 180. */
export const Heading = ranged({ min: -180, max: 180 }, 'route.heading');
export const Margin = ranged({ min: -MARGIN_MAX, max: MARGIN_MAX }, 'route.margin');
export const MappingHeight = ranged(MAPPING_HEIGHT_RANGE, 'route.height');
export const GsdCm = ranged(GSD_RANGE, 'route.gsd');

// ------------------------------------------------------------------------------------------------ results

/** A waypoint as the planners resolve it: every value stated, defaults applied. */
export interface PlannedWaypoint {
  position: LonLatPosition;
  /** metres in the route's height mode */
  heightM: number;
  /** speed flying on to the next waypoint, m/s */
  speedMS: number;
  headingMode: HeadingMode;
  /** degrees (−180..180) for the fixed and smoothTransition heading modes */
  headingDeg?: number;
  gimbalPitchDeg: number;
  turnMode: TurnMode;
  actions: WaypointAction[];
  /** mapping routes: photos every this many metres from here to the next waypoint (WPML multipleDistance) */
  shootEveryM?: number;
}

export type WaypointAction =
  | { type: 'takePhoto' }
  | { type: 'startRecord' }
  | { type: 'stopRecord' }
  /** WPML hover.hoverTime */
  | { type: 'hover'; hoverTimeS: number }
  /** WPML rotateYaw.aircraftHeading, aircraftPathMode */
  | { type: 'rotateYaw'; headingDeg: number; direction: 'clockwise' | 'counterClockwise' }
  /** WPML gimbalRotate.gimbalPitchRotateAngle / gimbalYawRotateAngle (absolute angles) */
  | { type: 'gimbalRotate'; pitchDeg?: number; yawDeg?: number }
  /** WPML zoom.focalLength */
  | { type: 'zoom'; focalLengthMm: number };

/** What every planned route states about itself. */
export interface RouteFigures {
  /** along the waypoints, horizontal great-circle distance combined with the height change, metres */
  lengthM: number;
  /** flying time at each leg's speed, with hovers and TURN_ALLOWANCE_S per turn, seconds */
  durationS: number;
  photoCount: number;
  waypointCount: number;
  turnCount: number;
}

function bearingDeg(a: LonLatPosition, b: LonLatPosition): number {
  const φ1 = (a[1] * Math.PI) / 180;
  const φ2 = (b[1] * Math.PI) / 180;
  const dλ = ((b[0] - a[0]) * Math.PI) / 180;
  const y = Math.sin(dλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(dλ);
  return (Math.atan2(y, x) * 180) / Math.PI;
}

/**
 * Length, duration, photos and turns of resolved waypoints. Photos: one per takePhoto action, plus the
 * photos of each leg shot every `shootEveryM` (one at the leg's start and one every interval after it; the
 * leg's end is the next leg's start, or takes the closing photo when the shooting stops there).
 */
export function routeFigures(waypoints: readonly PlannedWaypoint[]): RouteFigures {
  let lengthM = 0;
  let durationS = 0;
  let photoCount = 0;
  let turnCount = 0;
  let previousBearing: number | undefined;
  for (let i = 0; i < waypoints.length; i++) {
    const point = waypoints[i]!;
    for (const action of point.actions) {
      if (action.type === 'takePhoto') photoCount += 1;
      if (action.type === 'hover') durationS += action.hoverTimeS;
    }
    const next = waypoints[i + 1];
    const previousShot = waypoints[i - 1]?.shootEveryM;
    if (previousShot && !point.shootEveryM) photoCount += 1;
    if (!next) break;
    const flat = haversineM(point.position, next.position);
    const leg = Math.hypot(flat, next.heightM - point.heightM);
    lengthM += leg;
    durationS += leg / point.speedMS;
    if (point.shootEveryM) photoCount += Math.ceil(leg / point.shootEveryM - 1e-9) || 1;
    if (flat > 0.01) {
      const bearing = bearingDeg(point.position, next.position);
      if (previousBearing !== undefined) {
        const change = Math.abs(((bearing - previousBearing + 540) % 360) - 180);
        if (change > TURN_MIN_DEG) turnCount += 1;
      }
      previousBearing = bearing;
    }
  }
  durationS += turnCount * TURN_ALLOWANCE_S;
  return { lengthM, durationS, photoCount, waypointCount: waypoints.length, turnCount };
}

/** Refuse a waypoint list longer than WAYPOINT_LIMIT, or an empty one. */
export function checkWaypointCount(count: number): PlanError | undefined {
  if (count === 0) return { key: 'route.empty' };
  if (count > WAYPOINT_LIMIT) return { key: 'route.tooManyWaypoints', params: { count } };
  return undefined;
}
