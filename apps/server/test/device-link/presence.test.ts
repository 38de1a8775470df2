import { deviceTopic } from '@aos/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  asDevice,
  connectDevice,
  envelope,
  nextMessage,
  publish,
  registerDock,
  registerDrone,
  topo,
} from '../device-helper.js';
import { type LinkApp, useLinkApp } from './helper.js';

/**
 * The device link end to end, who is online and what they report: docks announcing their drones
 * (update_topo), going offline on silence or a closed connection, and the telemetry kept and emitted, from
 * real MQTT clients of the embedded broker.
 */

describe('device link on the embedded broker', () => {
  let { app, link, url, token, events } = {} as LinkApp; // set before the tests run

  useLinkApp((linked) => ({ app, link, url, token, events } = linked));

  it('brings a dock and its drone online from update_topo, answers it, and drops the drone on an empty list', async () => {
    const drone = await registerDrone(app, token);
    const dock = await registerDock(app, token, [drone]);
    const client = await connectDevice(url, asDevice(dock.credential));
    await client.subscribeAsync(deviceTopic(dock.serialNumber, 'status_reply'), { qos: 1 });

    const announce = topo([{ sn: drone.serialNumber }]);
    const replied = nextMessage(client, deviceTopic(dock.serialNumber, 'status_reply'));
    await publish(client, dock.serialNumber, 'status', announce);
    expect(await replied).toMatchObject({
      tid: announce.tid,
      bid: announce.bid,
      method: 'update_topo',
      data: { result: 0 },
    });
    expect(link.presence.isOnline(dock.serialNumber)).toBe(true);
    expect(link.presence.isOnline(drone.serialNumber)).toBe(true);
    expect(link.presence.get(drone.serialNumber)).toMatchObject({
      gatewaySn: dock.serialNumber,
      model: { domain: 0, type: 91, subType: 1 },
      device: { tenantId: '000000', kind: 'device', ownerId: drone.id },
    });
    expect(link.presence.get(dock.serialNumber)?.subDevices).toEqual([drone.serialNumber]);
    expect(events.of(dock.serialNumber, 'online')).toHaveLength(1);
    expect(events.of(drone.serialNumber, 'online')[0]?.payload).toMatchObject({
      gatewaySn: dock.serialNumber,
    });

    const emptied = nextMessage(client, deviceTopic(dock.serialNumber, 'status_reply'));
    await publish(client, dock.serialNumber, 'status', topo([]));
    await emptied;
    expect(link.presence.isOnline(drone.serialNumber)).toBe(false);
    expect(link.presence.isOnline(dock.serialNumber)).toBe(true);
    expect(events.of(drone.serialNumber, 'offline')[0]?.payload).toMatchObject({ reason: 'topology' });
  });

  it('takes a silent dock offline after the timeout, its drone with it', async () => {
    const drone = await registerDrone(app, token);
    const dock = await registerDock(app, token, [drone]);
    const client = await connectDevice(url, asDevice(dock.credential));
    // taken before the dock's last message: silence is counted from its arrival, which is later
    const start = Date.now();
    await publish(client, dock.serialNumber, 'status', topo([{ sn: drone.serialNumber }]));
    await vi.waitFor(() => expect(link.presence.isOnline(drone.serialNumber)).toBe(true));
    await vi.waitFor(() => expect(link.presence.isOnline(dock.serialNumber)).toBe(false), { timeout: 5000 });
    expect(Date.now() - start).toBeGreaterThanOrEqual(1000);
    expect(events.of(dock.serialNumber, 'offline')[0]?.payload).toMatchObject({ reason: 'timeout' });
    expect(link.presence.isOnline(drone.serialNumber)).toBe(false);
    expect(client.connected).toBe(true); // silence, not a closed connection

    // Anything from it brings it back.
    await publish(client, dock.serialNumber, 'osd', envelope(undefined, { mode_code: 0 }));
    await vi.waitFor(() => expect(link.presence.isOnline(dock.serialNumber)).toBe(true));
  });

  it('takes a dock offline at once when its connection closes', async () => {
    const dock = await registerDock(app, token);
    const client = await connectDevice(url, asDevice(dock.credential));
    await publish(client, dock.serialNumber, 'osd', envelope(undefined, { mode_code: 0 }));
    await vi.waitFor(() => expect(link.presence.isOnline(dock.serialNumber)).toBe(true));
    await client.endAsync();
    await vi.waitFor(() =>
      expect(events.of(dock.serialNumber, 'offline')[0]?.payload).toMatchObject({ reason: 'disconnect' }),
    );
  });

  it('keeps the last telemetry of a dock and its drone and emits each OSD message', async () => {
    const drone = await registerDrone(app, token);
    const dock = await registerDock(app, token, [drone]);
    const client = await connectDevice(url, asDevice(dock.credential));
    await publish(
      client,
      dock.serialNumber,
      'osd',
      envelope(undefined, { cover_state: 0, temperature: 24.5 }),
    );
    await publish(client, dock.serialNumber, 'osd', envelope(undefined, { cover_state: 1, rainfall: 2 }));
    await publish(
      client,
      drone.serialNumber,
      'osd',
      envelope(
        undefined,
        { latitude: 22.54, longitude: 113.95, attitude_head: 90, battery: { capacity_percent: 87 } },
        {
          gateway: dock.serialNumber,
        },
      ),
    );
    await publish(client, dock.serialNumber, 'state', envelope(undefined, { firmware_version: '10.01' }));

    await vi.waitFor(() => expect(events.of(drone.serialNumber, 'osd')).toHaveLength(1));
    await vi.waitFor(() => expect(events.of(dock.serialNumber, 'state')).toHaveLength(1));
    expect((await app.platform.live.get(dock.serialNumber))?.osd).toEqual({
      cover_state: 1,
      temperature: 24.5,
      rainfall: 2,
    });
    const dockOsd = events.of(dock.serialNumber, 'osd');
    expect(dockOsd.map((entry) => entry.payload.data)).toEqual([
      { cover_state: 0, temperature: 24.5 },
      { cover_state: 1, rainfall: 2 },
    ]);
    expect(dockOsd[1]?.payload).toMatchObject({
      device: { serialNumber: dock.serialNumber, tenantId: '000000', kind: 'dock', ownerId: dock.id },
      osd: { cover_state: 1, temperature: 24.5, rainfall: 2 },
    });
    expect(events.of(drone.serialNumber, 'osd')[0]?.payload).toMatchObject({
      gatewaySn: dock.serialNumber,
      osd: { latitude: 22.54, battery: { capacity_percent: 87 } },
    });
    expect((await app.platform.live.get(dock.serialNumber))?.state).toEqual({ firmware_version: '10.01' });
    // The drone's messages named its dock: commands for it go there.
    expect(link.presence.gatewayOf(drone.serialNumber)).toBe(dock.serialNumber);
  });
});
