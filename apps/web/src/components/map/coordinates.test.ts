import { parseLonLat } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import {
  CHINA_EXTENT,
  MERCATOR_MAX_LATITUDE,
  formatLonLatText,
  normalizeLonLat,
  parseLonLatText,
  roundCoordinate,
  wrapLongitude,
} from './coordinates';

describe('longitude,latitude text (spec §5)', () => {
  const samples: unknown[] = [
    '116.397128,39.916527',
    ' 116.397128 , 39.916527 ',
    '-73.985,40.748',
    '180,90',
    '-180,-90',
    '0,0',
    '116.397128 39.916527',
    '116.397128,',
    ',39.9',
    '200,39.9',
    '116.4,91',
    '116.4,39.9,12',
    '1e2,30',
    '116.,39.9',
    '.5,39.9',
    '116.4，39.9',
    '',
    null,
    undefined,
    116.4,
  ];

  it('accepts and refuses exactly what the contract (and so the server) does', () => {
    for (const sample of samples) {
      expect(parseLonLatText(sample), JSON.stringify(sample)).toEqual(parseLonLat(sample));
    }
  });

  it('reads the pair as [longitude, latitude]', () => {
    expect(parseLonLatText('116.397128,39.916527')).toEqual([116.397128, 39.916527]);
    expect(parseLonLatText('200,39.9')).toBeUndefined();
  });

  it('writes six decimals each, which the parser reads back unchanged', () => {
    expect(formatLonLatText([116.4, 39.9])).toBe('116.400000,39.900000');
    expect(formatLonLatText([-0.1234564, 51.5])).toBe('-0.123456,51.500000');
    const text = formatLonLatText([121.4737011, 31.2304159]);
    expect(text).toBe('121.473701,31.230416');
    expect(parseLonLatText(text)).toEqual([121.473701, 31.230416]);
  });
});

describe('a point picked on the map', () => {
  it('rounds to six decimals without float noise or -0', () => {
    expect(roundCoordinate(116.39712800000001)).toBe(116.397128);
    expect(roundCoordinate(39.9165274999)).toBe(39.916527);
    expect(Object.is(roundCoordinate(-0.0000001), 0)).toBe(true);
  });

  it('wraps a longitude panned across the date line back into −180..180', () => {
    expect(wrapLongitude(190)).toBe(-170);
    expect(wrapLongitude(-190)).toBe(170);
    expect(wrapLongitude(116.4 + 360 * 2)).toBeCloseTo(116.4, 9);
    expect(wrapLongitude(180)).toBe(180);
    expect(wrapLongitude(-180)).toBe(-180);
  });

  it('keeps the latitude inside Web Mercator and rounds both', () => {
    expect(normalizeLonLat([476.3971281, 39.91652749])).toEqual([116.397128, 39.916527]);
    expect(normalizeLonLat([10, 89.9])).toEqual([10, MERCATOR_MAX_LATITUDE]);
    expect(normalizeLonLat([10, -89.9])).toEqual([10, -MERCATOR_MAX_LATITUDE]);
  });

  it('opens on China when there is no value: Beijing and Urumqi, Sanya and Mohe are inside', () => {
    const [west, south, east, north] = CHINA_EXTENT;
    const places: Array<[number, number]> = [
      [116.4, 39.9],
      [87.6, 43.8],
      [109.5, 18.25],
      [122.5, 52.97],
    ];
    for (const [longitude, latitude] of places) {
      expect(longitude > west && longitude < east && latitude > south && latitude < north).toBe(true);
    }
  });
});
