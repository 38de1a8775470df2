import type { EventEmitter } from 'node:events';
import type { DeviceData } from '@aos/contract';
import type { DeviceLinkEvents, DeviceRef, OfflineReason, ReportedModel } from './events.js';

/** What the server knows of one device right now (in memory; one server instance's view). */
export interface LiveDevice {
  device: DeviceRef;
  online: boolean;
  /** server time (ms) of the last message from or about it */
  lastSeen: number;
  /** for a drone: the dock whose topology last listed it */
  gatewaySn: string | null;
  /** for a dock: the devices its topology lists now */
  subDevices: string[];
  model: ReportedModel | null;
  /** merged OSD fields and state properties; kept when the device goes offline (last known) */
  osd: DeviceData;
  osdAt: number | null;
  state: DeviceData;
  stateAt: number | null;
}

/** A sub-device as a gateway's topology lists it, resolved to its registered owner. */
export interface TopologyEntry {
  device: DeviceRef;
  model: ReportedModel;
}

/**
 * Online/offline and last state per serial number. A device is online once anything from it (or its
 * gateway's topology listing it) arrives, and offline when the topology drops it, when its gateway goes
 * offline, when its connection closes, or after `offlineMs` of silence (`sweep`). Transitions are emitted
 * on `events` as `online`/`offline`, once each.
 */
export class DeviceRegistry {
  private readonly devices = new Map<string, LiveDevice>();

  constructor(
    private readonly events: EventEmitter<DeviceLinkEvents>,
    private readonly offlineMs: number,
  ) {}

  get(sn: string): LiveDevice | undefined {
    return this.devices.get(sn);
  }

  /** Every device known to this instance, or those of one tenant. */
  list(tenantId?: string): LiveDevice[] {
    const all = [...this.devices.values()];
    return tenantId === undefined ? all : all.filter((live) => live.device.tenantId === tenantId);
  }

  isOnline(sn: string): boolean {
    return this.devices.get(sn)?.online ?? false;
  }

  /** A message from or about `device` arrived at `now`. */
  seen(device: DeviceRef, now: number): LiveDevice {
    const live = this.entry(device);
    live.lastSeen = now;
    if (!live.online) this.goOnline(live);
    return live;
  }

  /** A gateway's `update_topo`: it is online, `subs` are online behind it, the ones it dropped are offline. */
  topology(gateway: DeviceRef, model: ReportedModel, subs: TopologyEntry[], now: number): void {
    const live = this.seen(gateway, now);
    live.model = model;
    const listed = new Set(subs.map((sub) => sub.device.serialNumber));
    for (const sn of live.subDevices) {
      const sub = this.devices.get(sn);
      if (!listed.has(sn) && sub?.gatewaySn === gateway.serialNumber) this.goOffline(sub, 'topology');
    }
    live.subDevices = [...listed];
    for (const sub of subs) {
      const entry = this.entry(sub.device);
      entry.gatewaySn = gateway.serialNumber;
      entry.model = sub.model;
      this.seen(sub.device, now);
    }
  }

  /** Merge an OSD message's fields into the last known ones and answer the merged set. */
  recordOsd(device: DeviceRef, data: DeviceData, now: number): LiveDevice {
    const live = this.seen(device, now);
    Object.assign(live.osd, data);
    live.osdAt = now;
    return live;
  }

  recordState(device: DeviceRef, data: DeviceData, now: number): LiveDevice {
    const live = this.seen(device, now);
    Object.assign(live.state, data);
    live.stateAt = now;
    return live;
  }

  /** The device's last connection closed. */
  disconnected(sn: string): void {
    const live = this.devices.get(sn);
    if (live?.online) this.goOffline(live, 'disconnect');
  }

  /** Everything silent for longer than `offlineMs` goes offline. */
  sweep(now: number): void {
    for (const live of this.devices.values()) {
      if (live.online && now - live.lastSeen > this.offlineMs) this.goOffline(live, 'timeout');
    }
  }

  /** Where a command for `sn` goes: the dock a drone is attached to, or the device itself. */
  gatewayOf(sn: string): string {
    return this.devices.get(sn)?.gatewaySn ?? sn;
  }

  private entry(device: DeviceRef): LiveDevice {
    let live = this.devices.get(device.serialNumber);
    if (!live) {
      live = {
        device,
        online: false,
        lastSeen: 0,
        gatewaySn: null,
        subDevices: [],
        model: null,
        osd: {},
        osdAt: null,
        state: {},
        stateAt: null,
      };
      this.devices.set(device.serialNumber, live);
    } else {
      // The registry may have moved the serial number to another owner or tenant since.
      live.device = device;
    }
    return live;
  }

  private goOnline(live: LiveDevice): void {
    live.online = true;
    this.events.emit('online', { device: live.device, gatewaySn: live.gatewaySn });
  }

  /** Offline, and so is every device behind it. */
  private goOffline(live: LiveDevice, reason: OfflineReason): void {
    live.online = false;
    this.events.emit('offline', { device: live.device, reason });
    for (const sn of live.subDevices) {
      const sub = this.devices.get(sn);
      if (sub?.online && sub.gatewaySn === live.device.serialNumber) this.goOffline(sub, 'gateway');
    }
  }
}
