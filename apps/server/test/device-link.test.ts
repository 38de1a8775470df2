import { deviceTopic } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeviceCommandError } from '../src/device/commands.js';
import type { DeviceLink } from '../src/device/link.js';
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
  send,
  topo,
} from './device-helper.js';
import { createTenant, createTestApp, login, send as call } from './helper.js';

/**
 * The device link end to end: devices registered through the HTTP API connect with the credentials it
 * answered, as real MQTT clients (the `mqtt` package) of the embedded broker on a free port; the external
 * broker part runs when MQTT_URL names one (Mosquitto in CI and on this machine).
 */

const B = '800061';

/** The QoS the broker grants for each filter, 128 for a refused one (each filter subscribed on its own). */
async function grants(client: MqttClient, filters: string[]): Promise<number[]> {
  const granted: number[] = [];
  for (const filter of filters) {
    granted.push(
      await client.subscribeAsync(filter, { qos: 1 }).then(
        ([grant]) => grant!.qos,
        (error: { packet?: { granted?: number[] } }) => error.packet?.granted?.[0] ?? -1,
      ),
    );
  }
  return granted;
}

afterEach(endDevices);

describe('device link on the embedded broker', () => {
  let app: FastifyInstance;
  let link: DeviceLink;
  let url: string;
  let token: string;
  let events: ReturnType<typeof record>;

  beforeAll(async () => {
    app = await createTestApp(LINK_ENV);
    link = app.services.deviceLink;
    url = `mqtt://127.0.0.1:${app.deviceBroker!.port}`;
    token = (await login(app)).access_token;
    events = record(link);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lets a registered dock connect with its credentials and refuses wrong ones', async () => {
    const dock = await registerDock(app, token);
    const refusedBefore = app.deviceBroker!.stats.refusedConnections;
    const client = await connectDevice(url, asDevice(dock.credential));
    expect(client.connected).toBe(true);
    const wrongPassword = { ...asDevice(dock.credential), password: 'A'.repeat(24) };
    await expect(connectDevice(url, wrongPassword)).rejects.toMatchObject({ code: 4 });
    const unknownUser = { ...asDevice(dock.credential), username: 'dev-0123456789abcdef' };
    await expect(connectDevice(url, unknownUser)).rejects.toMatchObject({ code: 4 });
    await expect(connectDevice(url, { clientId: 'anonymous' })).rejects.toMatchObject({ code: 4 });
    expect(app.deviceBroker!.stats.refusedConnections - refusedBefore).toBe(3);
  });

  it('drops a connected device whose credential is reset or which is removed', async () => {
    const dock = await registerDock(app, token);
    const client = await connectDevice(url, asDevice(dock.credential));
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const reset = await call(
      app,
      token,
      'POST',
      `/api/cloud-equipment/uavhangar/resetCredential?id=${dock.id}`,
    );
    expect(reset.statusCode, reset.body).toBe(200);
    await closed;
    await expect(connectDevice(url, asDevice(dock.credential))).rejects.toMatchObject({ code: 4 });
    const renewed = { ...dock.credential, password: reset.json().data.password as string };
    const again = await connectDevice(url, asDevice(renewed));
    const gone = new Promise<void>((resolve) => again.once('close', () => resolve()));
    const removed = await call(app, token, 'POST', `/api/cloud-equipment/uavhangar/remove?ids=${dock.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await gone;
    expect(await app.services.deviceDirectory.lookup(dock.serialNumber)).toBeNull();
  });

  it("refuses a dock publishing or subscribing on another device's topics", async () => {
    const drone = await registerDrone(app, token);
    const dock = await registerDock(app, token, [drone]);
    const other = await registerDock(app, token);
    const client = await connectDevice(url, asDevice(dock.credential));

    const granted = await grants(client, [
      deviceTopic(dock.serialNumber, 'services'),
      deviceTopic(drone.serialNumber, 'services'),
      deviceTopic(other.serialNumber, 'services'),
      'thing/product/+/services',
      'thing/product/#',
      deviceTopic(dock.serialNumber, 'osd'),
    ]);
    expect(granted).toEqual([1, 1, 128, 128, 128, 128]);

    // Its bound drone's topics are its own: a dock relays the drone's telemetry.
    await publish(client, drone.serialNumber, 'osd', envelope(undefined, { latitude: 22.5 }));
    await vi.waitFor(() => expect(link.registry.get(drone.serialNumber)?.osd).toEqual({ latitude: 22.5 }));

    const refusedBefore = app.deviceBroker!.stats.refusedPublishes;
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(
      deviceTopic(other.serialNumber, 'osd'),
      JSON.stringify(envelope(undefined, { height: 1 })),
    );
    await closed; // MQTT 3.1.1 has no negative PUBACK: the broker drops the connection
    expect(app.deviceBroker!.stats.refusedPublishes - refusedBefore).toBe(1);
    expect(link.registry.get(other.serialNumber)).toBeUndefined();

    // Cloud → device topics are not a device's to publish, even its own.
    const again = await connectDevice(url, asDevice(dock.credential));
    const closedAgain = new Promise<void>((resolve) => again.once('close', () => resolve()));
    again.publish(deviceTopic(dock.serialNumber, 'services'), JSON.stringify(envelope('cover_open', {})));
    await closedAgain;
    expect(app.deviceBroker!.stats.refusedPublishes - refusedBefore).toBe(2);
  });

  it('refuses a drone using its dock’s topics', async () => {
    const drone = await registerDrone(app, token);
    const dock = await registerDock(app, token, [drone]);
    const client = await connectDevice(url, asDevice(drone.credential));
    const granted = await grants(client, [
      deviceTopic(drone.serialNumber, 'services'),
      deviceTopic(dock.serialNumber, 'services'),
    ]);
    expect(granted).toEqual([1, 128]);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(deviceTopic(dock.serialNumber, 'osd'), JSON.stringify(envelope(undefined, {})));
    await closed;
  });

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
    expect(link.registry.isOnline(dock.serialNumber)).toBe(true);
    expect(link.registry.isOnline(drone.serialNumber)).toBe(true);
    expect(link.registry.get(drone.serialNumber)).toMatchObject({
      gatewaySn: dock.serialNumber,
      model: { domain: 0, type: 91, subType: 1 },
      device: { tenantId: '000000', kind: 'equipment', ownerId: drone.id },
    });
    expect(link.registry.get(dock.serialNumber)?.subDevices).toEqual([drone.serialNumber]);
    expect(events.of(dock.serialNumber, 'online')).toHaveLength(1);
    expect(events.of(drone.serialNumber, 'online')[0]?.payload).toMatchObject({
      gatewaySn: dock.serialNumber,
    });

    const emptied = nextMessage(client, deviceTopic(dock.serialNumber, 'status_reply'));
    await publish(client, dock.serialNumber, 'status', topo([]));
    await emptied;
    expect(link.registry.isOnline(drone.serialNumber)).toBe(false);
    expect(link.registry.isOnline(dock.serialNumber)).toBe(true);
    expect(events.of(drone.serialNumber, 'offline')[0]?.payload).toMatchObject({ reason: 'topology' });
  });

  it('takes a silent dock offline after the timeout, its drone with it', async () => {
    const drone = await registerDrone(app, token);
    const dock = await registerDock(app, token, [drone]);
    const client = await connectDevice(url, asDevice(dock.credential));
    // taken before the dock's last message: silence is counted from its arrival, which is later
    const start = Date.now();
    await publish(client, dock.serialNumber, 'status', topo([{ sn: drone.serialNumber }]));
    await vi.waitFor(() => expect(link.registry.isOnline(drone.serialNumber)).toBe(true));
    await vi.waitFor(() => expect(link.registry.isOnline(dock.serialNumber)).toBe(false), { timeout: 5000 });
    expect(Date.now() - start).toBeGreaterThanOrEqual(1000);
    expect(events.of(dock.serialNumber, 'offline')[0]?.payload).toMatchObject({ reason: 'timeout' });
    expect(link.registry.isOnline(drone.serialNumber)).toBe(false);
    expect(client.connected).toBe(true); // silence, not a closed connection

    // Anything from it brings it back.
    await publish(client, dock.serialNumber, 'osd', envelope(undefined, { mode_code: 0 }));
    await vi.waitFor(() => expect(link.registry.isOnline(dock.serialNumber)).toBe(true));
  });

  it('takes a dock offline at once when its connection closes', async () => {
    const dock = await registerDock(app, token);
    const client = await connectDevice(url, asDevice(dock.credential));
    await publish(client, dock.serialNumber, 'osd', envelope(undefined, { mode_code: 0 }));
    await vi.waitFor(() => expect(link.registry.isOnline(dock.serialNumber)).toBe(true));
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
    expect(link.registry.get(dock.serialNumber)?.osd).toEqual({
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
      device: { serialNumber: dock.serialNumber, tenantId: '000000', kind: 'hangar', ownerId: dock.id },
      osd: { cover_state: 1, temperature: 24.5, rainfall: 2 },
    });
    expect(events.of(drone.serialNumber, 'osd')[0]?.payload).toMatchObject({
      gatewaySn: dock.serialNumber,
      osd: { latitude: 22.54, battery: { capacity_percent: 87 } },
    });
    expect(link.registry.get(dock.serialNumber)?.state).toEqual({ firmware_version: '10.01' });
    // The drone's messages named its dock: commands for it go there.
    expect(link.registry.gatewayOf(drone.serialNumber)).toBe(dock.serialNumber);
  });

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
    expect(link.registry.get(dock.serialNumber)?.osd).toEqual({ cover_state: 2 });
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
    await vi.waitFor(() => expect(link.registry.isOnline(dock.serialNumber)).toBe(true));
    expect(link.stats.unregistered - before).toBe(3);
    expect(link.registry.get(ghost)).toBeUndefined();
    expect(link.registry.get(foreign.serialNumber)).toBeUndefined();
    expect(link.registry.get(dock.serialNumber)?.subDevices).toEqual([]);
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
    await publish(client, dock.serialNumber, 'requests', envelope('flight_areas_get', {}));
    expect(await replied).toMatchObject({ method: 'flight_areas_get', data: { result: 1 } });
  });

  describe('commands', () => {
    it('sends a command to the dock and resolves with its reply', async () => {
      const drone = await registerDrone(app, token);
      const dock = await registerDock(app, token, [drone]);
      const client = await connectDevice(url, asDevice(dock.credential));
      await client.subscribeAsync(deviceTopic(dock.serialNumber, 'services'), { qos: 1 });
      await publish(client, dock.serialNumber, 'status', topo([{ sn: drone.serialNumber }]));
      await vi.waitFor(() => expect(link.registry.isOnline(drone.serialNumber)).toBe(true));
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
