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
    transport = await externalTransport({
      url: config.MQTT_URL,
      shareGroup: config.MQTT_SHARE_GROUP,
      onError: (error) => log.warn({ err: error }, 'MQTT broker connection error'),
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
