import { type LiveDevice, TASK_STATUS } from '@aos/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { flightTrack } from '../../src/db/schema/index.js';
import { LOST_CONTACT_MS, TaskFollow } from '../../src/modules/task/task.follow.js';
import { endDevices, publish, type Registered, topo } from '../device-helper.js';
import { type ControlApp, onlineDock, startControlApp } from '../remote-control/helper.js';
import { flightTask, fly, movesOf } from './follow-helper.js';
import { executionsOf, waitStatus } from './helper.js';

/**
 * A followed drone that loses contact in the air (powered off, out of its remote controller's range): its
 * executing flight task fails once it has not been heard for LOST_CONTACT_MS (TaskFollow.sweep, called by
 * the task area's minute tick), ending at its last sign of life with the stored track's figures. The sweep
 * reads the database and the shared live picture only, so a fresh follower (a restarted or another
 * instance) does it too. Time is the sweep's argument: no test waits five minutes.
 */

let control: ControlApp;
let app: FastifyInstance;
let token: string;
const mine = { tenantId: '000000', token: '' };

beforeAll(async () => {
  control = await startControlApp();
  ({ app, token } = control);
  mine.token = token;
});
afterAll(async () => {
  await app?.close();
});
afterEach(async () => {
  await endDevices();
});

const trackOf = async (drone: Registered, trackId: string) => {
  const [track] = await app.database.db
    .select()
    .from(flightTrack)
    .where(and(eq(flightTrack.droneSn, drone.serialNumber), eq(flightTrack.trackId, trackId)));
  return track;
};

/** A drone of a fresh dock flying its flight task: the execution executing with the stored track. */
async function flying(points = 3) {
  const online = await onlineDock(control);
  const taskId = await flightTask(app, mine, online.drone.id);
  const trackId = `lost-${Date.now()}`;
  await fly(app, online.sim, online.drone, trackId, points);
  await waitStatus(app, taskId, TASK_STATUS.EXECUTING);
  await app.services.telemetryWriter.flush();
  const track = await vi.waitFor(async () => {
    const row = await trackOf(online.drone, trackId);
    expect(row?.pointCount).toBe(points);
    return row!;
  });
  return { ...online, taskId, trackId, track };
}

describe('a followed drone that loses contact in the air', () => {
  it('fails its execution LOST_CONTACT_MS after it was last heard, ending then with the track figures', async () => {
    const { dock, drone, sim, taskId, trackId, track } = await flying();
    // still heard: nothing moves, however often the tick runs
    expect(await app.services.taskFollow.sweep()).toBe(0);
    expect((await executionsOf(app, taskId))[0]!.taskStatus).toBe(TASK_STATUS.EXECUTING);

    // the drone powers off in the air: its gateway's topology, which listed it, drops it: the link says offline
    await publish(sim.client, dock.serialNumber, 'status', topo([{ sn: drone.serialNumber }]));
    await vi.waitFor(async () =>
      expect((await app.platform.live.get(dock.serialNumber))?.subDevices).toContain(drone.serialNumber),
    );
    await publish(sim.client, dock.serialNumber, 'status', topo([]));
    await vi.waitFor(async () =>
      expect((await app.platform.live.get(drone.serialNumber))?.online).toBe(false),
    );
    const heard = (await app.platform.live.get(drone.serialNumber))!.lastSeen!;
    const lastSign = Math.max(heard, track.endedAt.getTime());

    // offline, but not for LOST_CONTACT_MS yet: still executing
    expect(await app.services.taskFollow.sweep(lastSign + LOST_CONTACT_MS - 1_000)).toBe(0);
    expect((await executionsOf(app, taskId))[0]!.taskStatus).toBe(TASK_STATUS.EXECUTING);

    expect(await app.services.taskFollow.sweep(lastSign + LOST_CONTACT_MS + 1_000)).toBe(1);
    const [failed] = await executionsOf(app, taskId);
    expect(failed).toMatchObject({
      taskStatus: TASK_STATUS.FAILED,
      trackId,
      causeKey: 'task.timeline.lostContact',
      mileage: Math.round(track.distanceM),
      flightDuration: Math.round(track.durationS),
    });
    expect(failed!.endTime!.getTime()).toBe(lastSign);
    expect(await movesOf(app, token, taskId)).toEqual(
      expect.arrayContaining([
        [TASK_STATUS.PENDING, TASK_STATUS.EXECUTING, 'task.timeline.tookOff'],
        [TASK_STATUS.EXECUTING, TASK_STATUS.FAILED, 'task.timeline.lostContact'],
      ]),
    );
    // a second sweep finds nothing more; the drone back on the ground moves nothing back
    expect(await app.services.taskFollow.sweep(lastSign + 2 * LOST_CONTACT_MS)).toBe(0);
    await sim.droneOsd({ mode_code: 0, longitude: 116.403, latitude: 39.9 });
    await vi.waitFor(async () =>
      expect((await app.platform.live.get(drone.serialNumber))?.osd.mode_code).toBe(0),
    );
    await app.services.taskFollow.idle();
    expect((await executionsOf(app, taskId))[0]!.taskStatus).toBe(TASK_STATUS.FAILED);
  });

  it('the live picture of the drone keeps its flight, another identity with its serial number does not', async () => {
    const { taskId, track } = await flying(2);
    const after = track.endedAt.getTime() + LOST_CONTACT_MS + 1_000;
    // the live picture (shared through the cache) heard the drone a second ago: in contact, kept
    const heardLately = (identity: Partial<LiveDevice>) => ({
      get: async (sn: string) => {
        const live = await app.platform.live.get(sn);
        return live ? { ...live, online: true, lastSeen: after - 1_000, ...identity } : null;
      },
    });
    const follower = (presence: ReturnType<typeof heardLately>) =>
      new TaskFollow(app.database.db, app.services.telemetryWriter, undefined, Date.now, presence);
    await follower(heardLately({})).sweep(after);
    expect((await executionsOf(app, taskId))[0]!.taskStatus).toBe(TASK_STATUS.EXECUTING);
    // the same serial number heard as another tenant's device is not this drone
    await follower(heardLately({ tenantId: '730021' })).sweep(after);
    expect((await executionsOf(app, taskId))[0]!.taskStatus).toBe(TASK_STATUS.FAILED);
  });

  it('restarted instances (no live picture) fail it once, from the stored track', async () => {
    const { taskId, track } = await flying(2);
    const after = track.endedAt.getTime() + LOST_CONTACT_MS + 1_000;
    const restarted = () => new TaskFollow(app.database.db, app.services.telemetryWriter);
    await Promise.all([restarted().sweep(after), restarted().sweep(after)]);
    const [failed] = await executionsOf(app, taskId);
    expect(failed).toMatchObject({
      taskStatus: TASK_STATUS.FAILED,
      causeKey: 'task.timeline.lostContact',
      mileage: Math.round(track.distanceM),
    });
    expect(failed!.endTime!.getTime()).toBe(track.endedAt.getTime());
    const lost = (await movesOf(app, token, taskId)).filter(
      (move) => move[2] === 'task.timeline.lostContact',
    );
    expect(lost).toHaveLength(1);
  });
});
