import { describe, expect, it } from 'vitest';
import { progressOf, trackBox } from './views';

describe('trackBox', () => {
  it('takes in the planned route and the flown track, with a margin', () => {
    const box = trackBox(
      [
        [
          [113.9, 22.5, 60],
          [113.91, 22.51, 60],
        ],
      ],
      [[113.92, 22.49, 50, 0]],
    )!;
    expect(box[0]).toBeLessThan(113.9);
    expect(box[1]).toBeLessThan(22.49);
    expect(box[2]).toBeGreaterThan(113.92);
    expect(box[3]).toBeGreaterThan(22.51);
  });
  it('widens a single point into a map, and answers null for nothing', () => {
    const box = trackBox([], [[113.9, 22.5, 0, 0]])!;
    expect(box[2] - box[0]).toBeGreaterThan(0.0009);
    expect(trackBox([[]], [])).toBeNull();
    expect(trackBox([], [[Number.NaN, 1, 0, 0]])).toBeNull();
  });
});

describe('progressOf', () => {
  it('a flight in progress: percent rounded and bounded, waypoint counted from 1', () => {
    expect(progressOf({ taskStatus: 2, percent: 41.6, waypointIndex: 0 })).toEqual({
      waiting: false,
      percent: 42,
      waypoint: 1,
    });
    expect(progressOf({ taskStatus: 2, percent: 130, waypointIndex: null }).percent).toBe(100);
    expect(progressOf({ taskStatus: 2, percent: null, waypointIndex: null })).toEqual({
      waiting: false,
      percent: null,
      waypoint: null,
    });
  });
  it('a flight the dock received but has not started waits at 0 %', () => {
    expect(progressOf({ taskStatus: 1, percent: null, waypointIndex: null })).toEqual({
      waiting: true,
      percent: 0,
      waypoint: null,
    });
  });
});
