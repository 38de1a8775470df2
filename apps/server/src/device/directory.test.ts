import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/client.js';
import { type DeviceIdentity, DeviceDirectory } from './directory.js';

/**
 * The directory's cache of serial-number lookups, with the registry read replaced: each read is a promise
 * the test settles, so what waits for the database and what does not is visible.
 */
function directory(ttlMs = 1000) {
  let now = 0;
  const reads: Array<{
    sns: string[];
    resolve: (identity: DeviceIdentity | null) => void;
    resolveAll: (found: DeviceIdentity[]) => void;
    reject: (error: Error) => void;
  }> = [];
  const dir = new DeviceDirectory({} as Executor, ttlMs, () => now);
  (dir as unknown as { read: (sns: string[]) => Promise<Map<string, DeviceIdentity>> }).read = (sns) =>
    new Promise((resolve, reject) => {
      const resolveAll = (found: DeviceIdentity[]) =>
        resolve(new Map(found.map((identity) => [identity.serialNumber, identity])));
      reads.push({
        sns,
        resolve: (identity) => resolveAll(identity ? [identity] : []),
        resolveAll,
        reject,
      });
    });
  /** lookups are read in the next turn of the event loop */
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  return {
    dir,
    reads,
    turn,
    advance: (ms: number) => (now += ms),
  };
}

const owner = (sn: string, tenantId = '000000'): DeviceIdentity => ({
  tenantId,
  serialNumber: sn,
  kind: 'dock',
  ownerId: `id-${sn}`,
});

/** Whether `promise` has settled once the pending callbacks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('device directory lookups', () => {
  it('reads a device once while its answer is fresh, and once while the read runs', async () => {
    const { dir, reads, turn, advance } = directory();
    const first = dir.lookup('D1');
    await turn();
    advance(5000); // longer than the lifetime, still running: not read a second time
    const second = dir.lookup('D1');
    await turn();
    expect(reads).toHaveLength(1);
    reads[0]!.resolve(owner('D1'));
    expect(await first).toEqual(owner('D1'));
    expect(await second).toEqual(owner('D1'));
    expect(await dir.lookup('D1')).toEqual(owner('D1'));
    await turn();
    expect(reads).toHaveLength(1);
  });

  it('reads the serial numbers asked for in one turn in one query', async () => {
    const { dir, reads, turn } = directory();
    const asked = ['D1', 'D2', 'D1', 'D3'].map((sn) => dir.lookup(sn));
    await turn();
    expect(reads.map((read) => read.sns)).toEqual([['D1', 'D2', 'D3']]);
    reads[0]!.resolveAll([owner('D1'), owner('D3')]);
    expect(await Promise.all(asked)).toEqual([owner('D1'), null, owner('D1'), owner('D3')]);
    // 1,200 new devices at once: 500 per query
    const many = Array.from({ length: 1200 }, (_, index) => dir.lookup(`M${index}`));
    await turn();
    expect(reads.slice(1).map((read) => read.sns.length)).toEqual([500, 500, 200]);
    reads[2]!.reject(new Error('database down'));
    for (const read of [reads[1]!, reads[3]!]) read.resolveAll([]);
    const results = await Promise.allSettled(many);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(500);
  });

  it('answers an expired device at once and reads it again in the background, once', async () => {
    const { dir, reads, turn, advance } = directory();
    const first = dir.lookup('D1');
    await turn();
    reads[0]!.resolve(owner('D1'));
    await first;
    advance(1001);
    const stale = dir.lookup('D1');
    expect(await settled(stale)).toBe(true);
    expect(await stale).toEqual(owner('D1'));
    expect(await dir.lookup('D1')).toEqual(owner('D1'));
    await turn();
    expect(reads).toHaveLength(2); // one refresh for both lookups
    // the device moved to another tenant: the refreshed answer is served from then on
    reads[1]!.resolve(owner('D1', '111111'));
    await turn();
    expect(await dir.lookup('D1')).toEqual(owner('D1', '111111'));
    await turn();
    expect(reads).toHaveLength(2);
  });

  it('keeps the last answer when a refresh fails, and tries again on the next lookup', async () => {
    const { dir, reads, turn, advance } = directory();
    const first = dir.lookup('D1');
    await turn();
    reads[0]!.resolve(owner('D1'));
    await first;
    advance(1001);
    expect(await dir.lookup('D1')).toEqual(owner('D1'));
    await turn();
    reads[1]!.reject(new Error('database down'));
    await turn();
    expect(await dir.lookup('D1')).toEqual(owner('D1'));
    await turn();
    expect(reads).toHaveLength(3);
  });

  it('forgets a first read that failed, and a refresh does not undo an invalidation', async () => {
    const { dir, reads, turn, advance } = directory();
    const failing = dir.lookup('D1');
    await turn();
    reads[0]!.reject(new Error('database down'));
    await expect(failing).rejects.toThrow('database down');
    const first = dir.lookup('D1');
    await turn();
    expect(reads).toHaveLength(2);
    reads[1]!.resolve(owner('D1'));
    await first;
    advance(1001);
    void dir.lookup('D1'); // starts a refresh
    await turn();
    dir.invalidate('D1'); // the registry changed meanwhile
    reads[2]!.resolve(owner('D1'));
    await turn();
    const fresh = dir.lookup('D1');
    await turn();
    expect(reads).toHaveLength(4);
    reads[3]!.resolve(null);
    expect(await fresh).toBeNull();
  });
});
