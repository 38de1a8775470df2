import { describe, expect, it } from 'vitest';
import { cameraById } from '../camera.js';
import { footprint, gsd, heightForGsd, lineSpacing, photoInterval, photosAlong } from './photo.js';

const m3e = cameraById('m3e-wide')!;

describe('photogrammetry formulas', () => {
  it('turns height into GSD and back (M3E: 17.3 mm · H / (12.29 mm · 5280 px))', () => {
    // 17.3 × 100 / (12.29 × 5280) m = 0.026660 m
    expect(gsd(100, m3e)).toBeCloseTo(2.666, 3);
    // 0.02 × 12.29 × 5280 / 17.3 = 75.019 m
    expect(heightForGsd(2, m3e)).toBeCloseTo(75.019, 2);
    expect(gsd(heightForGsd(1.7, m3e), m3e)).toBeCloseTo(1.7, 10);
  });

  it('sizes the footprint and spaces lines and photos by the overlaps', () => {
    const height = heightForGsd(2, m3e);
    const { across, along } = footprint(height, m3e);
    expect(across).toBeCloseTo(105.6, 6); // 2 cm × 5280 px
    expect(along).toBeCloseTo((13 * height) / 12.29, 6); // 79.35 m
    expect(lineSpacing(70, height, m3e)).toBeCloseTo(31.68, 6);
    expect(lineSpacing(0, height, m3e)).toBeCloseTo(105.6, 6);
    const interval = photoInterval(80, 10, height, m3e);
    expect(interval.distanceM).toBeCloseTo(along * 0.2, 6);
    expect(interval.timeS).toBeCloseTo((along * 0.2) / 10, 6);
  });

  it('counts photos along a line, both ends included', () => {
    expect(photosAlong(100, 10)).toBe(11);
    expect(photosAlong(95, 10)).toBe(10);
    expect(photosAlong(0, 10)).toBe(1);
  });
});
