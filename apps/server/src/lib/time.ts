import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

let zone = 'Asia/Shanghai';
let formatter = wallClock(zone);

/**
 * One formatter per zone, reused: dayjs's `.tz()` builds a new `Intl` formatter on every call (about 0.1 ms),
 * which made date formatting the largest cost of a page of records (bench/RESULTS.md).
 */
function wallClock(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
}

/** The server time zone in which API times are written and read (config TIME_ZONE). */
export function setTimeZone(name: string): void {
  zone = name;
  formatter = wallClock(name);
}

/** `yyyy-MM-dd HH:mm:ss` in the server time zone. */
export function formatDateTime(date: Date): string {
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const part: Record<string, string> = {};
  for (const { type, value } of formatter.formatToParts(date)) part[type] = value;
  const year = (part.year ?? '').padStart(4, '0');
  return `${year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

/** Read `yyyy-MM-dd HH:mm:ss` as a time in the server time zone. */
export function parseDateTime(text: string): Date {
  return dayjs.tz(text, DATE_TIME_FORMAT, zone).toDate();
}

/** `yyyyMMdd` in the server time zone (the day folders of uploaded files). */
export function formatCompactDate(date: Date): string {
  return dayjs(date).tz(zone).format('YYYYMMDD');
}
