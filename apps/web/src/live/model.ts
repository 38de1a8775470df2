import type { LiveDevice, LiveFrame, LiveJob } from '@aos/contract';
import { JOB_FINAL_STATUSES } from '@aos/contract/rules';

/** Devices by serial number, as the live frames describe them. */
export type LiveDevices = Record<string, LiveDevice>;

function blank(sn: string, kind: LiveDevice['kind']): LiveDevice {
  return {
    sn,
    kind,
    ownerId: '',
    tenantId: '',
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

function withJob(jobs: LiveJob[], job: LiveJob): LiveJob[] {
  const others = jobs.filter((known) => known.bid !== job.bid);
  return JOB_FINAL_STATUSES.includes(job.status) ? others : [...others, job];
}

/** One device after a change frame: a new object, or null when the frame changes nothing known. */
function deviceAfter(
  devices: LiveDevices,
  frame: Exclude<LiveFrame, { event: 'snapshot' }>,
): LiveDevice | null {
  switch (frame.event) {
    case 'online': {
      const { sn, kind, gatewaySn, at } = frame.data;
      const device = devices[sn] ?? blank(sn, kind);
      return { ...device, online: true, lastSeen: at, gatewaySn: gatewaySn ?? device.gatewaySn };
    }
    case 'offline': {
      const { sn, kind } = frame.data;
      return { ...(devices[sn] ?? blank(sn, kind)), online: false };
    }
    case 'osd': {
      const { sn, kind, gatewaySn, timestamp, osd } = frame.data;
      const known = devices[sn];
      const device = known ?? blank(sn, kind);
      return {
        ...device,
        // Online and offline come in their own frames; OSD tells only of a device first heard of this way.
        online: known ? known.online : true,
        osd,
        osdAt: timestamp,
        lastSeen: Date.now(),
        gatewaySn: gatewaySn ?? device.gatewaySn,
      };
    }
    case 'state': {
      const device = devices[frame.data.sn];
      return device ? { ...device, state: frame.data.state, stateAt: frame.data.timestamp } : null;
    }
    case 'job': {
      const device = devices[frame.data.sn];
      return device ? { ...device, jobs: withJob(device.jobs, frame.data.job) } : null;
    }
    default:
      return null;
  }
}

/**
 * The devices after a batch of frames, in order (pure, so it is tested without a socket). The record is
 * copied once per batch, not once per frame: with a thousand devices reporting every second, copying it
 * per frame would cost a million property copies a second. A snapshot replaces what it lists (`replace`
 * drops every other device: a fresh subscription); each change touches one device, which is a new object
 * (unchanged devices keep theirs, so subscribers find what changed by identity).
 */
export function applyFrames(devices: LiveDevices, frames: LiveFrame[], replace = false): LiveDevices {
  let next: LiveDevices | null = null;
  for (const frame of frames) {
    if (frame.event === 'snapshot') {
      next = replace ? {} : (next ?? { ...devices });
      for (const device of frame.data.devices) next[device.sn] = device;
      continue;
    }
    const changed = deviceAfter(next ?? devices, frame);
    if (!changed) continue;
    next ??= { ...devices };
    next[changed.sn] = changed;
  }
  return next ?? devices;
}

/** The devices after one frame (applyFrames of one). */
export function applyFrame(devices: LiveDevices, frame: LiveFrame, replace = false): LiveDevices {
  return applyFrames(devices, [frame], replace);
}
