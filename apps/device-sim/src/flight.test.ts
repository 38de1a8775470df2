import { describe, expect, it } from 'vitest';
import {
  advance,
  bearingDeg,
  destination,
  distanceM,
  djiHeading,
  gridPositions,
  type Leg,
} from './flight.js';

const shenzhen = { latitude: 22.54, longitude: 113.95 };

describe('flight geometry', () => {
  it('measures distances and bearings on the sphere', () => {
    const north = { latitude: 23.54, longitude: 113.95 };
    expect(distanceM(shenzhen, north)).toBeCloseTo(111_195, -2);
    expect(bearingDeg(shenzhen, north)).toBeCloseTo(0, 5);
    expect(bearingDeg(north, shenzhen)).toBeCloseTo(180, 5);
    const east = destination(shenzhen, 90, 1000);
    expect(distanceM(shenzhen, east)).toBeCloseTo(1000, 3);
    expect(bearingDeg(shenzhen, east)).toBeCloseTo(90, 2);
    const southWest = destination(shenzhen, 225, 500);
    expect(bearingDeg(shenzhen, southWest)).toBeCloseTo(225, 2);
  });

  it('reports headings as DJI does, -180..180', () => {
    expect(djiHeading(90)).toBe(90);
    expect(djiHeading(270)).toBe(-90);
    expect(djiHeading(360)).toBe(0);
    expect(djiHeading(180)).toBe(180);
  });

  it('moves at the leg speed along the bearing and arrives exactly', () => {
    const target = { ...destination(shenzhen, 45, 100), elevation: 50 };
    const leg: Leg = { target, speed: 10, climbRate: 5 };
    const start = { ...shenzhen, elevation: 30 };
    const first = advance(start, 0, leg, 2);
    expect(first.travelled).toBeCloseTo(20, 5);
    expect(first.horizontalSpeed).toBeCloseTo(10, 5);
    expect(first.heading).toBeCloseTo(45, 1);
    expect(first.position.elevation).toBeCloseTo(40, 5);
    expect(first.verticalSpeed).toBeCloseTo(5, 5);
    expect(first.arrived).toBe(false);
    let motion = first;
    for (let step = 0; step < 20 && !motion.arrived; step += 1)
      motion = advance(motion.position, motion.heading, leg, 2);
    expect(motion.arrived).toBe(true);
    expect(motion.position).toEqual(target);
  });

  it('climbs before moving on a vertical-first leg', () => {
    const leg: Leg = {
      target: { ...destination(shenzhen, 90, 100), elevation: 20 },
      speed: 10,
      climbRate: 5,
      verticalFirst: true,
    };
    const climbing = advance({ ...shenzhen, elevation: 0 }, 0, leg, 2);
    expect(climbing.position.elevation).toBeCloseTo(10, 5);
    expect(climbing.travelled).toBe(0);
    const next = advance(climbing.position, climbing.heading, leg, 4);
    // 2 s to finish the climb, then 2 s at 10 m/s
    expect(next.position.elevation).toBeCloseTo(20, 5);
    expect(next.travelled).toBeCloseTo(20, 3);
  });

  it('lays docks out on a grid the given distance apart', () => {
    const positions = gridPositions(shenzhen, 3, 2000);
    expect(positions).toHaveLength(3);
    expect(distanceM(positions[0]!, positions[1]!)).toBeCloseTo(2000, -1);
    expect(distanceM(positions[0]!, positions[2]!)).toBeCloseTo(2000, -1);
    expect(distanceM(shenzhen, positions[0]!)).toBeLessThan(2000);
  });
});
