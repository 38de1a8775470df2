import { deviceTopic } from '@aos/contract';
import { connect, type IConnackPacket } from 'mqtt';
import { describe, expect, it, vi } from 'vitest';
import { asDevice, clients, connectDevice, envelope, publish, registerDock } from '../device-helper.js';
import { createTenant, login } from '../helper.js';
import { type LinkApp, useLinkApp } from './helper.js';

/**
 * The MQTT client id is bound to the credential (issue 14): it names the broker session (subscriptions and
 * queued messages) and a second CONNECT with it knocks the first connection off, so it must be the device's
 * own serial number. A device of one tenant naming another's is refused with "identifier rejected" (2).
 */

const IDENTIFIER_REJECTED = 2;

describe('MQTT client ids on the embedded broker', () => {
  let { app, link, url, token } = {} as LinkApp; // set before the tests run

  useLinkApp((linked) => ({ app, link, url, token } = linked));

  it("refuses a device connecting with another tenant's device's serial number as client id", async () => {
    await createTenant(app, '424242');
    const tokenB = (await login(app, '424242')).access_token;
    const ours = await registerDock(app, token);
    const theirs = await registerDock(app, tokenB);
    const persistent = { ...asDevice(theirs.credential), clean: false };
    const victim = await connectDevice(url, persistent);
    await victim.subscribeAsync(deviceTopic(theirs.serialNumber, 'services'), { qos: 1 });
    await publish(victim, theirs.serialNumber, 'osd', envelope(undefined, { cover_state: 0 }));
    await vi.waitFor(() => expect(link.presence.get(theirs.serialNumber)?.online).toBe(true));
    let victimClosed = false;
    victim.on('close', () => (victimClosed = true));

    const stats = { ...app.deviceBroker!.stats };
    const takeOver = { ...asDevice(ours.credential), clientId: theirs.serialNumber, clean: false };
    await expect(connectDevice(url, takeOver)).rejects.toMatchObject({ code: IDENTIFIER_REJECTED });
    // Neither its own serial number with a suffix nor a random one will do.
    const suffixed = { ...asDevice(ours.credential), clientId: `${ours.serialNumber}-2` };
    await expect(connectDevice(url, suffixed)).rejects.toMatchObject({ code: IDENTIFIER_REJECTED });
    expect(app.deviceBroker!.stats.refusedConnections - stats.refusedConnections).toBe(2);
    expect(app.deviceBroker!.stats.refusedClientIds - stats.refusedClientIds).toBe(2);

    // The victim was not knocked off and is still online.
    await publish(victim, theirs.serialNumber, 'osd', envelope(undefined, { cover_state: 1 }));
    expect(victimClosed).toBe(false);
    expect(victim.connected).toBe(true);
    expect(link.presence.get(theirs.serialNumber)?.online).toBe(true);

    // Its persistent session, and a reply queued for it while it is away, survive a takeover attempt.
    await victim.endAsync();
    const queued = envelope('cover_open', {});
    const topic = deviceTopic(theirs.serialNumber, 'services');
    app.deviceBroker!.aedes.publish(
      { cmd: 'publish', topic, payload: JSON.stringify(queued), qos: 1, dup: false, retain: false },
      () => {},
    );
    await expect(connectDevice(url, takeOver)).rejects.toMatchObject({ code: IDENTIFIER_REJECTED });
    const back = connect(url, { protocolVersion: 4, reconnectPeriod: 0, ...persistent });
    clients.push(back);
    const received = new Promise<string>((resolve) =>
      back.on('message', (_, payload) => resolve(`${payload}`)),
    );
    const connack = await new Promise<IConnackPacket>((resolve) => back.once('connect', resolve));
    expect(connack.sessionPresent).toBe(true);
    expect(JSON.parse(await received)).toMatchObject({ tid: queued.tid, method: 'cover_open' });
  });

  it('lets a device connect again with its own serial number as client id', async () => {
    const dock = await registerDock(app, token);
    const first = await connectDevice(url, asDevice(dock.credential));
    expect(first.options.clientId).toBe(dock.serialNumber);
    await first.endAsync();
    const again = await connectDevice(url, asDevice(dock.credential));
    expect(again.connected).toBe(true);
    await publish(again, dock.serialNumber, 'osd', envelope(undefined, { cover_state: 0 }));
    await vi.waitFor(() => expect(link.presence.get(dock.serialNumber)?.online).toBe(true));
  });
});
