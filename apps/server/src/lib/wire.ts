import { formatDateTime } from './time.js';

/** A value as it travels: times as `yyyy-MM-dd HH:mm:ss` strings (PROTOCOLS.md §1). */
export type Wire<T> = T extends Date
  ? string
  : T extends ReadonlyArray<infer U>
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/** Convert what a service returns to its wire form, once, at the envelope. */
export function toWire<T>(value: T): Wire<T> {
  if (value instanceof Date) return formatDateTime(value) as Wire<T>;
  if (Array.isArray(value)) return value.map(toWire) as Wire<T>;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = toWire(item);
    return out as Wire<T>;
  }
  return value as Wire<T>;
}
