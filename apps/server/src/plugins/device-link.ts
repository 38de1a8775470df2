import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EmbeddedBroker } from '../device/broker.js';
import { externalTransport, type LinkTransport, redactMqttUrl } from '../device/transport.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the embedded MQTT broker, when the device link runs without MQTT_URL; null otherwise */
    deviceBroker: EmbeddedBroker | null;
  }
}

/**
 * Start the device link with the app (MQTT_ENABLED): on the external broker of MQTT_URL, or on an embedded
 * broker listening on MQTT_PORT. `app.platform.deviceLink` exists either way; when the link is off it is
 * simply not running (every device offline, commands refused as 'unavailable'). `app.close()` detaches the
 * link and closes the broker, so nothing keeps the process alive.
 */
export default fp(async function deviceLinkPlugin(app: FastifyInstance) {
  app.decorate('deviceBroker', null);
  const { config, platform } = app;
  if (!config.MQTT_ENABLED) return;
  const log = app.log.child({ module: 'device-link' });
  const link = platform.deviceLink;
  let broker: EmbeddedBroker | null = null;
  let transport: LinkTransport;
  if (config.MQTT_URL) {
    let reported = false;
    transport = await externalTransport({
      url: config.MQTT_URL,
      shareGroup: config.MQTT_SHARE_GROUP,
      clientId: config.MQTT_CLIENT_ID ?? persistentClientId(config.DATA_DIR),
      sessionExpirySeconds: config.MQTT_SESSION_EXPIRY,
      // once per outage: mqtt.js retries every second
      onError: (error) => {
        if (!reported) log.warn({ err: error }, 'MQTT broker connection error');
        reported = true;
      },
      onConnection: (state, sessionPresent) => {
        if (state === 'offline') {
          if (!reported) log.warn('MQTT broker connection lost: reconnecting');
          reported = true;
          return;
        }
        reported = false;
        log.info({ sessionPresent }, 'MQTT broker connection back');
      },
    });
  } else {
    broker = await EmbeddedBroker.start({
      host: config.HOST,
      port: config.MQTT_PORT,
      directory: platform.deviceDirectory,
      log,
    });
    broker.on('deviceDisconnected', (device) => link.deviceDisconnected(device.serialNumber));
    const embedded = broker;
    // A revoked credential's device is dropped; the fleet tells every instance, this one holds the broker.
    platform.events.onEveryInstance('fleet.credentialRevoked', ({ serialNumber }) => {
      embedded.disconnectDevice(serialNumber);
    });
    transport = broker.transport();
    app.deviceBroker = broker;
  }
  try {
    await link.start(transport, log);
  } catch (error) {
    await transport.close();
    await broker?.close();
    throw error;
  }
  app.addHook('onClose', async () => {
    await link.close();
    await broker?.close();
  });
  log.info(
    config.MQTT_URL
      ? `device link on the MQTT broker ${redactMqttUrl(config.MQTT_URL)}`
      : `device link on the embedded MQTT broker, port ${broker!.port}`,
  );
});

/**
 * This installation's MQTT client id on an external broker, generated once and kept in DATA_DIR (as the JWT
 * secret is): a server restarted, even after a crash, resumes its own session and receives what was queued
 * for it. Instances sharing a DATA_DIR must set MQTT_CLIENT_ID each.
 */
function persistentClientId(dataDir: string): string {
  const file = path.join(dataDir, 'mqtt-client-id');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (/^[\w-]{1,64}$/.test(existing)) return existing;
  } catch {
    // first start: generate below
  }
  mkdirSync(dataDir, { recursive: true });
  const id = `aos-server-${randomBytes(6).toString('hex')}`;
  writeFileSync(file, id);
  return id;
}
