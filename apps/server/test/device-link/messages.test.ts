import { deviceTopic } from '@aos/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  asDevice,
  connectDevice,
  envelope,
  nextMessage,
  nextSerial,
  publish,
  registerDock,
  registerDrone,
  topo,
} from '../device-helper.js';
import { type LinkApp, useLinkApp } from './helper.js';
import { createTenant, login } from '../helper.js';

/**
 * The device link end to end, the messages of real MQTT clients of the embedded broker that it drops or
 * answers: malformed ones and those of unregistered devices dropped and counted, events that want a reply
 * and requests answered.
 */

const B = '800061';

describe('device link on the embedded broker', () => {
  let { app, link, url, token, events } = {} as LinkApp; // set before the tests run

  useLinkApp((linked) => ({ app, link, url, token, events } = linked));

  it('counts malformed messages, drops them, and keeps working', async () => {
    const dock = await registerDock(app, token);
    const client = await connectDevice(url, asDevice(dock.credential));
    const before = { ...link.stats };
    await publish(client, dock.serialNumber, 'osd', 'not json {');
    await publish(client, dock.serialNumber, 'osd', { tid: 1, bid: 'b', timestamp: 1, data: {} });
    await publish(client, dock.serialNumber, 'osd', envelope(undefined, { cover_state: 'open' }));
    await publish(client, dock.serialNumber, 'osd', envelope(undefined, 'not an object'));
    await publish(client, dock.serialNumber, 'status', envelope('update_topo', { type: 2, sub_type: 0 }));
    await publish(
      client,
      dock.serialNumber,
      'status',
      envelope('something_else', { type: 2, sub_type: 0, sub_devices: [] }),
    );
    await publish(
      client,
      dock.serialNumber,
      'events',
      envelope('cover_open', { output: { status: 'bogus' } }),
    );
    await publish(client, dock.serialNumber, 'events', envelope(undefined, {}));
    await publish(client, dock.serialNumber, 'services_reply', envelope('cover_open', { output: {} }));
    await publish(client, dock.serialNumber, 'osd', envelope(undefined, { cover_state: 2 }));

    await vi.waitFor(() => expect(events.of(dock.serialNumber, 'osd')).toHaveLength(1));
    expect(link.stats.malformed - before.malformed).toBe(9);
    expect(link.stats.received - before.received).toBe(10);
    expect(link.stats.failed).toBe(before.failed);
    expect((await app.platform.live.get(dock.serialNumber))?.osd).toEqual({ cover_state: 2 });
    expect(client.connected).toBe(true);
  });

  it('drops and counts messages for unregistered serial numbers and foreign sub-devices', async () => {
    const dock = await registerDock(app, token);
    await createTenant(app, B);
    const foreign = await registerDrone(app, (await login(app, B)).access_token);
    const client = await connectDevice(url, asDevice(dock.credential));
    const before = link.stats.unregistered;
    const ghost = nextSerial('GHOST');
    // A bridge or the broker itself could carry any topic: inject past the device authorization.
    await new Promise<void>((resolve) =>
      app.deviceBroker!.aedes.publish(
        {
          cmd: 'publish',
          topic: deviceTopic(ghost, 'osd'),
          payload: Buffer.from(JSON.stringify(envelope(undefined, { latitude: 1 }))),
          qos: 0,
          retain: false,
          dup: false,
        },
        () => resolve(),
      ),
    );
    await publish(client, dock.serialNumber, 'status', topo([{ sn: ghost }, { sn: foreign.serialNumber }]));
    await vi.waitFor(() => expect(link.presence.isOnline(dock.serialNumber)).toBe(true));
    expect(link.stats.unregistered - before).toBe(3);
    expect(link.presence.get(ghost)).toBeUndefined();
    expect(link.presence.get(foreign.serialNumber)).toBeUndefined();
    expect(link.presence.get(dock.serialNumber)?.subDevices).toEqual([]);
  });

  it('answers events that want a reply and reports job progress', async () => {
    const dock = await registerDock(app, token);
    const client = await connectDevice(url, asDevice(dock.credential));
    await client.subscribeAsync(deviceTopic(dock.serialNumber, 'events_reply'), { qos: 1 });
    const progress = envelope(
      'cover_open',
      {
        result: 0,
        output: {
          status: 'in_progress',
          progress: { percent: 40, current_step: 2, total_steps: 5, step_key: 'open' },
        },
      },
      { need_reply: 1 },
    );
    const replied = nextMessage(client, deviceTopic(dock.serialNumber, 'events_reply'));
    await publish(client, dock.serialNumber, 'events', progress);
    expect(await replied).toMatchObject({
      tid: progress.tid,
      bid: progress.bid,
      method: 'cover_open',
      data: { result: 0 },
    });
    expect(events.of(dock.serialNumber, 'event')[0]?.payload).toMatchObject({
      method: 'cover_open',
      bid: progress.bid,
      job: { output: { status: 'in_progress', progress: { percent: 40, step_key: 'open' } } },
    });
    await publish(client, dock.serialNumber, 'events', envelope('hms', { list: [] }));
    await vi.waitFor(() => expect(events.of(dock.serialNumber, 'event')).toHaveLength(2));
    expect(events.of(dock.serialNumber, 'event')[1]?.payload).toMatchObject({ method: 'hms', job: null });
  });

  it('answers requests: a handled method with its output, others as unsupported', async () => {
    const dock = await registerDock(app, token);
    const client = await connectDevice(url, asDevice(dock.credential));
    const replies = deviceTopic(dock.serialNumber, 'requests_reply');
    await client.subscribeAsync(replies, { qos: 1 });
    link.handleRequest('config', (device) => ({
      result: 0,
      output: { ntp_server_host: 'ntp.example', sn: device.serialNumber },
    }));
    const asked = envelope('config', { config_type: 'json' });
    let replied = nextMessage(client, replies);
    await publish(client, dock.serialNumber, 'requests', asked);
    expect(await replied).toMatchObject({
      tid: asked.tid,
      method: 'config',
      data: { result: 0, output: { ntp_server_host: 'ntp.example', sn: dock.serialNumber } },
    });
    replied = nextMessage(client, replies);
    await publish(client, dock.serialNumber, 'requests', envelope('no_such_request', {}));
    expect(await replied).toMatchObject({ method: 'no_such_request', data: { result: 1 } });
  });
});
