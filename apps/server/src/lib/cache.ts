import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * The shared cache: captcha codes, sign-in failure counters, revoked sessions and the invalidation channel.
 * In-process by default; Redis when REDIS_URL is set, so several server instances agree.
 */
export interface Cache {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /** Read and delete in one step (single-use values). */
  take(key: string): Promise<string | null>;
  /** Increment a counter; the first increment starts its time to live. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  /** Seconds left to live, or -2 when the key is absent (Redis semantics). */
  ttl(key: string): Promise<number>;
  /** Keys starting with `prefix` (small sets only: revocations at start-up). */
  keys(prefix: string): Promise<string[]>;
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
  /**
   * Call `handler` each time the subscriptions are back after a lost connection (Redis restarted): what was
   * published meanwhile is gone, so a subscriber re-reads the state it mirrors. Never for the memory cache.
   */
  onResubscribed(handler: () => void): void;
  ping(): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  value: string;
  expiresAt: number;
}

export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly bus = new EventEmitter();
  private readonly sweeper: NodeJS.Timeout;

  constructor() {
    this.bus.setMaxListeners(100);
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  async get(key: string) {
    return this.live(key)?.value ?? null;
  }
  async set(key: string, value: string, ttlSeconds?: number) {
    this.entries.set(key, {
      value,
      expiresAt: ttlSeconds ? Date.now() + ttlSeconds * 1000 : Number.POSITIVE_INFINITY,
    });
  }
  async del(...keys: string[]) {
    for (const key of keys) this.entries.delete(key);
  }
  async take(key: string) {
    const value = this.live(key)?.value ?? null;
    this.entries.delete(key);
    return value;
  }
  async incr(key: string, ttlSeconds: number) {
    const entry = this.live(key);
    const next = (entry ? Number(entry.value) : 0) + 1;
    this.entries.set(key, {
      value: String(next),
      expiresAt: entry?.expiresAt ?? Date.now() + ttlSeconds * 1000,
    });
    return next;
  }
  async ttl(key: string) {
    const entry = this.live(key);
    if (!entry) return -2;
    return Number.isFinite(entry.expiresAt) ? Math.ceil((entry.expiresAt - Date.now()) / 1000) : -1;
  }
  async keys(prefix: string) {
    return [...this.entries.keys()].filter((key) => key.startsWith(prefix) && this.live(key));
  }
  async publish(channel: string, message: string) {
    this.bus.emit(channel, message);
  }
  async subscribe(channel: string, handler: (message: string) => void) {
    this.bus.on(channel, handler);
  }
  onResubscribed() {}
  async ping() {}
  async close() {
    clearInterval(this.sweeper);
    this.bus.removeAllListeners();
    this.entries.clear();
  }
}

export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private subscriber: Redis | undefined;
  private readonly handlers = new Map<string, Array<(message: string) => void>>();
  private readonly resubscribed: Array<() => void> = [];

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly onConnectionError: (error: Error, connection: 'commands' | 'subscriber') => void = () =>
      undefined,
  ) {
    // Redis restarting: ioredis reconnects by itself (every 50 ms more, at most 2 s apart); a command sent
    // meanwhile waits in its offline queue for 2 reconnection attempts, then rejects (MaxRetriesPerRequest,
    // a 503 for a request, lib/unavailable.ts) rather than holding the request until Redis is back.
    this.redis = new Redis(url, {
      keyPrefix: prefix,
      maxRetriesPerRequest: 2,
      lazyConnect: true,
      retryStrategy: (times) => Math.min(times * 50, 2000),
    });
    this.watch(this.redis, 'commands');
  }

  /** Connection errors are logged (once per outage); without a listener ioredis prints every retry. */
  private watch(redis: Redis, connection: 'commands' | 'subscriber'): void {
    let reported = false;
    redis.on('error', (error: Error) => {
      if (reported) return;
      reported = true;
      this.onConnectionError(error, connection);
    });
    redis.on('ready', () => {
      reported = false;
    });
  }

  async connect(): Promise<void> {
    await this.redis.connect();
  }

  async get(key: string) {
    return this.redis.get(key);
  }
  async set(key: string, value: string, ttlSeconds?: number) {
    if (ttlSeconds) await this.redis.set(key, value, 'EX', ttlSeconds);
    else await this.redis.set(key, value);
  }
  async del(...keys: string[]) {
    if (keys.length) await this.redis.del(...keys);
  }
  async take(key: string) {
    return this.redis.getdel(key);
  }
  async incr(key: string, ttlSeconds: number) {
    const [[, count] = []] = (await this.redis.multi().incr(key).expire(key, ttlSeconds, 'NX').exec()) ?? [];
    return Number(count);
  }
  async ttl(key: string) {
    return this.redis.ttl(key);
  }
  async keys(prefix: string) {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}${prefix}*`, 'COUNT', 500);
      cursor = next;
      found.push(...batch.map((key) => key.slice(this.prefix.length)));
    } while (cursor !== '0');
    return found;
  }
  async publish(channel: string, message: string) {
    await this.redis.publish(this.prefix + channel, message);
  }
  async subscribe(channel: string, handler: (message: string) => void) {
    if (!this.subscriber) {
      // ioredis subscribes again to every channel after a reconnection (autoResubscribe); what was published
      // while it was away is lost (pub/sub keeps nothing): each instance applies its own changes first.
      this.subscriber = this.redis.duplicate();
      this.watch(this.subscriber, 'subscriber');
      // 'ready' comes after ioredis has subscribed again; the first one is the first connection
      let connections = 0;
      this.subscriber.on('ready', () => {
        connections += 1;
        if (connections > 1) for (const handler of this.resubscribed) handler();
      });
      this.subscriber.on('message', (name: string, message: string) => {
        for (const listener of this.handlers.get(name) ?? []) listener(message);
      });
    }
    const name = this.prefix + channel;
    const listeners = this.handlers.get(name) ?? [];
    if (listeners.length === 0) await this.subscriber.subscribe(name);
    this.handlers.set(name, [...listeners, handler]);
  }
  onResubscribed(handler: () => void) {
    this.resubscribed.push(handler);
  }
  async ping() {
    await this.redis.ping();
  }
  async close() {
    await Promise.all([this.redis.quit(), this.subscriber?.quit()]);
  }
}

export async function openCache(
  redisUrl: string | undefined,
  prefix: string,
  onConnectionError?: (error: Error, connection: 'commands' | 'subscriber') => void,
): Promise<Cache> {
  if (!redisUrl) return new MemoryCache();
  const cache = new RedisCache(redisUrl, prefix, onConnectionError);
  await cache.connect();
  return cache;
}
