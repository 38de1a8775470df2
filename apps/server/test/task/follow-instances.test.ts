import { TASK_STATUS } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TaskFollow } from '../../src/modules/task/task.follow.js';
import { endDevices } from '../device-helper.js';
import { type ControlApp, onlineDock, startControlApp } from '../remote-control/helper.js';
import { flightTask, fly, land, movesOf } from './follow-helper.js';
import { executionsOf, waitStatus } from './helper.js';

/**
 * The follower on several instances: every instance's follower hears the same drone (each has the OSD its
 * link hands it, and with a shared broker subscription any of them may). Here the app's own follower and
 * two more over the same database and the same link events hear one OSD stream at once: each take-off and
 * each landing moves one execution once, and the timeline has one row per move. Run on PGlite and on
 * PostgreSQL (DATABASE_URL).
 */

let control: ControlApp;
let app: FastifyInstance;
let token: string;
const others: TaskFollow[] = [];

beforeAll(async () => {
  control = await startControlApp();
  ({ app, token } = control);
  for (let i = 0; i < 2; i += 1) {
    const follower = new TaskFollow(app.database.db, app.services.telemetryWriter);
    follower.attach(app.platform.deviceLink);
    others.push(follower);
  }
});
afterAll(async () => {
  for (const follower of others) follower.detach();
  await app?.close();
});
afterEach(async () => {
  await endDevices();
});

const idle = () => Promise.all([app.services.taskFollow, ...others].map((follower) => follower.idle()));

describe('the flight-task follower on three instances', () => {
  it('moves one execution once per take-off and landing, with one timeline row each', async () => {
    const { drone, sim } = await onlineDock(control);
    const me = { tenantId: '000000', token };
    // two open flight tasks of the drone: a take-off must take the earliest only, whoever moves it
    const first = await flightTask(app, me, drone.id);
    const second = await flightTask(app, me, drone.id);

    const trackId = `three-${Date.now()}`;
    await fly(app, sim, drone, trackId, 2);
    await waitStatus(app, first, TASK_STATUS.EXECUTING);
    await idle();
    expect((await executionsOf(app, second))[0]).toMatchObject({
      taskStatus: TASK_STATUS.PENDING,
      trackId: null,
    });

    await land(app, sim, drone);
    const done = await waitStatus(app, first, TASK_STATUS.COMPLETED);
    await idle();
    expect(done.trackId).toBe(trackId);
    expect(await movesOf(app, token, first)).toEqual([
      [null, TASK_STATUS.PENDING, 'task.timeline.created'],
      [TASK_STATUS.PENDING, TASK_STATUS.EXECUTING, 'task.timeline.tookOff'],
      [TASK_STATUS.EXECUTING, TASK_STATUS.COMPLETED, 'task.timeline.landed'],
    ]);
    expect((await executionsOf(app, second))[0]!.taskStatus).toBe(TASK_STATUS.PENDING);

    // the next flight takes the second task, once
    await fly(app, sim, drone, `${trackId}-2`, 1);
    await waitStatus(app, second, TASK_STATUS.EXECUTING);
    await land(app, sim, drone);
    await waitStatus(app, second, TASK_STATUS.COMPLETED);
    await idle();
    const moves = await movesOf(app, token, second);
    expect(moves.filter((move) => move[2] === 'task.timeline.tookOff')).toHaveLength(1);
    expect(moves.filter((move) => move[2] === 'task.timeline.landed')).toHaveLength(1);
    expect((await executionsOf(app, first))[0]).toMatchObject({ taskStatus: TASK_STATUS.COMPLETED, trackId });
  });
});
