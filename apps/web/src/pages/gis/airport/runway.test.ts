import type { CivilAirport } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../api/http';
import { onRunwayField, runwayFields, runwayLine, runwayProblem } from './runway';

const TWO_ENDS = 'two ends';

describe('the runway field', () => {
  it('turns an airport into a line and the line back into the four fields the API takes', () => {
    const airport = {
      runwayStartLongitude: 116.4,
      runwayStartLatitude: 39.9,
      runwayEndLongitude: 116.41,
      runwayEndLatitude: 39.93,
    } as CivilAirport;
    const line = runwayLine(airport);
    expect(line).toEqual({
      type: 'LineString',
      coordinates: [
        [116.4, 39.9],
        [116.41, 39.93],
      ],
    });
    expect(runwayFields(line)).toEqual({
      runwayStartLongitude: 116.4,
      runwayStartLatitude: 39.9,
      runwayEndLongitude: 116.41,
      runwayEndLatitude: 39.93,
    });
  });

  it('refuses no line, a line of three nodes and an end off the globe, in the contract’s words', () => {
    expect(runwayProblem(undefined, 'en-US', TWO_ENDS)).toBe(TWO_ENDS);
    const three = {
      type: 'LineString',
      coordinates: [
        [116.4, 39.9],
        [116.41, 39.91],
        [116.42, 39.92],
      ],
    };
    expect(runwayProblem(three, 'en-US', TWO_ENDS)).toBe(TWO_ENDS);
    const offGlobe = {
      type: 'LineString',
      coordinates: [
        [116.4, 39.9],
        [116.4, 95],
      ],
    };
    expect(runwayProblem(offGlobe, 'en-US', TWO_ENDS)).toMatch(/coordinates|longitude|latitude/i);
    expect(
      runwayProblem(
        {
          ...offGlobe,
          coordinates: [
            [116.4, 39.9],
            [116.4, 39.93],
          ],
        },
        'en-US',
        TWO_ENDS,
      ),
    ).toBe(undefined);
  });

  it('shows the server’s message on a runway end (thresholds too close) under the runway field', () => {
    const error = new HttpError(
      'runwayEndLongitude: too close',
      400,
      { code: 400, data: { errors: { runwayEndLongitude: 'too close', icaoCode: 'taken' } } },
      true,
    );
    onRunwayField(error);
    expect((error.body as { data: { errors: Record<string, string> } }).data.errors).toEqual({
      runwayEndLongitude: 'too close',
      icaoCode: 'taken',
      runway: 'too close',
    });
  });
});
