import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  type DeviceDownlinkKind,
  type DeviceMessage,
  DeviceMessageSchema,
  deviceTopic,
  type DeviceUplinkKind,
  parseDeviceTopic,
} from '@aos/contract';
import { connectAsync, type MqttClient } from 'mqtt';

/** What the platform's registry issued to one dock or device. */
export interface DeviceCredentials {
  sn: string;
  username: string;
  password: string;
}

export interface DeviceClientOptions {
  url: string;
  credentials: DeviceCredentials;
  /** cloud → device topics to follow (a dock: services and the replies; a drone publishing only: none) */
  subscribe?: DeviceDownlinkKind[];
  /** wait between reconnection attempts after an unexpected loss, ms (0: never reconnect) */
  reconnectMs?: number;
  connectTimeoutMs?: number;
}

export interface PublishOptions {
  method?: string;
  tid?: string;
  bid?: string;
  gateway?: string;
  needReply?: boolean;
  /** 0 for telemetry, 1 for state, replies and events */
  qos?: 0 | 1;
  /** the topic's serial number when it is not the client's own */
  sn?: string;
  /** called once the broker has the message (QoS 1: its PUBACK), or with the error that lost it */
  onSent?: (error?: Error) => void;
}

interface ClientEvents {
  /** a valid cloud → device message on one of the followed topics */
  message: [kind: DeviceDownlinkKind, message: DeviceMessage];
  /** (re)connected: a gateway announces its topology again */
  connect: [];
  /** the connection dropped (not on `end`) */
  offline: [];
}

/**
 * One device's MQTT 3.1.1 connection (what the embedded broker speaks; Mosquitto too), signed in with the
 * credentials of the registry. It publishes protocol envelopes on the device's own topics and hands valid
 * cloud → device messages to its owner; anything else on the wire is ignored.
 */
export class DeviceClient extends EventEmitter<ClientEvents> {
  private client: MqttClient | null = null;
  /** messages published since start */
  published = 0;
  /** bumped by every connect and end, so a connection that lands after an end is closed at once */
  private generation = 0;

  constructor(private readonly options: DeviceClientOptions) {
    super();
  }

  get sn(): string {
    return this.options.credentials.sn;
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Connect; rejects when the broker refuses (bad credentials) or cannot be reached. */
  async connect(): Promise<void> {
    if (this.client) return;
    const generation = ++this.generation;
    const { credentials } = this.options;
    const client = await connectAsync(
      this.options.url,
      {
        protocolVersion: 4,
        // the broker accepts only the serial number as client id (a DJI gateway's too)
        clientId: credentials.sn,
        username: credentials.username,
        password: credentials.password,
        clean: true,
        reconnectPeriod: this.options.reconnectMs ?? 2000,
        connectTimeout: this.options.connectTimeoutMs ?? 10_000,
        keepalive: 30,
      },
      false,
    );
    if (generation !== this.generation || this.client) {
      // end() (or another connect) came while this one was under way: it must not come back to life.
      await client.endAsync(true);
      return;
    }
    this.client = client;
    client.on('message', (topic, payload) => this.receive(topic, payload));
    client.on('connect', () => this.emit('connect'));
    client.on('offline', () => this.emit('offline'));
    client.on('error', () => {
      // reconnection errors are retried by mqtt.js; the owner sees `offline`
    });
    const filters = (this.options.subscribe ?? []).map((kind) => deviceTopic(credentials.sn, kind));
    if (filters.length > 0) await client.subscribeAsync(filters, { qos: 1 });
    this.emit('connect');
  }

  /** Publish `data` on the device's `kind` topic in a protocol envelope; answers the envelope sent. */
  publish(kind: DeviceUplinkKind, data: unknown, options: PublishOptions = {}): DeviceMessage | null {
    const client = this.client;
    // While the connection is down (the broker restarting) a QoS 1 message (state, events, replies) waits in
    // mqtt.js's queue and goes out after the reconnection; telemetry (QoS 0) is not sent: it is stale by then.
    if (!client || (!client.connected && (options.qos ?? 0) === 0)) return null;
    const message: DeviceMessage = {
      tid: options.tid ?? randomUUID(),
      bid: options.bid ?? randomUUID(),
      timestamp: Date.now(),
      ...(options.method ? { method: options.method } : {}),
      data,
      ...(options.gateway ? { gateway: options.gateway } : {}),
      ...(options.needReply ? { need_reply: 1 as const } : {}),
    };
    client.publish(
      deviceTopic(options.sn ?? this.sn, kind),
      JSON.stringify(message),
      { qos: options.qos ?? 0 },
      options.onSent ? (error) => options.onSent?.(error ?? undefined) : undefined,
    );
    this.published += 1;
    return message;
  }

  /** Close the connection (at once when `force`); a later `connect` opens a new one. */
  async end(force = false): Promise<void> {
    this.generation += 1;
    const client = this.client;
    this.client = null;
    if (client) await client.endAsync(force);
  }

  private receive(topic: string, payload: Buffer): void {
    const parsed = parseDeviceTopic(topic);
    if (!parsed || parsed.uplink || parsed.sn !== this.sn) return;
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const message = DeviceMessageSchema.safeParse(json);
    if (message.success) this.emit('message', parsed.kind as DeviceDownlinkKind, message.data);
  }
}
