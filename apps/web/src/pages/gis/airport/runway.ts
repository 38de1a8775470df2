import { type CivilAirport, CivilAirportSubmit, type LineGeometry, type Language } from '@aos/contract';
import { fieldErrors } from '../../../api/http';
import { schemaProblem } from '../../../components/crud/validation';

/** The runway as the form holds it: a line from the start threshold to the end threshold. */
export type RunwayLine = Pick<LineGeometry, 'type' | 'coordinates'>;

/** The four submit fields of the runway's ends, in the order of a line's two positions. */
export const RUNWAY_FIELDS = [
  ['runwayStartLongitude', 'runwayStartLatitude'],
  ['runwayEndLongitude', 'runwayEndLatitude'],
] as const;

/** An airport's runway as a line (the form's value when it is edited). */
export const runwayLine = (airport: CivilAirport): RunwayLine => ({
  type: 'LineString',
  coordinates: RUNWAY_FIELDS.map(([longitude, latitude]) => [airport[longitude], airport[latitude]]),
});

/** The line's two ends as the four fields the API takes. */
export function runwayFields(line: RunwayLine): Record<string, number> {
  const fields: Record<string, number> = {};
  RUNWAY_FIELDS.forEach(([longitude, latitude], end) => {
    fields[longitude] = line.coordinates[end]![0]!;
    fields[latitude] = line.coordinates[end]![1]!;
  });
  return fields;
}

const isRunway = (value: unknown): value is RunwayLine =>
  typeof value === 'object' &&
  value !== null &&
  (value as RunwayLine).type === 'LineString' &&
  Array.isArray((value as RunwayLine).coordinates);

/**
 * What is wrong with the runway the form holds: not a line of exactly two ends (`twoEnds`, the screen's own
 * words), or an end the contract's coordinate schemas refuse (the server's words); undefined when it is fine.
 * The length between the thresholds is the server's to check (it measures on the sphere).
 */
export function runwayProblem(value: unknown, language: Language, twoEnds: string): string | undefined {
  if (!isRunway(value) || value.coordinates.length !== 2) return twoEnds;
  const fields = runwayFields(value);
  for (const [name, number] of Object.entries(fields)) {
    const problem = schemaProblem(
      CivilAirportSubmit.shape[name as keyof typeof CivilAirportSubmit.shape],
      number,
      language,
      name,
    );
    if (problem) return problem;
  }
  return undefined;
}

/**
 * The server names a runway end's field (a bad coordinate, thresholds too close or too far apart); the form
 * has one runway field: the message is moved there so that it shows under the map.
 */
export function onRunwayField(error: unknown): void {
  const errors = fieldErrors(error);
  if (!errors) return;
  const message = RUNWAY_FIELDS.flat()
    .map((name) => errors[name])
    .find(Boolean);
  if (message) errors.runway = message;
}
