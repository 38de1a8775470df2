import { deviceTopic } from '@aos/contract';
import { describe, expect, it, vi } from 'vitest';
import { DeviceCommandError } from '../../src/device/commands.js';
import {
  asDevice,
  connectDevice,
  envelope,
  publish,
  registerDock,
  registerDrone,
  send,
  topo,
} from '../device-helper.js';
import { type LinkApp, useLinkApp } from './helper.js';

/**
 * The device link end to end, commands (services, answered on services_reply): sent to real MQTT clients
 * of the embedded broker, a drone's through its dock, resolving with the reply, rejecting with the
 * device's error code or timing out.
 */

describe('device link on the embedded broker', () => {
  let { app, link, url, token } = {} as LinkApp; // set before the tests run

  useLinkApp((linked) => ({ app, link, url, token } = linked));

  describe('commands', () => {
    it('sends a command to the dock and resolves with its reply', async () => {
      const drone = await registerDrone(app, token);
      const dock = await registerDock(app, token, [drone]);
      const client = await connectDevice(url, asDevice(dock.credential));
      await client.subscribeAsync(deviceTopic(dock.serialNumber, 'services'), { qos: 1 });
      await publish(client, dock.serialNumber, 'status', topo([{ sn: drone.serialNumber }]));
      await vi.waitFor(() => expect(link.presence.isOnline(drone.serialNumber)).toBe(true));
      client.on('message', (topic, payload) => {
        const command = JSON.parse(payload.toString());
        send(client, dock.serialNumber, 'services_reply', {
          tid: command.tid,
          bid: command.bid,
          timestamp: Date.now(),
          method: command.method,
          data: { result: 0, output: { status: 'ok', echo: command.data } },
        });
      });
      const outcome = await link.call(dock.serialNumber, 'cover_open', { action: 1 });
      expect(outcome).toMatchObject({ output: { status: 'ok', echo: { action: 1 } } });
      expect(outcome.tid).not.toBe(outcome.bid);
      // A drone's command goes through its dock's services topic.
      const viaDock = await link.call(drone.serialNumber, 'return_home', {}, { bid: 'job-1' });
      expect(viaDock).toMatchObject({ bid: 'job-1', output: { status: 'ok' } });
    });

    it('rejects with the device’s error code', async () => {
      const dock = await registerDock(app, token);
      const client = await connectDevice(url, asDevice(dock.credential));
      await client.subscribeAsync(deviceTopic(dock.serialNumber, 'services'), { qos: 1 });
      client.on('message', (topic, payload) => {
        const command = JSON.parse(payload.toString());
        send(
          client,
          dock.serialNumber,
          'services_reply',
          envelope(command.method, { result: 321000 }, { tid: command.tid, bid: command.bid }),
        );
      });
      const failure = await link.call(dock.serialNumber, 'drone_open').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DeviceCommandError);
      expect(failure).toMatchObject({ reason: 'rejected', result: 321000 });
    });

    it('times out without a reply, and ignores a reply from another device', async () => {
      const dock = await registerDock(app, token);
      const other = await registerDock(app, token);
      const client = await connectDevice(url, asDevice(dock.credential));
      const impostor = await connectDevice(url, asDevice(other.credential));
      await client.subscribeAsync(deviceTopic(dock.serialNumber, 'services'), { qos: 1 });
      client.on('message', (topic, payload) => {
        const command = JSON.parse(payload.toString());
        // The other dock answers on its own reply topic with the command's tid: not the addressee.
        send(
          impostor,
          other.serialNumber,
          'services_reply',
          envelope(command.method, { result: 0 }, { tid: command.tid }),
        );
      });
      const unmatched = link.stats.unmatchedReplies;
      const started = Date.now();
      const failure = await link
        .call(dock.serialNumber, 'cover_close', {}, { timeoutMs: 400 })
        .catch((error: unknown) => error);
      expect(failure).toMatchObject({
        reason: 'timeout',
        message: expect.stringMatching(/no reply within 400 ms/),
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(390);
      expect(link.stats.unmatchedReplies - unmatched).toBe(1);
    });
  });
});
