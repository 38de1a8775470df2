import { translate } from '@aos/contract';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../lib/errors.js';
import { requireAreas } from './areas.js';
import { readAreaFile } from './read.js';

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [116.3, 39.9],
      [116.4, 39.9],
      [116.4, 40.0],
      [116.3, 39.9],
    ] as [number, number][],
  ],
};
const caught = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('not refused');
};

describe('requireAreas', () => {
  it('keeps polygons and circles', () => {
    const features = [
      { geometry: square, properties: {}, index: 0 },
      {
        geometry: { type: 'Circle' as const, center: [116, 39] as [number, number], radius: 50 },
        properties: {},
        index: 1,
      },
    ];
    expect(requireAreas(features)).toBe(features);
  });

  it('refuses a point or a line, naming the feature', () => {
    const error = caught(() =>
      requireAreas([
        { geometry: square, properties: {}, index: 0 },
        { geometry: { type: 'Point', coordinates: [116, 39] }, properties: { name: 'tower' }, index: 1 },
      ]),
    );
    expect(error).toMatchObject({
      status: 400,
      messageKey: 'gis.importFeatureNamed',
      params: { field: 'file' },
    });
    expect(translate('en-US', error.messageKey, error.params)).toBe(
      'shape 2 (tower), geometry.type: the range must be a polygon or a circle',
    );
  });

  it("takes one range only when asked (airspace), as GDAL's two-range file shows", async () => {
    const data = readFileSync(new URL('../../../../test/fixtures/gis/two-ranges.zip', import.meta.url));
    const features = await readAreaFile({ filename: 'two-ranges.zip', data });
    expect(requireAreas(features)).toHaveLength(2);
    const error = caught(() => requireAreas(features, { single: true }));
    expect(error).toMatchObject({ status: 400, messageKey: 'gis.importOneRange', params: { field: 'file' } });
    expect(requireAreas(features.slice(0, 1), { single: true })).toHaveLength(1);
  });
});
