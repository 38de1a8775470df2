import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDateTime, parseDateTime, setTimeZone } from './time.js';

dayjs.extend(utc);
dayjs.extend(timezone);

afterAll(() => setTimeZone('Asia/Shanghai'));

describe('API times (yyyy-MM-dd HH:mm:ss in TIME_ZONE)', () => {
  it('writes the wall clock of the server zone', () => {
    setTimeZone('Asia/Shanghai');
    expect(formatDateTime(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02 11:04:05');
    // midnight is 00, not 24
    expect(formatDateTime(new Date('2026-01-01T16:00:00Z'))).toBe('2026-01-02 00:00:00');
    setTimeZone('America/New_York');
    expect(formatDateTime(new Date('2026-07-01T12:00:00Z'))).toBe('2026-07-01 08:00:00');
    expect(formatDateTime(new Date('2026-01-01T12:00:00Z'))).toBe('2026-01-01 07:00:00');
  });

  it('agrees with dayjs over a year of instants, and reads back what it writes', () => {
    setTimeZone('Europe/Berlin');
    for (let hour = 0; hour < 365 * 24; hour += 37) {
      const date = new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000 + 1234_000);
      const text = formatDateTime(date);
      expect(text).toBe(dayjs(date).tz('Europe/Berlin').format('YYYY-MM-DD HH:mm:ss'));
      expect(parseDateTime(text).getTime()).toBe(Math.floor(date.getTime() / 1000) * 1000);
    }
  });
});
