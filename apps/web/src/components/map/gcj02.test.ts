import { fromLonLat, toLonLat, transform } from 'ol/proj';
import { describe, expect, it } from 'vitest';
import type { LonLat } from './coordinates';
import { gcj02ToWgs84, wgs84ToGcj02 } from './gcj02';
import { GCJ02_MERCATOR, fromGcjMercator, gcj02Mercator, toGcjMercator } from './gcjProjection';

/**
 * The published GCJ-02 offset (the algorithm every converter implements: Krasovsky 1940 ellipsoid,
 * a = 6378245, e² = 0.00669342162296594323), written out here independently of gcoord.
 */
function referenceWgs84ToGcj02([lon, lat]: LonLat): LonLat {
  const a = 6_378_245;
  const ee = 0.006693421622965943;
  const x = lon - 105;
  const y = lat - 35;
  const sin = Math.sin;
  const PI = Math.PI;
  let dLat =
    -100 +
    2 * x +
    3 * y +
    0.2 * y * y +
    0.1 * x * y +
    0.2 * Math.sqrt(Math.abs(x)) +
    ((20 * sin(6 * x * PI) + 20 * sin(2 * x * PI)) * 2) / 3 +
    ((20 * sin(y * PI) + 40 * sin((y / 3) * PI)) * 2) / 3 +
    ((160 * sin((y / 12) * PI) + 320 * sin((y * PI) / 30)) * 2) / 3;
  let dLon =
    300 +
    x +
    2 * y +
    0.1 * x * x +
    0.1 * x * y +
    0.1 * Math.sqrt(Math.abs(x)) +
    ((20 * sin(6 * x * PI) + 20 * sin(2 * x * PI)) * 2) / 3 +
    ((20 * sin(x * PI) + 40 * sin((x / 3) * PI)) * 2) / 3 +
    ((150 * sin((x / 12) * PI) + 300 * sin((x / 30) * PI)) * 2) / 3;
  const radLat = (lat / 180) * PI;
  const magic = 1 - ee * Math.sin(radLat) ** 2;
  const sqrtMagic = Math.sqrt(magic);
  dLat = (dLat * 180) / (((a * (1 - ee)) / (magic * sqrtMagic)) * PI);
  dLon = (dLon * 180) / ((a / sqrtMagic) * Math.cos(radLat) * PI);
  return [lon + dLon, lat + dLat];
}

/** Metres between two nearby positions (equirectangular; enough for offsets of a few hundred metres). */
function metres([lon1, lat1]: LonLat, [lon2, lat2]: LonLat): number {
  const k = (Math.PI / 180) * 6_371_008.8;
  return Math.hypot((lon2 - lon1) * k * Math.cos((lat1 * Math.PI) / 180), (lat2 - lat1) * k);
}

const CHINA: LonLat[] = [
  [116.397128, 39.916527], // Beijing, the Forbidden City
  [121.473701, 31.230416], // Shanghai
  [113.264385, 23.129112], // Guangzhou
  [104.065735, 30.659462], // Chengdu
  [87.616848, 43.825592], // Urumqi
  [126.642464, 45.756967], // Harbin
  [109.508268, 18.247872], // Sanya
];

describe('GCJ-02 (positions over a Chinese provider’s tiles)', () => {
  it('matches a published pair (coordtransform README: wgs84togcj02(116.404, 39.915))', () => {
    const [lon, lat] = wgs84ToGcj02([116.404, 39.915]);
    expect(lon).toBeCloseTo(116.41024449916938, 6);
    expect(lat).toBeCloseTo(39.91640428150164, 6);
  });

  it('matches the published algorithm across China, the offset being 100 to 700 m', () => {
    for (const position of CHINA) {
      const gcj = wgs84ToGcj02(position);
      const reference = referenceWgs84ToGcj02(position);
      expect(Math.abs(gcj[0] - reference[0]), `${position}`).toBeLessThan(1e-9);
      expect(Math.abs(gcj[1] - reference[1]), `${position}`).toBeLessThan(1e-9);
      const offset = metres(position, gcj);
      expect(offset, `${position}`).toBeGreaterThan(100);
      expect(offset, `${position}`).toBeLessThan(700);
    }
  });

  it('comes back to WGS-84 within 1e-6 degrees (about 0.1 m)', () => {
    for (const position of CHINA) {
      const back = gcj02ToWgs84(wgs84ToGcj02(position));
      expect(Math.abs(back[0] - position[0]), `${position}`).toBeLessThan(1e-6);
      expect(Math.abs(back[1] - position[1]), `${position}`).toBeLessThan(1e-6);
    }
  });

  it('leaves positions outside China alone', () => {
    for (const position of [
      [2.352222, 48.856613],
      [-73.985664, 40.748441],
      [151.209296, -33.86882],
    ] as LonLat[]) {
      expect(wgs84ToGcj02(position)).toEqual(position);
      expect(gcj02ToWgs84(position)).toEqual(position);
    }
  });

  it('is an OpenLayers projection whose tiles are warped onto WGS-84 Web Mercator', () => {
    const projection = gcj02Mercator();
    expect(projection.getCode()).toBe(GCJ02_MERCATOR);
    expect(gcj02Mercator()).toBe(projection); // registered once
    for (const position of CHINA) {
      const mercator = fromLonLat(position);
      const onTiles = transform(mercator, 'EPSG:3857', GCJ02_MERCATOR);
      expect(onTiles).toEqual(toGcjMercator(mercator));
      const gcj = toLonLat(onTiles);
      const expected = wgs84ToGcj02(position);
      expect(gcj[0]).toBeCloseTo(expected[0], 9);
      expect(gcj[1]).toBeCloseTo(expected[1], 9);
      const back = toLonLat(transform(onTiles, GCJ02_MERCATOR, 'EPSG:3857'));
      expect(Math.abs(back[0]! - position[0])).toBeLessThan(2e-6);
      expect(Math.abs(back[1]! - position[1])).toBeLessThan(2e-6);
      expect(fromGcjMercator(onTiles)[0]).toBeCloseTo(mercator[0]!, 0);
      const fromDegrees = transform(position, 'EPSG:4326', GCJ02_MERCATOR);
      expect(fromDegrees[0]).toBeCloseTo(onTiles[0]!, 3);
      expect(fromDegrees[1]).toBeCloseTo(onTiles[1]!, 3);
    }
  });
});
