import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceClient } from './client.js';
import { TestCloud } from './test-support/cloud.js';

let cloud: TestCloud;
beforeAll(async () => {
  cloud = await TestCloud.start();
});
afterAll(async () => {
  await cloud.close();
});

describe('device client', () => {
  it('stays closed when it is ended while still connecting (an aircraft powered off during power-on)', async () => {
    const client = new DeviceClient({
      url: cloud.url,
      credentials: { sn: 'Z-1', username: 'u', password: 'p' },
    });
    const connecting = client.connect();
    await client.end(true);
    await connecting;
    expect(client.connected).toBe(false);
    expect(client.publish('osd', { seq: 1 })).toBeNull();
    // and it can be connected again afterwards
    await client.connect();
    expect(client.connected).toBe(true);
    expect(client.publish('osd', { seq: 2 })).not.toBeNull();
    await cloud.waitFor((entry) => entry.sn === 'Z-1' && entry.data.seq === 2);
    expect(cloud.received.filter((entry) => entry.sn === 'Z-1').map((entry) => entry.data.seq)).toEqual([2]);
    await client.end(true);
  });
});
