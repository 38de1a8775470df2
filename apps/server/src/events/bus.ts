import { randomUUID } from 'node:crypto';
import type { DomainEventName, DomainEventReply, DomainEvents } from '@aos/contract';
import type { Cache } from '../lib/cache.js';

/** The cache channel the instances share their events on. */
export const EVENTS_CHANNEL = 'events';

type Handler<K extends DomainEventName> = (
  payload: DomainEvents[K],
) => DomainEventReply<K> | Promise<DomainEventReply<K>>;

interface Subscription {
  handler: Handler<DomainEventName>;
  everyInstance: boolean;
}

interface Shared {
  origin: string;
  name: string;
  payload: unknown;
}

export interface BusLogger {
  warn(data: object, message: string): void;
}

/**
 * One typed bus for the domain events of every area (`DomainEvents` in the contract). Areas talk through it
 * instead of calling each other's internals.
 *
 * - `on(name, handler)`: the handler runs on the instance that emits, before `emit` resolves, in the order
 *   handlers were added; what it answers is part of `emit`'s answer, and what it throws reaches the emitter
 *   (a handler may refuse what the event announces).
 * - `onEveryInstance(name, handler)`: the handler runs here too, and on every other server instance, which
 *   hear the event through the cache's pub/sub (Redis with REDIS_URL, in-process otherwise). A remote
 *   handler's failure is logged, never returned. Use it for what each instance keeps for itself: caches,
 *   connections.
 *
 * Emit outside a transaction when a handler reads the database: handlers query through the app's database,
 * and on PGlite (one connection) a handler waiting for the emitter's transaction would wait for ever. Work
 * that must happen exactly once and survive a restart is not an event: it is a scheduler job.
 */
export class EventBus {
  readonly instanceId = randomUUID();
  private readonly subscriptions = new Map<string, Subscription[]>();
  private started = false;

  constructor(
    private readonly cache: Pick<Cache, 'publish' | 'subscribe'>,
    private readonly log: BusLogger = { warn: () => undefined },
  ) {}

  /** Hear the other instances' events (once, at start). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.cache.subscribe(EVENTS_CHANNEL, (message) => void this.fromOtherInstance(message));
  }

  on<K extends DomainEventName>(name: K, handler: Handler<K>): () => void {
    return this.add(name, handler, false);
  }

  onEveryInstance<K extends DomainEventName>(name: K, handler: Handler<K>): () => void {
    return this.add(name, handler, true);
  }

  /** Run this instance's handlers of `name`, tell the other instances, and answer the handlers' replies. */
  async emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): Promise<DomainEventReply<K>[]> {
    const subscriptions = this.subscriptions.get(name) ?? [];
    if (subscriptions.some((subscription) => subscription.everyInstance)) {
      const shared: Shared = { origin: this.instanceId, name, payload };
      this.cache.publish(EVENTS_CHANNEL, JSON.stringify(shared)).catch((error: unknown) => {
        this.log.warn({ err: error, event: name }, 'domain event not shared with the other instances');
      });
    }
    const replies: DomainEventReply<K>[] = [];
    for (const { handler } of subscriptions) replies.push(await (handler as Handler<K>)(payload));
    return replies;
  }

  private add(name: DomainEventName, handler: Handler<never>, everyInstance: boolean): () => void {
    const subscription: Subscription = { handler: handler as Handler<DomainEventName>, everyInstance };
    this.subscriptions.set(name, [...(this.subscriptions.get(name) ?? []), subscription]);
    return () => {
      const rest = (this.subscriptions.get(name) ?? []).filter((entry) => entry !== subscription);
      this.subscriptions.set(name, rest);
    };
  }

  private async fromOtherInstance(message: string): Promise<void> {
    let shared: Shared;
    try {
      shared = JSON.parse(message) as Shared;
    } catch {
      this.log.warn({ message: message.slice(0, 200) }, 'unreadable domain event from another instance');
      return;
    }
    if (shared.origin === this.instanceId) return;
    for (const { handler, everyInstance } of this.subscriptions.get(shared.name) ?? []) {
      if (!everyInstance) continue;
      try {
        await handler(shared.payload as never);
      } catch (error) {
        this.log.warn({ err: error, event: shared.name }, 'domain event handler failed');
      }
    }
  }
}
