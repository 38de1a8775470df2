import type { LiveDevice, LiveFrame, LiveJob } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import { applyFrame, applyFrames } from './model';

const dock: LiveDevice = {
  sn: 'DOCK1',
  kind: 'dock',
  ownerId: '1',
  tenantId: '000000',
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

const job = (status: LiveJob['status'], bid = 'b1'): LiveJob => ({
  bid,
  method: 'cover_open',
  status,
  percent: null,
  step: null,
  result: null,
  startedAt: 1,
  updatedAt: 1,
});

describe('applyFrame', () => {
  it('replaces everything with a fresh snapshot, or merges a partial one', () => {
    const before = { OLD: { ...dock, sn: 'OLD' } };
    const frame: LiveFrame = { event: 'snapshot', data: { devices: [dock] } };
    expect(Object.keys(applyFrame(before, frame, true))).toEqual(['DOCK1']);
    expect(Object.keys(applyFrame(before, frame)).sort()).toEqual(['DOCK1', 'OLD']);
  });

  it('follows online, osd and offline, keeping the last known values', () => {
    let devices = applyFrame({}, { event: 'snapshot', data: { devices: [dock] } }, true);
    devices = applyFrame(devices, {
      event: 'online',
      data: { sn: 'DOCK1', kind: 'dock', gatewaySn: null, at: 5 },
    });
    expect(devices.DOCK1!.online).toBe(true);
    devices = applyFrame(devices, {
      event: 'osd',
      data: { sn: 'DOCK1', kind: 'dock', gatewaySn: null, timestamp: 9, osd: { cover_state: 1 } },
    });
    expect(devices.DOCK1!.osd).toEqual({ cover_state: 1 });
    devices = applyFrame(devices, {
      event: 'offline',
      data: { sn: 'DOCK1', kind: 'dock', reason: 'timeout', at: 20 },
    });
    expect(devices.DOCK1).toMatchObject({ online: false, osd: { cover_state: 1 } });
  });

  it('adds a device first heard of in a change, and keeps a drone gateway once known', () => {
    let devices = applyFrame(
      {},
      {
        event: 'osd',
        data: { sn: 'UAV1', kind: 'device', gatewaySn: 'DOCK1', timestamp: 1, osd: { mode_code: 0 } },
      },
    );
    devices = applyFrame(devices, {
      event: 'osd',
      data: { sn: 'UAV1', kind: 'device', gatewaySn: null, timestamp: 2, osd: { mode_code: 4 } },
    });
    expect(devices.UAV1).toMatchObject({ online: true, gatewaySn: 'DOCK1', osd: { mode_code: 4 } });
  });

  it('keeps a job while it runs and drops it at its final status', () => {
    let devices = applyFrame({}, { event: 'snapshot', data: { devices: [dock] } }, true);
    devices = applyFrame(devices, { event: 'job', data: { sn: 'DOCK1', job: job('sent') } });
    devices = applyFrame(devices, { event: 'job', data: { sn: 'DOCK1', job: job('in_progress') } });
    expect(devices.DOCK1!.jobs.map((known) => known.status)).toEqual(['in_progress']);
    devices = applyFrame(devices, { event: 'job', data: { sn: 'DOCK1', job: job('ok') } });
    expect(devices.DOCK1!.jobs).toEqual([]);
  });

  it('applies a batch in order, touching only the devices it names', () => {
    const other = { ...dock, sn: 'DOCK2' };
    const before = { DOCK1: dock, DOCK2: other };
    const osd = (n: number): LiveFrame => ({
      event: 'osd',
      data: { sn: 'DOCK1', kind: 'dock', gatewaySn: null, timestamp: n, osd: { n } },
    });
    const after = applyFrames(before, [
      osd(1),
      osd(2),
      { event: 'offline', data: { sn: 'DOCK1', kind: 'dock', reason: 'timeout', at: 3 } },
      { event: 'state', data: { sn: 'NOBODY', timestamp: 4, state: {} } },
    ]);
    expect(after.DOCK1).toMatchObject({ online: false, osd: { n: 2 }, osdAt: 2 });
    expect(after.DOCK2).toBe(other);
    expect(before.DOCK1).toBe(dock);
    expect(Object.keys(after).sort()).toEqual(['DOCK1', 'DOCK2']);
    // nothing known changed: the same record, so subscribers see no change
    const unknown: LiveFrame = { event: 'job', data: { sn: 'NOBODY', job: job('sent') } };
    expect(applyFrames(before, [unknown])).toBe(before);
    // a fresh snapshot in the batch replaces what came before it
    const fresh = applyFrames(
      before,
      [osd(5), { event: 'snapshot', data: { devices: [other] } }, osd(6)],
      true,
    );
    expect(Object.keys(fresh).sort()).toEqual(['DOCK1', 'DOCK2']);
    expect(fresh.DOCK1!.osd).toEqual({ n: 6 });
    expect(fresh.DOCK1!.state).toEqual({});
  });

  it('leaves online and offline to their own frames: a late OSD does not bring a device back', () => {
    let devices = applyFrame({}, { event: 'snapshot', data: { devices: [{ ...dock, online: true }] } }, true);
    devices = applyFrame(devices, {
      event: 'offline',
      data: { sn: 'DOCK1', kind: 'dock', reason: 'topology', at: 5 },
    });
    devices = applyFrame(devices, {
      event: 'osd',
      data: { sn: 'DOCK1', kind: 'dock', gatewaySn: null, timestamp: 4, osd: { cover_state: 0 } },
    });
    expect(devices.DOCK1).toMatchObject({ online: false, osd: { cover_state: 0 } });
  });
});
