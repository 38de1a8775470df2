import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import type { Registered, Row } from '../device-helper.js';
import { send } from '../helper.js';
import type { onlineDock } from '../remote-control/helper.js';
import { adminId, ok, submitTask, TASK } from './helper.js';

/** The flight-task follower's tests (follow*.test.ts): a drone's OSD over MQTT, its flight tasks. */

type Sim = Awaited<ReturnType<typeof onlineDock>>['sim'];

/** A flight task of the caller's tenant flown by `aircraftId`, its operator the tenant's admin. */
export async function flightTask(
  app: FastifyInstance,
  as: { token: string; tenantId: string },
  aircraftId: string,
  schedule: Row = { mode: 'now' },
) {
  const saved = await ok(
    await submitTask(app, as.token, {
      name: `Flight ${Math.random().toString(36).slice(2, 8)}`,
      type: 1,
      operatorId: await adminId(app, as.tenantId),
      aircraftId,
      schedule,
    }),
  );
  return saved.id as string;
}

/** The drone's OSD in the air along a line east, one message a little over a second apart (the sample rate). */
export async function fly(
  app: FastifyInstance,
  sim: Sim,
  drone: Registered,
  trackId: string,
  points: number,
) {
  for (let i = 0; i < points; i += 1) {
    await sim.droneOsd({
      mode_code: 3,
      track_id: trackId,
      longitude: 116.4 + i * 0.001,
      latitude: 39.9,
      height: 120,
      elevation: 70,
    });
    await vi.waitFor(async () =>
      expect((await app.platform.live.get(drone.serialNumber))?.osd.longitude).toBe(116.4 + i * 0.001),
    );
    if (i < points - 1) await new Promise((resolve) => setTimeout(resolve, 1_100));
  }
}

/** Landed: on the ground, motors off. */
export async function land(app: FastifyInstance, sim: Sim, drone: Registered) {
  await sim.droneOsd({ mode_code: 0, longitude: 116.403, latitude: 39.9, height: 50, elevation: 0 });
  await vi.waitFor(async () =>
    expect((await app.platform.live.get(drone.serialNumber))?.osd.mode_code).toBe(0),
  );
}

/** A task's timeline as its tenant reads it. */
export const timelineOf = async (app: FastifyInstance, token: string, taskId: string) =>
  (await ok(await send(app, token, 'POST', `${TASK}/getTaskTimeline`, { taskId }))) as unknown as Array<{
    fromStatus: number | null;
    toStatus: number | null;
    cause: string;
  }>;

/** The status moves of a task's timeline as [from, to, cause]. */
export const movesOf = async (app: FastifyInstance, token: string, taskId: string) =>
  (await timelineOf(app, token, taskId))
    .filter((row) => row.toStatus !== null)
    .map((row) => [row.fromStatus, row.toStatus, row.cause]);
