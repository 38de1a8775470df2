import type { TrackPoint } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import { advance, flownPath, formatClock, interpolateHeading, pointIndexAt, sampleAt } from './replay';

const point = (timestamp: number, longitude: number, extra: Partial<TrackPoint> = {}): TrackPoint => ({
  time: '2026-01-01 00:00:00',
  timestamp,
  longitude,
  latitude: 22,
  height: 100,
  elevation: 50,
  heading: 0,
  horizontalSpeed: 10,
  batteryPercent: 90,
  modeCode: 5,
  ...extra,
});

const points = [
  point(1000, 113, { elevation: 0, heading: 170, batteryPercent: 100 }),
  point(3000, 114, { elevation: 100, heading: -170, batteryPercent: 90, modeCode: 9 }),
  point(5000, 116, { elevation: null }),
];

describe('track replay', () => {
  it('interpolates position, heights and battery between two points', () => {
    expect(sampleAt(points, 2000)).toMatchObject({
      longitude: 113.5,
      elevation: 50,
      batteryPercent: 95,
      modeCode: 5,
      timestamp: 2000,
    });
    expect(sampleAt(points, 4000)).toMatchObject({ longitude: 115, elevation: 100, modeCode: 9 });
  });

  it('clamps to the ends and answers null without points', () => {
    expect(sampleAt(points, 0)?.longitude).toBe(113);
    expect(sampleAt(points, 9000)?.longitude).toBe(116);
    expect(sampleAt([], 0)).toBeNull();
  });

  it('turns the heading the short way round', () => {
    expect(sampleAt(points, 2000)?.heading).toBe(180);
    expect(interpolateHeading(-170, 170, 0.25)).toBeCloseTo(-175);
    expect(interpolateHeading(10, 50, 0.5)).toBe(30);
    expect(interpolateHeading(null, 50, 0.5)).toBe(50);
  });

  it('finds the point at a time and the path flown so far', () => {
    expect(pointIndexAt(points, 999)).toBe(-1);
    expect(pointIndexAt(points, 3000)).toBe(1);
    expect(pointIndexAt(points, 4999)).toBe(1);
    expect(flownPath(points, 500)).toEqual([]);
    expect(flownPath(points, 4000)).toEqual([
      [113, 22],
      [114, 22],
      [115, 22],
    ]);
    expect(flownPath(points, 5000)).toHaveLength(3);
  });

  it('advances the cursor at the chosen speed without passing the end', () => {
    expect(advance(1000, 100, 10, 5000)).toBe(2000);
    expect(advance(4900, 100, 30, 5000)).toBe(5000);
  });

  it('writes durations as a clock', () => {
    expect(formatClock(65_000)).toBe('1:05');
    expect(formatClock(3_725_000)).toBe('1:02:05');
    expect(formatClock(-5)).toBe('0:00');
  });
});
