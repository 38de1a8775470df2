import {
  type DeviceData,
  JOB_FINAL_STATUSES,
  type JobStatus,
  type LiveDevice,
  type LiveFrame,
  type LiveJob,
  type LiveOfflineReason,
} from '@aos/contract';
import type { DeviceIdentity } from '../device/directory.js';

/** A job's news: what the device reported, or what the command layer just sent. */
export interface JobUpdate {
  bid: string;
  method: string;
  status: JobStatus;
  percent: number | null;
  step: string | null;
  result: number | null;
  /** when the command was sent (recordJob); the view's time of first news otherwise */
  startedAt?: number;
}

/**
 * One change to one device, as every server instance applies it to its view. Built by the instance whose
 * link handled the device's message (or whose command layer sent a command) and shared on the bus, so the
 * views of all instances agree. Only what the message said is carried (the OSD fields of this message, not
 * the merge of one instance), so partial OSD messages handled by different instances merge the same way.
 */
export interface LiveChange {
  /** the instance that made it */
  origin: string;
  /** server time (ms) */
  at: number;
  device: DeviceIdentity;
  /** a message from or about the device arrived: it is online and its lastSeen moves */
  seen?: boolean;
  /** the dock that relays it (only ever set, never cleared: an instance that did not see it says nothing) */
  gatewaySn?: string;
  /** a gateway's topology: the devices it lists now */
  subDevices?: string[];
  offline?: LiveOfflineReason;
  osd?: { timestamp: number; data: DeviceData };
  state?: { timestamp: number; data: DeviceData };
  job?: JobUpdate;
  notice?: { method: string; timestamp: number; data: unknown };
}

/** A frame for the clients of one tenant. */
export interface TenantFrame {
  tenantId: string;
  frame: LiveFrame;
}

export interface ViewOptions {
  /** silence after which a device is offline */
  offlineMs: number;
  /** a running job with no news for this long is dropped (as 'timeout') */
  jobStaleMs: number;
}

interface FieldStamp {
  timestamp: number;
  at: number;
}

/** How long a field's value is defended against an older message handled late by another instance. */
const REORDER_WINDOW_MS = 5000;

const isFinal = (status: JobStatus) => JOB_FINAL_STATUSES.includes(status);

/** A registered device never heard: offline, nothing known. */
export function emptyDevice(identity: DeviceIdentity): LiveDevice {
  return {
    sn: identity.serialNumber,
    kind: identity.kind,
    ownerId: identity.ownerId,
    tenantId: identity.tenantId,
    online: false,
    lastSeen: null,
    gatewaySn: null,
    subDevices: [],
    osd: {},
    osdAt: null,
    state: {},
    stateAt: null,
    jobs: [],
  };
}

export const sameIdentity = (device: LiveDevice, identity: DeviceIdentity) =>
  device.tenantId === identity.tenantId &&
  device.kind === identity.kind &&
  device.ownerId === identity.ownerId;

/** A deep copy, so what a caller or a client holds never changes under it. */
export const copyDevice = (device: LiveDevice): LiveDevice => structuredClone(device);

/**
 * One server instance's picture of every device it has heard of (directly or through the bus): online state,
 * merged telemetry, the dock's running jobs. `apply` turns a change into the frames the tenant's consoles
 * must see; online/offline transitions are emitted once each, whoever reports them.
 */
export class LiveView {
  private readonly devices = new Map<string, LiveDevice>();
  /** bids of jobs that ended (→ when), so a late 'sent' or progress does not bring them back */
  private readonly finished = new Map<string, number>();
  /** per device and field: the device timestamp of the value kept, and when it was applied */
  private readonly stamps = new Map<string, Record<'osd' | 'state', Map<string, FieldStamp>>>();

  constructor(private readonly options: ViewOptions) {}

  has(sn: string): boolean {
    return this.devices.has(sn);
  }

  get(sn: string): LiveDevice | undefined {
    return this.devices.get(sn);
  }

  get size(): number {
    return this.devices.size;
  }

  /** Take a device known from elsewhere (the shared snapshot, or the registry) if the view has none. */
  seed(device: LiveDevice, now: number): LiveDevice {
    const existing = this.devices.get(device.sn);
    if (existing) return existing;
    const seeded = copyDevice(device);
    if (seeded.online && (seeded.lastSeen === null || now - seeded.lastSeen > this.options.offlineMs)) {
      seeded.online = false;
    }
    seeded.jobs = seeded.jobs.filter((job) => now - job.updatedAt <= this.options.jobStaleMs);
    this.devices.set(seeded.sn, seeded);
    return seeded;
  }

  /** Forget a device (removed from the registry). */
  drop(sn: string): void {
    this.devices.delete(sn);
    this.stamps.delete(sn);
  }

  apply(change: LiveChange): { frames: TenantFrame[]; touched: string[] } {
    const out: TenantFrame[] = [];
    const touched = [change.device.serialNumber];
    const device = this.entry(change.device);
    const push = (frame: LiveFrame) => out.push({ tenantId: device.tenantId, frame });
    if (change.gatewaySn && change.gatewaySn !== device.sn) device.gatewaySn = change.gatewaySn;
    if (change.subDevices) device.subDevices = [...change.subDevices];
    if (change.seen) {
      device.lastSeen = Math.max(device.lastSeen ?? 0, change.at);
      if (!device.online) {
        device.online = true;
        push({
          event: 'online',
          data: { sn: device.sn, kind: device.kind, gatewaySn: device.gatewaySn, at: change.at },
        });
      }
    }
    if (change.osd && this.merge(device, 'osd', change.osd, change.at)) {
      device.osdAt = change.at;
      push({
        event: 'osd',
        data: {
          sn: device.sn,
          kind: device.kind,
          gatewaySn: device.gatewaySn,
          timestamp: change.osd.timestamp,
          osd: { ...device.osd },
        },
      });
    }
    if (change.state && this.merge(device, 'state', change.state, change.at)) {
      device.stateAt = change.at;
      push({
        event: 'state',
        data: { sn: device.sn, timestamp: change.state.timestamp, state: { ...device.state } },
      });
    }
    if (change.job) {
      const job = this.applyJob(device, change.job, change.at);
      if (job) push({ event: 'job', data: { sn: device.sn, job } });
    }
    if (change.notice) push({ event: 'notice', data: { sn: device.sn, ...change.notice } });
    if (change.offline && device.online) {
      touched.push(...this.goOffline(device, change.offline, change.at, out));
    }
    return { frames: out, touched };
  }

  /**
   * Devices silent for longer than offlineMs go offline (with the devices behind them); running jobs with no
   * news for jobStaleMs are dropped as timed out. Every instance sweeps its own view: no bus traffic.
   */
  sweep(now: number): TenantFrame[] {
    const out: TenantFrame[] = [];
    for (const device of this.devices.values()) {
      if (device.online && now - (device.lastSeen ?? 0) > this.options.offlineMs) {
        this.goOffline(device, 'timeout', now, out);
      }
      const stale = device.jobs.filter((job) => now - job.updatedAt > this.options.jobStaleMs);
      for (const job of stale) {
        const ended = this.applyJob(
          device,
          { ...job, status: 'timeout', percent: job.percent, step: job.step, result: job.result },
          now,
        );
        if (ended)
          out.push({
            tenantId: device.tenantId,
            frame: { event: 'job', data: { sn: device.sn, job: ended } },
          });
      }
    }
    for (const [bid, at] of this.finished) {
      if (now - at > this.options.jobStaleMs) this.finished.delete(bid);
    }
    return out;
  }

  /**
   * Merge a message's fields. Instances handle a device's messages in parallel, so one instance may apply
   * them out of order: a field keeps the value of the message with the newest device timestamp, unless the
   * value it has is older than REORDER_WINDOW_MS (a device whose clock went back is still followed).
   * Answers whether anything changed.
   */
  private merge(
    device: LiveDevice,
    part: 'osd' | 'state',
    message: { timestamp: number; data: DeviceData },
    at: number,
  ): boolean {
    let stamps = this.stamps.get(device.sn);
    if (!stamps) this.stamps.set(device.sn, (stamps = { osd: new Map(), state: new Map() }));
    const fields = stamps[part];
    let changed = false;
    for (const [key, value] of Object.entries(message.data)) {
      const stamp = fields.get(key);
      if (stamp && message.timestamp < stamp.timestamp && at - stamp.at < REORDER_WINDOW_MS) continue;
      device[part][key] = value;
      fields.set(key, { timestamp: message.timestamp, at });
      changed = true;
    }
    return changed;
  }

  /** The device, created from its identity; reset when the serial number now belongs to someone else. */
  private entry(identity: DeviceIdentity): LiveDevice {
    const existing = this.devices.get(identity.serialNumber);
    if (existing && sameIdentity(existing, identity)) return existing;
    // New, or moved to another owner or tenant: nothing of the former owner's may show.
    const fresh = emptyDevice(identity);
    this.devices.set(fresh.sn, fresh);
    this.stamps.delete(fresh.sn);
    return fresh;
  }

  private goOffline(device: LiveDevice, reason: LiveOfflineReason, at: number, out: TenantFrame[]): string[] {
    device.online = false;
    out.push({
      tenantId: device.tenantId,
      frame: { event: 'offline', data: { sn: device.sn, kind: device.kind, reason, at } },
    });
    const touched: string[] = [];
    for (const other of this.devices.values()) {
      if (other.online && other.gatewaySn === device.sn && other.sn !== device.sn) {
        touched.push(other.sn, ...this.goOffline(other, 'gateway', at, out));
      }
    }
    return touched;
  }

  /** Create or update the job; a final status is answered once and the job leaves the dock's list. */
  private applyJob(device: LiveDevice, update: JobUpdate, at: number): LiveJob | null {
    if (this.finished.has(update.bid)) return null;
    let job = device.jobs.find((candidate) => candidate.bid === update.bid);
    if (job) {
      // A command's 'sent' may be recorded after the device's first progress: never go back to it.
      if (update.status !== 'sent' || job.status === 'sent') job.status = update.status;
      job.percent = update.percent ?? job.percent;
      job.step = update.step ?? job.step;
      job.result = update.result ?? job.result;
      job.startedAt = Math.min(job.startedAt, update.startedAt ?? job.startedAt);
      job.updatedAt = at;
    } else {
      job = {
        bid: update.bid,
        method: update.method,
        status: update.status,
        percent: update.percent,
        step: update.step,
        result: update.result,
        startedAt: update.startedAt ?? at,
        updatedAt: at,
      };
      device.jobs.push(job);
    }
    const answer = { ...job };
    if (isFinal(job.status)) {
      device.jobs = device.jobs.filter((candidate) => candidate.bid !== update.bid);
      this.finished.set(update.bid, at);
    }
    return answer;
  }
}
