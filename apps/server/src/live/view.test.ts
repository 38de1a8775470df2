import { describe, expect, it } from 'vitest';
import type { DeviceIdentity } from '../device/directory.js';
import { emptyDevice, type LiveChange, LiveView } from './view.js';

const dock: DeviceIdentity = { tenantId: 't1', serialNumber: 'DOCK', kind: 'dock', ownerId: '1' };
const drone: DeviceIdentity = { tenantId: 't1', serialNumber: 'UAV', kind: 'device', ownerId: '2' };
const change = (device: DeviceIdentity, at: number, fields: Partial<LiveChange> = {}): LiveChange => ({
  origin: 'x',
  at,
  device,
  ...fields,
});
const events = (result: { frames: Array<{ frame: { event: string } }> }) =>
  result.frames.map((item) => item.frame.event);

describe('LiveView', () => {
  it('reports online once whoever reports it, and keeps a known gateway', () => {
    const view = new LiveView({ offlineMs: 1000, jobStaleMs: 10_000 });
    expect(events(view.apply(change(drone, 1, { seen: true, gatewaySn: 'DOCK' })))).toEqual(['online']);
    expect(events(view.apply(change(drone, 2, { seen: true })))).toEqual([]);
    expect(view.get('UAV')).toMatchObject({ online: true, gatewaySn: 'DOCK', lastSeen: 2 });
  });

  it('takes the devices behind a gateway offline with it, and silent ones on the sweep', () => {
    const view = new LiveView({ offlineMs: 1000, jobStaleMs: 10_000 });
    view.apply(change(dock, 0, { seen: true }));
    view.apply(change(drone, 0, { seen: true, gatewaySn: 'DOCK' }));
    expect(view.sweep(500)).toEqual([]);
    view.apply(change(drone, 600, { seen: true }));
    const swept = view.sweep(1200).map((item) => item.frame);
    expect(swept).toEqual([
      { event: 'offline', data: { sn: 'DOCK', kind: 'dock', reason: 'timeout', at: 1200 } },
      { event: 'offline', data: { sn: 'UAV', kind: 'device', reason: 'gateway', at: 1200 } },
    ]);
    expect(view.apply(change(dock, 1300, { offline: 'topology' })).frames).toEqual([]);
  });

  it('keeps the newest value of each field when messages arrive out of order', () => {
    const view = new LiveView({ offlineMs: 60_000, jobStaleMs: 10_000 });
    view.apply(change(dock, 1, { osd: { timestamp: 20, data: { a: 2, b: 2 } } }));
    const late = view.apply(change(dock, 2, { osd: { timestamp: 10, data: { a: 1, c: 1 } } }));
    expect(view.get('DOCK')?.osd).toEqual({ a: 2, b: 2, c: 1 });
    expect(late.frames[0]?.frame).toMatchObject({ event: 'osd', data: { osd: { a: 2, b: 2, c: 1 } } });
    expect(view.apply(change(dock, 3, { osd: { timestamp: 5, data: { a: 0 } } })).frames).toEqual([]);
    // A device whose clock went back is followed once the defended value is old enough.
    view.apply(change(dock, 10_000, { osd: { timestamp: 1, data: { a: 9 } } }));
    expect(view.get('DOCK')?.osd.a).toBe(9);
  });

  it('runs a job from sent to its end, once, and drops stale ones as timed out', () => {
    const view = new LiveView({ offlineMs: 60_000, jobStaleMs: 1000 });
    const job = { bid: 'b1', method: 'cover_open', percent: null, step: null, result: null };
    view.apply(change(dock, 10, { job: { ...job, status: 'in_progress', percent: 30 } }));
    view.apply(change(dock, 11, { job: { ...job, status: 'sent', startedAt: 5 } }));
    expect(view.get('DOCK')?.jobs).toEqual([
      { ...job, status: 'in_progress', percent: 30, startedAt: 5, updatedAt: 11 },
    ]);
    const ended = view.apply(change(dock, 12, { job: { ...job, status: 'failed', result: 316001 } }));
    expect(ended.frames[0]?.frame).toMatchObject({ data: { job: { status: 'failed', result: 316001 } } });
    expect(view.get('DOCK')?.jobs).toEqual([]);
    expect(view.apply(change(dock, 13, { job: { ...job, status: 'in_progress' } })).frames).toEqual([]);

    view.apply(change(dock, 20, { job: { ...job, bid: 'b2', status: 'sent' } }));
    expect(view.sweep(500)).toEqual([]);
    expect(view.sweep(1100).map((item) => item.frame)).toMatchObject([
      { event: 'job', data: { sn: 'DOCK', job: { bid: 'b2', status: 'timeout' } } },
    ]);
    expect(view.get('DOCK')?.jobs).toEqual([]);
  });

  it('forgets everything when the serial number moves to another tenant', () => {
    const view = new LiveView({ offlineMs: 60_000, jobStaleMs: 1000 });
    view.apply(change(dock, 1, { seen: true, osd: { timestamp: 1, data: { secret: 1 } } }));
    const moved = { ...dock, tenantId: 't2', ownerId: '9' };
    const result = view.apply(change(moved, 2, { seen: true }));
    expect(result.frames.map((item) => item.tenantId)).toEqual(['t2']);
    expect(view.get('DOCK')).toMatchObject({ tenantId: 't2', osd: {} });
  });

  it('seeds a stale snapshot as offline', () => {
    const view = new LiveView({ offlineMs: 1000, jobStaleMs: 1000 });
    view.seed({ ...emptyDevice(dock), online: true, lastSeen: 0 }, 5000);
    expect(view.get('DOCK')?.online).toBe(false);
  });
});
