import { TASK_STATUS, type TaskExecution } from '@aos/contract';

/**
 * The calendar's arithmetic, on the API's wall-clock texts (`yyyy-MM-dd HH:mm:ss` in the server's zone, the
 * zone every time of the console is shown in): which days a view covers, the query range of a view, and
 * executions bucketed by day and by hour. Pure, unit-tested beside.
 */
export type CalendarView = 'day' | 'week' | 'month';

/** Status → colour (antd tag colour names and the hex used on the grids). */
export const STATUS_COLORS: Record<number, { tag: string; hex: string }> = {
  [TASK_STATUS.PENDING]: { tag: 'blue', hex: '#1677ff' },
  [TASK_STATUS.RECEIVED]: { tag: 'cyan', hex: '#13c2c2' },
  [TASK_STATUS.EXECUTING]: { tag: 'processing', hex: '#fa8c16' },
  [TASK_STATUS.COMPLETED]: { tag: 'success', hex: '#52c41a' },
  [TASK_STATUS.EXPIRED]: { tag: 'default', hex: '#8c8c8c' },
  [TASK_STATUS.CANCELLED]: { tag: 'default', hex: '#bfbfbf' },
  [TASK_STATUS.FAILED]: { tag: 'error', hex: '#f5222d' },
};
export const statusColor = (status: number) => STATUS_COLORS[status] ?? { tag: 'default', hex: '#8c8c8c' };

const toUtc = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `date` (yyyy-MM-dd) moved by `days`. */
export const addDays = (date: string, days: number) => fromUtc(toUtc(date) + days * 86_400_000);

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export const weekdayOf = (date: string) => ((new Date(toUtc(date)).getUTCDay() + 6) % 7) + 1;

/** The Monday of the week of `date`. */
export const weekStart = (date: string) => addDays(date, 1 - weekdayOf(date));

/** The seven days (Monday first) of the week of `date`. */
export const weekDays = (date: string) => Array.from({ length: 7 }, (_, i) => addDays(weekStart(date), i));

/**
 * The days a view shows: one day, a week from Monday, or the month's grid of six weeks that antd's Calendar
 * draws — from the Monday on or before its first (Chinese weeks), or from the Sunday on or before it when
 * the language's weeks start on Sunday (English): the days of both grids.
 */
export function daysOf(view: CalendarView, date: string): string[] {
  if (view === 'day') return [date];
  if (view === 'week') return weekDays(date);
  const first = `${date.slice(0, 7)}-01`;
  const monday = weekStart(first);
  const sunday = addDays(first, -(weekdayOf(first) % 7));
  const [start, last] = monday < sunday ? [monday, addDays(sunday, 41)] : [sunday, addDays(monday, 41)];
  const days: string[] = [];
  for (let day = start; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The `queryListByTime` range of a view: its first day 00:00:00 to its last day 23:59:59. */
export function rangeOf(view: CalendarView, date: string): { startTime: string; endTime: string } {
  const days = daysOf(view, date);
  return { startTime: `${days[0]} 00:00:00`, endTime: `${days.at(-1)} 23:59:59` };
}

/** The day before or after the view's (a day, a week or a month away). */
export function shift(view: CalendarView, date: string, step: 1 | -1): string {
  if (view === 'day') return addDays(date, step);
  if (view === 'week') return addDays(date, 7 * step);
  const [y, m] = date.split('-').map(Number) as [number, number];
  const month = new Date(Date.UTC(y, m - 1 + step, 1));
  return month.toISOString().slice(0, 10);
}

type Planned = Pick<TaskExecution, 'planTime' | 'startTime'>;
/** When an execution shows on the calendar: when it started, else when it is planned. */
export const shownTime = (execution: Planned) => execution.startTime ?? execution.planTime;

/** Executions by day (`yyyy-MM-dd`), each day's in time order. */
export function byDay<T extends Planned>(executions: readonly T[]): Map<string, T[]> {
  const days = new Map<string, T[]>();
  const sorted = [...executions].sort((a, b) => shownTime(a).localeCompare(shownTime(b)));
  for (const execution of sorted) {
    const day = shownTime(execution).slice(0, 10);
    const list = days.get(day);
    if (list) list.push(execution);
    else days.set(day, [execution]);
  }
  return days;
}

/** One day's executions by hour (0–23), each hour's in time order. */
export function byHour<T extends Planned>(executions: readonly T[], day: string): Map<number, T[]> {
  const hours = new Map<number, T[]>();
  for (const execution of byDay(executions).get(day) ?? []) {
    const hour = Number(shownTime(execution).slice(11, 13));
    const list = hours.get(hour);
    if (list) list.push(execution);
    else hours.set(hour, [execution]);
  }
  return hours;
}

/** Counts by status of some executions (the legend under the calendar). */
export function countByStatus(executions: readonly Pick<TaskExecution, 'taskStatus'>[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const { taskStatus } of executions) counts.set(taskStatus, (counts.get(taskStatus) ?? 0) + 1);
  return counts;
}
