import { describe, expect, it } from 'vitest';
import { recordOf } from './AttributesInput';
import { lineLength, pageOf, positionText } from './features';
import { isImageLink, labelOf, pointSymbol } from './symbols';

const well = { name: '东一井', code: 'W-001', attributes: { depth: 1200, operator: 'Team 3' } };

describe('oil layers', () => {
  it('labels a feature by its name, its code or one of its attributes', () => {
    expect(labelOf(well, 'name')).toBe('东一井');
    expect(labelOf(well, 'code')).toBe('W-001');
    expect(labelOf(well, 'depth')).toBe('1200');
    expect(labelOf({ ...well, code: null }, 'code')).toBe('');
    expect(labelOf(well, 'missing')).toBe('');
  });

  it('draws a known symbol, a link as a picture, anything else as a circle', () => {
    expect(pointSymbol('star')).toBe('star');
    expect(pointSymbol(null)).toBe('circle');
    expect(pointSymbol('rocket')).toBe('circle');
    expect(isImageLink('/files/well.png')).toBe(true);
    expect(isImageLink('https://example.com/well.png')).toBe(true);
    expect(isImageLink('star')).toBe(false);
  });

  it('sends attribute rows as a record: numbers as numbers, an empty number left out', () => {
    expect(
      recordOf([
        { key: ' depth ', kind: 'number', value: 1200 },
        { key: 'operator', kind: 'text', value: 'Team 3' },
        { key: 'pressure', kind: 'number', value: null },
      ]),
    ).toEqual({ depth: 1200, operator: 'Team 3' });
  });

  it('pages a whole list for the feature table', () => {
    const rows = Array.from({ length: 23 }, (_, index) => index);
    expect(pageOf(rows, 3, 10)).toEqual({ records: [20, 21, 22], total: 23, current: 3, size: 10, pages: 3 });
  });

  it('shows a point by its position and a line by its length on the ground', () => {
    expect(positionText({ type: 'Point', coordinates: [121.5, 37.4] })).toBe('121.500000, 37.400000');
    // one degree of latitude is about 111.2 km
    expect(
      lineLength([
        [121, 37],
        [121, 38],
      ]),
    ).toBeCloseTo(111_195, -2);
    expect(
      positionText({
        type: 'LineString',
        coordinates: [
          [121, 37],
          [121, 38],
        ],
      }),
    ).toBe('111.20 km');
  });
});
