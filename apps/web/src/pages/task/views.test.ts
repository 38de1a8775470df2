import { describe, expect, it } from 'vitest';
import type { LiveJob } from '@aos/contract';
import { flightJobOf, progressOf, trackBox, withLiveProgress } from './views';

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

describe('withLiveProgress', () => {
  const job = (
    status: LiveJob['status'],
    percent: number | null,
    method = 'flighttask_progress',
  ): LiveJob => ({
    bid: `b-${status}`,
    method,
    status,
    percent,
    step: null,
    result: null,
    startedAt: 1,
    updatedAt: 2,
  });
  const flight = { hangarSn: 'DOCK1', taskStatus: 1, percent: null, paused: false };

  it('finds the dock’s running flight job, not a command or a job that ended', () => {
    expect(flightJobOf(undefined)).toBeUndefined();
    expect(flightJobOf({ jobs: [job('in_progress', 10, 'cover_open')] })).toBeUndefined();
    expect(flightJobOf({ jobs: [job('ok', 100)] })).toBeUndefined();
    const flying = job('in_progress', 40);
    expect(flightJobOf({ jobs: [flying, job('in_progress', 5, 'cover_open')] })).toBe(flying);
  });
  it('brings a received flight to in progress with the job’s percent, and follows a pause', () => {
    expect(withLiveProgress(flight, job('in_progress', 42))).toEqual({
      ...flight,
      taskStatus: 2,
      percent: 42,
      live: true,
    });
    expect(withLiveProgress({ ...flight, taskStatus: 2, percent: 30 }, job('paused', null))).toEqual({
      ...flight,
      taskStatus: 2,
      percent: 30,
      paused: true,
      live: true,
    });
    // sent: the dock has it, not flying yet
    expect(withLiveProgress(flight, job('sent', null)).taskStatus).toBe(1);
  });
  it('leaves a flight without a running job, or one that is over, as listed', () => {
    expect(withLiveProgress(flight, undefined)).toEqual({ ...flight, live: false });
    expect(withLiveProgress({ ...flight, taskStatus: 3, percent: 100 }, job('in_progress', 50))).toEqual({
      ...flight,
      taskStatus: 3,
      percent: 100,
      live: false,
    });
    expect(withLiveProgress(flight, job('failed', 50)).live).toBe(false);
  });
});
