import { deviceTopic } from '@aos/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MqttClient } from 'mqtt';
import { expect, vi } from 'vitest';
import { logUsual } from '../../src/db/schema/index.js';
import {
  asDevice,
  connectDevice,
  envelope,
  LINK_ENV,
  publish,
  registerDock,
  registerDrone,
  type Registered,
  type Row,
  send as deviceSend,
  topo,
} from '../device-helper.js';
import { createTestApp, login } from '../helper.js';

/**
 * Remote control in tests: an app with the device link on, and a scripted dock over MQTT on its embedded
 * broker that answers the commands it is sent and reports the state the predicates read. Used by
 * device-control-dock and device-control-aircraft.
 */

/** The app of a remote-control suite, the default tenant's admin token, and the device broker's url. */
export interface ControlApp {
  app: FastifyInstance;
  token: string;
  url: string;
}

/** What the scripted dock answers to each command method: 0 (accept), an error code, or 'silent'. */
type Answer = number | 'silent';

/** A dock speaking over MQTT as a test scripts it. */
interface ScriptedDock {
  client: MqttClient;
  /** every services message it received */
  received: Row[];
  answers: Map<string, Answer>;
  osd(data: Row): Promise<unknown>;
  droneOsd(data: Row): Promise<unknown>;
  progress(method: string, bid: string, status: string, percent: number, result?: number): Promise<unknown>;
}

/** An app with the device link on, answering a device's silence after 800 ms, signed in as the admin. */
export async function startControlApp(): Promise<ControlApp> {
  const app = await createTestApp({ ...LINK_ENV, DEVICE_REPLY_TIMEOUT_MS: '800' });
  const url = `mqtt://127.0.0.1:${app.deviceBroker!.port}`;
  const token = (await login(app)).access_token;
  return { app, token, url };
}

/** A dock (with its drone) registered, connected and online, in remote debug or not. */
export async function onlineDock(
  { app, token, url }: ControlApp,
  dockOsd: Row = {},
): Promise<{ dock: Registered; drone: Registered; sim: ScriptedDock }> {
  const drone = await registerDrone(app, token);
  const dock = await registerDock(app, token, [drone]);
  const client = await connectDevice(url, asDevice(dock.credential));
  const droneClient = await connectDevice(url, asDevice(drone.credential));
  const received: Row[] = [];
  const answers = new Map<string, Answer>();
  await client.subscribeAsync(deviceTopic(dock.serialNumber, 'services'), { qos: 1 });
  client.on('message', (_topic, payload) => {
    const message = JSON.parse(payload.toString()) as Row;
    received.push(message);
    const answer = answers.get(message.method as string) ?? 0;
    if (answer === 'silent') return;
    deviceSend(client, dock.serialNumber, 'services_reply', {
      tid: message.tid,
      bid: message.bid,
      timestamp: Date.now(),
      method: message.method,
      data: { result: answer },
    });
  });
  const sim: ScriptedDock = {
    client,
    received,
    answers,
    osd: (data) => publish(client, dock.serialNumber, 'osd', envelope(undefined, data)),
    droneOsd: (data) =>
      publish(
        droneClient,
        drone.serialNumber,
        'osd',
        envelope(undefined, data, { gateway: dock.serialNumber }),
      ),
    progress: (method, bid, status, percent, result = 0) =>
      publish(
        client,
        dock.serialNumber,
        'events',
        envelope(method, { result, output: { status, progress: { percent, step_key: 'step' } } }, { bid }),
      ),
  };
  await publish(client, dock.serialNumber, 'status', topo([]));
  await sim.osd({
    mode_code: 0,
    cover_state: 0,
    putter_state: 0,
    drone_in_dock: 1,
    supplement_light_state: 0,
    sub_device: { device_sn: drone.serialNumber, device_online_status: 0, device_paired: 1 },
    ...dockOsd,
  });
  await vi.waitFor(async () =>
    expect((await app.platform.live.get(dock.serialNumber))?.osd.mode_code).toBe(dockOsd.mode_code ?? 0),
  );
  return { dock, drone, sim };
}

/** Flushes the operation log and answers its remote-control lines (log id device.control). */
export async function controlLog(app: FastifyInstance) {
  await app.services.logs.flush();
  return app.database.db.select().from(logUsual).where(eq(logUsual.logId, 'device.control'));
}
