/**
 * The domain events of the server: what one area tells the others, by name, with a typed payload. Each area
 * declares its own events in its contract folder (`<area>/events.ts`) by adding to these interfaces
 * (declaration merging), so that nothing central lists them:
 *
 *   declare module '../common/events.js' {
 *     interface DomainEvents { 'fleet.credentialRevoked': { serialNumber: string } }
 *   }
 *
 * Payloads are plain JSON: an event that every server instance must hear crosses between instances through
 * the cache's pub/sub. Names are `<area>.<pastTenseOrPresentParticiple>`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each area's events.ts
export interface DomainEvents {}

/**
 * The answer each local handler gives, for the events that ask something (e.g. "which of these brands do
 * you still use?"); an event absent here is answered with nothing.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each area's events.ts
export interface DomainEventReplies {}

export type DomainEventName = keyof DomainEvents;

/**
 * The live-push events (`/api/ws`, server → console): event name → payload, filled the same way by each
 * area's `<area>/events.ts`:
 *
 *   declare module '../common/events.js' {
 *     interface LiveEvents { 'remoteControl.commandEnded': { bid: string; ... } }
 *   }
 *
 * The server publishes one to a room (`platform.live.publish(room, event, payload)`, rooms: live/rooms.ts);
 * the console listens with `liveClient.on(event, handler)` or `useLiveEvent(event, handler)`. The live area's
 * own events (hello, snapshot, the device frames) are declared in live/events.ts; another area's are named
 * `<area>.<name>`. Payloads are plain JSON.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each area's events.ts
export interface LiveEvents {}

export type LiveEventName = keyof LiveEvents;

/**
 * A server → client frame: the event, its payload, and the room it was published to (absent for the
 * frames a socket gets as itself: hello, snapshot, the device frames it follows, pong, join answers).
 */
export type LiveFrame = {
  [K in LiveEventName]: { event: K; data: LiveEvents[K]; room?: string };
}[LiveEventName];
export type DomainEventReply<K extends DomainEventName> = K extends keyof DomainEventReplies
  ? DomainEventReplies[K]
  : void;
