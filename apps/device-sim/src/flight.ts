import { EARTH_RADIUS_M, haversineM } from '@aos/contract';
import { clamp } from './random.js';

/**
 * Flight geometry on the WGS84 sphere approximation (haversine): distances of a few kilometres, where the
 * error against the ellipsoid is far below what the console can show. Positions are degrees; headings are
 * degrees clockwise from north.
 */

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** A point in the air: `elevation` is metres above the take-off point (the dock). */
export interface AirPoint extends GeoPoint {
  elevation: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (value: number) => (value * 180) / Math.PI;

/** Great-circle distance in metres: the contract's haversineM, for points as the simulator holds them. */
export function distanceM(a: GeoPoint, b: GeoPoint): number {
  return haversineM([a.longitude, a.latitude], [b.longitude, b.latitude]);
}

/** Initial bearing from `a` to `b`, 0..360 degrees clockwise from north. */
export function bearingDeg(a: GeoPoint, b: GeoPoint): number {
  const phi1 = rad(a.latitude);
  const phi2 = rad(b.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const y = Math.sin(dLon) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLon);
  return (deg(Math.atan2(y, x)) + 360) % 360;
}

/** The point `meters` away from `from` on `bearing`. */
export function destination(from: GeoPoint, bearing: number, meters: number): GeoPoint {
  const delta = meters / EARTH_RADIUS_M;
  const theta = rad(bearing);
  const phi1 = rad(from.latitude);
  const lambda1 = rad(from.longitude);
  const phi2 = Math.asin(
    Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(theta),
  );
  const lambda2 =
    lambda1 +
    Math.atan2(
      Math.sin(theta) * Math.sin(delta) * Math.cos(phi1),
      Math.cos(delta) - Math.sin(phi1) * Math.sin(phi2),
    );
  return { latitude: deg(phi2), longitude: ((deg(lambda2) + 540) % 360) - 180 };
}

/** DJI's `attitude_head`: -180..180, 0 north, 90 east. */
export function djiHeading(bearing: number): number {
  const normal = ((bearing % 360) + 360) % 360;
  return normal > 180 ? normal - 360 : normal;
}

/** One leg of a flight: where to go and how fast. */
export interface Leg {
  target: AirPoint;
  /** horizontal speed, m/s */
  speed: number;
  /** vertical speed, m/s */
  climbRate: number;
  /** reach the target height before moving horizontally (take-off), or descend after arriving (landing) */
  verticalFirst?: boolean;
  /** the aircraft's heading on this leg, degrees clockwise from north (default: the bearing flown) */
  heading?: number;
  /** a wayline's waypoint this leg ends at (its `index`): the aircraft reports reaching it */
  waypoint?: number;
}

export interface Motion {
  position: AirPoint;
  /** m/s over the step */
  horizontalSpeed: number;
  verticalSpeed: number;
  /** bearing flown (unchanged when hovering or moving vertically) */
  heading: number;
  /** horizontal metres covered */
  travelled: number;
  arrived: boolean;
}

/** Close enough to the target to call it reached (m). */
const ARRIVAL_M = 0.5;

/**
 * Move from `position` toward `leg.target` for `dtSec` seconds: horizontally at `leg.speed` along the
 * bearing, vertically at `leg.climbRate` (after the vertical part when `verticalFirst`).
 */
export function advance(position: AirPoint, heading: number, leg: Leg, dtSec: number): Motion {
  const horizontal = distanceM(position, leg.target);
  const vertical = leg.target.elevation - position.elevation;
  let remaining = dtSec;
  let elevation = position.elevation;
  let verticalMoved = 0;
  const climb = (seconds: number) => {
    const step = clamp(vertical - verticalMoved, -leg.climbRate * seconds, leg.climbRate * seconds);
    verticalMoved += step;
    elevation += step;
    return Math.abs(step) / Math.max(leg.climbRate, 1e-9);
  };
  if (leg.verticalFirst && Math.abs(vertical) > ARRIVAL_M) {
    remaining -= climb(remaining);
  }
  let point: GeoPoint = position;
  let travelled = 0;
  let newHeading = heading;
  if (
    remaining > 0 &&
    horizontal > ARRIVAL_M &&
    (!leg.verticalFirst || Math.abs(vertical - verticalMoved) <= ARRIVAL_M)
  ) {
    newHeading = bearingDeg(position, leg.target);
    travelled = Math.min(horizontal, leg.speed * remaining);
    point = travelled >= horizontal ? leg.target : destination(position, newHeading, travelled);
    if (!leg.verticalFirst) climb(remaining);
  } else if (remaining > 0 && !leg.verticalFirst) {
    climb(remaining);
  }
  const arrived =
    distanceM(point, leg.target) <= ARRIVAL_M && Math.abs(leg.target.elevation - elevation) <= ARRIVAL_M;
  return {
    position: arrived
      ? { latitude: leg.target.latitude, longitude: leg.target.longitude, elevation: leg.target.elevation }
      : { latitude: point.latitude, longitude: point.longitude, elevation },
    horizontalSpeed: dtSec > 0 ? travelled / dtSec : 0,
    verticalSpeed: dtSec > 0 ? verticalMoved / dtSec : 0,
    heading: newHeading,
    travelled,
    arrived,
  };
}

/**
 * `count` positions around `center`, `spacingM` apart on a square grid (nearest to the centre first): where
 * the command line and the demo put their docks.
 */
export function gridPositions(center: GeoPoint, count: number, spacingM: number): GeoPoint[] {
  const side = Math.max(1, Math.ceil(Math.sqrt(count)));
  const positions: GeoPoint[] = [];
  for (let index = 0; index < count; index += 1) {
    const row = Math.floor(index / side) - (side - 1) / 2;
    const column = (index % side) - (side - 1) / 2;
    const north = destination(center, row >= 0 ? 0 : 180, Math.abs(row) * spacingM);
    positions.push(destination(north, column >= 0 ? 90 : 270, Math.abs(column) * spacingM));
  }
  return positions;
}
