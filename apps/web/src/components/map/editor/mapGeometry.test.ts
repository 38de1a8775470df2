import type { Geometry } from '@aos/contract';
import Circle from 'ol/geom/Circle';
import { fromLonLat } from 'ol/proj';
import { getDistance } from 'ol/sphere';
import { describe, expect, it } from 'vitest';
import { fromMapGeometry, toMapGeometry } from './mapGeometry';

describe('the editor’s value on the map and back', () => {
  it('keeps points, lines and polygons (six decimals, rings closed)', () => {
    const shapes: Geometry[] = [
      { type: 'Point', coordinates: [116.397128, 39.916527] },
      {
        type: 'LineString',
        coordinates: [
          [116.3, 39.9],
          [116.4, 39.95],
          [116.5, 40],
        ],
      },
      {
        type: 'Polygon',
        coordinates: [
          [
            [116.3, 39.9],
            [116.4, 39.9],
            [116.35, 40],
            [116.3, 39.9],
          ],
        ],
      },
    ];
    for (const shape of shapes) expect(fromMapGeometry(toMapGeometry(shape))).toEqual(shape);
  });

  it('keeps a circle’s ground radius in metres, though Web Mercator draws it larger away from the equator', () => {
    for (const circle of [
      { type: 'Circle', center: [116.4, 39.9], radius: 500 },
      { type: 'Circle', center: [126.6, 45.75], radius: 12_345.6 },
      { type: 'Circle', center: [0, 0], radius: 5 },
    ] as Geometry[]) {
      const drawn = toMapGeometry(circle) as Circle;
      expect(fromMapGeometry(drawn)).toEqual(circle);
    }
    // at 60° a Mercator unit is half a metre on the ground: a circle drawn with a 2,000-unit radius is 1 km wide
    const drawn = new Circle(fromLonLat([10, 60]), 2000);
    const read = fromMapGeometry(drawn) as Extract<Geometry, { type: 'Circle' }>;
    expect(read.radius).toBeCloseTo(1000, -1);
  });

  it('measures the radius it reads as the ground distance from the centre to the rim', () => {
    const circle: Extract<Geometry, { type: 'Circle' }> = {
      type: 'Circle',
      center: [116.4, 39.9],
      radius: 2000,
    };
    const drawn = toMapGeometry(circle) as Circle;
    const rim = drawn.getCenter().slice();
    rim[0]! += drawn.getRadius();
    const [lon, lat] = [
      (rim[0]! / 20_037_508.342789244) * 180,
      (Math.atan(Math.exp((rim[1]! / 20_037_508.342789244) * Math.PI)) * 360) / Math.PI - 90,
    ];
    expect(getDistance(circle.center, [lon, lat]) / 2000).toBeCloseTo(1, 2);
  });
});
