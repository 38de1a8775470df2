import { describe, expect, it } from 'vitest';
import {
  closeFlights,
  localTimeOf,
  nextStart,
  occurrencesOf,
  scheduleEnd,
  TaskSchedule,
  windowsOf,
} from './schedule.js';

const ALL = [0, Number.MAX_SAFE_INTEGER] as const;
const parse = (input: unknown) => TaskSchedule.parse(input);
const locals = (schedule: TaskSchedule, zone: string) =>
  occurrencesOf(schedule, zone, ...ALL).map((item) => localTimeOf(item.at, zone));
const firstIssue = (input: unknown) => {
  const result = TaskSchedule.safeParse(input);
  return result.success
    ? null
    : { path: result.error.issues[0]!.path.join('.'), message: result.error.issues[0]!.message };
};

describe('task schedules', () => {
  it('once: the wall-clock time read in the dock zone', () => {
    const schedule = parse({ mode: 'once', at: '2026-11-27 08:00' });
    const [shanghai] = occurrencesOf(schedule, 'Asia/Shanghai', ...ALL);
    const [berlin] = occurrencesOf(schedule, 'Europe/Berlin', ...ALL);
    expect(new Date(shanghai!.at).toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(new Date(berlin!.at).toISOString()).toBe('2026-11-27T07:00:00.000Z');
    expect(occurrencesOf(parse({ mode: 'now' }), 'Asia/Shanghai', ...ALL)).toEqual([]);
  });

  it('daily, several times a day, until the end date, every other day', () => {
    const schedule = parse({
      mode: 'repeat',
      frequency: 'daily',
      interval: 2,
      times: ['14:30', '08:00', '08:00'],
      startDate: '2026-12-01',
      endDate: '2026-12-06',
    });
    expect(locals(schedule, 'Asia/Shanghai')).toEqual([
      '2026-12-01 08:00',
      '2026-12-01 14:30',
      '2026-12-03 08:00',
      '2026-12-03 14:30',
      '2026-12-05 08:00',
      '2026-12-05 14:30',
    ]);
    expect(new Date(scheduleEnd(schedule, 'Asia/Shanghai')!).toISOString()).toBe('2026-12-05T06:30:00.000Z');
  });

  it('weekly on chosen weekdays, every second week counted from the start week', () => {
    // 2026-12-02 is a Wednesday
    const schedule = parse({
      mode: 'repeat',
      frequency: 'weekly',
      interval: 2,
      weekdays: [1, 5],
      times: ['09:00'],
      startDate: '2026-12-02',
      endDate: '2026-12-31',
    });
    expect(locals(schedule, 'Asia/Shanghai')).toEqual([
      '2026-12-04 09:00', // Friday of the first week
      '2026-12-14 09:00', // Monday of the third week
      '2026-12-18 09:00',
      '2026-12-28 09:00',
    ]);
  });

  it('monthly on day 31 skips the months without one', () => {
    const schedule = parse({
      mode: 'repeat',
      frequency: 'monthly',
      monthDays: [31, 15],
      times: ['10:00'],
      startDate: '2026-01-20',
      endDate: '2026-05-31',
    });
    expect(locals(schedule, 'UTC')).toEqual([
      '2026-01-31 10:00',
      '2026-02-15 10:00',
      '2026-03-15 10:00',
      '2026-03-31 10:00',
      '2026-04-15 10:00',
      '2026-05-15 10:00',
      '2026-05-31 10:00',
    ]);
  });

  it('keeps its wall-clock time across daylight saving (Europe/Berlin, March and October 2026)', () => {
    const schedule = parse({
      mode: 'repeat',
      frequency: 'daily',
      times: ['08:00'],
      startDate: '2026-03-28',
      endDate: '2026-03-30',
    });
    const utc = occurrencesOf(schedule, 'Europe/Berlin', ...ALL).map((item) =>
      new Date(item.at).toISOString(),
    );
    // CET (+1) until 29 March 02:00, CEST (+2) after: 08:00 local each day, an hour earlier in UTC
    expect(utc).toEqual(['2026-03-28T07:00:00.000Z', '2026-03-29T06:00:00.000Z', '2026-03-30T06:00:00.000Z']);
    const autumn = parse({ ...schedule, startDate: '2026-10-24', endDate: '2026-10-26' });
    expect(
      occurrencesOf(autumn, 'Europe/Berlin', ...ALL).map((item) => new Date(item.at).toISOString()),
    ).toEqual(['2026-10-24T06:00:00.000Z', '2026-10-25T07:00:00.000Z', '2026-10-26T07:00:00.000Z']);
  });

  it('a time in the spring-forward gap moves forward by the gap; one in the autumn overlap flies once', () => {
    const gap = parse({ mode: 'dates', dates: ['2026-03-29'], times: ['02:30', '03:30'] });
    // 02:30 does not exist on 29 March in Berlin: it is 03:30 CEST, the same instant as the 03:30 asked
    expect(
      occurrencesOf(gap, 'Europe/Berlin', ...ALL).map((item) => new Date(item.at).toISOString()),
    ).toEqual(['2026-03-29T01:30:00.000Z']);
    const overlap = parse({ mode: 'dates', dates: ['2026-10-25'], times: ['02:30'] });
    // 02:30 happens twice on 25 October: the first (CEST, +2)
    expect(
      occurrencesOf(overlap, 'Europe/Berlin', ...ALL).map((item) => new Date(item.at).toISOString()),
    ).toEqual(['2026-10-25T00:30:00.000Z']);
  });

  it('only the occurrences inside the asked range, at most the limit, in order', () => {
    const schedule = parse({
      mode: 'dates',
      dates: ['2026-12-03', '2026-12-01', '2026-12-02'],
      times: ['12:00'],
    });
    const from = Date.parse('2026-12-02T00:00:00Z');
    const all = occurrencesOf(schedule, 'UTC', from, Number.MAX_SAFE_INTEGER);
    expect(all.map((item) => item.local)).toEqual(['2026-12-02 12:00', '2026-12-03 12:00']);
    expect(occurrencesOf(schedule, 'UTC', 0, Number.MAX_SAFE_INTEGER, 1).map((item) => item.local)).toEqual([
      '2026-12-01 12:00',
    ]);
    expect(nextStart(schedule, 'UTC', Date.parse('2026-12-03T12:00:00Z'))).toBe(
      Date.parse('2026-12-03T12:00:00Z'),
    );
    expect(nextStart(schedule, 'UTC', Date.parse('2026-12-03T12:00:01Z'))).toBeNull();
  });

  it('continuous: one window a day, past midnight when it ends before it starts', () => {
    const schedule = parse({
      mode: 'continuous',
      startDate: '2026-12-01',
      endDate: '2026-12-02',
      from: '22:00',
      to: '02:00',
      minBattery: 80,
    });
    const windows = windowsOf(schedule, 'Asia/Shanghai', ...ALL);
    expect(
      windows.map((w) => [localTimeOf(w.start, 'Asia/Shanghai'), localTimeOf(w.end, 'Asia/Shanghai')]),
    ).toEqual([
      ['2026-12-01 22:00', '2026-12-02 02:00'],
      ['2026-12-02 22:00', '2026-12-03 02:00'],
    ]);
    const inside = Date.parse('2026-12-01T15:00:00Z'); // 23:00 in Shanghai
    expect(nextStart(schedule, 'Asia/Shanghai', inside)).toBe(inside);
    expect(localTimeOf(scheduleEnd(schedule, 'Asia/Shanghai')!, 'Asia/Shanghai')).toBe('2026-12-03 02:00');
  });

  it('refuses bad schedules on the field at fault', () => {
    expect(firstIssue({ mode: 'sometimes' })).toEqual({ path: 'mode', message: 'task.schedule.mode' });
    expect(firstIssue({ mode: 'once', at: '2026-02-30 08:00' })).toEqual({
      path: 'at',
      message: 'task.schedule.dateTime',
    });
    expect(firstIssue({ mode: 'once', at: '2026-02-03 24:00' })).toEqual({
      path: 'at',
      message: 'task.schedule.dateTime',
    });
    const repeat = {
      mode: 'repeat',
      frequency: 'daily',
      times: ['08:00'],
      startDate: '2026-12-01',
      endDate: '2026-12-31',
    };
    expect(firstIssue({ ...repeat, endDate: '2026-11-30' })).toEqual({
      path: 'endDate',
      message: 'task.schedule.span',
    });
    expect(firstIssue({ ...repeat, endDate: '2028-01-01' })).toEqual({
      path: 'endDate',
      message: 'task.schedule.span',
    });
    expect(firstIssue({ ...repeat, times: [] })).toEqual({ path: 'times', message: 'task.schedule.times' });
    expect(firstIssue({ ...repeat, times: ['8:00'] })).toEqual({
      path: 'times.0',
      message: 'task.schedule.time',
    });
    expect(firstIssue({ ...repeat, frequency: 'weekly' })).toEqual({
      path: 'weekdays',
      message: 'task.schedule.weekdays',
    });
    expect(firstIssue({ ...repeat, frequency: 'monthly' })).toEqual({
      path: 'monthDays',
      message: 'task.schedule.monthDays',
    });
    expect(firstIssue({ ...repeat, interval: 0 })).toEqual({
      path: 'interval',
      message: 'task.schedule.interval',
    });
    const continuous = {
      mode: 'continuous',
      startDate: '2026-12-01',
      endDate: '2026-12-01',
      from: '08:00',
      to: '08:00',
    };
    expect(firstIssue(continuous)).toEqual({ path: 'to', message: 'task.schedule.window' });
    expect(firstIssue({ ...continuous, to: '09:00', minBattery: 10 })).toEqual({
      path: 'minBattery',
      message: 'task.schedule.minBattery',
    });
  });

  it('names the flights of one dock closer than three hours', () => {
    const h = 3_600_000;
    expect(closeFlights([0, 5 * h, 7 * h, 10 * h])).toEqual([[5 * h, 7 * h]]);
    expect(closeFlights([3 * h, 0])).toEqual([]);
  });
});
