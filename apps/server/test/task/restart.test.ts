import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deviceTopic } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { DatabaseTarget } from '../../src/db/client.js';
import {
  asDevice,
  connectDevice,
  endDevices,
  envelope,
  LINK_ENV,
  publish,
  registerDock,
  registerDrone,
  type Registered,
  send as deviceSend,
  topo,
} from '../device-helper.js';
import { createTestApp, login } from '../helper.js';
import {
  addRoute,
  executionsOf,
  flightProgress,
  hangarTask,
  ok,
  READY_OSD,
  submitTask,
  waitStatus,
} from './helper.js';

/**
 * A server restart in the middle of a flight loses nothing (issue 17): the flight's state is in the database,
 * so the restarted server follows the dock's progress to the end. One database (a PGlite folder, or the
 * PostgreSQL database of CI's second pass) opened by a first app, closed mid-flight, then by a second.
 */

const opened: FastifyInstance[] = [];
let folder: string | null = null;
afterEach(endDevices);
afterAll(async () => {
  for (const app of opened.reverse()) await app.close().catch(() => undefined);
  if (folder) await rm(folder, { recursive: true, force: true });
});

const beats: NodeJS.Timeout[] = [];
afterEach(() => {
  for (const beat of beats.splice(0)) clearInterval(beat);
});

/** The dock connected to `app`'s broker, answering every command and reporting READY_OSD. */
async function dockOn(app: FastifyInstance, dock: Registered, drone: Registered): Promise<MqttClient> {
  const client = await connectDevice(`mqtt://127.0.0.1:${app.deviceBroker!.port}`, asDevice(dock.credential));
  await client.subscribeAsync(deviceTopic(dock.serialNumber, 'services'), { qos: 1 });
  client.on('message', (_topic, payload) => {
    const message = JSON.parse(payload.toString()) as Record<string, unknown>;
    deviceSend(client, dock.serialNumber, 'services_reply', {
      tid: message.tid,
      bid: message.bid,
      timestamp: Date.now(),
      method: message.method,
      data: { result: 0 },
    });
  });
  await publish(client, dock.serialNumber, 'status', topo([]));
  const osd = { ...READY_OSD, sub_device: { device_sn: drone.serialNumber, device_online_status: 1 } };
  await publish(client, dock.serialNumber, 'osd', envelope(undefined, osd));
  beats.push(
    setInterval(
      () => void publish(client, dock.serialNumber, 'osd', envelope(undefined, osd)).catch(() => undefined),
      400,
    ),
  );
  return client;
}

describe('a server restart mid-flight', () => {
  it('the restarted server follows the flight’s progress to completed', async () => {
    const secret = randomBytes(32).toString('hex');
    let database: DatabaseTarget;
    if (process.env.DATABASE_URL) {
      // the database's owner (it drops it when closed, last): the two servers are apps on it
      const owner = await createTestApp();
      opened.push(owner);
      database = owner.database.target;
    } else {
      folder = await mkdtemp(path.join(tmpdir(), 'aos-task-restart-'));
      database = { kind: 'pglite', dataDir: path.join(folder, 'pgdata') };
    }
    const first = await createTestApp(
      { ...LINK_ENV },
      { database, jwtSecret: secret, cachePrefix: 'restart:' },
    );
    opened.push(first);
    await runFlight(first, database, secret);
  });
});

async function runFlight(first: FastifyInstance, database: DatabaseTarget, jwtSecret: string) {
  const token = (await login(first)).access_token;
  const drone = await registerDrone(first, token);
  const dock = await registerDock(first, token, [drone]);
  const routeId = await addRoute(first, token, dock.id);
  const client = await dockOn(first, dock, drone);
  const saved = await ok(await submitTask(first, token, hangarTask(dock.id, routeId, { mode: 'now' })));
  const taskId = saved.id as string;
  const execution = await waitStatus(first, taskId, 2);
  await flightProgress(client, dock, execution.id, 'in_progress', 30);
  await waitStatus(first, taskId, 2);

  // the server stops mid-flight; the dock flies on and reconnects to the restarted one
  for (const beat of beats.splice(0)) clearInterval(beat);
  await first.close();
  opened.splice(opened.indexOf(first), 1);
  const second = await createTestApp({ ...LINK_ENV }, { database, jwtSecret, cachePrefix: 'restart2:' });
  opened.push(second);
  await followOn(second, dock, drone, taskId, execution.id);
}

async function followOn(
  app: FastifyInstance,
  dock: Registered,
  drone: Registered,
  taskId: string,
  executionId: string,
) {
  await endDevices();
  const client = await dockOn(app, dock, drone);
  await flightProgress(client, dock, executionId, 'in_progress', 80, { current_waypoint_index: 2 });
  await flightProgress(client, dock, executionId, 'ok', 100);
  const done = await waitStatus(app, taskId, 3);
  expect(done).toMatchObject({ percent: 100, taskStatus: 3 });
  const [row] = await executionsOf(app, taskId);
  expect(row!.endTime).toBeTruthy();
}
