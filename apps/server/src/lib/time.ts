import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

let zone = 'Asia/Shanghai';

/** The server time zone in which API times are written and read (config TIME_ZONE). */
export function setTimeZone(name: string): void {
  zone = name;
}

/** `yyyy-MM-dd HH:mm:ss` in the server time zone. */
export function formatDateTime(date: Date): string {
  return dayjs(date).tz(zone).format(DATE_TIME_FORMAT);
}

/** Read `yyyy-MM-dd HH:mm:ss` as a time in the server time zone. */
export function parseDateTime(text: string): Date {
  return dayjs.tz(text, DATE_TIME_FORMAT, zone).toDate();
}

/** `yyyyMMdd` in the server time zone (the day folders of uploaded files). */
export function formatCompactDate(date: Date): string {
  return dayjs(date).tz(zone).format('YYYYMMDD');
}
