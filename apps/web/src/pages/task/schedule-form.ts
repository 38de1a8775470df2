import {
  closeFlights,
  occurrencesOf,
  type Occurrence,
  type ScheduleMode,
  type ScheduleWindow,
  TaskSchedule,
  type TaskScheduleInput,
  windowsOf,
} from '@aos/contract';

/**
 * The schedule step's form values, all text (`yyyy-MM-dd`, `HH:mm`, `yyyy-MM-dd HH:mm`) so that the pickers
 * only format and parse, and the conversion to the contract's TaskSchedule is pure (unit-tested beside).
 */
export interface ScheduleForm {
  mode: ScheduleMode;
  /** once */
  at?: string;
  /** repeat */
  frequency?: 'daily' | 'weekly' | 'monthly';
  interval?: number;
  weekdays?: number[];
  monthDays?: number[];
  /** repeat and chosen dates: several times a day */
  times?: string[];
  /** repeat and continuous */
  startDate?: string;
  endDate?: string;
  /** chosen dates */
  dates?: string[];
  /** continuous: the daily window and the battery to charge to between flights */
  from?: string;
  to?: string;
  minBattery?: number;
}

/** The contract's input for the form's mode: only that mode's fields, lists sorted and without repeats. */
export function scheduleInputOf(form: ScheduleForm): TaskScheduleInput {
  const list = <T>(values: T[] | undefined) => [...new Set(values ?? [])].sort();
  switch (form.mode) {
    case 'now':
      return { mode: 'now' };
    case 'once':
      return { mode: 'once', at: form.at ?? '' };
    case 'repeat':
      return {
        mode: 'repeat',
        frequency: form.frequency ?? 'daily',
        interval: form.interval ?? 1,
        weekdays: form.frequency === 'weekly' ? [...new Set(form.weekdays ?? [])].sort((a, b) => a - b) : [],
        monthDays:
          form.frequency === 'monthly' ? [...new Set(form.monthDays ?? [])].sort((a, b) => a - b) : [],
        times: list(form.times),
        startDate: form.startDate ?? '',
        endDate: form.endDate ?? '',
      };
    case 'dates':
      return { mode: 'dates', dates: list(form.dates), times: list(form.times) };
    case 'continuous':
      return {
        mode: 'continuous',
        startDate: form.startDate ?? '',
        endDate: form.endDate ?? '',
        from: form.from ?? '',
        to: form.to ?? '',
        minBattery: form.minBattery ?? 90,
      };
  }
}

export type ScheduleResult =
  | { ok: true; schedule: TaskSchedule }
  /** field of the form → the contract's message key (a list's item marks the list) */
  | { ok: false; errors: Record<string, string> };

/** The form read with the contract's own schema: the schedule, or each field at fault with its message key. */
export function readSchedule(form: ScheduleForm): ScheduleResult {
  const parsed = TaskSchedule.safeParse(scheduleInputOf(form));
  if (parsed.success) return { ok: true, schedule: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'mode');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The form of a saved schedule (editing a task). */
export function formOf(schedule: TaskSchedule): ScheduleForm {
  return { ...schedule } as ScheduleForm;
}

export interface SchedulePreview {
  /** the next flights from now, at most `limit` */
  next: Occurrence[];
  /** every flight in the preview's horizon (for the count) */
  count: number;
  /** continuous: the daily windows in the horizon, at most `limit` */
  windows: ScheduleWindow[];
  /**
   * Pairs closer than the advised 3 hours (spec §5) with at least one flight of this schedule, the other
   * either of this schedule or one of the dock's existing flights (`existing` in the pair).
   */
  close: Array<{ earlier: number; later: number; existing: number | null }>;
}

/** What the schedule step shows: the next flights in the dock's zone, and the 3-hour advice. */
export function previewSchedule(
  schedule: TaskSchedule,
  zone: string,
  now: number,
  existing: readonly number[] = [],
  { horizonDays = 62, limit = 10 } = {},
): SchedulePreview {
  const to = now + horizonDays * 86_400_000;
  const all = occurrencesOf(schedule, zone, now, to);
  const own = new Set(all.map((item) => item.at));
  const others = existing.filter((at) => at >= now - 3 * 3_600_000 && at < to + 3 * 3_600_000);
  const close = closeFlights([...own, ...others])
    .filter(([a, b]) => own.has(a) || own.has(b))
    .map(([earlier, later]) => ({
      earlier,
      later,
      existing: !own.has(earlier) ? earlier : !own.has(later) ? later : null,
    }));
  return {
    next: all.slice(0, limit),
    count: all.length,
    windows: windowsOf(schedule, zone, now, to).slice(0, limit),
    close,
  };
}
