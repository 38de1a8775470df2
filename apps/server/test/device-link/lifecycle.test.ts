import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { deviceTopic } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  asDevice,
  connectDevice,
  endDevices,
  envelope,
  LINK_ENV,
  nextMessage,
  nextSerial,
  publish,
  record,
  registerDock,
  registerDrone,
  run,
  send,
  topo,
} from '../device-helper.js';
import { createTestApp, login } from '../helper.js';

/**
 * The device link's lifecycle (off in test apps unless asked, closed with the app) and the link on an
 * external broker, which runs when MQTT_URL names one (Mosquitto in CI and on this machine): shared
 * subscriptions between two server instances.
 */

afterEach(endDevices);

describe('device link lifecycle', () => {
  it('stays off in test apps unless asked, refusing commands as unavailable', async () => {
    const app = await createTestApp();
    try {
      expect(app.deviceBroker).toBeNull();
      expect(app.platform.deviceLink.running).toBe(false);
      await expect(app.platform.deviceLink.call('ANY', 'cover_open')).rejects.toMatchObject({
        reason: 'unavailable',
      });
    } finally {
      await app.close();
    }
  });

  it('closes the broker with the app: devices are disconnected and the port is free again', async () => {
    const app = await createTestApp(LINK_ENV);
    const dock = await registerDock(app, (await login(app)).access_token);
    const port = app.deviceBroker!.port;
    const client = await connectDevice(`mqtt://127.0.0.1:${port}`, asDevice(dock.credential));
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const waiting = app.platform.deviceLink
      .call(dock.serialNumber, 'cover_open', {}, { timeoutMs: 10_000 })
      .catch((error: unknown) => error);
    await app.close();
    expect(await waiting).toMatchObject({ reason: 'unavailable' });
    await closed;
    expect(app.platform.deviceLink.running).toBe(false);
    const server = createServer();
    await new Promise<void>((resolve, reject) =>
      server.once('error', reject).listen(port, '127.0.0.1', resolve),
    );
    await new Promise((resolve) => server.close(resolve));
  });
});

/**
 * On an external broker (MQTT_URL: Mosquitto here and in CI) devices authenticate with the broker, not with
 * us; the link connects as an MQTT 5 client with shared subscriptions. Each app registers the same serial
 * numbers in its own database, so a message handled by either instance is recognised.
 */
describe.runIf(process.env.MQTT_URL)('device link on an external broker', () => {
  const brokerUrl = process.env.MQTT_URL!;
  const group = `aos-test-${randomBytes(4).toString('hex')}`;
  const env = { ...LINK_ENV, MQTT_URL: brokerUrl, MQTT_SHARE_GROUP: group };
  let first: FastifyInstance;
  let second: FastifyInstance;
  let dockSn: string;
  let droneSn: string;

  beforeAll(async () => {
    first = await createTestApp(env);
    second = await createTestApp(env);
    dockSn = nextSerial('EXTDOCK');
    droneSn = nextSerial('EXTDRONE');
    for (const app of [first, second]) {
      const token = (await login(app)).access_token;
      await registerDock(app, token, [await registerDrone(app, token, droneSn)], dockSn);
    }
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('handles each device message once across two instances and answers topology', async () => {
    const dock = await connectDevice(brokerUrl, { clientId: `${dockSn}-ext` });
    await dock.subscribeAsync(deviceTopic(dockSn, 'status_reply'), { qos: 1 });
    const replied = nextMessage(dock, deviceTopic(dockSn, 'status_reply'));
    await publish(dock, dockSn, 'status', topo([{ sn: droneSn }]));
    expect(await replied).toMatchObject({ data: { result: 0 } });
    const counters = [first, second].map((app) => record(app.platform.deviceLink));
    for (let index = 0; index < 20; index++) {
      await publish(dock, dockSn, 'osd', envelope(undefined, { job_number: index }));
    }
    await vi.waitFor(() =>
      expect(counters.reduce((sum, counter) => sum + counter.of(dockSn, 'osd').length, 0)).toBe(20),
    );
    await new Promise((resolve) => setTimeout(resolve, 200)); // nothing more arrives: each message once
    expect(counters.reduce((sum, counter) => sum + counter.of(dockSn, 'osd').length, 0)).toBe(20);
  });

  it('gets the reply to a command on the instance that sent it', async () => {
    const dock = await connectDevice(brokerUrl, { clientId: `${dockSn}-cmd` });
    await dock.subscribeAsync(deviceTopic(dockSn, 'services'), { qos: 1 });
    dock.on('message', (topic, payload) => {
      const command = JSON.parse(payload.toString());
      send(
        dock,
        dockSn,
        'services_reply',
        envelope(
          command.method,
          { result: 0, output: { status: 'ok' } },
          { tid: command.tid, bid: command.bid },
        ),
      );
    });
    const unmatched = () =>
      first.platform.deviceLink.stats.unmatchedReplies + second.platform.deviceLink.stats.unmatchedReplies;
    const before = unmatched();
    for (const app of [first, second]) {
      await expect(app.platform.deviceLink.call(dockSn, 'cover_open')).resolves.toMatchObject({
        output: { status: 'ok' },
      });
    }
    // Every instance receives every reply; each ignores the one it did not wait for.
    await vi.waitFor(() => expect(unmatched() - before).toBe(2));
  });

  it('drops messages for unregistered serial numbers', async () => {
    const stranger = await connectDevice(brokerUrl, { clientId: `stranger-${run}` });
    const links = [first.platform.deviceLink, second.platform.deviceLink];
    const before = links.reduce((sum, link) => sum + link.stats.unregistered, 0);
    const ghost = nextSerial('GHOST');
    await publish(stranger, ghost, 'osd', envelope(undefined, { latitude: 1 }));
    await vi.waitFor(() =>
      expect(links.reduce((sum, link) => sum + link.stats.unregistered, 0) - before).toBe(1),
    );
    expect(links.every((link) => link.presence.get(ghost) === undefined)).toBe(true);
  });
});
