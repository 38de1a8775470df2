import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIM_RESULT, WAYLINE_RESULT } from './codes.js';
import { waylineTasks } from './dock-wayline.js';
import {
  cloud,
  startDock,
  prepareData,
  progressOf,
  prepareAndExecute,
  useWaylineStand,
} from './test-support/wayline.js';

/** Wayline flight tasks and their execute time (the stand: test-support/wayline.ts). */

useWaylineStand();

describe('the execute time', () => {
  it('prepared for a later time, takes off at that time and not at once', async () => {
    const { dockSn, dock } = await startDock();
    const executeTime = Date.now() + 1_500;
    const bid = await prepareAndExecute(dockSn, randomUUID(), { execute_time: executeTime, task_type: 1 });
    // accepted, but the hatch stays closed and the aircraft in the dock until the time
    expect(dock.drone!.inDock).toBe(true);
    expect(dock.state.cover).toBe(0);
    // meanwhile another task is refused: the dock has one
    const other = await cloud.call(dockSn, 'flighttask_prepare', prepareData(randomUUID()));
    expect(other.result).toBe(WAYLINE_RESULT.ANOTHER_TASK);
    expect(await cloud.jobEnd('flighttask_progress', bid, 30_000)).toBe('ok');
    const events = progressOf(bid);
    // the first event (the take-off sequence starting) came at the execute time, not before
    expect(events[0]!.at).toBeGreaterThanOrEqual(executeTime);
    expect(events.at(-1)).toMatchObject({ status: 'ok', percent: 100 });
  });

  it("the execute's own execute_time counts too", async () => {
    const { dockSn } = await startDock();
    const flightId = randomUUID();
    expect((await cloud.call(dockSn, 'flighttask_prepare', prepareData(flightId))).result).toBe(0);
    const executeTime = Date.now() + 1_000;
    const executed = await cloud.call(dockSn, 'flighttask_execute', {
      flight_id: flightId,
      execute_time: executeTime,
    });
    expect(executed.result).toBe(0);
    const first = await cloud.waitFor(
      (e) =>
        e.kind === 'events' && e.message.method === 'flighttask_progress' && e.message.bid === executed.bid,
      10_000,
    );
    expect(first.message.timestamp).toBeGreaterThanOrEqual(executeTime);
    expect(await cloud.jobEnd('flighttask_progress', executed.bid, 20_000)).toBe('ok');
  });

  it('a task waiting for its time is dropped by flighttask_undo; one the dock can no longer fly then fails', async () => {
    const { dockSn, dock } = await startDock();
    const flightId = randomUUID();
    const bid = await prepareAndExecute(dockSn, flightId, {
      execute_time: Date.now() + 60_000,
      task_type: 1,
    });
    expect((await cloud.call(dockSn, 'flighttask_undo', { flight_ids: [flightId] })).result).toBe(0);
    expect(await cloud.jobEnd('flighttask_progress', bid, 5_000)).toBe('canceled');
    expect(waylineTasks(dock).running).toBeNull();
    expect(dock.drone!.inDock).toBe(true);

    const later = await prepareAndExecute(dockSn, randomUUID(), {
      execute_time: Date.now() + 800,
      task_type: 1,
    });
    // the weather turns before the time: the dock refuses to take off then, with the code it would answer
    dock.fault('heavy_rain');
    expect(await cloud.jobEnd('flighttask_progress', later, 10_000)).toBe('failed');
    expect(progressOf(later).at(-1)!.result).toBe(SIM_RESULT.HEAVY_RAIN);
    expect(dock.state.cover).toBe(0);
    expect(waylineTasks(dock).running).toBeNull();
  });
});
