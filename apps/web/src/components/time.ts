import { runtimeConfig } from '../store/runtime-config';

/**
 * Every time the console shows, in one format and one zone: `yyyy-MM-dd HH:mm:ss`, 24 hours, in the
 * server's TIME_ZONE (published in `/config.js`), the way the API writes its times. A browser in another
 * zone or language (a 12-hour English clock inside the Chinese console) shows the same text as the tables.
 *
 * Values: an instant (Date, epoch milliseconds, an ISO string with its offset), or the API's own wall-clock
 * text (`yyyy-MM-dd[ HH:mm[:ss]]`), which is already in the server's zone and is only reformatted.
 */
export type TimeValue = Date | number | string | null | undefined;

const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone, reused: building an Intl formatter costs far more than using one. */
function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    };
    try {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    } catch {
      formatter = new Intl.DateTimeFormat('en-US', options); // an unknown zone: the browser's, not a blank page
    }
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** `[yyyy-MM-dd, HH:mm:ss]` of a value, or null when it is empty or no time. */
function parts(value: TimeValue, zone: string): [string, string] | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const wall = WALL_CLOCK.exec(value.trim());
    if (wall) return [wall[1]!, `${wall[2] ?? '00'}:${wall[3] ?? '00'}:${wall[4] ?? '00'}`];
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const part: Record<string, string> = {};
  for (const { type, value: text } of formatterFor(zone).formatToParts(date)) part[type] = text;
  return [`${part.year}-${part.month}-${part.day}`, `${part.hour}:${part.minute}:${part.second}`];
}

/** `yyyy-MM-dd HH:mm:ss` in the server's zone; '' for an empty or unreadable value. */
export function formatDateTime(value: TimeValue, zone = runtimeConfig.timeZone): string {
  const found = parts(value, zone);
  return found ? `${found[0]} ${found[1]}` : '';
}

/** `HH:mm:ss` in the server's zone (live panels, replay clock); '' for an empty or unreadable value. */
export function formatTime(value: TimeValue, zone = runtimeConfig.timeZone): string {
  return parts(value, zone)?.[1] ?? '';
}

/** `yyyy-MM-dd` in the server's zone; '' for an empty or unreadable value. */
export function formatDate(value: TimeValue, zone = runtimeConfig.timeZone): string {
  return parts(value, zone)?.[0] ?? '';
}

/**
 * A time range as one text: the end's date is left out when it is the start's day
 * (`2026-01-01 10:00:00 – 10:20:00`).
 */
export function formatRange(start: TimeValue, end: TimeValue, zone = runtimeConfig.timeZone): string {
  const from = formatDateTime(start, zone);
  const to = formatDateTime(end, zone);
  if (!from || !to) return from || to;
  return from.slice(0, 10) === to.slice(0, 10) ? `${from} – ${to.slice(11)}` : `${from} – ${to}`;
}

/** The day in words in the user's language ("2026年3月2日星期一", "Monday, March 2, 2026"), in the server's zone. */
export function formatLongDate(
  value: Date | number,
  language: string,
  zone = runtimeConfig.timeZone,
): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: zone }).format(value);
  } catch {
    return new Intl.DateTimeFormat(language, { dateStyle: 'full' }).format(value);
  }
}
