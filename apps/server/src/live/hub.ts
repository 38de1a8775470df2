import { randomUUID } from 'node:crypto';
import {
  type DeviceData,
  LIVE_ROOM_REFUSALS,
  type LiveDevice,
  type LiveEventName,
  type LiveEvents,
  type LiveFrame,
  type LiveJob,
} from '@aos/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { deviceCredential } from '../db/schema/index.js';
import type { DeviceDirectory, DeviceIdentity } from '../device/directory.js';
import type { DeviceEventEvent, DeviceOfflineEvent, DeviceOnlineEvent, DeviceRef } from '../device/events.js';
import type { DeviceLink, DeviceStateStore } from '../device/link.js';
import { type LinkLogger, silentLogger } from '../device/logger.js';
import type { Cache } from '../lib/cache.js';
import { LiveRooms, type MayJoin } from './rooms.js';
import { SnapshotStore } from './snapshots.js';
import {
  copyDevice,
  emptyDevice,
  type LiveChange,
  LiveView,
  sameIdentity,
  type TenantFrame,
} from './view.js';

/** The cache channel every instance's hub shares its changes on. */
export const LIVE_CHANNEL = 'live';

export interface LiveHubOptions {
  link: Pick<DeviceLink, 'on' | 'off' | 'presence' | 'keepStateIn'>;
  directory: Pick<DeviceDirectory, 'lookup'>;
  db: Executor;
  cache: Cache;
  /** silence after which a device is offline (DEVICE_OFFLINE_MS) */
  offlineMs: number;
  /** a running job with no news for this long is dropped; 10 minutes by default */
  jobStaleMs?: number;
  /** at most one OSD snapshot write per device this often; 1 s by default */
  snapshotOsdIntervalMs?: number;
  now?: () => number;
}

export type LiveListener = (tenantId: string, frame: LiveFrame) => void;

/** A change waiting for its device's shared snapshot to be read, in arrival order. */
interface Loading {
  done: Promise<void>;
  queue: Array<{ change: LiveChange; applied: () => void }>;
}

/**
 * The live model of every device for this server instance, and the one holder of a device's live picture
 * (the link keeps only presence: `DeviceLink.presence`). The link's OSD and state messages (handed over as
 * the device-state store) and its events become changes; each change is applied here at once and shared on
 * the cache's bus (Redis pub/sub with REDIS_URL, in-process otherwise), and every other instance applies it
 * to its own view, so a console on any instance sees every device whichever instance's link handled its
 * messages. Each change goes to the listeners (the WebSocket layer) as frames for the device's tenant. The
 * last picture of each device is kept in the cache too. Areas publish their own events to rooms (`publish`).
 */
export class LiveHub implements DeviceStateStore {
  readonly instanceId = randomUUID();
  /** the rooms sockets join and areas publish to (`publish`, `defineRoom`) */
  readonly rooms: LiveRooms;
  private readonly view: LiveView;
  private readonly snapshots: SnapshotStore;
  private readonly listeners = new Set<LiveListener>();
  private readonly loading = new Map<string, Loading>();
  /** gateways whose topology changed in this tick, shared once the link's presence settled */
  private readonly topologyDue = new Set<string>();
  private sweeper: NodeJS.Timeout | null = null;
  private started = false;
  private log: LinkLogger = silentLogger;
  /** bus messages that could not be read */
  malformed = 0;

  private readonly handlers = {
    online: (event: DeviceOnlineEvent) => this.onOnline(event),
    offline: (event: DeviceOfflineEvent) => this.onOffline(event),
    event: (event: DeviceEventEvent) => this.onEvent(event),
  };

  constructor(private readonly options: LiveHubOptions) {
    this.view = new LiveView({
      offlineMs: options.offlineMs,
      jobStaleMs: options.jobStaleMs ?? 10 * 60_000,
    });
    this.snapshots = new SnapshotStore(
      options.cache,
      (sn) => this.view.get(sn),
      options.snapshotOsdIntervalMs ?? 1000,
      () => this.log,
      () => this.now(),
    );
    options.link.keepStateIn(this);
    this.rooms = new LiveRooms(options.cache, this.instanceId, () => this.log);
    // A device room is its tenant's: any other tenant (or a serial number nobody has) is refused alike.
    this.rooms.define(
      'device',
      async (member, sn) =>
        (await options.directory.lookup(sn))?.tenantId === member.tenantId || LIVE_ROOM_REFUSALS.otherTenant,
    );
  }

  /**
   * Send an area's event to every socket in `room` (`liveRoom.user(id)`, `liveRoom.tenant(id)`,
   * `liveRoom.device(sn)`...), on every server instance. The event and its payload are typed by the
   * contract's LiveEvents, which each area fills from its `<area>/events.ts`.
   */
  publish<K extends LiveEventName>(room: string, event: K, data: LiveEvents[K]): Promise<void> {
    return this.rooms.publish(room, event, data);
  }

  /**
   * Declare a kind of room an area's sockets may join (`task`: `task:<id>`), with the rule that says who
   * may: until a kind is declared, joining it is refused as 'unknown room kind'.
   */
  defineRoom(kind: string, mayJoin: MayJoin): void {
    this.rooms.define(kind, mayJoin);
  }

  /** Listen to the link and the bus, and sweep silent devices. */
  async start(log: LinkLogger = silentLogger): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.log = log;
    await this.options.cache.subscribe(LIVE_CHANNEL, (message) => this.fromBus(message));
    await this.rooms.start();
    const link = this.options.link;
    link.on('online', this.handlers.online);
    link.on('offline', this.handlers.offline);
    link.on('event', this.handlers.event);
    const tick = Math.min(5000, Math.max(50, Math.floor(this.options.offlineMs / 5)));
    this.sweeper = setInterval(() => this.emit(this.view.sweep(this.now())), tick);
    this.sweeper.unref();
  }

  /** Stop listening and write the snapshots still waiting. */
  async close(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    const link = this.options.link;
    link.off('online', this.handlers.online);
    link.off('offline', this.handlers.offline);
    link.off('event', this.handlers.event);
    this.listeners.clear();
    this.rooms.clear();
    await this.snapshots.flush();
  }

  /** Frames for the WebSocket layer: (tenant, frame) for every change. Answers the unsubscribe. */
  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The device as the console sees it: this instance's view, else the shared snapshot, else (registered but
   * never heard) offline with nothing known. Null when no device or dock has the serial number.
   */
  async get(sn: string): Promise<LiveDevice | null> {
    const identity = await this.options.directory.lookup(sn);
    if (!identity) {
      this.view.drop(sn);
      return null;
    }
    const device = await this.ensure(identity);
    return copyDevice(device);
  }

  /** Every registered device and dock of the tenant (aos_device_credential), with what is known of each. */
  async list(tenantId: string): Promise<LiveDevice[]> {
    const rows = await this.options.db
      .select({
        tenantId: deviceCredential.tenantId,
        serialNumber: deviceCredential.serialNumber,
        kind: deviceCredential.ownerKind,
        ownerId: deviceCredential.ownerId,
      })
      .from(deviceCredential)
      .where(eq(deviceCredential.tenantId, tenantId))
      .orderBy(deviceCredential.serialNumber);
    const identities = rows.map((row) => ({ ...row, kind: row.kind as DeviceIdentity['kind'] }));
    await Promise.all(identities.map((identity) => this.ensure(identity)));
    // Read together, after every load: nothing applied in between is missing from the answer.
    return identities.map((identity) => {
      const device = this.view.get(identity.serialNumber);
      return copyDevice(device && sameIdentity(device, identity) ? device : emptyDevice(identity));
    });
  }

  /** A command was accepted: show its job as `job.status` (normally 'sent') on the dock at once. */
  async recordJob(gatewaySn: string, job: LiveJob): Promise<void> {
    const identity = await this.options.directory.lookup(gatewaySn);
    if (!identity) throw new Error(`no registered device ${gatewaySn}`);
    await this.share({
      origin: this.instanceId,
      at: this.now(),
      device: identity,
      job: {
        bid: job.bid,
        method: job.method,
        status: job.status,
        percent: job.percent,
        step: job.step,
        result: job.result,
        startedAt: job.startedAt,
      },
    });
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  // ------------------------------------------------------------------------------------- link → changes

  private change(device: DeviceIdentity, fields: Omit<LiveChange, 'origin' | 'at' | 'device'>): LiveChange {
    return { origin: this.instanceId, at: this.now(), device, ...fields };
  }

  private onOnline(event: DeviceOnlineEvent): void {
    const gatewaySn = event.gatewaySn ?? undefined;
    void this.share(this.change(event.device, { seen: true, ...(gatewaySn ? { gatewaySn } : {}) }));
    if (event.device.kind === 'dock') this.topologyChanged(event.device.serialNumber);
    if (event.gatewaySn) this.topologyChanged(event.gatewaySn);
  }

  /**
   * Topology and closed connections are news for every instance. Silence ('timeout') and its consequence
   * ('gateway') are not: this instance's link hears only part of the messages, and every view sweeps.
   */
  private onOffline(event: DeviceOfflineEvent): void {
    if (event.reason === 'timeout' || event.reason === 'gateway') return;
    void this.share(this.change(event.device, { offline: event.reason }));
    const gatewaySn = this.options.link.presence.get(event.device.serialNumber)?.gatewaySn;
    if (event.reason === 'topology' && gatewaySn) this.topologyChanged(gatewaySn);
  }

  /** The link's OSD message: merged (and shared); answers every field known now. */
  async mergeOsd(
    device: DeviceRef,
    gatewaySn: string | null,
    timestamp: number,
    data: DeviceData,
  ): Promise<DeviceData> {
    await this.share(
      this.change(device, {
        seen: true,
        ...(gatewaySn ? { gatewaySn } : {}),
        osd: { timestamp, data },
      }),
    );
    return { ...this.view.get(device.serialNumber)?.osd };
  }

  /** The link's state message: merged (and shared); answers every property known now. */
  async mergeState(device: DeviceRef, timestamp: number, data: DeviceData): Promise<DeviceData> {
    await this.share(this.change(device, { seen: true, state: { timestamp, data } }));
    return { ...this.view.get(device.serialNumber)?.state };
  }

  private onEvent(event: DeviceEventEvent): void {
    if (event.job) {
      const output = event.job.output;
      // A job belongs to the dock: a drone's events (if a device sends its own) go to its dock.
      const dockSn = this.options.link.presence.gatewayOf(event.device.serialNumber);
      const result = event.job.result ? event.job.result : null;
      const job = {
        bid: event.bid,
        method: event.method,
        status: output.status,
        percent: output.progress?.percent ?? null,
        step: output.progress?.step_key ?? null,
        result,
      };
      if (dockSn !== event.device.serialNumber) {
        void this.share(this.change(event.device, { seen: true }));
        void this.options.directory.lookup(dockSn).then(
          (dock) => dock && this.share(this.change(dock, { job })),
          (error: unknown) => this.log.warn({ err: error, sn: dockSn }, 'job of an unknown dock'),
        );
        return;
      }
      void this.share(this.change(event.device, { seen: true, job }));
      return;
    }
    void this.share(
      this.change(event.device, {
        seen: true,
        notice: { method: event.method, timestamp: event.timestamp, data: event.data },
      }),
    );
  }

  /** After the link's presence finished the topology it is applying, share the gateway's list. */
  private topologyChanged(gatewaySn: string): void {
    if (this.topologyDue.has(gatewaySn)) return;
    this.topologyDue.add(gatewaySn);
    queueMicrotask(() => {
      this.topologyDue.delete(gatewaySn);
      const gateway = this.options.link.presence.get(gatewaySn);
      // Only an instance that applied the gateway's topology knows its list (the others have an empty one).
      if (gateway?.model)
        void this.share(this.change(gateway.device, { subDevices: [...gateway.subDevices] }));
    });
  }

  // ------------------------------------------------------------------------------------- applying

  /** Apply a change made here, then tell the other instances. */
  private async share(change: LiveChange): Promise<void> {
    const applied = this.enqueue(change);
    this.options.cache.publish(LIVE_CHANNEL, JSON.stringify(change)).catch((error: unknown) => {
      this.log.warn({ err: error }, 'live change not shared');
    });
    await applied;
  }

  private fromBus(message: string): void {
    let change: LiveChange;
    try {
      change = JSON.parse(message) as LiveChange;
    } catch {
      this.malformed += 1;
      return;
    }
    if (change.origin === this.instanceId) return; // applied when made
    if (typeof change.device?.serialNumber !== 'string' || typeof change.at !== 'number') {
      this.malformed += 1;
      return;
    }
    void this.enqueue(change);
  }

  /** Apply now, or after the device's shared snapshot is read (keeping arrival order). */
  private enqueue(change: LiveChange): Promise<void> {
    const sn = change.device.serialNumber;
    const loading = this.loading.get(sn) ?? (this.view.has(sn) ? undefined : this.load(change.device));
    if (!loading) {
      this.apply(change);
      return Promise.resolve();
    }
    return new Promise((resolve) => loading.queue.push({ change, applied: resolve }));
  }

  /** The device in the view, from the shared snapshot or the registry when the view has none. */
  private async ensure(identity: DeviceIdentity): Promise<LiveDevice> {
    const loading = this.loading.get(identity.serialNumber);
    if (loading) await loading.done;
    else if (!this.view.has(identity.serialNumber)) await this.load(identity).done;
    let device = this.view.get(identity.serialNumber);
    if (!device || !sameIdentity(device, identity)) {
      this.view.drop(identity.serialNumber);
      device = this.view.seed(emptyDevice(identity), this.now());
    }
    return device;
  }

  private load(identity: DeviceIdentity): Loading {
    const sn = identity.serialNumber;
    const entry: Loading = { done: Promise.resolve(), queue: [] };
    entry.done = this.snapshots
      .load(sn)
      .catch((error: unknown) => {
        this.log.warn({ err: error, sn }, 'live snapshot not read');
        return null;
      })
      .then((snapshot) => {
        if (!this.view.has(sn)) {
          const known = snapshot && sameIdentity(snapshot, identity) ? snapshot : emptyDevice(identity);
          this.view.seed(known, this.now());
        }
        this.loading.delete(sn);
        for (const waiting of entry.queue) {
          this.apply(waiting.change);
          waiting.applied();
        }
      });
    this.loading.set(sn, entry);
    return entry;
  }

  private apply(change: LiveChange): void {
    const { frames, touched } = this.view.apply(change);
    if (change.origin === this.instanceId) {
      const osdOnly = change.osd && !frames.some((item) => item.frame.event !== 'osd');
      for (const sn of touched) this.snapshots.schedule(sn, !osdOnly);
    }
    this.emit(frames);
  }

  private emit(frames: TenantFrame[]): void {
    for (const { tenantId, frame } of frames) {
      for (const listener of this.listeners) {
        try {
          listener(tenantId, frame);
        } catch (error) {
          this.log.warn({ err: error }, 'live listener failed');
        }
      }
    }
  }
}
