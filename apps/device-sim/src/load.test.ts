import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoadFleet } from './load.js';
import { TestCloud } from './test-support/cloud.js';

let cloud: TestCloud;
beforeAll(async () => {
  cloud = await TestCloud.start();
});
afterAll(async () => {
  await cloud.close();
});

describe('load fleet (benchmark mode)', () => {
  it('publishes OSD per device with a monotonic sequence and the publish time', async () => {
    const devices = Array.from({ length: 10 }, (_, index) => ({
      sn: `L-${index}`,
      username: 'u',
      password: 'p',
      kind: index % 2 === 0 ? ('dock' as const) : ('drone' as const),
      ...(index % 2 === 1 ? { gatewaySn: `L-${index - 1}` } : {}),
    }));
    const fleet = new LoadFleet({ url: cloud.url, devices, intervalMs: 40 });
    const started = Date.now();
    await fleet.start();
    await cloud.waitFor((entry) => entry.sn === 'L-9' && entry.kind === 'osd' && entry.data.seq === 3);
    await fleet.stop();
    const sent = fleet.sentBySerial();
    expect(fleet.published).toBeGreaterThanOrEqual(30);
    expect([...sent.keys()].sort()).toEqual(devices.map((device) => device.sn).sort());
    expect([...sent.values()].reduce((sum, count) => sum + count, 0)).toBe(fleet.published);
    for (const device of devices)
      await expect
        .poll(() => cloud.received.filter((entry) => entry.sn === device.sn && entry.kind === 'osd').length)
        .toBe(sent.get(device.sn));
    for (const device of devices) {
      const osd = cloud.received.filter((entry) => entry.sn === device.sn && entry.kind === 'osd');
      expect(osd.map((entry) => entry.data.seq)).toEqual(osd.map((_, index) => index + 1));
      for (const entry of osd) expect(entry.message.timestamp).toBeGreaterThanOrEqual(started);
      if (device.kind === 'drone') expect(osd[0]?.message.gateway).toBe(device.gatewaySn);
    }
    const topos = cloud.received.filter((entry) => entry.kind === 'status').map((entry) => entry.sn);
    expect(topos.sort()).toEqual(['L-0', 'L-2', 'L-4', 'L-6', 'L-8']);
  });

  it('reports state changes at QoS 1 and counts them once the broker acknowledged them', async () => {
    const devices = Array.from({ length: 4 }, (_, index) => ({
      sn: `S-${index}`,
      username: 'u',
      password: 'p',
      kind: 'dock' as const,
    }));
    const fleet = new LoadFleet({ url: cloud.url, devices, intervalMs: 1000, stateIntervalMs: 30 });
    await fleet.start();
    await cloud.waitFor(
      (entry) => entry.sn === 'S-3' && entry.kind === 'state' && entry.data.state_seq === 4,
    );
    await fleet.stop();
    const received = () =>
      cloud.received.filter((entry) => entry.sn.startsWith('S-') && entry.kind === 'state');
    expect(fleet.stateFailed).toBe(0);
    // acknowledged by the broker means delivered to its subscribers too (the acknowledgement may come first)
    await expect.poll(() => received().length).toBe(fleet.statePublished);
    const states = received();
    for (const device of devices) {
      const seqs = states.filter((entry) => entry.sn === device.sn).map((entry) => entry.data.state_seq);
      expect(seqs).toEqual(seqs.map((_, index) => index + 1));
      expect(seqs.length).toBeGreaterThanOrEqual(device.sn === 'S-3' ? 4 : 3);
    }
  });

  it('lays docks out on a grid and flies each drone round its dock, heading along the circle', async () => {
    const devices = [0, 1, 2, 3].flatMap((index) => [
      { sn: `G-D${index}`, username: 'u', password: 'p', kind: 'dock' as const },
      { sn: `G-U${index}`, username: 'u', password: 'p', kind: 'drone' as const, gatewaySn: `G-D${index}` },
    ]);
    const layout = { longitude: 113.95, latitude: 22.54, spacingM: 1000, radiusM: 200, speed: 40 };
    const fleet = new LoadFleet({ url: cloud.url, devices, intervalMs: 50, layout });
    await fleet.start();
    await cloud.waitFor((entry) => entry.sn === 'G-U3' && entry.kind === 'osd' && entry.data.seq === 4);
    await fleet.stop();
    const osd = (sn: string) =>
      cloud.received.filter((entry) => entry.sn === sn && entry.kind === 'osd').map((entry) => entry.data);
    const metres = (a: Record<string, unknown>, b: Record<string, unknown>) => {
      const north = ((a.latitude as number) - (b.latitude as number)) * 111_320;
      const east =
        ((a.longitude as number) - (b.longitude as number)) * 111_320 * Math.cos((22.54 * Math.PI) / 180);
      return { north, east, distance: Math.hypot(north, east) };
    };
    // a 2 × 2 grid, 1,000 m apart, around the given point
    const docks = [0, 1, 2, 3].map((index) => osd(`G-D${index}`)[0]!);
    expect(metres(docks[0]!, docks[1]!).distance).toBeCloseTo(1000, 0);
    expect(metres(docks[0]!, docks[2]!).distance).toBeCloseTo(1000, 0);
    expect(metres(docks[0]!, docks[3]!).distance).toBeCloseTo(1000 * Math.SQRT2, 0);
    expect(docks[0]!.drone_in_dock).toBe(0);
    for (const index of [0, 1, 2, 3]) {
      const track = osd(`G-U${index}`);
      for (const sample of track) {
        expect(sample.mode_code).toBe(3);
        expect(metres(sample, docks[index]!).distance).toBeCloseTo(200, 0);
      }
      // the heading points where the drone went next (within the few degrees the arc turns meanwhile)
      const [first, second] = track.slice(-2);
      const step = metres(second!, first!);
      const course = (Math.atan2(step.east, step.north) * 180) / Math.PI;
      const turn = ((course - (first!.attitude_head as number) + 540) % 360) - 180;
      expect(Math.abs(turn)).toBeLessThan(15);
    }
  });
});
