import { LIVE_OSD_MIN_INTERVAL_MS, type LiveDevice, type LiveEvents, type LiveFrame } from '@aos/contract';

/** What the client needs of a WebSocket (the `ws` package's, in the app). */
export interface LiveSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  /**
   * Hold writes until `uncork` (the TCP socket's cork): the frames one client gets in one turn of the event
   * loop go out in one system call instead of one each. Optional: without it every frame is written at once.
   */
  cork?(): void;
  uncork?(): void;
}

const OPEN = 1;

export interface LiveClientOptions {
  /** OSD of one device at most this often; LIVE_OSD_MIN_INTERVAL_MS by default */
  osdIntervalMs?: number;
  /** above this many unsent bytes OSD is held (newest only) until the socket drains; 1 MiB by default */
  highWaterBytes?: number;
  /** above this many unsent bytes the client is hopeless and closed (1013); 32 MiB by default */
  closeBytes?: number;
  now?: () => number;
}

/** What the client follows: nothing yet, every device of its tenant, or some of them. */
type Following = { kind: 'none' } | { kind: 'all' } | { kind: 'some'; sns: Set<string> };

type OsdFrame = Extract<LiveFrame, { event: 'osd' }>;

interface OsdSlot {
  lastSent: number;
  /** the newest OSD not sent yet (each frame carries every field known, so the newest is enough) */
  waiting: OsdFrame | null;
}

/** Close code for a client whose socket cannot keep up even with the frames that are never dropped. */
export const LIVE_CLOSE_TOO_SLOW = 1013;

const snOf = (frame: LiveFrame): string | null =>
  'sn' in frame.data && typeof frame.data.sn === 'string' ? frame.data.sn : null;

/**
 * One console's socket: what it follows, and the pacing of what it is sent. OSD of a device goes out at once
 * when none went out for osdIntervalMs, otherwise the newest is sent when the interval is over (a trailing
 * send); while the socket's buffer is above highWaterBytes, OSD waits (newest only) until it drains. Every
 * other frame (state, online, offline, job, notice) is sent at once, in order, never dropped or merged; an
 * `offline` drops the device's OSD still waiting (it predates the offline). One timer per client sends what
 * waits, not one per device: 5,000 devices and 20 consoles made 100,000 timers (bench/RESULTS.md).
 */
export class LiveClient {
  /** frames the client sent that were not valid */
  badFrames = 0;
  private following: Following = { kind: 'none' };
  /** frames that arrived while a snapshot was being read: sent after it */
  private held: LiveFrame[] | null = null;
  private generation = 0;
  private readonly osd = new Map<string, OsdSlot>();
  /** the devices whose newest OSD waits, and the one timer that sends them */
  private readonly waiting = new Set<OsdSlot>();
  private flushTimer: NodeJS.Timeout | null = null;
  private flushAt = Infinity;
  private readonly osdIntervalMs: number;
  private readonly highWaterBytes: number;
  private readonly closeBytes: number;
  private closed = false;
  private corked = false;

  constructor(
    private readonly socket: LiveSocket,
    readonly tenantId: string,
    options: LiveClientOptions = {},
    private readonly now: () => number = options.now ?? Date.now,
  ) {
    this.osdIntervalMs = options.osdIntervalMs ?? LIVE_OSD_MIN_INTERVAL_MS;
    this.highWaterBytes = options.highWaterBytes ?? 1024 * 1024;
    this.closeBytes = options.closeBytes ?? 32 * 1024 * 1024;
  }

  send<K extends keyof LiveEvents>(event: K, data: LiveEvents[K]): void {
    this.write({ event, data } as LiveFrame);
  }

  /** A frame published to a room the socket is in: sent at once, never dropped or merged. */
  deliverRoom(frame: LiveFrame): void {
    this.write(frame);
  }

  /**
   * Follow `sns` (all of the tenant when absent): `read` answers the devices (already the tenant's only); the
   * snapshot is sent once read, and changes that happened meanwhile right after it.
   */
  async follow(sns: string[] | undefined, read: () => Promise<LiveDevice[]>): Promise<void> {
    const generation = ++this.generation;
    this.held = [];
    this.following = sns ? { kind: 'some', sns: new Set(sns) } : { kind: 'all' };
    this.clearOsd();
    let devices: LiveDevice[];
    try {
      devices = await read();
    } catch (error) {
      if (generation === this.generation) {
        this.held = null;
        this.following = { kind: 'none' };
      }
      throw error;
    }
    if (generation !== this.generation || this.closed) return;
    const followed = sns ? devices.filter((device) => sns.includes(device.sn)) : devices;
    // Only the tenant's devices that exist are followed: others named in `sns` are ignored.
    if (sns) this.following = { kind: 'some', sns: new Set(followed.map((device) => device.sn)) };
    const held = this.held ?? [];
    this.held = null;
    this.send('snapshot', { devices: followed });
    for (const frame of held) this.deliver(frame);
  }

  unfollow(): void {
    this.generation += 1;
    this.following = { kind: 'none' };
    this.held = null;
    this.clearOsd();
  }

  /** A frame of the client's tenant: sent if it follows the device, paced if it is OSD. */
  deliver(frame: LiveFrame): void {
    if (this.closed) return;
    const sn = snOf(frame);
    if (sn === null || !this.follows(sn)) return;
    if (this.held) {
      this.held.push(frame);
      return;
    }
    if (frame.event === 'osd') return this.deliverOsd(sn, frame);
    // An OSD still waiting for its interval is older than the device going offline: sent after the
    // offline frame it would bring the device back to life on the console.
    if (frame.event === 'offline') this.dropWaitingOsd(sn);
    this.write(frame);
  }

  private dropWaitingOsd(sn: string): void {
    const slot = this.osd.get(sn);
    if (!slot) return;
    slot.waiting = null;
    this.waiting.delete(slot);
  }

  /** Stop every timer (the socket closed). */
  dispose(): void {
    this.closed = true;
    this.clearOsd();
  }

  private follows(sn: string): boolean {
    const following = this.following;
    return following.kind === 'all' || (following.kind === 'some' && following.sns.has(sn));
  }

  private deliverOsd(sn: string, frame: OsdFrame): void {
    let slot = this.osd.get(sn);
    if (!slot) {
      slot = { lastSent: -Infinity, waiting: null };
      this.osd.set(sn, slot);
    }
    const due = slot.lastSent + this.osdIntervalMs;
    if (!slot.waiting && this.now() >= due && !this.congested()) {
      slot.lastSent = this.now();
      this.write(frame);
      return;
    }
    slot.waiting = frame;
    this.waiting.add(slot);
    this.flushBy(Math.max(due, this.now() + 1));
  }

  /** Have the one timer fire by `at` (sooner if it is already set sooner). */
  private flushBy(at: number): void {
    if (this.flushTimer && this.flushAt <= at) return;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushAt = at;
    this.flushTimer = setTimeout(() => this.flush(), Math.max(1, at - this.now()));
    this.flushTimer.unref();
  }

  /** Send every waiting OSD whose interval is over; while the socket is congested, look again later. */
  private flush(): void {
    this.flushTimer = null;
    this.flushAt = Infinity;
    if (this.closed || this.waiting.size === 0) return;
    if (this.congested()) return this.flushBy(this.now() + this.osdIntervalMs);
    const now = this.now();
    let next = Infinity;
    for (const slot of this.waiting) {
      if (this.congested()) {
        next = now + this.osdIntervalMs;
        break;
      }
      const due = slot.lastSent + this.osdIntervalMs;
      if (due > now) {
        next = Math.min(next, due);
        continue;
      }
      const frame = slot.waiting!;
      slot.waiting = null;
      slot.lastSent = now;
      this.waiting.delete(slot);
      this.write(frame);
    }
    if (next !== Infinity) this.flushBy(next);
  }

  private congested(): boolean {
    return this.socket.bufferedAmount > this.highWaterBytes;
  }

  private clearOsd(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.flushAt = Infinity;
    this.waiting.clear();
    this.osd.clear();
  }

  private write(frame: LiveFrame): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > this.closeBytes) {
      this.closed = true;
      this.clearOsd();
      this.socket.close(LIVE_CLOSE_TOO_SLOW, 'too slow');
      return;
    }
    this.batch();
    this.socket.send(serialize(frame));
  }

  /** Cork the socket for the rest of this turn of the event loop (see LiveSocket.cork). */
  private batch(): void {
    if (this.corked || !this.socket.cork || !this.socket.uncork) return;
    this.corked = true;
    this.socket.cork();
    setImmediate(() => {
      this.corked = false;
      this.socket.uncork?.();
    });
  }
}

/**
 * A frame's JSON, computed once: the hub hands the same frame object to every client of the tenant, so with
 * 20 consoles open each OSD is serialized once instead of 20 times.
 */
const serialized = new WeakMap<LiveFrame, string>();
function serialize(frame: LiveFrame): string {
  let text = serialized.get(frame);
  if (text === undefined) {
    text = JSON.stringify(frame);
    serialized.set(frame, text);
  }
  return text;
}
