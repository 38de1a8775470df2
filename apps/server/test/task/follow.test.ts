import { TASK_STATUS } from '@aos/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { flightTrack, task } from '../../src/db/schema/index.js';
import { TaskFollow } from '../../src/modules/task/task.follow.js';
import { endDevices } from '../device-helper.js';
import { send } from '../helper.js';
import { type ControlApp, onlineDock, startControlApp } from '../remote-control/helper.js';
import { type TenantSide, twoTenants } from '../tenants.js';
import { flightTask, fly, land, timelineOf } from './follow-helper.js';
import { executionsOf, inMinutes, TASK, waitStatus } from './helper.js';

/**
 * Flight tasks (a fly operator flies the task's aircraft with a remote controller) followed from the
 * aircraft's telemetry (task.follow.ts): its drone, over MQTT on the embedded broker, reports its OSD as a
 * real one does; taking off within the execution's window moves it to executing with the track, landing to
 * completed with the duration and mileage of the stored track. Another tenant's drone moves nothing of it.
 */

let control: ControlApp;
let app: FastifyInstance;
let token: string;
let theirs: TenantSide;

beforeAll(async () => {
  control = await startControlApp();
  ({ app, token } = control);
  ({ theirs } = await twoTenants(app, { theirs: '730021' }));
});
afterAll(async () => {
  await app?.close();
});
afterEach(async () => {
  await endDevices();
});

describe('flight tasks followed from telemetry', () => {
  it('take-off moves the open execution to executing with its track; landing completes it with the track figures', async () => {
    const { drone, sim } = await onlineDock(control);
    const taskId = await flightTask(app, { token, tenantId: '000000' }, drone.id);
    const [pending] = await executionsOf(app, taskId);
    expect(pending!.taskStatus).toBe(TASK_STATUS.PENDING);

    const trackId = `track-${Date.now()}`;
    const before = Date.now();
    await fly(app, sim, drone, trackId, 4);
    const executing = await waitStatus(app, taskId, TASK_STATUS.EXECUTING);
    expect(executing.trackId).toBe(trackId);
    expect(executing.startTime!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [own] = await app.database.db.select().from(task).where(eq(task.id, taskId));
    expect(own!.taskStatus).toBe(TASK_STATUS.EXECUTING);

    await land(app, sim, drone);
    const done = await waitStatus(app, taskId, TASK_STATUS.COMPLETED);
    // the figures are the stored track's: 4 points a second apart, about 3 × 85 m
    const [track] = await app.database.db
      .select()
      .from(flightTrack)
      .where(and(eq(flightTrack.droneSn, drone.serialNumber), eq(flightTrack.trackId, trackId)));
    expect(track).toBeDefined();
    expect(track!.distanceM).toBeGreaterThan(200);
    expect(done.mileage).toBeCloseTo(track!.distanceM, 0);
    expect(done.flightDuration).toBe(Math.round(track!.durationS));
    expect(done.flightDuration).toBeGreaterThanOrEqual(2);
    expect(done.endTime!.getTime()).toBeGreaterThan(done.startTime!.getTime());
    const [after] = await app.database.db.select().from(task).where(eq(task.id, taskId));
    expect(after).toMatchObject({ taskStatus: TASK_STATUS.COMPLETED, mileage: done.mileage });

    const moves = (await timelineOf(app, token, taskId)).filter((row) => row.toStatus !== null);
    expect(moves.map((row) => [row.fromStatus, row.toStatus, row.cause])).toEqual(
      expect.arrayContaining([
        [TASK_STATUS.PENDING, TASK_STATUS.EXECUTING, 'task.timeline.tookOff'],
        [TASK_STATUS.EXECUTING, TASK_STATUS.COMPLETED, 'task.timeline.landed'],
      ]),
    );

    // a second flight of the same drone finds no open execution: nothing moves back
    await fly(app, sim, drone, `${trackId}-2`, 1);
    await app.services.taskFollow.idle();
    const [still] = await executionsOf(app, taskId);
    expect(still).toMatchObject({ taskStatus: TASK_STATUS.COMPLETED, trackId });
  });

  it("another tenant's drone, another drone of the tenant, or a take-off before the window move nothing", async () => {
    const mine = await onlineDock(control);
    const other = await onlineDock(control);
    const mineTask = await flightTask(app, { token, tenantId: '000000' }, mine.drone.id);
    const laterTask = await flightTask(app, { token, tenantId: '000000' }, other.drone.id, {
      mode: 'once',
      at: inMinutes(90),
    });
    const their = await onlineDock({ ...control, token: theirs.token });
    const theirTask = await flightTask(app, theirs, their.drone.id);

    // their drone flies the same-looking flight (same track id, same places): only their task moves
    const trackId = `shared-${Date.now()}`;
    await fly(app, their.sim, their.drone, trackId, 2);
    const theirs1 = await waitStatus(app, theirTask, TASK_STATUS.EXECUTING);
    expect(theirs1.trackId).toBe(trackId);
    // another drone of this tenant takes off too: its task is not due for 90 minutes
    await fly(app, other.sim, other.drone, trackId, 1);
    await app.services.taskFollow.idle();
    const [mineRow] = await executionsOf(app, mineTask);
    expect(mineRow).toMatchObject({ taskStatus: TASK_STATUS.PENDING, trackId: null, startTime: null });
    const [laterRow] = await executionsOf(app, laterTask);
    expect(laterRow!.taskStatus).toBe(TASK_STATUS.PENDING);

    // their landing completes theirs alone
    await land(app, their.sim, their.drone);
    await waitStatus(app, theirTask, TASK_STATUS.COMPLETED);
    await app.services.taskFollow.idle();
    expect((await executionsOf(app, mineTask))[0]!.taskStatus).toBe(TASK_STATUS.PENDING);
    // and their timeline is theirs: this tenant cannot read it
    const refused = await send(app, token, 'POST', `${TASK}/getTaskTimeline`, { taskId: theirTask });
    expect(refused.statusCode).not.toBe(200);

    // the tenant's own drone, now, does move its own task
    await fly(app, mine.sim, mine.drone, trackId, 1);
    expect((await waitStatus(app, mineTask, TASK_STATUS.EXECUTING)).trackId).toBe(trackId);
  });

  it('after a restart, a drone first seen on the ground completes the flight it left executing', async () => {
    const { drone, sim } = await onlineDock(control);
    const taskId = await flightTask(app, { token, tenantId: '000000' }, drone.id);
    const trackId = `restart-${Date.now()}`;
    await fly(app, sim, drone, trackId, 2);
    await waitStatus(app, taskId, TASK_STATUS.EXECUTING);
    // a fresh follower (a restarted instance) that never saw the drone in the air hears it on the ground
    const restarted = new TaskFollow(app.database.db, app.services.telemetryWriter);
    restarted.accept({
      device: { tenantId: '000000', serialNumber: drone.serialNumber, kind: 'device', ownerId: drone.id },
      gatewaySn: null,
      timestamp: Date.now(),
      data: { mode_code: 0 },
      osd: { mode_code: 0, longitude: 116.401, latitude: 39.9 },
    });
    await restarted.idle();
    const done = await waitStatus(app, taskId, TASK_STATUS.COMPLETED);
    expect(done).toMatchObject({ trackId });
    expect(done.mileage).toBeGreaterThan(50);
    // the same message for another tenant's identity with this drone's serial number would find nothing
    const stranger = new TaskFollow(app.database.db, app.services.telemetryWriter);
    const other = await flightTask(app, { token, tenantId: '000000' }, drone.id);
    stranger.accept({
      device: { tenantId: '730021', serialNumber: drone.serialNumber, kind: 'device', ownerId: drone.id },
      gatewaySn: null,
      timestamp: Date.now(),
      data: {},
      osd: { mode_code: 3, track_id: 'forged', longitude: 116.4, latitude: 39.9 },
    });
    await stranger.idle();
    expect((await executionsOf(app, other))[0]!.taskStatus).toBe(TASK_STATUS.PENDING);
  });
});
