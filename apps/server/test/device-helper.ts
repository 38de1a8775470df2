import { randomBytes } from 'node:crypto';
import { deviceTopic, type DeviceTopicKind } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import { expect } from 'vitest';
import type { DeviceLinkEvents } from '../src/device/events.js';
import type { DeviceLink } from '../src/device/link.js';

/**
 * Devices in tests: docks and aircraft registered through the HTTP API (which answers their MQTT
 * credentials once), and MQTT clients speaking as them. Used by the device-link, live-push and
 * remote-control suites.
 */

export type Row = Record<string, unknown>;
export interface Credential {
  serialNumber: string;
  username: string;
  password: string;
}
export interface Registered {
  id: string;
  serialNumber: string;
  credential: Credential;
}

export const LINK_ENV = {
  MQTT_ENABLED: 'true',
  MQTT_PORT: '0',
  HOST: '127.0.0.1',
  DEVICE_OFFLINE_MS: '1500',
  DEVICE_REPLY_TIMEOUT_MS: '3000',
};
export const run = randomBytes(3).toString('hex').toUpperCase();
let serial = 0;
export const nextSerial = (prefix: string) => `${prefix}${run}${String(++serial).padStart(4, '0')}`;

let message = 0;
/** A device → cloud message with a fresh tid and bid. */
export const envelope = (method: string | undefined, data: unknown, extra: Row = {}) => ({
  tid: `tid-${run}-${++message}`,
  bid: `bid-${run}-${message}`,
  timestamp: Date.now(),
  ...(method ? { method } : {}),
  data,
  ...extra,
});
export const topo = (subs: Array<{ sn: string }>) =>
  envelope('update_topo', {
    domain: '3',
    type: 2,
    sub_type: 0,
    sub_devices: subs.map((sub, index) => ({
      sn: sub.sn,
      domain: '0',
      type: 91,
      sub_type: 1,
      index: String.fromCharCode(65 + index),
    })),
  });

const post = async (app: FastifyInstance, token: string, url: string, payload: Row) => {
  const response = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'blade-auth': `bearer ${token}`, 'accept-language': 'en-US' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Registered;
};

/** An aircraft, through equipment-management/add (answers its MQTT credentials once). */
export const registerDrone = (app: FastifyInstance, token: string, sn = nextSerial('1581F6')) =>
  post(app, token, '/api/cloud-equipment/equipment-management/add', {
    name: `Drone ${sn}`,
    serialNumber: sn,
    type: 1,
    modelId: 'dji-m3td',
  });

/** A dock with its bound drones, through uavhangar/submit. */
export const registerDock = (
  app: FastifyInstance,
  token: string,
  drones: Registered[] = [],
  sn = nextSerial('7CTD'),
) =>
  post(app, token, '/api/cloud-equipment/uavhangar/submit', {
    name: `Dock ${sn}`,
    type: 1,
    serialNumber: sn,
    modelId: 'dji-dock2',
    droneIds: drones.map((drone) => drone.id).join(','),
  });

export const clients: MqttClient[] = [];
/** A device as an MQTT 3.1.1 client (what aedes speaks), never reconnecting on its own. */
export async function connectDevice(url: string, options: IClientOptions = {}): Promise<MqttClient> {
  const client = await connectAsync(
    url,
    { protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 5000, ...options },
    false,
  );
  clients.push(client);
  return client;
}
export const asDevice = (credential: Credential): IClientOptions => ({
  username: credential.username,
  password: credential.password,
  clientId: credential.serialNumber,
});

export const publish = (client: MqttClient, sn: string, kind: DeviceTopicKind, body: unknown) =>
  client.publishAsync(deviceTopic(sn, kind), typeof body === 'string' ? body : JSON.stringify(body), {
    qos: 1,
  });

/** Publish from a message handler, without waiting: the test may end the client before the PUBACK. */
export const send = (client: MqttClient, sn: string, kind: DeviceTopicKind, body: unknown) => {
  client.publish(deviceTopic(sn, kind), JSON.stringify(body), { qos: 1 });
};

/** The next message the client receives on `topic`, parsed. */
export function nextMessage(client: MqttClient, topic: string, timeoutMs = 3000): Promise<Row> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nothing on ${topic}`)), timeoutMs);
    const onMessage = (received: string, payload: Buffer) => {
      if (received !== topic) return;
      clearTimeout(timer);
      client.off('message', onMessage);
      resolve(JSON.parse(payload.toString()));
    };
    client.on('message', onMessage);
  });
}

/** End every device client a test opened (call in afterEach). */
export async function endDevices(): Promise<void> {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
}

/** Every event the link emits, in order. */
export function record(link: DeviceLink) {
  const seen: Array<{ name: keyof DeviceLinkEvents; sn: string; payload: Row }> = [];
  for (const name of ['online', 'offline', 'osd', 'state', 'event'] as const) {
    link.on(name, (payload: { device: { serialNumber: string } }) =>
      seen.push({ name, sn: payload.device.serialNumber, payload: payload as unknown as Row }),
    );
  }
  return {
    of: (sn: string, name?: keyof DeviceLinkEvents) =>
      seen.filter((entry) => entry.sn === sn && (!name || entry.name === name)),
  };
}
