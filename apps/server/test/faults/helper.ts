import { deviceTopic } from '@aos/contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { IClientOptions, MqttClient } from 'mqtt';
import { expect, vi } from 'vitest';
import { telemetrySample } from '../../src/db/schema/index.js';
import type { DeviceLink } from '../../src/device/link.js';
import { createTestApp, login } from '../helper.js';
import {
  asDevice,
  connectDevice,
  envelope,
  publish,
  registerDock,
  registerDrone,
  subscribedConsole,
  topo,
  type Console,
  type Registered,
} from '../live-helper.js';

/**
 * The fault tests' common ground: an app with a dock and its drone registered, a console watching over
 * WebSocket, the dock as a reconnecting MQTT client, and the checks every fault ends with. Nothing here
 * times anything: each wait polls until it happens, capped generously (a loaded CI machine).
 */

/** Long enough for a restart on a loaded machine; the recovery times themselves are the drill's (bench/). */
export const CAP = { timeout: 45_000, interval: 100 };

export interface FaultFixture {
  app: FastifyInstance;
  token: string;
  dock: Registered;
  drone: Registered;
  viewer: Console;
  device: MqttClient;
  /** every `event` the link emitted, by tid */
  events: Map<string, number>;
  /** events_reply tids the device received */
  replies: string[];
}

export async function faultFixture(
  env: Record<string, string>,
  brokerUrl: (app: FastifyInstance) => string,
  device: (dock: Registered) => IClientOptions = (dock) => asDevice(dock.credential),
): Promise<FaultFixture> {
  const app = await createTestApp({
    MQTT_ENABLED: 'true',
    MQTT_PORT: '0',
    HOST: '127.0.0.1',
    DEVICE_OFFLINE_MS: '120000',
    ...env,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { access_token: token } = await login(app);
  const drone = await registerDrone(app, token);
  const dock = await registerDock(app, token, [drone]);
  const viewer = await subscribedConsole(app, token, [dock.serialNumber, drone.serialNumber]);
  const events = new Map<string, number>();
  app.platform.deviceLink.on('event', (event) => {
    if (event.device.serialNumber === dock.serialNumber)
      events.set(event.tid, (events.get(event.tid) ?? 0) + 1);
  });
  // The dock reconnects by itself (every 300 ms) and keeps what it publishes meanwhile (mqtt.js's queue).
  const client = await connectDevice(brokerUrl(app), { ...device(dock), reconnectPeriod: 300 });
  const replies: string[] = [];
  client.on('message', (topic, payload) => {
    if (topic === deviceTopic(dock.serialNumber, 'events_reply'))
      replies.push((JSON.parse(payload.toString()) as { tid: string }).tid);
  });
  await client.subscribeAsync(deviceTopic(dock.serialNumber, 'events_reply'), { qos: 1 });
  await publish(client, dock.serialNumber, 'status', topo([{ sn: drone.serialNumber }]));
  const fixture = { app, token, dock, drone, viewer, device: client, events, replies };
  await liveAgain(fixture);
  return fixture;
}

let position = 0;
/** One drone OSD (QoS 0, as telemetry is) with a value the console can recognise; answers that value. */
export function droneOsd({ device, dock, drone }: FaultFixture): number {
  position += 1;
  device.publish(
    deviceTopic(drone.serialNumber, 'osd'),
    JSON.stringify(
      envelope(
        undefined,
        { latitude: 22.5, longitude: 113.9 + position / 1e5, height: position },
        {
          gateway: dock.serialNumber,
        },
      ),
    ),
    { qos: 0 },
  );
  return position;
}

const sent = new Map<string, () => void>();

/** A dock event that wants a reply, QoS 1, published without waiting (the broker may be down); its tid. */
export function dockEvent({ device, dock }: FaultFixture): string {
  const message = JSON.stringify(envelope('hms', { list: [] }, { need_reply: 1 }));
  const send = () => device.publish(deviceTopic(dock.serialNumber, 'events'), message, { qos: 1 });
  send();
  const { tid } = JSON.parse(message) as { tid: string };
  sent.set(tid, send);
  return tid;
}

/** Publish drone OSD until the console shows one published now: the live view works (again). */
export async function liveAgain(fixture: FaultFixture): Promise<void> {
  let last = 0;
  await vi.waitFor(() => {
    last = droneOsd(fixture);
    const shown = fixture.viewer.of('osd', fixture.drone.serialNumber).at(-1)?.data.osd as
      { height?: number } | undefined;
    expect(shown?.height, 'a fresh OSD on the console').toBeGreaterThanOrEqual(last - 3);
  }, CAP);
}

/**
 * The event `tid` was handled exactly once and answered. Like a dock waiting for an `events_reply`, the
 * device sends it again (same tid) every 2 s until the reply comes: a broker back from a restart drops
 * what arrives on shared topics before the server has subscribed again. Resent copies that reach the
 * server are answered but not handled twice (the link's tid check).
 */
export async function handledOnce(fixture: FaultFixture, tid: string): Promise<void> {
  let polls = 0;
  await vi.waitFor(() => {
    polls += 1;
    if (polls % 20 === 0 && !fixture.replies.includes(tid)) sent.get(tid)?.();
    expect(fixture.replies, `event ${tid} answered`).toContain(tid);
    expect(fixture.events.get(tid), `event ${tid} handled`).toBe(1);
  }, CAP);
  expect(fixture.events.get(tid)).toBe(1);
}

/** Poll an authenticated read until it answers `status`. */
export async function apiAnswers(fixture: FaultFixture, status: number): Promise<void> {
  await vi.waitFor(async () => {
    const response = await fixture.app.inject({
      method: 'GET',
      url: '/api/blade-system/dict-biz/list?current=1&size=5',
      headers: { 'blade-auth': `bearer ${fixture.token}`, 'accept-language': 'en-US' },
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status === 503) {
      expect(response.json()).toMatchObject({ code: 503, success: false });
      expect(response.body).not.toMatch(/at .*\.(ts|js):\d+|ECONNREFUSED|select /);
    }
  }, CAP);
}

/**
 * Every OSD the telemetry writer took is accounted for once it has caught up: written (and in the
 * database), left out by the sampling rate, a duplicate or counted as dropped; answers the figures.
 */
export async function telemetryAccounted(app: FastifyInstance, link: DeviceLink, sn: string) {
  const writer = app.services.telemetryWriter;
  await vi.waitFor(async () => {
    await writer.flush();
    expect(writer.pendingRows).toBe(0);
  }, CAP);
  const { stats } = writer;
  expect(stats.received).toBe(
    stats.downsampled + stats.written + stats.duplicates + stats.droppedRows + stats.failedEvents,
  );
  const [row] = await app.database.db
    .select({ rows: count() })
    .from(telemetrySample)
    .where(eq(telemetrySample.serialNumber, sn));
  expect(row!.rows).toBe(stats.written);
  expect(link.stats.failed).toBe(0);
  return { ...stats, stored: row!.rows };
}
