import { randomBytes } from 'node:crypto';
import type { Aedes, AedesPublishPacket } from 'aedes';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';

/** One message as the link receives it. */
export type MessageHandler = (topic: string, payload: Buffer) => void;

/** A topic filter the link subscribes to; `shared` filters are split between server instances. */
export interface LinkSubscription {
  filter: string;
  /**
   * true: each message goes to one server instance (`$share/{group}/...` on an external broker). false:
   * every instance receives it (command replies: only the instance waiting for the reply knows its tid).
   */
  shared: boolean;
}

/** How the link reaches the broker: in-process on the embedded broker, or as an MQTT client. */
export interface LinkTransport {
  readonly kind: 'embedded' | 'external';
  subscribe(subscriptions: LinkSubscription[], handler: MessageHandler): Promise<void>;
  publish(topic: string, payload: Buffer, qos: 0 | 1): Promise<void>;
  close(): Promise<void>;
}

/**
 * The link attached to the embedded broker without a network connection or a credential: aedes delivers to
 * an in-process subscription and publishes on the server's behalf (bypassing device authorization, which is
 * for devices). There is a single server instance, so `shared` changes nothing.
 */
export function embeddedTransport(broker: Aedes): LinkTransport {
  const attached: Array<{ filter: string; deliver: (packet: AedesPublishPacket, done: () => void) => void }> =
    [];
  return {
    kind: 'embedded',
    async subscribe(subscriptions, handler) {
      for (const { filter } of subscriptions) {
        const deliver = (packet: AedesPublishPacket, done: () => void) => {
          done();
          handler(
            packet.topic,
            Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
          );
        };
        await new Promise<void>((resolve) => broker.subscribe(filter, deliver, resolve));
        attached.push({ filter, deliver });
      }
    },
    publish(topic, payload, qos) {
      return new Promise((resolve, reject) =>
        broker.publish({ cmd: 'publish', topic, payload, qos, retain: false, dup: false }, (error) =>
          error ? reject(error) : resolve(),
        ),
      );
    },
    async close() {
      for (const { filter, deliver } of attached.splice(0)) {
        await new Promise<void>((resolve) => broker.unsubscribe(filter, deliver, resolve));
      }
    },
  };
}

export interface ExternalBrokerOptions {
  url: string;
  /** the shared-subscription group of the server instances */
  shareGroup: string;
  /** how long the first connection may take before the start fails */
  connectTimeoutMs?: number;
  onError?: (error: Error) => void;
}

/**
 * The link as an MQTT 5 client of an external broker (Mosquitto, EMQX): MQTT 5 because `$share/` shared
 * subscriptions are MQTT 5, and with several server instances each device message must be handled once.
 * Credentials, if the broker wants them, come in the URL (`mqtt://user:password@host:1883`). The client
 * reconnects on its own and resubscribes; the first connection must succeed or the start fails, as with
 * the database.
 */
export async function externalTransport(options: ExternalBrokerOptions): Promise<LinkTransport> {
  const client = await connectOnce(options.url, {
    protocolVersion: 5,
    clientId: `aos-server-${randomBytes(6).toString('hex')}`,
    clean: true,
    reconnectPeriod: 2000,
    connectTimeout: options.connectTimeoutMs ?? 10_000,
  });
  client.on('error', (error) => options.onError?.(error));
  let handler: MessageHandler | undefined;
  client.on('message', (topic, payload) => handler?.(topic, payload));
  return {
    kind: 'external',
    async subscribe(subscriptions, onMessage) {
      handler = onMessage;
      const filters = subscriptions.map(({ filter, shared }) =>
        shared ? `$share/${options.shareGroup}/${filter}` : filter,
      );
      const granted = await client.subscribeAsync(filters, { qos: 1 });
      const refused = granted.filter((grant) => grant.qos > 2).map((grant) => grant.topic);
      if (refused.length > 0) throw new Error(`the broker refused the subscriptions ${refused.join(', ')}`);
    },
    async publish(topic, payload, qos) {
      await client.publishAsync(topic, payload, { qos });
    },
    async close() {
      await client.endAsync();
    },
  };
}

/** Connect, or fail with the broker's reason after the first error or the timeout. */
function connectOnce(url: string, options: IClientOptions): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = connect(url, options);
    const fail = (reason: string) => {
      cleanup();
      client.end(true);
      reject(new Error(`cannot connect to the MQTT broker at ${redactMqttUrl(url)}: ${reason}`));
    };
    const onConnect = () => {
      cleanup();
      resolve(client);
    };
    const onError = (error: Error) => fail(error.message);
    const onClose = () => fail('connection closed');
    const timer = setTimeout(() => fail('timed out'), (options.connectTimeout ?? 10_000) + 1000);
    const cleanup = () => {
      clearTimeout(timer);
      client.off('connect', onConnect);
      client.off('error', onError);
      client.off('close', onClose);
    };
    client.once('connect', onConnect);
    client.once('error', onError);
    client.once('close', onClose);
  });
}

/** The broker URL without its password, for messages and logs. */
export function redactMqttUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'an invalid URL';
  }
}
