import { EventEmitter } from 'node:events';
import {
  DEVICE_RESULT_OK,
  DEVICE_RESULT_UNSUPPORTED,
  type DeviceData,
  DeviceDataSchema,
  type DeviceMessage,
  deviceTopic,
  deviceTopicFilter,
  DockOsdSchema,
  DroneOsdSchema,
  isJobEventMethod,
  type JobEvent,
  JobEventSchema,
  ServiceReplySchema,
  UPDATE_TOPO_METHOD,
  type UpdateTopo,
  UpdateTopoSchema,
} from '@aos/contract';
import type { z } from 'zod';
import { decodeMessage, encodeMessage, newMessage, replyTo } from './codec.js';
import { type CommandOutcome, DeviceCommandError, PendingCommands } from './commands.js';
import type { DeviceDirectory } from './directory.js';
import type { DeviceLinkEvents, DeviceRef } from './events.js';
import { type LinkLogger, silentLogger } from './logger.js';
import { LinkPresence, type TopologyEntry } from './presence.js';
import type { LinkSubscription, LinkTransport } from './transport.js';

export interface DeviceLinkOptions {
  directory: Pick<DeviceDirectory, 'lookup'>;
  /** silence after which a device is offline */
  offlineMs: number;
  /** default wait for a command's reply */
  replyTimeoutMs: number;
  now?: () => number;
}

export interface CallOptions {
  timeoutMs?: number;
  /** the business id of the job this command belongs to; a fresh one by default */
  bid?: string;
  /**
   * the device to publish to (the dock relaying a drone). By default the dock this instance last saw
   * relaying `sn`; with several instances on a shared broker that may be another instance's knowledge, so
   * callers that know the binding say it.
   */
  gatewaySn?: string;
}

/** Answers a device's `requests` (flighttask_resource_get, config, ...): the reply's result and output. */
export type RequestHandler = (
  device: DeviceRef,
  data: unknown,
) => Promise<{ result: number; output?: unknown }> | { result: number; output?: unknown };

/** What the link counts; tests and metrics read it. */
export interface LinkStats {
  /** every message delivered to the link */
  received: number;
  /** bad JSON, wrong envelope or payload shape, topic outside the protocol */
  malformed: number;
  /** a serial number no device or dock of the registry has */
  unregistered: number;
  /** a services reply no command of this instance waits for */
  unmatchedReplies: number;
  /** a message the link could not handle (the registry's database failed) */
  failed: number;
  /** messages the link sent to devices */
  published: number;
  /**
   * events received again with a tid already handled (QoS 1 is at least once: a device resends what the
   * broker had not acknowledged when the connection dropped); answered again, not emitted again
   */
  duplicateEvents: number;
}

/** How many (device, tid) pairs of events the link remembers, and for how long, to drop redeliveries. */
const RECENT_EVENTS = 20_000;
const RECENT_EVENT_MS = 10 * 60_000;

/**
 * Device → cloud topics. Command replies are not shared: only the instance that sent a command knows its
 * tid, so every instance receives every reply and ignores the others' (`unmatchedReplies`).
 */
const SUBSCRIPTIONS: LinkSubscription[] = [
  { filter: deviceTopicFilter('status'), shared: true },
  { filter: deviceTopicFilter('osd'), shared: true },
  { filter: deviceTopicFilter('state'), shared: true },
  { filter: deviceTopicFilter('events'), shared: true },
  { filter: deviceTopicFilter('requests'), shared: true },
  { filter: deviceTopicFilter('services_reply'), shared: false },
];

/**
 * The one holder of each device's live picture (the live hub, `platform.live`): the link hands it every OSD
 * and state message, it merges the fields (per field, the newest device timestamp wins) and answers every
 * field known now, which the link's `osd` and `state` events carry. Without one (a link on its own) the
 * events carry only the message's fields.
 */
export interface DeviceStateStore {
  mergeOsd(
    device: DeviceRef,
    gatewaySn: string | null,
    timestamp: number,
    data: DeviceData,
  ): Promise<DeviceData>;
  mergeState(device: DeviceRef, timestamp: number, data: DeviceData): Promise<DeviceData>;
}

/**
 * The server end of the device protocol (design/PROTOCOLS.md §2). It reads what devices publish, checks it
 * against the contract's schemas, keeps each device's link presence (`presence`: online, gateway, last
 * heard), hands telemetry and state to the device-state store (the live hub, `keepStateIn`), answers
 * topology, events that want a reply and requests, and sends commands (`call`) correlated with their reply
 * by tid. A message that is malformed or from an unregistered serial number is counted and dropped; nothing
 * a device sends can throw out of the link. It emits `online`, `offline`, `osd`, `state` and `event`.
 */
export class DeviceLink extends EventEmitter<DeviceLinkEvents> {
  readonly presence: LinkPresence;
  readonly stats: LinkStats = {
    received: 0,
    malformed: 0,
    unregistered: 0,
    unmatchedReplies: 0,
    failed: 0,
    published: 0,
    duplicateEvents: 0,
  };
  /** `sn tid` of the events emitted lately → when (insertion order: the oldest first) */
  private readonly recentEvents = new Map<string, number>();
  private readonly commands = new PendingCommands();
  private readonly requestHandlers = new Map<string, RequestHandler>();
  private transport: LinkTransport | null = null;
  private log: LinkLogger = silentLogger;
  private sweeper: NodeJS.Timeout | null = null;
  private store: DeviceStateStore | null = null;

  constructor(private readonly options: DeviceLinkOptions) {
    super();
    this.presence = new LinkPresence(this, options.offlineMs);
  }

  /** Where OSD and state go to be merged (the live hub registers itself when it is built). */
  keepStateIn(store: DeviceStateStore): void {
    this.store = store;
  }

  /** True while attached to a broker. */
  get running(): boolean {
    return this.transport !== null;
  }

  /** Attach to the broker: subscribe to every device → cloud topic and start the offline sweep. */
  async start(transport: LinkTransport, log: LinkLogger = silentLogger): Promise<void> {
    this.log = log;
    await transport.subscribe(SUBSCRIPTIONS, (topic, payload) => this.receive(topic, payload));
    this.transport = transport;
    const tick = Math.min(5000, Math.max(50, Math.floor(this.options.offlineMs / 5)));
    this.sweeper = setInterval(() => this.presence.sweep(this.now()), tick);
    this.sweeper.unref();
  }

  /** Detach: waiting commands fail, the sweep stops. The presence keeps what it knew. */
  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    const transport = this.transport;
    this.transport = null;
    this.commands.failAll(new DeviceCommandError('unavailable', 'the device link closed'));
    await transport?.close();
  }

  /**
   * Send `method` to `sn` (through the dock it is attached to, for a drone) and wait for the reply with the
   * same tid. Resolves with the device's output when `result` is 0; rejects with a DeviceCommandError
   * otherwise ('rejected' with the device's code, 'timeout', 'unavailable').
   */
  async call(
    sn: string,
    method: string,
    data: unknown = {},
    options: CallOptions = {},
  ): Promise<CommandOutcome> {
    const transport = this.transport;
    if (!transport) throw new DeviceCommandError('unavailable', 'the device link is not running');
    // The broker restarting: refused now rather than queued and delivered after the caller's timeout.
    if (transport.connected?.() === false) {
      throw new DeviceCommandError('unavailable', 'the MQTT broker is not connected');
    }
    const gatewaySn = options.gatewaySn ?? this.presence.gatewayOf(sn);
    const message = newMessage(method, data, options.bid);
    const outcome = this.commands.wait(
      message.tid,
      message.bid,
      gatewaySn,
      method,
      options.timeoutMs ?? this.options.replyTimeoutMs,
    );
    try {
      await this.publish(transport, deviceTopic(gatewaySn, 'services'), message);
    } catch (error) {
      this.commands.fail(
        message.tid,
        new DeviceCommandError('unavailable', `${method} to ${gatewaySn}: ${(error as Error).message}`),
      );
    }
    return outcome;
  }

  /** Answer a device request method; methods without a handler are answered DEVICE_RESULT_UNSUPPORTED. */
  handleRequest(method: string, handler: RequestHandler): void {
    this.requestHandlers.set(method, handler);
  }

  /** The device's last MQTT connection closed (the embedded broker knows at once). */
  deviceDisconnected(sn: string): void {
    this.presence.disconnected(sn);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private receive(topic: string, payload: Buffer): void {
    this.stats.received += 1;
    const decoded = decodeMessage(topic, payload);
    if (!decoded.ok) return this.malformed(topic, `${decoded.reason}: ${decoded.detail}`);
    this.handle(decoded.sn, decoded.kind, decoded.message).catch((error: unknown) => {
      this.stats.failed += 1;
      this.log.warn({ err: error, topic }, 'device message not handled');
    });
  }

  private async handle(sn: string, kind: string, message: DeviceMessage): Promise<void> {
    const device = await this.options.directory.lookup(sn);
    if (!device) {
      this.stats.unregistered += 1;
      this.log.debug({ sn, kind }, 'message from an unregistered serial number dropped');
      return;
    }
    switch (kind) {
      case 'status':
        return this.onStatus(device, message);
      case 'osd':
        return this.onOsd(device, message);
      case 'state':
        return this.onState(device, message);
      case 'events':
        return this.onEvent(device, message);
      case 'requests':
        return this.onRequest(device, message);
      case 'services_reply':
        return this.onServiceReply(device, message);
    }
  }

  /** `update_topo`: the gateway and its sub-devices online, the dropped ones offline; always answered. */
  private async onStatus(gateway: DeviceRef, message: DeviceMessage): Promise<void> {
    const topo = this.payload(gateway, message, UpdateTopoSchema, message.method === UPDATE_TOPO_METHOD);
    if (!topo) return;
    const subs = await this.resolveSubDevices(gateway, topo);
    this.presence.topology(
      gateway,
      { domain: topo.domain ?? null, type: topo.type, subType: topo.sub_type },
      subs,
      this.now(),
    );
    await this.reply(gateway.serialNumber, 'status_reply', replyTo(message, DEVICE_RESULT_OK));
  }

  /** Sub-devices that are registered to the gateway's tenant; the others are counted and left out. */
  private async resolveSubDevices(gateway: DeviceRef, topo: UpdateTopo): Promise<TopologyEntry[]> {
    const entries: TopologyEntry[] = [];
    for (const sub of topo.sub_devices) {
      const device = await this.options.directory.lookup(sub.sn);
      if (!device || device.tenantId !== gateway.tenantId) {
        this.stats.unregistered += 1;
        this.log.debug({ gateway: gateway.serialNumber, sn: sub.sn }, 'unregistered sub-device left out');
        continue;
      }
      entries.push({ device, model: { domain: sub.domain ?? null, type: sub.type, subType: sub.sub_type } });
    }
    return entries;
  }

  private async onOsd(device: DeviceRef, message: DeviceMessage): Promise<void> {
    const schema = device.kind === 'dock' ? DockOsdSchema : DroneOsdSchema;
    const data: DeviceData | null = this.payload(device, message, schema);
    if (!data) return;
    await this.adoptGateway(device, message);
    const gatewaySn = this.presence.seen(device, this.now()).gatewaySn;
    const osd = this.store ? await this.store.mergeOsd(device, gatewaySn, message.timestamp, data) : data;
    this.emit('osd', { device, gatewaySn, timestamp: message.timestamp, data, osd });
  }

  private async onState(device: DeviceRef, message: DeviceMessage): Promise<void> {
    const data = this.payload(device, message, DeviceDataSchema);
    if (!data) return;
    await this.adoptGateway(device, message);
    this.presence.seen(device, this.now());
    const state = this.store ? await this.store.mergeState(device, message.timestamp, data) : data;
    this.emit('state', { device, timestamp: message.timestamp, data, state });
  }

  /** Progress and notices; a job's progress must have the job shape. Answered when `need_reply`. */
  private async onEvent(device: DeviceRef, message: DeviceMessage): Promise<void> {
    const method = message.method;
    if (!method) return this.malformed(`events of ${device.serialNumber}`, 'no method');
    let job: JobEvent | null = null;
    if (isJobEventMethod(method)) {
      job = this.payload(device, message, JobEventSchema);
      if (!job) return;
    }
    this.presence.seen(device, this.now());
    if (this.seenBefore(`${device.serialNumber} ${message.tid}`)) {
      this.stats.duplicateEvents += 1;
      this.log.debug({ sn: device.serialNumber, tid: message.tid, method }, 'event received again');
    } else
      this.emit('event', {
        device,
        method,
        tid: message.tid,
        bid: message.bid,
        timestamp: message.timestamp,
        data: message.data,
        job,
      });
    if (message.need_reply === 1 || message.need_reply === true) {
      await this.reply(device.serialNumber, 'events_reply', replyTo(message, DEVICE_RESULT_OK));
    }
  }

  private async onRequest(device: DeviceRef, message: DeviceMessage): Promise<void> {
    const method = message.method;
    if (!method) return this.malformed(`requests of ${device.serialNumber}`, 'no method');
    this.presence.seen(device, this.now());
    const handler = this.requestHandlers.get(method);
    const answer = handler ? await handler(device, message.data) : { result: DEVICE_RESULT_UNSUPPORTED };
    await this.reply(device.serialNumber, 'requests_reply', replyTo(message, answer.result, answer.output));
  }

  /** Whether `key` was seen in the last RECENT_EVENT_MS (remembering it now when not). */
  private seenBefore(key: string): boolean {
    const now = this.now();
    for (const [oldest, at] of this.recentEvents) {
      if (at > now - RECENT_EVENT_MS && this.recentEvents.size < RECENT_EVENTS) break;
      this.recentEvents.delete(oldest);
    }
    if (this.recentEvents.has(key)) return true;
    this.recentEvents.set(key, now);
    return false;
  }

  private onServiceReply(device: DeviceRef, message: DeviceMessage): void {
    const reply = this.payload(device, message, ServiceReplySchema);
    if (!reply) return;
    this.presence.seen(device, this.now());
    if (!this.commands.settle(device.serialNumber, message.tid, reply)) this.stats.unmatchedReplies += 1;
  }

  /**
   * A drone's message names the dock that relays it (`gateway`): commands for the drone go there. Taken
   * only from a dock of the same tenant, and only when no topology has said it (after a server restart a
   * dock does not repeat its `update_topo`).
   */
  private async adoptGateway(device: DeviceRef, message: DeviceMessage): Promise<void> {
    const gatewaySn = message.gateway;
    if (!gatewaySn || gatewaySn === device.serialNumber || this.presence.get(device.serialNumber)?.gatewaySn)
      return;
    const gateway = await this.options.directory.lookup(gatewaySn);
    if (gateway?.kind !== 'dock' || gateway.tenantId !== device.tenantId) return;
    this.presence.seen(device, this.now()).gatewaySn = gatewaySn;
  }

  /** `message.data` read with `schema`, or null (counted as malformed) when it does not fit. */
  private payload<T extends z.ZodType>(
    device: DeviceRef,
    message: DeviceMessage,
    schema: T,
    methodFits = true,
  ): z.output<T> | null {
    const parsed = methodFits ? schema.safeParse(message.data) : null;
    if (parsed?.success) return parsed.data;
    const detail = parsed ? (parsed.error.issues[0]?.path.join('.') ?? 'data') : `method ${message.method}`;
    this.malformed(device.serialNumber, detail);
    return null;
  }

  private malformed(where: string, detail: string): void {
    this.stats.malformed += 1;
    this.log.debug({ where, detail }, 'malformed device message dropped');
  }

  private async reply(
    sn: string,
    kind: 'status_reply' | 'events_reply' | 'requests_reply',
    message: DeviceMessage,
  ) {
    if (this.transport) await this.publish(this.transport, deviceTopic(sn, kind), message);
  }

  private async publish(transport: LinkTransport, topic: string, message: DeviceMessage): Promise<void> {
    await transport.publish(topic, encodeMessage(message), 1);
    this.stats.published += 1;
  }
}
