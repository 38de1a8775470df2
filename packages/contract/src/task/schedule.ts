import { DateTime as Luxon } from 'luxon';
import { z } from 'zod';

/**
 * When a task flies (issue 17 "Schedules"): at once, once at a time, repeating (daily, weekly, monthly, several
 * times a day, until an end date), on chosen dates, or continuously within a daily window (the next flight
 * when the aircraft is charged above a threshold). Times are wall-clock times of the dock's own time zone: a
 * schedule keeps 08:00 across daylight-saving changes. In a spring-forward gap the occurrence moves forward by
 * the gap (02:30 → 03:30); in a fall-back overlap it flies once, at the first of the two.
 */

/** `yyyy-MM-dd` */
export const LocalDate = z
  .string({ message: 'task.schedule.date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'task.schedule.date' })
  .refine((value) => Luxon.fromISO(value).isValid, { message: 'task.schedule.date' });
/** `HH:mm`, 24 h */
export const LocalTime = z
  .string({ message: 'task.schedule.time' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'task.schedule.time' });
/** `yyyy-MM-dd HH:mm` */
export const LocalDateTime = z
  .string({ message: 'task.schedule.dateTime' })
  .regex(/^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d$/, { message: 'task.schedule.dateTime' })
  .refine((value) => Luxon.fromFormat(value, 'yyyy-MM-dd HH:mm').isValid, {
    message: 'task.schedule.dateTime',
  });

/** An IANA time zone (`Asia/Shanghai`). */
export const TimeZone = z
  .string({ message: 'task.schedule.timeZone' })
  .min(1, { message: 'task.schedule.timeZone' })
  .max(64, { message: 'task.schedule.timeZone' })
  .refine(isTimeZone, { message: 'task.schedule.timeZone' });

export function isTimeZone(zone: string): boolean {
  return Luxon.now().setZone(zone).isValid;
}

/** Limits of a schedule. */
export const SCHEDULE_LIMITS = {
  /** times of day in one schedule */
  times: 24,
  /** chosen dates */
  dates: 366,
  /** a repeating or continuous schedule spans at most this many days */
  spanDays: 366,
  /** the advised spacing between two flights of one dock (spec §5), hours */
  spacingHours: 3,
  /** continuous flying: the battery (%) the aircraft is charged to before the next flight */
  minBattery: [20, 100] as const,
} as const;

const Times = z
  .array(LocalTime, { message: 'task.schedule.times' })
  .min(1, { message: 'task.schedule.times' })
  .max(SCHEDULE_LIMITS.times, { message: 'task.schedule.times' });

const span = (value: { startDate: string; endDate: string }) => {
  const days = Luxon.fromISO(value.endDate).diff(Luxon.fromISO(value.startDate), 'days').days;
  return days >= 0 && days < SCHEDULE_LIMITS.spanDays;
};
const spanIssue = { message: 'task.schedule.span', path: ['endDate'] };

export const SCHEDULE_MODES = ['now', 'once', 'repeat', 'dates', 'continuous'] as const;
export type ScheduleMode = (typeof SCHEDULE_MODES)[number];
export const REPEAT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

const Now = z.object({ mode: z.literal('now') });
const Once = z.object({ mode: z.literal('once'), at: LocalDateTime });
const Repeat = z
  .object({
    mode: z.literal('repeat'),
    frequency: z.enum(REPEAT_FREQUENCIES, { message: 'task.schedule.frequency' }),
    /** every `interval` days, weeks or months */
    interval: z
      .number({ message: 'task.schedule.interval' })
      .int({ message: 'task.schedule.interval' })
      .min(1, { message: 'task.schedule.interval' })
      .max(31, { message: 'task.schedule.interval' })
      .default(1),
    /** weekly: ISO weekdays, 1 Monday … 7 Sunday */
    weekdays: z
      .array(z.number().int().min(1).max(7), { message: 'task.schedule.weekdays' })
      .max(7, { message: 'task.schedule.weekdays' })
      .default([]),
    /** monthly: days of the month (a month without that day is skipped) */
    monthDays: z
      .array(z.number().int().min(1).max(31), { message: 'task.schedule.monthDays' })
      .max(31, { message: 'task.schedule.monthDays' })
      .default([]),
    times: Times,
    startDate: LocalDate,
    endDate: LocalDate,
  })
  .refine(span, spanIssue)
  .refine((value) => value.frequency !== 'weekly' || value.weekdays.length > 0, {
    message: 'task.schedule.weekdays',
    path: ['weekdays'],
  })
  .refine((value) => value.frequency !== 'monthly' || value.monthDays.length > 0, {
    message: 'task.schedule.monthDays',
    path: ['monthDays'],
  });
const Dates = z.object({
  mode: z.literal('dates'),
  dates: z
    .array(LocalDate, { message: 'task.schedule.dates' })
    .min(1, { message: 'task.schedule.dates' })
    .max(SCHEDULE_LIMITS.dates, { message: 'task.schedule.dates' }),
  times: Times,
});
const Continuous = z
  .object({
    mode: z.literal('continuous'),
    startDate: LocalDate,
    endDate: LocalDate,
    /** the daily window flights may start in; `to` before `from` runs past midnight */
    from: LocalTime,
    to: LocalTime,
    minBattery: z
      .number({ message: 'task.schedule.minBattery' })
      .int({ message: 'task.schedule.minBattery' })
      .min(SCHEDULE_LIMITS.minBattery[0], { message: 'task.schedule.minBattery' })
      .max(SCHEDULE_LIMITS.minBattery[1], { message: 'task.schedule.minBattery' })
      .default(90),
  })
  .refine(span, spanIssue)
  .refine((value) => value.from !== value.to, { message: 'task.schedule.window', path: ['to'] });

export const TaskSchedule = z.discriminatedUnion('mode', [Now, Once, Repeat, Dates, Continuous], {
  message: 'task.schedule.mode',
});
export type TaskSchedule = z.infer<typeof TaskSchedule>;
export type TaskScheduleInput = z.input<typeof TaskSchedule>;

/** One flight of a schedule: the instant (ms since the epoch) and the wall-clock time it was asked for. */
export interface Occurrence {
  at: number;
  /** `yyyy-MM-dd HH:mm` in the schedule's zone, as asked (before a daylight-saving gap moves it) */
  local: string;
}

/** A daily window of a continuous schedule: flights may start from `start` until `end` (ms). */
export interface ScheduleWindow {
  start: number;
  end: number;
  local: string;
}

const dayOf = (date: string, zone: string) => Luxon.fromISO(date, { zone }).startOf('day');

/** The instant of a wall-clock time in `zone` (a time in a spring-forward gap moves forward by the gap). */
export function instantOf(date: string, time: string, zone: string): number {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const local = Luxon.fromObject({ year, month, day, hour, minute }, { zone });
  // a wall-clock time that happens twice (autumn) has two offsets: the earlier instant flies
  return Math.min(...local.getPossibleOffsets().map((candidate) => candidate.toMillis()), local.toMillis());
}

/** The local dates of a schedule (a repeat's or chosen ones), in order; continuous and single ones have none. */
function datesOf(schedule: TaskSchedule, zone: string): string[] {
  if (schedule.mode === 'dates') return [...new Set(schedule.dates)].sort();
  if (schedule.mode !== 'repeat') return [];
  const first = dayOf(schedule.startDate, zone);
  const last = dayOf(schedule.endDate, zone);
  const dates: string[] = [];
  for (let day = first; day <= last; day = day.plus({ days: 1 })) {
    const take =
      schedule.frequency === 'daily'
        ? Math.round(day.diff(first, 'days').days) % schedule.interval === 0
        : schedule.frequency === 'weekly'
          ? schedule.weekdays.includes(day.weekday) &&
            Math.floor(Math.round(day.startOf('week').diff(first.startOf('week'), 'days').days) / 7) %
              schedule.interval ===
              0
          : schedule.monthDays.includes(day.day) &&
            ((day.year - first.year) * 12 + day.month - first.month) % schedule.interval === 0;
    if (take) dates.push(day.toISODate()!);
  }
  return dates;
}

/**
 * Every occurrence of `schedule` in `zone` from `from` (inclusive) to `to` (exclusive), in time order, at most
 * `limit`. `now` has none (it flies when created); a continuous schedule has windows instead (`windowsOf`).
 */
export function occurrencesOf(
  schedule: TaskSchedule,
  zone: string,
  from: number,
  to: number,
  limit = 10_000,
): Occurrence[] {
  const all: Occurrence[] = [];
  if (schedule.mode === 'once') {
    const [date, time] = schedule.at.split(' ') as [string, string];
    all.push({ at: instantOf(date, time, zone), local: schedule.at });
  } else if (schedule.mode === 'repeat' || schedule.mode === 'dates') {
    const times = [...new Set(schedule.times)].sort();
    for (const date of datesOf(schedule, zone))
      for (const time of times) all.push({ at: instantOf(date, time, zone), local: `${date} ${time}` });
  }
  const seen = new Set<number>();
  return all
    .filter((item) => item.at >= from && item.at < to && !seen.has(item.at) && seen.add(item.at))
    .sort((a, b) => a.at - b.at)
    .slice(0, limit);
}

/** A continuous schedule's daily windows overlapping [from, to). */
export function windowsOf(schedule: TaskSchedule, zone: string, from: number, to: number): ScheduleWindow[] {
  if (schedule.mode !== 'continuous') return [];
  const windows: ScheduleWindow[] = [];
  const last = dayOf(schedule.endDate, zone);
  for (let day = dayOf(schedule.startDate, zone); day <= last; day = day.plus({ days: 1 })) {
    const date = day.toISODate()!;
    const start = instantOf(date, schedule.from, zone);
    const nextDate = schedule.to < schedule.from ? day.plus({ days: 1 }).toISODate()! : date;
    const end = instantOf(nextDate, schedule.to, zone);
    if (end > from && start < to) windows.push({ start, end, local: `${date} ${schedule.from}` });
  }
  return windows;
}

/** The first instant the schedule may fly at or after `after` (null: none left). */
export function nextStart(schedule: TaskSchedule, zone: string, after: number): number | null {
  if (schedule.mode === 'now') return null;
  if (schedule.mode === 'continuous') {
    const window = windowsOf(schedule, zone, after, Number.MAX_SAFE_INTEGER)[0];
    return window ? Math.max(window.start, after) : null;
  }
  return occurrencesOf(schedule, zone, after, Number.MAX_SAFE_INTEGER, 1)[0]?.at ?? null;
}

/** The last instant the schedule may start a flight (null: `now`). */
export function scheduleEnd(schedule: TaskSchedule, zone: string): number | null {
  switch (schedule.mode) {
    case 'now':
      return null;
    case 'once':
      return occurrencesOf(schedule, zone, 0, Number.MAX_SAFE_INTEGER)[0]!.at;
    case 'continuous':
      return windowsOf(schedule, zone, 0, Number.MAX_SAFE_INTEGER).at(-1)?.end ?? null;
    default:
      return occurrencesOf(schedule, zone, 0, Number.MAX_SAFE_INTEGER).at(-1)?.at ?? null;
  }
}

/**
 * Pairs of flights of one dock closer than the advised spacing (spec §5: at least 3 hours between hangar
 * tasks), as `[earlier, later]` instants. A warning, never a refusal.
 */
export function closeFlights(
  instants: readonly number[],
  hours: number = SCHEDULE_LIMITS.spacingHours,
): Array<[number, number]> {
  const sorted = [...instants].sort((a, b) => a - b);
  const close: Array<[number, number]> = [];
  for (let i = 1; i < sorted.length; i += 1)
    if (sorted[i]! - sorted[i - 1]! < hours * 3_600_000) close.push([sorted[i - 1]!, sorted[i]!]);
  return close;
}

/** An instant as `yyyy-MM-dd HH:mm` in `zone`. */
export function localTimeOf(at: number, zone: string): string {
  return Luxon.fromMillis(at, { zone }).toFormat('yyyy-MM-dd HH:mm');
}
