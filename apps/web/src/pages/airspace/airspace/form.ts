import type { Airspace } from '@aos/contract';
import { HttpError, fieldErrors } from '../../../api/http';
import { formatLonLatText, parseLonLatText } from '../../../components/map/coordinates';
import type { ApprovalFile } from './fields';

/** The search's window (`start~end`, from WindowFilter) as the API's windowStart and windowEnd. */
export function windowQuery(query: Record<string, unknown>): Record<string, unknown> {
  const { window, ...rest } = query;
  if (typeof window !== 'string') return rest;
  const [start, end] = window.split('~');
  return { ...rest, ...(start ? { windowStart: start } : {}), ...(end ? { windowEnd: end } : {}) };
}

/** An application as the edit form holds it: its files as a list, its positions as `longitude,latitude` texts. */
export function toForm(record: Airspace): Record<string, unknown> {
  return {
    ...record,
    attachIds: record.attachFiles,
    takeoffPositions: record.takeoffPositions.map(([longitude, latitude]) =>
      formatLonLatText([longitude, latitude]),
    ),
  };
}

/** The form's values as the submit body: file ids comma-separated, positions as numbers. */
export function fromForm(
  values: Record<string, unknown>,
  editing: Airspace | undefined,
): Record<string, unknown> {
  const files = Array.isArray(values.attachIds) ? (values.attachIds as ApprovalFile[]) : [];
  const texts = Array.isArray(values.takeoffPositions) ? (values.takeoffPositions as string[]) : [];
  return {
    ...values,
    ...(editing ? { id: editing.id } : {}),
    aircraftId: values.aircraftId || null,
    uavAirportIds: typeof values.uavAirportIds === 'string' ? values.uavAirportIds : '',
    attachIds: files.map((file) => file.id).join(','),
    takeoffPositions: texts.map((text) => parseLonLatText(text) ?? text),
  };
}

/**
 * A submit whose refusal names nested fields (`geometry.radius`, `takeoffPositions.0`) names the form's field
 * instead (`geometry`, `takeoffPositions`), so the dialog shows the message under it.
 */
export async function withFieldErrorsOnFields<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const fields = fieldErrors(error);
    if (!(error instanceof HttpError) || !fields) throw error;
    const errors: Record<string, string> = {};
    for (const [name, text] of Object.entries(fields)) {
      const field = name.split('.')[0]!;
      errors[field] ??= text;
    }
    const body = error.body as { data?: Record<string, unknown> };
    throw new HttpError(error.message, error.code, { ...body, data: { ...body.data, errors } }, error.shown);
  }
}
