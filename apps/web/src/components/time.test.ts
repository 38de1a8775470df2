import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLongDate, formatRange, formatTime } from './time';

// 2026-03-01 23:30:05 UTC: already 2 March in Shanghai (UTC+8), still 1 March in New York (UTC-5).
const LATE_EVENING_UTC = Date.UTC(2026, 2, 1, 23, 30, 5);

describe('console times (yyyy-MM-dd HH:mm:ss, 24 h, in the server zone)', () => {
  it('writes an instant in the given zone, across midnight', () => {
    expect(formatDateTime(LATE_EVENING_UTC, 'Asia/Shanghai')).toBe('2026-03-02 07:30:05');
    expect(formatDateTime(LATE_EVENING_UTC, 'America/New_York')).toBe('2026-03-01 18:30:05');
    expect(formatDateTime(new Date(LATE_EVENING_UTC), 'UTC')).toBe('2026-03-01 23:30:05');
    expect(formatDate(LATE_EVENING_UTC, 'Asia/Shanghai')).toBe('2026-03-02');
    expect(formatDate(LATE_EVENING_UTC, 'America/New_York')).toBe('2026-03-01');
  });

  it('uses the 24-hour clock with two digits everywhere, midnight as 00', () => {
    expect(formatTime(Date.UTC(2026, 0, 5, 16, 4, 9), 'Asia/Shanghai')).toBe('00:04:09');
    expect(formatTime(Date.UTC(2026, 0, 5, 13, 0, 0), 'UTC')).toBe('13:00:00');
    expect(formatDateTime(Date.UTC(2026, 0, 5, 13, 0, 0), 'UTC')).not.toMatch(/[AP]M/);
  });

  it('defaults to the zone /config.js publishes (Asia/Shanghai when it says none)', () => {
    expect(formatDateTime(LATE_EVENING_UTC)).toBe('2026-03-02 07:30:05');
  });

  it("takes the API's wall-clock text as it is: already in the server zone", () => {
    expect(formatDateTime('2026-03-01 23:30:05', 'America/New_York')).toBe('2026-03-01 23:30:05');
    expect(formatDateTime('2026-03-01 23:30', 'UTC')).toBe('2026-03-01 23:30:00');
    expect(formatDateTime('2026-03-01', 'Asia/Tokyo')).toBe('2026-03-01 00:00:00');
    expect(formatDate('2026-03-01', 'America/Los_Angeles')).toBe('2026-03-01');
    expect(formatTime('2026-03-01 08:05:00', 'UTC')).toBe('08:05:00');
  });

  it('reads an ISO instant with its offset as an instant', () => {
    expect(formatDateTime('2026-03-01T23:30:05Z', 'Asia/Shanghai')).toBe('2026-03-02 07:30:05');
    expect(formatDateTime('2026-03-02T07:30:05+08:00', 'UTC')).toBe('2026-03-01 23:30:05');
  });

  it('answers empty text for no value or an unreadable one', () => {
    for (const value of [null, undefined, '', 'soon', Number.NaN])
      expect(formatDateTime(value, 'UTC'), String(value)).toBe('');
    expect(formatTime(null)).toBe('');
  });

  it('writes a range, leaving out the end date on the same day', () => {
    expect(formatRange('2026-03-01 10:00:00', '2026-03-01 10:20:30', 'UTC')).toBe(
      '2026-03-01 10:00:00 – 10:20:30',
    );
    expect(formatRange(LATE_EVENING_UTC - 3_600_000, LATE_EVENING_UTC, 'Asia/Shanghai')).toBe(
      '2026-03-02 06:30:05 – 07:30:05',
    );
    expect(formatRange(LATE_EVENING_UTC - 3_600_000, LATE_EVENING_UTC + 3_600_000, 'America/New_York')).toBe(
      '2026-03-01 17:30:05 – 19:30:05',
    );
    expect(formatRange('2026-03-01 23:50:00', '2026-03-02 00:10:00', 'UTC')).toBe(
      '2026-03-01 23:50:00 – 2026-03-02 00:10:00',
    );
  });

  it("names the day in the user's language, in the server zone", () => {
    expect(formatLongDate(LATE_EVENING_UTC, 'en-US', 'Asia/Shanghai')).toBe('Monday, March 2, 2026');
    expect(formatLongDate(LATE_EVENING_UTC, 'en-US', 'America/New_York')).toBe('Sunday, March 1, 2026');
    expect(formatLongDate(LATE_EVENING_UTC, 'zh-CN', 'Asia/Shanghai')).toBe('2026年3月2日星期一');
  });
});
