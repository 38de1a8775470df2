import { deviceTopic } from '@aos/contract';
import type { MqttClient } from 'mqtt';
import { describe, expect, it, vi } from 'vitest';
import { asDevice, connectDevice, envelope, publish, registerDock, registerDrone } from '../device-helper.js';
import { type LinkApp, useLinkApp } from './helper.js';
import { send as call } from '../helper.js';

/**
 * The device link end to end, who may connect and on which topics: devices registered through the HTTP API
 * connect with the credentials it answered, as real MQTT clients (the `mqtt` package) of the embedded
 * broker on a free port, and each keeps to its own topics. Online, offline and telemetry are in
 * device-link-presence, the messages the link drops or answers in device-link-messages, commands in
 * device-link-commands, its lifecycle and the external broker in device-link-lifecycle.
 */

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

describe('device link on the embedded broker', () => {
  let { app, link, url, token } = {} as LinkApp; // set before the tests run

  useLinkApp((linked) => ({ app, link, url, token } = linked));

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
    expect(await app.platform.deviceDirectory.lookup(dock.serialNumber)).toBeNull();
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
    await vi.waitFor(async () =>
      expect((await app.platform.live.get(drone.serialNumber))?.osd).toEqual({ latitude: 22.5 }),
    );

    const refusedBefore = app.deviceBroker!.stats.refusedPublishes;
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(
      deviceTopic(other.serialNumber, 'osd'),
      JSON.stringify(envelope(undefined, { height: 1 })),
    );
    await closed; // MQTT 3.1.1 has no negative PUBACK: the broker drops the connection
    expect(app.deviceBroker!.stats.refusedPublishes - refusedBefore).toBe(1);
    expect(link.presence.get(other.serialNumber)).toBeUndefined();

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
});
