import type { AddressInfo } from 'node:net';
import type { LiveFrame } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import WebSocket from 'ws';
import { endDevices } from './device-helper.js';

/**
 * WebSocket consoles for the live-push tests; the devices (registration, MQTT clients, messages) are
 * device-helper.ts's, re-exported here.
 */

export {
  asDevice,
  connectDevice,
  type Credential,
  envelope,
  nextSerial,
  publish,
  registerDock,
  registerDrone,
  type Registered,
  topo,
} from './device-helper.js';

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
  await endDevices();
}
