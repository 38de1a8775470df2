import { fieldErrors, HttpError } from '../../api/http';

/** The creation flow's steps, in order (spec §5: the dock before the time), and the form fields of each. */
export const STEPS = ['type', 'route', 'dock', 'schedule', 'checks'] as const;
export type Step = (typeof STEPS)[number];
export const SCHEDULE_FIELDS = [
  'mode',
  'at',
  'frequency',
  'interval',
  'weekdays',
  'monthDays',
  'times',
  'startDate',
  'endDate',
  'dates',
  'from',
  'to',
  'minBattery',
];
export const STEP_FIELDS: Record<Step, string[]> = {
  type: ['type', 'name', 'rthAltitude', 'outOfControlAction', 'alarmFlag', 'remark'],
  route: ['routeId'],
  dock: ['hangarId', 'operatorId', 'aircraftId'],
  schedule: SCHEDULE_FIELDS,
  checks: [],
};

/** The step holding a form field (the first for one no step holds). */
export function stepOf(field: string): number {
  const index = STEPS.findIndex((step) => STEP_FIELDS[step].includes(field));
  return index < 0 ? 0 : index;
}

/** The form field a server field names: `schedule.at` and `schedule.times.0` are the form's `at`, `times`. */
export function formField(field: string): string {
  if (field === 'schedule') return 'mode';
  const parts = field.split('.');
  return parts[0] === 'schedule' ? (parts[1] ?? 'mode') : parts[0]!;
}

export type Refusal =
  /** the 3-hour advice (spec §5): the operator confirms and the task is sent again with `confirmSpacing` */
  | { kind: 'spacing'; message: string | null }
  /** fields at fault (message keys), and the first step holding one */
  | { kind: 'fields'; fields: Array<{ field: string; message: string }>; step: number }
  /** anything else: the server's message (null: none to show, a transport failure) */
  | { kind: 'other'; message: string | null };

/**
 * What a refused submit means for the creation flow: a 400 asking to confirm the spacing advice
 * (`data.errors.confirmSpacing`, or `data.confirmSpacing`), the fields it names, or a message.
 */
export function readRefusal(error: unknown): Refusal {
  const errors = fieldErrors(error) ?? {};
  const body =
    error instanceof HttpError ? (error.body as { data?: { confirmSpacing?: unknown } } | null) : null;
  if ('confirmSpacing' in errors || body?.data?.confirmSpacing)
    return { kind: 'spacing', message: errors.confirmSpacing ?? null };
  const fields = Object.entries(errors).map(([field, message]) => ({ field: formField(field), message }));
  if (fields.length > 0)
    return { kind: 'fields', fields, step: Math.min(...fields.map(({ field }) => stepOf(field))) };
  return { kind: 'other', message: error instanceof HttpError ? error.message : null };
}
