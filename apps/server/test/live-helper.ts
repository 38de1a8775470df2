import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { deviceTopic, type DeviceTopicKind, type LiveFrame } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import { expect, vi } from 'vitest';
import WebSocket from 'ws';

/** Devices, MQTT clients and WebSocket consoles for the live-push tests. */

type Row = Record<string, unknown>;
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

const run = randomBytes(3).toString('hex').toUpperCase();
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

export const topo = (subs: string[]) =>
  envelope('update_topo', {
    domain: '3',
    type: 2,
    sub_type: 0,
    sub_devices: subs.map((sn, index) => ({
      sn,
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

export const registerDrone = (app: FastifyInstance, token: string, sn = nextSerial('LIVEUAV')) =>
  post(app, token, '/api/cloud-equipment/equipment-management/add', {
    name: `Drone ${sn}`,
    serialNumber: sn,
    type: 1,
    modelId: 'dji-m3td',
  });

export const registerDock = (
  app: FastifyInstance,
  token: string,
  drones: Registered[] = [],
  sn = nextSerial('LIVEDOCK'),
) =>
  post(app, token, '/api/cloud-equipment/uavhangar/submit', {
    name: `Dock ${sn}`,
    type: 1,
    serialNumber: sn,
    modelId: 'dji-dock2',
    droneIds: drones.map((drone) => drone.id).join(','),
  });

export const mqttClients: MqttClient[] = [];
export async function connectDevice(url: string, options: IClientOptions = {}): Promise<MqttClient> {
  const client = await connectAsync(
    url,
    { protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 5000, ...options },
    false,
  );
  mqttClients.push(client);
  return client;
}

export const asDevice = (credential: Credential): IClientOptions => ({
  username: credential.username,
  password: credential.password,
  clientId: `${credential.serialNumber}-${++message}`,
});

export const publish = (client: MqttClient, sn: string, kind: DeviceTopicKind, body: unknown) =>
  client.publishAsync(deviceTopic(sn, kind), JSON.stringify(body), { qos: 1 });

/** A console's socket with every frame it received and how it closed. */
export interface Console {
  socket: WebSocket;
  frames: LiveFrame[];
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
  /** frames of one event, optionally of one device */
  of<K extends LiveFrame['event']>(event: K, sn?: string): Array<Extract<LiveFrame, { event: K }>>;
  /** wait for a frame matching `test`, answer it */
  next<K extends LiveFrame['event']>(
    event: K,
    test?: (frame: Extract<LiveFrame, { event: K }>) => boolean,
  ): Promise<Extract<LiveFrame, { event: K }>>;
  /** a ping answered: every frame sent before the pong has arrived */
  sync(): Promise<void>;
}

export const consoles: Console[] = [];

export function wsUrl(app: FastifyInstance, token?: string): string {
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/api/ws${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;
}

/** Open a console socket (not waiting for anything). */
export function openConsole(url: string): Console {
  const socket = new WebSocket(url);
  const frames: LiveFrame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as LiveFrame));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  socket.on('error', () => undefined);
  const of = <K extends LiveFrame['event']>(event: K, sn?: string) =>
    frames.filter(
      (frame): frame is Extract<LiveFrame, { event: K }> =>
        frame.event === event && (sn === undefined || (frame.data as { sn?: string }).sn === sn),
    );
  const result: Console = {
    socket,
    frames,
    closed,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    of,
    async next(event, test = () => true) {
      let found: Extract<LiveFrame, { event: typeof event }> | undefined;
      await vi.waitFor(
        () => {
          found = of(event).find(test);
          expect(found, `a ${event} frame`).toBeDefined();
        },
        { timeout: 5000 },
      );
      return found!;
    },
    async sync() {
      const pongs = of('pong').length;
      result.send({ type: 'ping' });
      await vi.waitFor(() => expect(of('pong').length).toBeGreaterThan(pongs), { timeout: 5000 });
    },
  };
  consoles.push(result);
  return result;
}

/** A console signed in as `token`, past its hello, following `sns` (all of its tenant when absent). */
export async function subscribedConsole(app: FastifyInstance, token: string, sns?: string[]) {
  const viewer = openConsole(wsUrl(app, token));
  await viewer.next('hello');
  viewer.send({ type: 'subscribe', ...(sns ? { sns } : {}) });
  await viewer.next('snapshot');
  return viewer;
}

export async function closeAll(): Promise<void> {
  for (const viewer of consoles.splice(0)) viewer.socket.terminate();
  await Promise.all(mqttClients.splice(0).map((client) => client.endAsync(true)));
}
