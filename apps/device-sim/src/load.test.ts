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
    expect(fleet.published).toBeGreaterThanOrEqual(30);
    for (const device of devices) {
      const osd = cloud.received.filter((entry) => entry.sn === device.sn && entry.kind === 'osd');
      expect(osd.map((entry) => entry.data.seq)).toEqual(osd.map((_, index) => index + 1));
      for (const entry of osd) expect(entry.message.timestamp).toBeGreaterThanOrEqual(started);
      if (device.kind === 'drone') expect(osd[0]?.message.gateway).toBe(device.gatewaySn);
    }
    const topos = cloud.received.filter((entry) => entry.kind === 'status').map((entry) => entry.sn);
    expect(topos.sort()).toEqual(['L-0', 'L-2', 'L-4', 'L-6', 'L-8']);
  });
});
