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
  /**
   * Whether the broker can be reached now (absent: always). While it cannot, a QoS 1 publish waits in the
   * client's queue; a command must not (it would reach the device long after its caller gave up).
   */
  connected?(): boolean;
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
  /** this instance's client id: the name of its session on the broker (stable across restarts) */
  clientId?: string;
  /** seconds the broker keeps the session after the connection drops; 0: a clean session (default) */
  sessionExpirySeconds?: number;
  /** how long the first connection may take before the start fails */
  connectTimeoutMs?: number;
  onError?: (error: Error) => void;
  /** the connection dropped (`offline`) or came back (`online`, with whether the broker kept the session) */
  onConnection?: (state: 'offline' | 'online', sessionPresent: boolean) => void;
}

/** What the external transport counts; tests and the drill read it. */
export interface ExternalTransportStats {
  /** connections made after the first */
  reconnections: number;
  /** of those, the ones where the broker had kept the session (nothing published meanwhile is lost) */
  sessionsResumed: number;
}

/**
 * The link as an MQTT 5 client of an external broker (Mosquitto, EMQX): MQTT 5 because `$share/` shared
 * subscriptions are MQTT 5, and with several server instances each device message must be handled once.
 * Credentials, if the broker wants them, come in the URL (`mqtt://user:password@host:1883`). The first
 * connection must succeed or the start fails, as with the database.
 *
 * With `sessionExpirySeconds` the session is persistent (clean start off, QoS 1 subscriptions): when the
 * connection drops (the broker restarts, the network fails, this server is killed) the broker keeps the
 * subscriptions and queues the QoS 1 messages for this client id, and hands them over when the client is
 * back (mqtt.js reconnects every second, and we subscribe again on each reconnection). A
 * broker restart keeps the session only when the broker persists it (Mosquitto: `persistence true`).
 * Closing the transport on purpose ends the session (expiry 0 in the DISCONNECT): a shared subscription
 * of a session nobody will resume would keep taking its share of the group's messages.
 */
export async function externalTransport(
  options: ExternalBrokerOptions,
): Promise<LinkTransport & { stats: ExternalTransportStats }> {
  const expiry = options.sessionExpirySeconds ?? 0;
  let handler: MessageHandler | undefined;
  const early: Array<[string, Buffer]> = [];
  const stats: ExternalTransportStats = { reconnections: 0, sessionsResumed: 0 };
  const client = await connectOnce(
    options.url,
    {
      protocolVersion: 5,
      clientId: options.clientId ?? `aos-server-${randomBytes(6).toString('hex')}`,
      clean: expiry === 0,
      ...(expiry > 0 ? { properties: { sessionExpiryInterval: expiry } } : {}),
      // a broker back from a restart loses what devices publish on shared topics until this client has
      // subscribed again (see 'connect' below): try often
      reconnectPeriod: 1000,
      connectTimeout: options.connectTimeoutMs ?? 10_000,
    },
    // Attached before the CONNACK: a resumed session's queued messages come at once, before the link has
    // subscribed; they wait here for its handler.
    (topic, payload) => {
      if (handler) handler(topic, payload);
      else early.push([topic, payload]);
    },
  );
  client.on('error', (error) => options.onError?.(error));
  client.on('offline', () => options.onConnection?.('offline', false));
  let filters: string[] = [];
  client.on('connect', (connack) => {
    stats.reconnections += 1;
    if (connack.sessionPresent) stats.sessionsResumed += 1;
    // Subscribed again on every reconnection, also when the broker says it kept the session: Mosquitto
    // (2.0) restores a persisted session without its shared subscriptions, and mqtt.js resubscribes only
    // when the session is gone. Subscribing again to a filter the session has changes nothing.
    // (`resubscribe: true`: without it mqtt.js skips the filters it has already subscribed to.)
    if (filters.length > 0) {
      const again = Object.fromEntries(filters.map((filter) => [filter, { qos: 1 as const }]));
      client.subscribe({ ...again, resubscribe: true } as unknown as typeof again, (error) => {
        if (error) options.onError?.(error);
      });
    }
    options.onConnection?.('online', connack.sessionPresent);
  });
  return {
    kind: 'external',
    stats,
    connected: () => client.connected,
    async subscribe(subscriptions, onMessage) {
      handler = onMessage;
      for (const [topic, payload] of early.splice(0)) onMessage(topic, payload);
      filters = subscriptions.map(({ filter, shared }) =>
        shared ? `$share/${options.shareGroup}/${filter}` : filter,
      );
      const granted = await client.subscribeAsync(filters, { qos: 1 });
      const refused = granted.filter((grant) => grant.qos > 2).map((grant) => grant.topic);
      if (refused.length > 0) throw new Error(`the broker refused the subscriptions ${refused.join(', ')}`);
    },
    async publish(topic, payload, qos) {
      // While disconnected mqtt.js keeps a QoS 1 message and sends it after the reconnection.
      await client.publishAsync(topic, payload, { qos });
    },
    async close() {
      if (expiry > 0 && client.connected) {
        await client.endAsync(false, { properties: { sessionExpiryInterval: 0 } });
      } else {
        await client.endAsync(!client.connected);
      }
    },
  };
}

/** Connect, or fail with the broker's reason after the first error or the timeout. */
function connectOnce(url: string, options: IClientOptions, onMessage: MessageHandler): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = connect(url, options);
    client.on('message', (topic, payload) => onMessage(topic, payload));
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
