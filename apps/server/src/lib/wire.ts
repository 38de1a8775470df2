import { formatDateTime } from './time.js';

/**
 * A value as it travels: times as `yyyy-MM-dd HH:mm:ss` strings (PROTOCOLS.md §1). A tuple stays a tuple (a
 * `[longitude, latitude]` position is one).
 */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly [unknown, ...unknown[]]
    ? { -readonly [K in keyof T]: Wire<T[K]> }
    : T extends ReadonlyArray<infer U>
      ? Wire<U>[]
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T;

/**
 * Convert what a service returns to its wire form, once, at the envelope. Copy-on-write: arrays and objects
 * without a Date inside are returned as they are, so large answers cost a walk, not a copy.
 */
export function toWire<T>(value: T): Wire<T> {
  return convert(value) as Wire<T>;
}

function convert(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return formatDateTime(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item = value[index];
      const converted = convert(item);
      if (converted !== item) {
        copy ??= value.slice(0, index);
      }
      copy?.push(converted);
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    const converted = convert(item);
    if (converted !== item) copy ??= { ...(value as Record<string, unknown>) };
    if (copy) copy[key] = converted;
  }
  return copy ?? value;
}
