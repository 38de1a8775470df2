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

/**
 * The devices after one frame (pure, so it is tested without a socket). A snapshot replaces what it lists
 * (`replace` drops every other device: a fresh subscription); each change touches one device.
 */
export function applyFrame(devices: LiveDevices, frame: LiveFrame, replace = false): LiveDevices {
  switch (frame.event) {
    case 'snapshot': {
      const next: LiveDevices = replace ? {} : { ...devices };
      for (const device of frame.data.devices) next[device.sn] = device;
      return next;
    }
    case 'online': {
      const { sn, kind, gatewaySn, at } = frame.data;
      const device = devices[sn] ?? blank(sn, kind);
      return {
        ...devices,
        [sn]: { ...device, online: true, lastSeen: at, gatewaySn: gatewaySn ?? device.gatewaySn },
      };
    }
    case 'offline': {
      const { sn, kind } = frame.data;
      const device = devices[sn] ?? blank(sn, kind);
      return { ...devices, [sn]: { ...device, online: false } };
    }
    case 'osd': {
      const { sn, kind, gatewaySn, timestamp, osd } = frame.data;
      const device = devices[sn] ?? blank(sn, kind);
      return {
        ...devices,
        [sn]: {
          ...device,
          online: true,
          osd,
          osdAt: timestamp,
          lastSeen: Date.now(),
          gatewaySn: gatewaySn ?? device.gatewaySn,
        },
      };
    }
    case 'state': {
      const device = devices[frame.data.sn];
      if (!device) return devices;
      return {
        ...devices,
        [frame.data.sn]: { ...device, state: frame.data.state, stateAt: frame.data.timestamp },
      };
    }
    case 'job': {
      const device = devices[frame.data.sn];
      if (!device) return devices;
      return { ...devices, [frame.data.sn]: { ...device, jobs: withJob(device.jobs, frame.data.job) } };
    }
    default:
      return devices;
  }
}
