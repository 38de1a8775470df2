import type { LiveDevice } from '@aos/contract';
import type { Cache } from '../lib/cache.js';
import type { LinkLogger } from '../device/logger.js';

const KEY_PREFIX = 'live:device:';
/** a device silent for a day is forgotten by the cache (the registry still lists it, offline) */
const TTL_SECONDS = 86_400;

/**
 * Each device's last LiveDevice in the shared cache (Redis when configured), so an instance that starts
 * later, or restarts, answers the same picture. Written by the instance that made a change; OSD-only changes
 * at most once per `osdIntervalMs` per device (the newest wins), everything else at once.
 */
export class SnapshotStore {
  private readonly lastWrite = new Map<string, number>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly writes = new Set<Promise<void>>();

  constructor(
    private readonly cache: Cache,
    private readonly read: (sn: string) => LiveDevice | undefined,
    private readonly osdIntervalMs: number,
    private readonly log: () => LinkLogger,
    private readonly now: () => number = Date.now,
  ) {}

  async load(sn: string): Promise<LiveDevice | null> {
    const raw = await this.cache.get(KEY_PREFIX + sn);
    if (!raw) return null;
    try {
      const device = JSON.parse(raw) as LiveDevice;
      return device.sn === sn ? device : null;
    } catch {
      return null;
    }
  }

  /** Write `sn` now (`urgent`) or within osdIntervalMs of its last write. */
  schedule(sn: string, urgent: boolean): void {
    const pending = this.timers.get(sn);
    if (pending && !urgent) return;
    if (pending) {
      clearTimeout(pending);
      this.timers.delete(sn);
    }
    const wait = urgent ? 0 : (this.lastWrite.get(sn) ?? -Infinity) + this.osdIntervalMs - this.now();
    if (wait <= 0) return this.write(sn);
    const timer = setTimeout(() => {
      this.timers.delete(sn);
      this.write(sn);
    }, wait);
    timer.unref();
    this.timers.set(sn, timer);
  }

  async remove(sn: string): Promise<void> {
    await this.cache.del(KEY_PREFIX + sn);
  }

  /** Write what is waiting and wait for every write under way (the app is closing). */
  async flush(): Promise<void> {
    for (const [sn, timer] of this.timers) {
      clearTimeout(timer);
      this.write(sn);
    }
    this.timers.clear();
    await Promise.all([...this.writes]);
  }

  private write(sn: string): void {
    this.lastWrite.set(sn, this.now());
    const device = this.read(sn);
    if (!device) return;
    const write = this.cache
      .set(KEY_PREFIX + sn, JSON.stringify(device), TTL_SECONDS)
      .catch((error: unknown) => this.log().warn({ err: error, sn }, 'live snapshot not written'))
      .finally(() => this.writes.delete(write));
    this.writes.add(write);
  }
}
