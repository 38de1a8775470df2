import { deviceTopic, type TaskScheduleInput } from '@aos/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { expect, vi } from 'vitest';
import { taskExecution, user } from '../../src/db/schema/index.js';
import { envelope, publish, type Registered, type Row } from '../device-helper.js';
import { send } from '../helper.js';

export const TASK = '/api/cloud-task/project-task';
export const EXTRA = '/api/cloud-task/taskextra';
/** Where the test docks and routes are (Beijing). */
export const HOME: [number, number] = [116.31, 39.91];

/** The dock OSD of a dock ready to fly: idle, the drone in, charged, calm and dry, storage free. */
export const READY_OSD: Row = {
  mode_code: 0,
  drone_in_dock: 1,
  drone_charge_state: { state: 0, capacity_percent: 95 },
  wind_speed: 2,
  rainfall: 0,
  storage: { total: 1000, used: 10 },
  longitude: HOME[0],
  latitude: HOME[1],
  height: 50,
};

export async function ok(response: { statusCode: number; body: string; json: () => unknown }) {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: Row }).data;
}

/** A waypoint route of the caller's tenant for `hangarId` (two points near HOME); answers its id. */
export async function addRoute(
  app: FastifyInstance,
  token: string,
  hangarId?: string,
  near: [number, number] = HOME,
): Promise<string> {
  const data = await ok(
    await send(app, token, 'POST', '/api/aos-gisservice/routemanageline/submit', {
      name: `Route ${Math.random().toString(36).slice(2, 8)}`,
      aircraftModelId: 'dji-m3td',
      ...(hangarId ? { hangarId } : {}),
      design: {
        kind: 'waypoint',
        params: {
          waypoints: [{ position: [near[0] + 0.001, near[1]] }, { position: [near[0] + 0.003, near[1]] }],
        },
      },
    }),
  );
  return data.id as string;
}

/** The admin user's id of a tenant (the operator of flight and manual tasks). */
export async function adminId(app: FastifyInstance, tenantId = '000000'): Promise<string> {
  const [row] = await app.database.db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.account, 'admin')))
    .limit(1);
  return row!.id;
}

/** `yyyy-MM-dd HH:mm` `minutes` from now in `zone`. */
export const inMinutes = (minutes: number, zone = 'Asia/Shanghai') =>
  DateTime.now().setZone(zone).plus({ minutes }).toFormat('yyyy-MM-dd HH:mm');

export const hangarTask = (
  hangarId: string,
  routeId: string,
  schedule: TaskScheduleInput,
  extra: Row = {},
) => ({
  name: `Task ${Math.random().toString(36).slice(2, 8)}`,
  type: 2,
  hangarId,
  routeId,
  schedule,
  ...extra,
});

export const submitTask = (app: FastifyInstance, token: string, body: Row) =>
  send(app, token, 'POST', `${TASK}/submit`, body);

export async function executionsOf(app: FastifyInstance, taskId: string) {
  return app.database.db.select().from(taskExecution).where(eq(taskExecution.taskId, taskId));
}

/** Wait until the task's (only or last) execution has `status`; answers it. */
export async function waitStatus(app: FastifyInstance, taskId: string, status: number, timeout = 15_000) {
  return vi.waitFor(
    async () => {
      const rows = await executionsOf(app, taskId);
      const last = rows.sort((a, b) => a.planAt.getTime() - b.planAt.getTime()).at(-1);
      expect(last?.taskStatus, JSON.stringify(last)).toBe(status);
      return last!;
    },
    { timeout, interval: 100 },
  );
}

/** A dock's `flighttask_progress` event for `flightId`. */
export const flightProgress = (
  client: Parameters<typeof publish>[0],
  dock: Registered,
  flightId: string,
  status: string,
  percent: number,
  ext: Row = {},
  result = 0,
) =>
  publish(
    client,
    dock.serialNumber,
    'events',
    envelope(
      'flighttask_progress',
      {
        result,
        output: {
          status,
          progress: { percent, current_step: 1 },
          ext: { flight_id: flightId, current_waypoint_index: 1, media_count: 0, ...ext },
        },
      },
      { bid: flightId, need_reply: 1 },
    ),
  );

export { deviceTopic };
