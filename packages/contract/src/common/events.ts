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
export type DomainEventReply<K extends DomainEventName> = K extends keyof DomainEventReplies
  ? DomainEventReplies[K]
  : void;
