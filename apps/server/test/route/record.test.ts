import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { projector, segmentDistance } from '../../src/modules/route/record-path.js';
import { endDevices, registerDrone, type Registered } from '../device-helper.js';
import { send } from '../helper.js';
import { type ControlApp, onlineDock, startControlApp } from '../remote-control/helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

/**
 * Record tasks (spec §7 recordtask; docs/route.md): a drone flown by hand reports its position over MQTT
 * through its dock (the device link, the telemetry writer), the task records it and finishing makes a
 * waypoint route of it; no positions fail the task; bad input names the field; another tenant reaches nothing.
 */

const BASE = '/api/aos-gisservice/recordtask';
const ROUTES = '/api/aos-gisservice/routemanageline';

let control: ControlApp;
let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  control = await startControlApp();
  app = control.app;
  ({ mine, theirs } = await twoTenants(app, { theirs: '800191' }));
});
afterAll(async () => {
  await app?.close();
});
afterEach(endDevices);

const post = (path: string, payload: Row, token = mine.token, language = 'en-US') =>
  send(app, token, 'POST', `${BASE}/${path}`, payload, language);
const get = (path: string, token = mine.token, language = 'en-US') =>
  send(app, token, 'GET', `${BASE}/${path}`, undefined, language);
async function ok(response: { statusCode: number; body: string; json(): { data: unknown } }): Promise<Row> {
  expect(response.statusCode, response.body.slice(0, 600)).toBe(200);
  return response.json().data as Row;
}
function refused(response: { statusCode: number; body: string; json(): Row }, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(Object.keys(response.json().data?.errors ?? {}), response.body).toContain(field);
  return response.json().msg as string;
}

/** 20 m north or east of the dock's neighbourhood, in degrees. */
const HOME = { longitude: 113.95, latitude: 22.54 };
const NORTH = 20 / 111_195;
const EAST = 20 / (111_195 * Math.cos((HOME.latitude * Math.PI) / 180));

describe('recording a hand flight', () => {
  let task: Row;
  let drone: Registered;
  const flown: Array<{ longitude: number; latitude: number; elevation: number }> = [];

  it('records the positions a drone reports over MQTT and makes them a route within the tolerance', async () => {
    const online = await onlineDock(control);
    drone = online.drone;
    task = await ok(
      await post('submit', { name: 'Recorded L', droneId: drone.id, toleranceM: 1, minSpacingM: 0 }),
    );
    expect(task).toMatchObject({
      name: 'Recorded L',
      status: 'recording',
      droneSn: drone.serialNumber,
      aircraftModelId: 'dji-m3td',
      toleranceM: 1,
      minSpacingM: 0,
      pointCount: 0,
      routeId: null,
    });
    // on the ground first (not recorded), then by hand: 100 m north at 40 m, then 100 m east climbing to 60 m,
    // then returning home (not recorded); one report a little over a second apart (the drone's sampling)
    const report = (mode: number, longitude: number, latitude: number, elevation: number) =>
      online.sim.droneOsd({
        mode_code: mode,
        longitude,
        latitude,
        elevation,
        height: 50 + elevation,
        horizontal_speed: 8,
        track_id: 'record-test',
      });
    await report(0, HOME.longitude, HOME.latitude, 0);
    await new Promise((resolve) => setTimeout(resolve, 1050));
    for (let step = 0; step <= 10; step++) {
      const north = Math.min(step, 5);
      const east = Math.max(0, step - 5);
      const point = {
        longitude: HOME.longitude + east * EAST,
        latitude: HOME.latitude + north * NORTH,
        elevation: 40 + east * 4,
      };
      flown.push(point);
      await report(3, point.longitude, point.latitude, point.elevation);
      await new Promise((resolve) => setTimeout(resolve, 1050));
    }
    await report(9, HOME.longitude, HOME.latitude, 60);
    await vi.waitFor(
      async () => {
        await app.services.telemetryWriter.flush();
        expect((await ok(await get(`detail?id=${task.id}`))).pointCount).toBe(11);
      },
      { timeout: 5000 },
    );
    // still recording: the page shows it with its figures so far
    const open = await ok(await get(`page?status=recording&droneId=${drone.id}`));
    expect(open.records).toMatchObject([{ id: task.id, pointCount: 11 }]);

    const finished = await ok(await post('submit', { id: task.id, finish: true }));
    expect(finished).toMatchObject({ status: 'finished', pointCount: 11, reason: null });
    expect(finished.distance).toBeCloseTo(200, 0);
    expect(finished.duration).toBeGreaterThan(9);
    expect(finished.endTime).not.toBeNull();
    // the corner keeps the route at three waypoints: the start, the turn, the end
    expect(finished.waypointCount).toBe(3);
    expect(finished.routeName).toBe('Recorded L');

    const route = await ok(await send(app, mine.token, 'GET', `${ROUTES}/detail?id=${finished.routeId}`));
    expect(route).toMatchObject({ kind: 'waypoint', aircraftModelId: 'dji-m3td', waypointCount: 3 });
    expect(route.heightMode).toBe('relativeToStartPoint');
    const [wayline] = route.waylines as Array<Array<[number, number, number]>>;
    expect(wayline!.map(([, , height]) => height)).toEqual([40, 40, 60]);
    // every position flown lies within the tolerance of the route's legs, horizontally and in height
    const project = projector(flown[0]!);
    const legs = wayline!.map(([longitude, latitude, height]) => ({
      ...project({ longitude, latitude }),
      height,
    }));
    for (const point of flown) {
      const p = project(point);
      const nearest = Math.min(
        ...legs.slice(1).map((to, index) => {
          const from = legs[index]!;
          const along = segmentDistance(p, from, to);
          const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
          const t = Math.min(
            1,
            Math.max(0, ((p.x - from.x) * (to.x - from.x) + (p.y - from.y) * (to.y - from.y)) / length ** 2),
          );
          return Math.max(along, Math.abs(from.height + t * (to.height - from.height) - point.elevation));
        }),
      );
      expect(nearest).toBeLessThanOrEqual(1);
    }
    // the route is a route like any other: its KMZ is written and exported
    const kmz = await send(app, mine.token, 'GET', `${ROUTES}/export?id=${finished.routeId}&format=kmz`);
    expect(kmz.statusCode).toBe(200);

    // filters
    expect(
      (await ok(await get(`page?status=finished&name=corded%20L`))).records.map((r: Row) => r.id),
    ).toContain(task.id);
    expect((await ok(await get(`page?status=recording&droneId=${drone.id}`))).records).toEqual([]);
    expect((await ok(await get(`page?droneSn=${drone.serialNumber}`))).total).toBe(1);
    // ended: it cannot be finished again
    refused(await post('submit', { id: task.id, finish: true }), 'id');
    // the name can still change
    expect(await ok(await post('submit', { id: task.id, name: 'Recorded L (north, east)' }))).toMatchObject({
      name: 'Recorded L (north, east)',
      status: 'finished',
    });
  }, 40_000);

  it('removes the task and keeps its route', async () => {
    const { routeId } = await ok(await get(`detail?id=${task.id}`));
    await ok(await send(app, mine.token, 'POST', `${BASE}/remove?ids=${task.id}`));
    expect((await get(`detail?id=${task.id}`)).statusCode).toBe(404);
    await ok(await send(app, mine.token, 'GET', `${ROUTES}/detail?id=${routeId}`));
  });
});

describe('a recording without positions', () => {
  it('fails with the reason and makes no route', async () => {
    const drone = await registerDrone(app, mine.token);
    const routesBefore = (await ok(await send(app, mine.token, 'GET', `${ROUTES}/page?size=1`))).total;
    const task = await ok(await post('submit', { name: 'Never flew', droneSn: drone.serialNumber }));
    expect(task).toMatchObject({ toleranceM: 2, minSpacingM: 5, status: 'recording' });
    const failed = await ok(await post('submit', { id: task.id, finish: true }));
    expect(failed).toMatchObject({
      status: 'failed',
      routeId: null,
      pointCount: 0,
      waypointCount: 0,
      reasonKey: 'route.record.noSamples',
      reason: 'no position of the aircraft in the air arrived while recording: no route was made',
    });
    const chinese = await ok(await get(`detail?id=${task.id}`, mine.token, 'zh-CN'));
    expect(chinese.reason).toBe('录制期间没有收到飞行器在空中的位置，未生成航线');
    expect((await ok(await send(app, mine.token, 'GET', `${ROUTES}/page?size=1`))).total).toBe(routesBefore);
    // the drone can be recorded again; two finishes at once end it once
    const again = await ok(await post('submit', { name: 'Second try', droneId: drone.id }));
    const answers = await Promise.all([
      post('submit', { id: again.id, finish: true }),
      post('submit', { id: again.id, finish: true }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    refused(
      answers.find((answer) => answer.statusCode === 400)!,
      'id',
    );
  });
});

describe('input and tenancy', () => {
  let drone: Registered;
  let task: Row;

  beforeAll(async () => {
    drone = await registerDrone(app, mine.token);
    task = await ok(await post('submit', { name: 'Mine, open', droneId: drone.id }));
  });

  it('refuses bad input naming the field', async () => {
    expect(refused(await post('submit', { name: 'Again', droneId: drone.id }), 'droneId')).toBe(
      'droneId: this aircraft is already being recorded by “Mine, open”',
    );
    refused(await post('submit', { droneId: drone.id }), 'name');
    refused(await post('submit', { name: '  ' }), 'name');
    refused(await post('submit', { name: 'No drone' }), 'droneId');
    refused(await post('submit', { name: 'Unknown', droneSn: 'NOSUCHDRONE' }), 'droneSn');
    refused(await post('submit', { name: 'Bad id', droneId: 'abc' }), 'droneId');
    const other = await registerDrone(app, mine.token);
    for (const toleranceM of [0, 101, 'abc', null]) {
      refused(await post('submit', { name: 'Tol', droneId: other.id, toleranceM }), 'toleranceM');
    }
    refused(await post('submit', { name: 'Sp', droneId: other.id, minSpacingM: -1 }), 'minSpacingM');
    refused(
      await post('submit', { name: 'Model', droneId: other.id, aircraftModelId: 'nope' }),
      'aircraftModelId',
    );
    refused(await post('submit', { id: task.id, finish: 'yes' }), 'finish');
    refused(await post('submit', { id: task.id }), 'name');
    refused(await get('page?status=flying'), 'status');
    expect((await get('detail?id=abc')).statusCode).toBe(400);
    expect((await get('detail?id=123456789')).statusCode).toBe(404);
    expect((await send(app, mine.token, 'POST', `${BASE}/remove?ids=`)).statusCode).toBe(400);
    // nothing was started by the refusals
    expect((await ok(await get(`page?droneId=${other.id}`))).total).toBe(0);
  });

  it('keeps one tenant’s tasks and drones from another', async () => {
    await expectIsolated(mine, theirs, {
      read: `${BASE}/detail?id=${task.id}`,
      names: [task.id, 'Mine, open', drone.serialNumber],
      hidden: [`${BASE}/page`, `${BASE}/page?droneId=${drone.id}`],
      refused: [
        `${BASE}/detail?id=${task.id}`,
        { method: 'POST', url: `${BASE}/remove?ids=${task.id}` },
        { method: 'POST', url: `${BASE}/submit`, payload: { id: task.id, finish: true } },
        { method: 'POST', url: `${BASE}/submit`, payload: { id: task.id, name: 'Taken' } },
        {
          method: 'POST',
          url: `${BASE}/submit`,
          payload: { name: 'Their recording', droneId: drone.id },
          status: 400,
          field: 'droneId',
        },
        {
          method: 'POST',
          url: `${BASE}/submit`,
          payload: { name: 'Their recording', droneSn: drone.serialNumber },
          status: 400,
          field: 'droneSn',
        },
      ],
    });
    // their own drone records in their tenant
    const theirDrone = await registerDrone(app, theirs.token);
    const theirTask = await ok(
      await post('submit', { name: 'Theirs', droneId: theirDrone.id }, theirs.token),
    );
    expect(theirTask.tenantId).toBe(theirs.tenantId);
    expect((await get(`detail?id=${theirTask.id}`)).statusCode).toBe(404);
  });
});
