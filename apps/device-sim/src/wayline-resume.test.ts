import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { WAYLINE_RESULT } from './codes.js';
import { waylineTasks } from './dock-wayline.js';
import {
  route,
  oblique,
  obliqueKmz,
  cloud,
  base,
  startDock,
  prepareData,
  progressOf,
  prepareAndExecute,
  useWaylineStand,
} from './test-support/wayline.js';

/**
 * Wayline flight tasks that stop part way (asked home, paused, low battery) and resume from their break point
 * (the stand: test-support/wayline.ts).
 */

useWaylineStand();

describe('wayline flight tasks stopped and resumed', () => {
  it('comes home when asked during a wayline: partly done, with its break point', async () => {
    const { dockSn } = await startDock();
    const bid = await prepareAndExecute(dockSn, randomUUID());
    await vi.waitFor(
      () => expect(progressOf(bid).some((e) => e.ext.current_waypoint_index === 1)).toBe(true),
      { timeout: 10_000, interval: 5 },
    );
    expect((await cloud.call(dockSn, 'return_home')).result).toBe(0);
    expect(await cloud.jobEnd('flighttask_progress', bid, 20_000)).toBe('partially_done');
    const final = progressOf(bid).at(-1)!;
    expect(final.result).toBe(0);
    expect(final.ext.break_point).toMatchObject({ wayline_id: route.file.waylines[0]!.waylineId });
    expect(final.ext.break_point!.index).toBeGreaterThanOrEqual(1);
  });

  it('pauses and resumes a running wayline, then finishes it', async () => {
    const { dockSn, droneSn } = await startDock();
    const bid = await prepareAndExecute(dockSn, randomUUID());
    await vi.waitFor(
      () => expect(progressOf(bid).some((e) => e.ext.current_waypoint_index === 1)).toBe(true),
      { timeout: 10_000, interval: 5 },
    );
    expect((await cloud.call(dockSn, 'flighttask_pause')).result).toBe(0);
    const paused = progressOf(bid).find((e) => e.status === 'paused');
    expect(paused?.ext.wayline_mission_state).toBe(7);
    // hovering while paused
    await vi.waitFor(() => expect(cloud.osd(droneSn)?.horizontal_speed).toBe(0));
    expect((await cloud.call(dockSn, 'flighttask_recovery')).result).toBe(0);
    expect(await cloud.jobEnd('flighttask_progress', bid, 20_000)).toBe('ok');
    const after = progressOf(bid);
    const pausedAt = after.findIndex((e) => e.status === 'paused');
    expect(after.slice(pausedAt + 1).some((e) => e.status === 'in_progress')).toBe(true);
  });

  it('comes home on low battery, partly done with a break point, and resumes from it after charging', async () => {
    const { dockSn, dock } = await startDock();
    dock.fault('low_battery', { battery: 27 });
    const flightId = randomUUID();
    const bid = await prepareAndExecute(dockSn, flightId);
    expect(await cloud.jobEnd('flighttask_progress', bid, 20_000)).toBe('partially_done');
    const final = progressOf(bid).at(-1)!;
    expect(final.result).toBe(WAYLINE_RESULT.LOW_BATTERY_RETURN);
    const breakPoint = final.ext.break_point!;
    expect(breakPoint).toBeDefined();
    expect(breakPoint.wayline_id).toBe(route.file.waylines[0]!.waylineId);
    expect(breakPoint.index).toBeLessThan(5);
    const first = waylineTasks(dock)
      .finished.at(-1)!
      .flown.map((p) => p.index);
    expect(first.length).toBeLessThan(6);

    // charging in the dock, then a new prepare with the break point flies the rest
    await vi.waitFor(() => expect(dock.drone!.battery).toBeGreaterThan(40), {
      timeout: 15_000,
      interval: 50,
    });
    const resumed = await prepareAndExecute(dockSn, randomUUID(), { break_point: breakPoint });
    expect(await cloud.jobEnd('flighttask_progress', resumed, 20_000)).toBe('ok');
    const second = waylineTasks(dock)
      .finished.at(-1)!
      .flown.map((p) => p.index);
    expect(second.at(-1)).toBe(5);
    expect(second[0]).toBeGreaterThan(breakPoint.index - (breakPoint.state === 1 ? 0 : 1));
    expect(new Set([...first, ...second])).toEqual(new Set([0, 1, 2, 3, 4, 5]));
  });

  it('resumes an oblique route from a break point on a later wayline', async () => {
    const { dockSn, dock } = await startDock();
    const waylines = oblique.waylines;
    const third = waylines[2]!;
    const breakPoint = { index: 1, state: 1, progress: 0, wayline_id: third.waylineId };
    const bid = await prepareAndExecute(dockSn, randomUUID(), {
      wayline_type: 2,
      file: { url: `${base}/oblique.kmz`, fingerprint: obliqueKmz.fingerprint },
      break_point: breakPoint,
    });
    expect(await cloud.jobEnd('flighttask_progress', bid, 60_000)).toBe('ok');
    const flown = waylineTasks(dock).finished.at(-1)!.flown;
    // from the point after the break point on, the first two waylines not flown again
    expect(flown[0]).toMatchObject({ waylineId: third.waylineId, index: 2 });
    expect(flown.at(-1)).toMatchObject({ waylineId: waylines[4]!.waylineId });
    expect(flown.some((p) => p.waylineId === waylines[0]!.waylineId)).toBe(false);
    // a break point on a wayline the file does not have is refused
    const refused = await cloud.call(
      dockSn,
      'flighttask_prepare',
      prepareData(randomUUID(), {
        file: { url: `${base}/oblique.kmz`, fingerprint: obliqueKmz.fingerprint },
        break_point: { index: 0, state: 1, progress: 0, wayline_id: 99 },
      }),
    );
    expect(refused.result).toBe(WAYLINE_RESULT.BREAKPOINT_INVALID);
  });
});
