import type { EventEmitter } from 'node:events';
import type { DeviceLinkEvents, DeviceRef, OfflineReason, ReportedModel } from './events.js';

/**
 * One device's presence on this instance's link: whether it is connected, through which gateway, when it
 * was last heard. Its telemetry, state and jobs are the live hub's (`platform.live`), the one holder of a
 * device's live picture.
 */
export interface Presence {
  device: DeviceRef;
  online: boolean;
  /** server time (ms) of the last message from or about it */
  lastSeen: number;
  /** for a drone: the dock whose topology (or whose messages) relay it */
  gatewaySn: string | null;
  /** for a gateway: the devices its topology lists now */
  subDevices: string[];
  /** the model the gateway's topology reports; null until a topology named it */
  model: ReportedModel | null;
}

/** A sub-device as a gateway's topology lists it, resolved to its registered owner. */
export interface TopologyEntry {
  device: DeviceRef;
  model: ReportedModel;
}

/**
 * Link presence per serial number, as this instance's link sees it. A device is online once anything from
 * it (or its gateway's topology listing it) arrives, and offline when the topology drops it, when its
 * gateway goes offline, when its connection closes, or after `offlineMs` of silence (`sweep`). Transitions
 * are emitted on `events` as `online`/`offline`, once each; the live hub turns them into its picture.
 */
export class LinkPresence {
  private readonly devices = new Map<string, Presence>();

  constructor(
    private readonly events: EventEmitter<DeviceLinkEvents>,
    private readonly offlineMs: number,
  ) {}

  get(sn: string): Presence | undefined {
    return this.devices.get(sn);
  }

  /** Every device known to this instance, or those of one tenant. */
  list(tenantId?: string): Presence[] {
    const all = [...this.devices.values()];
    return tenantId === undefined ? all : all.filter((entry) => entry.device.tenantId === tenantId);
  }

  isOnline(sn: string): boolean {
    return this.devices.get(sn)?.online ?? false;
  }

  /** A message from or about `device` arrived at `now`. */
  seen(device: DeviceRef, now: number): Presence {
    const entry = this.entry(device);
    entry.lastSeen = now;
    if (!entry.online) this.goOnline(entry);
    return entry;
  }

  /** A gateway's `update_topo`: it is online, `subs` are online behind it, the ones it dropped are offline. */
  topology(gateway: DeviceRef, model: ReportedModel, subs: TopologyEntry[], now: number): void {
    const entry = this.seen(gateway, now);
    entry.model = model;
    const listed = new Set(subs.map((sub) => sub.device.serialNumber));
    for (const sn of entry.subDevices) {
      const sub = this.devices.get(sn);
      if (!listed.has(sn) && sub?.gatewaySn === gateway.serialNumber) this.goOffline(sub, 'topology');
    }
    entry.subDevices = [...listed];
    for (const sub of subs) {
      const entry = this.entry(sub.device);
      entry.gatewaySn = gateway.serialNumber;
      entry.model = sub.model;
      this.seen(sub.device, now);
    }
  }

  /** The device's last connection closed. */
  disconnected(sn: string): void {
    const entry = this.devices.get(sn);
    if (entry?.online) this.goOffline(entry, 'disconnect');
  }

  /** Everything silent for longer than `offlineMs` goes offline. */
  sweep(now: number): void {
    for (const entry of this.devices.values()) {
      if (entry.online && now - entry.lastSeen > this.offlineMs) this.goOffline(entry, 'timeout');
    }
  }

  /** Where a command for `sn` goes: the dock a drone is attached to, or the device itself. */
  gatewayOf(sn: string): string {
    return this.devices.get(sn)?.gatewaySn ?? sn;
  }

  private entry(device: DeviceRef): Presence {
    let entry = this.devices.get(device.serialNumber);
    if (!entry) {
      entry = {
        device,
        online: false,
        lastSeen: 0,
        gatewaySn: null,
        subDevices: [],
        model: null,
      };
      this.devices.set(device.serialNumber, entry);
    } else {
      // The registry may have moved the serial number to another owner or tenant since.
      entry.device = device;
    }
    return entry;
  }

  private goOnline(entry: Presence): void {
    entry.online = true;
    this.events.emit('online', { device: entry.device, gatewaySn: entry.gatewaySn });
  }

  /** Offline, and so is every device behind it. */
  private goOffline(entry: Presence, reason: OfflineReason): void {
    entry.online = false;
    this.events.emit('offline', { device: entry.device, reason });
    for (const sn of entry.subDevices) {
      const sub = this.devices.get(sn);
      if (sub?.online && sub.gatewaySn === entry.device.serialNumber) this.goOffline(sub, 'gateway');
    }
  }
}
