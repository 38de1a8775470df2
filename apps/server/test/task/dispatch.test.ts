import { deviceTopic } from '@aos/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { taskExecution, telemetrySample } from '../../src/db/schema/index.js';
import type { DeviceRef } from '../../src/device/events.js';
import { newId } from '../../src/lib/ids.js';
import type { FlightProgress } from '../../src/modules/task/task.progress.js';
import { endDevices, envelope, nextMessage, publish, registerDock, type Row } from '../device-helper.js';
import { send } from '../helper.js';
import { type ControlApp, onlineDock, startControlApp } from '../remote-control/helper.js';
import {
  addRoute,
  executionsOf,
  flightProgress,
  hangarTask,
  inMinutes,
  ok,
  READY_OSD,
  submitTask,
  TASK,
  waitStatus,
} from './helper.js';

/**
 * Dispatch to docks end to end (issue 17; PROTOCOLS.md §2 Flight tasks): a scripted dock over MQTT on the
 * embedded broker answers flighttask_prepare / execute and reports progress; the execution follows.
 */

let control: ControlApp;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  control = await startControlApp();
  ({ app, token } = control);
});
afterAll(async () => {
  await app?.close();
});
/** the scripted docks' OSD timers: a real dock reports every half second (silence is offline after 1.5 s) */
const beats: NodeJS.Timeout[] = [];
afterEach(async () => {
  for (const beat of beats.splice(0)) clearInterval(beat);
  await endDevices();
});

/** each test dock stands 1 km east of the last (docks within 100 m hold each other's take-off) */
let spot = 0;

/** A dock online and reporting `osd` every 400 ms, as a real one does, at its own place unless `osd` says. */
async function readyDock(osd: Row = {}) {
  spot += 1;
  const place = { longitude: (READY_OSD.longitude as number) + spot * 0.012, ...osd };
  const ready = await onlineDock(control, { ...READY_OSD, ...place });
  beats.push(setInterval(() => void ready.sim.osd({ ...READY_OSD, ...place }).catch(() => undefined), 400));
  const at: [number, number] = [place.longitude as number, READY_OSD.latitude as number];
  return { ...ready, at, route: () => addRoute(app, token, ready.dock.id, at) };
}

/** A ready dock with its route and a hangar task flying now; answers once the dock was sent the flight. */
async function flying(osd: Row = {}) {
  const ready = await readyDock(osd);
  const routeId = await ready.route();
  const saved = await ok(await submitTask(app, token, hangarTask(ready.dock.id, routeId, { mode: 'now' })));
  return { ...ready, routeId, taskId: saved.id as string };
}

const timelineOf = async (taskId: string) =>
  (await ok(await send(app, token, 'POST', `${TASK}/getTaskTimeline`, { taskId }))) as unknown as Array<{
    fromStatus: number | null;
    toStatus: number | null;
    kind: string;
    cause: string;
  }>;

describe('dispatch', () => {
  it('prepares with a presigned KMZ and its MD5, executes, follows progress to completed', async () => {
    const { sim, dock, drone, taskId } = await flying();
    const executing = await waitStatus(app, taskId, 2);
    const prepare = sim.received.find((message) => message.method === 'flighttask_prepare') as Row;
    const data = prepare.data as Row;
    expect(data).toMatchObject({ flight_id: executing.id, task_type: 0, wayline_type: 0, rth_altitude: 100 });
    const file = data.file as { url: string; fingerprint: string };
    expect(file.fingerprint).toMatch(/^[0-9a-f]{32}$/);
    const kmz = await app.inject({ method: 'GET', url: file.url.replace(/^https?:\/\/[^/]+/, '') });
    expect(kmz.statusCode).toBe(200);
    const { createHash } = await import('node:crypto');
    expect(createHash('md5').update(kmz.rawPayload).digest('hex')).toBe(file.fingerprint);
    expect(sim.received.map((message) => message.method)).toContain('flighttask_execute');

    await flightProgress(sim.client, dock, executing.id, 'in_progress', 50, {
      current_waypoint_index: 1,
      media_count: 3,
    });
    await vi.waitFor(async () => {
      const [row] = await executionsOf(app, taskId);
      expect(row).toMatchObject({ percent: 50, waypointIndex: 1, mediaCount: 3 });
    });
    const running = (await ok(
      await send(app, token, 'GET', `${TASK}/getRunningTaskList`),
    )) as unknown as Row[];
    expect(running.map((item) => item.id)).toContain(executing.id);
    const serials = await ok(await send(app, token, 'GET', `${TASK}/getSerialNumberByTaskID?id=${taskId}`));
    expect(serials).toMatchObject({ hangarSn: dock.serialNumber, droneSn: drone.serialNumber });
    // the drone's telemetry while it flew: 3 points, 40 s and about 170 m apart in all
    // (its take-off moved a minute back, so that the points lie between the start and now)
    const started = Date.now() - 60_000;
    await app.database.db
      .update(taskExecution)
      .set({ startTime: new Date(started) })
      .where(eq(taskExecution.id, executing.id));
    const points: Array<[number, number, number]> = [
      [1, 116.5, 39.91],
      [21, 116.501, 39.91],
      [41, 116.502, 39.91],
    ];
    await app.database.db.insert(telemetrySample).values(
      points.map(([second, longitude, latitude]) => ({
        id: newId(),
        tenantId: '000000',
        serialNumber: drone.serialNumber,
        kind: 'device',
        ownerId: drone.id,
        gatewaySn: dock.serialNumber,
        at: new Date(started + second * 1000),
        longitude,
        latitude,
        height: 60,
        osd: {},
        period: Math.floor((started + second * 1000) / 1000),
      })),
    );
    await flightProgress(sim.client, dock, executing.id, 'ok', 100);
    const completed = await waitStatus(app, taskId, 3);
    expect(completed.flightDuration).toBe(40);
    expect(completed.mileage).toBeGreaterThan(160);
    expect(completed.mileage).toBeLessThan(180);
    // the task shows its last flight's figures in the list
    const listed = await ok(
      await send(app, token, 'GET', `/api/cloud-task/project-task/page?current=1&size=50`),
    );
    const row = (listed as { records: Array<Record<string, unknown>> }).records.find(
      (item) => item.id === taskId,
    );
    expect(row).toMatchObject({ flightDuration: 40, mileage: completed.mileage });
    const track = await ok(
      await send(app, token, 'GET', `/api/cloud-task/uver/task/track/list?taskId=${taskId}`),
    );
    expect((track.planned as unknown[][])[0]!.length).toBeGreaterThanOrEqual(2);
    expect(track.flown as unknown[]).toHaveLength(3);
    const history = await ok(
      await send(app, token, 'GET', `${TASK}/historicalRoutePage?current=1&size=10&taskId=${taskId}`),
    );
    expect(history.records).toMatchObject([{ id: executing.id, taskStatus: 3 }]);
    const detail = await ok(await send(app, token, 'GET', `${TASK}/detail?id=${taskId}`));
    expect(detail.taskStatus).toBe(3);
    const moves = (await timelineOf(taskId)).filter((item) => item.kind === 'status');
    expect(moves.map((item) => [item.fromStatus, item.toStatus])).toEqual([
      [null, 0],
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
  });

  it('a refused prepare fails with the device code as a cause and a remedy', async () => {
    const ready = await readyDock();
    ready.sim.answers.set('flighttask_prepare', 314005);
    const routeId = await ready.route();
    const saved = await ok(
      await submitTask(app, token, hangarTask(ready.dock.id, routeId, { mode: 'once', at: inMinutes(600) })),
    );
    const execution = await ok(
      await send(app, token, 'GET', `${TASK}/executeHangarManualTask?id=${saved.id as string}`),
    );
    expect(execution).toMatchObject({
      taskStatus: 6,
      errorCode: 314005,
      causeKey: 'deviceCode.md5CheckFailed',
      remedyKey: 'deviceCode.md5CheckFailedRemedy',
    });
  });

  it('an offline dock fails the execution with “Hangar is offline”; conditions refuse with their cause', async () => {
    const dock = await registerDock(app, token);
    const routeId = await addRoute(app, token, dock.id);
    const saved = await ok(await submitTask(app, token, hangarTask(dock.id, routeId, { mode: 'now' })));
    const failed = await waitStatus(app, saved.id as string, 6);
    expect(failed.causeKey).toBe('task.hangarOffline');

    const windy = await readyDock({ wind_speed: 15 });
    const route = await windy.route();
    const task = await ok(await submitTask(app, token, hangarTask(windy.dock.id, route, { mode: 'now' })));
    expect((await waitStatus(app, task.id as string, 6)).causeKey).toBe('task.condition.wind');
    expect(windy.sim.received.filter((message) => message.method === 'flighttask_prepare')).toHaveLength(0);

    const low = await readyDock({ drone_charge_state: { state: 1, capacity_percent: 10 } });
    const lowRoute = await low.route();
    const lowTask = await ok(
      await submitTask(app, token, hangarTask(low.dock.id, lowRoute, { mode: 'now' })),
    );
    expect((await waitStatus(app, lowTask.id as string, 6)).causeKey).toBe('task.condition.battery');
  });

  it('cancelHangarTask cancels a waiting execution; closeTask sends a flying one home', async () => {
    const ready = await readyDock();
    const routeId = await ready.route();
    const later = await ok(
      await submitTask(app, token, hangarTask(ready.dock.id, routeId, { mode: 'once', at: inMinutes(900) })),
    );
    const cancelled = await ok(
      await send(app, token, 'GET', `${TASK}/cancelHangarTask?id=${later.id as string}`),
    );
    expect(cancelled.taskStatus).toBe(5);
    expect(ready.sim.received).toHaveLength(0);

    const { sim, taskId } = await flying();
    await waitStatus(app, taskId, 2);
    const closed = await ok(await send(app, token, 'GET', `${TASK}/closeTask?id=${taskId}`));
    expect(closed.taskStatus).toBe(5);
    expect(sim.received.map((message) => message.method)).toContain('return_home');
  });

  it('pause and resume reach the dock and the timeline', async () => {
    const { sim, taskId } = await flying();
    await waitStatus(app, taskId, 2);
    const paused = await ok(await send(app, token, 'GET', `${TASK}/pauseTask?id=${taskId}`));
    expect(paused.paused).toBe(true);
    await ok(await send(app, token, 'GET', `${TASK}/resumeTask?id=${taskId}`));
    const methods = sim.received.map((message) => message.method);
    expect(methods).toContain('flighttask_pause');
    expect(methods).toContain('flighttask_recovery');
    const kinds = (await timelineOf(taskId)).map((item) => item.kind);
    expect(kinds).toContain('pause');
    expect(kinds).toContain('resume');
  });

  it('flighttask_resource_get is answered for the asking dock’s own flight only; another dock cannot move it', async () => {
    const { sim, dock, taskId } = await flying();
    const execution = await waitStatus(app, taskId, 2);
    await sim.client.subscribeAsync(deviceTopic(dock.serialNumber, 'requests_reply'), { qos: 1 });
    const reply = nextMessage(sim.client, deviceTopic(dock.serialNumber, 'requests_reply'));
    await publish(
      sim.client,
      dock.serialNumber,
      'requests',
      envelope('flighttask_resource_get', { flight_id: execution.id }),
    );
    const answered = (await reply).data as { result: number; output: { file: { url: string } } };
    expect(answered.result).toBe(0);
    expect(answered.output.file.url).toContain('signature=');

    const other = await readyDock();
    await other.sim.client.subscribeAsync(deviceTopic(other.dock.serialNumber, 'requests_reply'), { qos: 1 });
    const refused = nextMessage(other.sim.client, deviceTopic(other.dock.serialNumber, 'requests_reply'));
    await publish(
      other.sim.client,
      other.dock.serialNumber,
      'requests',
      envelope('flighttask_resource_get', { flight_id: execution.id }),
    );
    expect(((await refused).data as { result: number }).result).not.toBe(0);

    // the other dock reports the flight done: nothing moves
    await flightProgress(other.sim.client, other.dock, execution.id, 'ok', 100);
    await flightProgress(sim.client, dock, execution.id, 'in_progress', 40);
    await vi.waitFor(async () => expect((await executionsOf(app, taskId))[0]!.percent).toBe(40));
    expect((await executionsOf(app, taskId))[0]!.taskStatus).toBe(2);
  });

  it('after a restart a stalled flight is finished from its last progress once the dock is idle', async () => {
    const { sim, dock, taskId } = await flying();
    const execution = await waitStatus(app, taskId, 2);
    await flightProgress(sim.client, dock, execution.id, 'in_progress', 60, { current_waypoint_index: 2 });
    await vi.waitFor(async () => expect((await executionsOf(app, taskId))[0]!.percent).toBe(60));
    // nothing heard for ten minutes (the server was down), the dock idle with the drone home
    await app.database.db
      .update(taskExecution)
      .set({ progressAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(taskExecution.id, execution.id));
    expect(await app.services.taskDispatch.recover()).toBe(1);
    const [row] = await executionsOf(app, taskId);
    expect(row).toMatchObject({ taskStatus: 6, causeKey: 'task.timeline.recovered' });
    expect(row!.breakPoint).toMatchObject({ waypointIndex: 2, percent: 60 });
    // a flight still reporting is left to its progress
    expect(await app.services.taskDispatch.recover()).toBe(0);
  });

  it('a second dock within 100 m does not take off while the first is starting', async () => {
    const first = await flying();
    await waitStatus(app, first.taskId, 2);
    const neighbour = await readyDock({ longitude: first.at[0] + 0.0003 });
    const routeId = await neighbour.route();
    const saved = await ok(
      await submitTask(
        app,
        token,
        hangarTask(neighbour.dock.id, routeId, { mode: 'once', at: inMinutes(1200) }),
      ),
    );
    const execution = await ok(
      await send(app, token, 'GET', `${TASK}/executeHangarManualTask?id=${saved.id as string}`),
    );
    expect(execution.taskStatus).toBe(0);
    expect(neighbour.sim.received).toHaveLength(0);
    const timeline = await timelineOf(saved.id as string);
    expect(timeline.map((item) => item.cause)).toContain('task.condition.takeoffLock');
  });

  it('a continuous schedule waits within its window for the battery instead of failing', async () => {
    const ready = await readyDock({ drone_charge_state: { state: 1, capacity_percent: 60 } });
    const routeId = await ready.route();
    const zone = 'Asia/Shanghai';
    const start = DateTime.now().setZone(zone).minus({ minutes: 10 });
    const end = DateTime.now().setZone(zone).plus({ minutes: 60 });
    const saved = await ok(
      await submitTask(
        app,
        token,
        hangarTask(
          ready.dock.id,
          routeId,
          {
            mode: 'continuous',
            startDate: start.toFormat('yyyy-MM-dd'),
            endDate: end.toFormat('yyyy-MM-dd'),
            from: start.toFormat('HH:mm'),
            to: end.toFormat('HH:mm'),
            minBattery: 90,
          },
          { type: 3 },
        ),
      ),
    );
    const taskId = saved.id as string;
    await vi.waitFor(
      async () => {
        const entries = await timelineOf(taskId);
        expect(entries.find((item) => item.kind === 'condition')).toMatchObject({
          cause: 'task.condition.battery',
        });
      },
      { timeout: 15_000, interval: 200 },
    );
    const [execution] = await executionsOf(app, taskId);
    expect(execution!.taskStatus).toBe(0);
    expect(ready.sim.received).toHaveLength(0);
  });
});

/** Bring an execution's time to `ms` from now (its window 30 min after), as if the clock had moved on. */
async function dueIn(executionId: string, ms: number) {
  const at = Date.now() + ms;
  await app.database.db
    .update(taskExecution)
    .set({ planAt: new Date(at), windowEnd: new Date(at + 30 * 60_000) })
    .where(eq(taskExecution.id, executionId));
}

const methodsOf = (sim: { received: Row[] }) => sim.received.map((message) => message.method);

/** A ready dock with a flight at a fixed time a few minutes on: prepared ahead (received) at once. */
async function preparedAhead() {
  const ready = await readyDock();
  const routeId = await ready.route();
  const saved = await ok(
    await submitTask(app, token, hangarTask(ready.dock.id, routeId, { mode: 'once', at: inMinutes(3) })),
  );
  const taskId = saved.id as string;
  const execution = await waitStatus(app, taskId, 1);
  return { ...ready, routeId, taskId, execution };
}

describe('flights at a fixed time are prepared ahead (DJI timed tasks)', () => {
  it('prepares with execute_time, executes ahead, and the dock’s progress moves it at its time', async () => {
    const { sim, dock, taskId, execution } = await preparedAhead();
    const prepare = sim.received.find((message) => message.method === 'flighttask_prepare') as Row;
    expect(prepare.data).toMatchObject({
      flight_id: execution.id,
      execute_time: execution.planAt.getTime(),
      task_type: 1,
    });
    expect(methodsOf(sim)).not.toContain('flighttask_execute');
    expect(execution).toMatchObject({ flightId: execution.id, hangarSn: dock.serialNumber, startTime: null });
    expect((await timelineOf(taskId)).map((item) => item.cause)).toContain('task.timeline.preparedAhead');
    // the task shows it received, its next flight still the one its dock holds
    const detail = await ok(await send(app, token, 'GET', `${TASK}/detail?id=${taskId}`));
    expect(detail).toMatchObject({ taskStatus: 1 });
    expect(detail.nextTime).toBeTruthy();
    // not running yet: it waits for its time
    const runningIds = async () =>
      ((await ok(await send(app, token, 'GET', `${TASK}/getRunningTaskList`))) as unknown as Row[]).map(
        (item) => item.id,
      );
    expect(await runningIds()).not.toContain(execution.id);

    // 20 s before its time: told to fly; the dock waits for execute_time, so the execution stays received
    await dueIn(execution.id, 20_000);
    await app.services.taskDispatch.start(execution.id);
    expect(methodsOf(sim)).toContain('flighttask_execute');
    const [told] = await executionsOf(app, taskId);
    expect(told).toMatchObject({ taskStatus: 1 });
    expect(told!.startTime!.getTime()).toBe(told!.planAt.getTime());
    expect((await timelineOf(taskId)).map((item) => item.cause)).toContain('task.timeline.executeSent');
    expect(await runningIds()).toContain(execution.id);
    // a second run of the job (another instance) sends nothing more
    await app.services.taskDispatch.start(execution.id);
    expect(methodsOf(sim).filter((method) => method === 'flighttask_execute')).toHaveLength(1);

    await flightProgress(sim.client, dock, execution.id, 'in_progress', 5);
    await waitStatus(app, taskId, 2);
    await flightProgress(sim.client, dock, execution.id, 'ok', 100);
    await waitStatus(app, taskId, 3);
  });

  it('a dock whose take-off and landing come close together completes it (its events handled in order)', async () => {
    const { sim, dock, taskId, execution } = await preparedAhead();
    await dueIn(execution.id, 10_000);
    await app.services.taskDispatch.start(execution.id);
    // still received when the first progress and the end are handled at once (a short flight, a busy server)
    const flights = (app.services.taskDispatch as unknown as { flights: FlightProgress }).flights;
    const from = { tenantId: '000000', serialNumber: dock.serialNumber } as DeviceRef;
    const event = (status: 'in_progress' | 'ok', percent: number) => ({
      result: 0,
      output: { status, progress: { percent }, ext: { flight_id: execution.id } },
    });
    await Promise.all([
      flights.progress(from, event('in_progress', 40)),
      flights.progress(from, event('ok', 100)),
    ]);
    expect(methodsOf(sim)).toContain('flighttask_execute');
    const done = await waitStatus(app, taskId, 3);
    expect(done.percent).toBe(100);
  });

  it('cancelling, closing or removing a task drops what its dock was given ahead (flighttask_undo)', async () => {
    const first = await preparedAhead();
    const cancelled = await ok(await send(app, token, 'GET', `${TASK}/cancelHangarTask?id=${first.taskId}`));
    expect(cancelled.taskStatus).toBe(5);
    const undo = first.sim.received.find((message) => message.method === 'flighttask_undo') as Row;
    expect(undo.data).toEqual({ flight_ids: [first.execution.id] });
    expect((await executionsOf(app, first.taskId))[0]!.taskStatus).toBe(5);

    // removing is not refused as "flying": nothing flies yet; the dock is told even when it does not answer
    const second = await preparedAhead();
    second.sim.answers.set('flighttask_undo', 'silent');
    await ok(await send(app, token, 'DELETE', `${TASK}/remove?ids=${second.taskId}`));
    expect(methodsOf(second.sim)).toContain('flighttask_undo');
    expect((await executionsOf(app, second.taskId))[0]!.taskStatus).toBe(5);

    const third = await preparedAhead();
    await ok(await send(app, token, 'GET', `${TASK}/closeTask?id=${third.taskId}`));
    expect(methodsOf(third.sim)).toContain('flighttask_undo');
    expect((await executionsOf(app, third.taskId))[0]!.taskStatus).toBe(5);
  });

  it('a dock that refuses it ahead is not failed for it: at its time it is prepared and executed at once', async () => {
    const ready = await readyDock();
    ready.sim.answers.set('flighttask_prepare', 319999);
    const routeId = await ready.route();
    const saved = await ok(
      await submitTask(app, token, hangarTask(ready.dock.id, routeId, { mode: 'once', at: inMinutes(3) })),
    );
    const taskId = saved.id as string;
    await vi.waitFor(() => expect(methodsOf(ready.sim)).toContain('flighttask_prepare'), { timeout: 15_000 });
    const [waiting] = await executionsOf(app, taskId);
    expect(waiting).toMatchObject({ taskStatus: 0, flightId: null });
    // at its time the dock takes it: prepared and executed at once
    ready.sim.answers.set('flighttask_prepare', 0);
    await dueIn(waiting!.id, -500);
    await app.services.taskDispatch.start(waiting!.id);
    const executing = await waitStatus(app, taskId, 2);
    expect(executing.startTime).toBeTruthy();
    expect(methodsOf(ready.sim).filter((method) => method === 'flighttask_prepare')).toHaveLength(2);
  });

  it('at its time the dock’s conditions are checked again: a busy dock fails it and is told to drop it', async () => {
    const { sim, taskId, execution, at } = await preparedAhead();
    // the dock stops reporting idle (another job runs on it)
    clearInterval(beats.pop());
    const busy = { ...READY_OSD, longitude: at[0], mode_code: 2 };
    await sim.osd(busy);
    beats.push(setInterval(() => void sim.osd(busy).catch(() => undefined), 400));
    await vi.waitFor(async () => {
      expect((await app.platform.live.get(execution.hangarSn!))?.osd).toMatchObject({ mode_code: 2 });
    });
    await dueIn(execution.id, -500);
    await app.services.taskDispatch.start(execution.id);
    const failed = await waitStatus(app, taskId, 6);
    expect(failed.causeKey).toBe('task.condition.dockBusy');
    expect(methodsOf(sim)).not.toContain('flighttask_execute');
    expect(methodsOf(sim)).toContain('flighttask_undo');
  });

  it('a flight prepared ahead and never told to fly expires at its window’s end and is dropped', async () => {
    const { sim, taskId, execution } = await preparedAhead();
    await app.database.db
      .update(taskExecution)
      .set({ planAt: new Date(Date.now() - 40 * 60_000), windowEnd: new Date(Date.now() - 10 * 60_000) })
      .where(eq(taskExecution.id, execution.id));
    await app.services.taskDispatch.tick();
    expect((await executionsOf(app, taskId))[0]).toMatchObject({ taskStatus: 4 });
    expect(methodsOf(sim)).toContain('flighttask_undo');
  });
});
