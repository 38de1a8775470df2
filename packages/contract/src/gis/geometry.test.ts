import { describe, expect, it } from 'vitest';
import { AreaGeometry, circleBbox, Geometry, nodeRemovalError } from './geometry.js';

const messagesOf = (value: unknown, schema = Geometry) => {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('geometry rules of spec §5', () => {
  it('keeps at least 2 endpoints on a line, repeats not counted', () => {
    expect(messagesOf({ type: 'LineString', coordinates: [[116, 39]] })).toEqual([
      'coordinates: gis.lineMin',
    ]);
    expect(
      messagesOf({
        type: 'LineString',
        coordinates: [
          [116, 39],
          [116, 39],
        ],
      }),
    ).toEqual(['coordinates: gis.lineMin']);
    expect(
      messagesOf({
        type: 'LineString',
        coordinates: [
          [116, 39],
          [116.1, 39],
        ],
      }),
    ).toEqual([]);
  });

  it('keeps at least 3 nodes on a polygon and closes an open ring', () => {
    expect(
      messagesOf({
        type: 'Polygon',
        coordinates: [
          [
            [116, 39],
            [116.1, 39],
            [116, 39],
          ],
        ],
      }),
    ).toEqual(['coordinates.0: gis.polygonMin']);
    const open = Geometry.parse({
      type: 'Polygon',
      coordinates: [
        [
          [116, 39],
          [116.1, 39],
          [116.1, 39.1],
        ],
      ],
    });
    expect(open.type === 'Polygon' && open.coordinates[0]).toEqual([
      [116, 39],
      [116.1, 39],
      [116.1, 39.1],
      [116, 39],
    ]);
  });

  it('refuses coordinates out of range and names the node', () => {
    expect(messagesOf({ type: 'Point', coordinates: [181, 39] })).toEqual([
      'coordinates: validation.coordinates',
    ]);
    expect(
      messagesOf({
        type: 'LineString',
        coordinates: [
          [116, 39],
          [116, 91],
        ],
      }),
    ).toEqual(['coordinates.1: validation.coordinates']);
    expect(messagesOf({ type: 'Point', coordinates: ['116', 39] })).toEqual([
      'coordinates.0: validation.coordinates',
    ]);
  });

  it('needs a radius of at least 5 m on a circle, with the spec’s two messages', () => {
    const circle = (radius: unknown) => ({ type: 'Circle', center: [116, 39], radius });
    expect(messagesOf(circle(undefined))).toEqual(['radius: validation.radiusEmpty']);
    expect(messagesOf(circle(''))).toEqual(['radius: validation.radiusEmpty']);
    expect(messagesOf(circle(4.9))).toEqual(['radius: validation.radiusMin']);
    expect(messagesOf(circle('5'))).toEqual([]);
    expect(messagesOf(circle(2_000_000))).toEqual(['radius: gis.radiusMax']);
  });

  it('takes only a polygon or a circle as a range', () => {
    expect(messagesOf({ type: 'Point', coordinates: [116, 39] }, AreaGeometry as never)).toEqual([
      'type: gis.areaType',
    ]);
  });

  it('refuses to delete below 2 endpoints of a line and 3 nodes of a polygon', () => {
    expect(nodeRemovalError('LineString', 2)).toBe('gis.lineMin');
    expect(nodeRemovalError('LineString', 3)).toBeUndefined();
    expect(nodeRemovalError('Polygon', 3)).toBe('gis.polygonMin');
    expect(nodeRemovalError('Polygon', 4)).toBeUndefined();
  });

  it('boxes a circle by its radius in metres', () => {
    const [west, south, east, north] = circleBbox([116, 40], 1000);
    expect(north - 40).toBeCloseTo(0.009, 3);
    expect(east - 116).toBeCloseTo(0.0117, 3);
    expect(west).toBeCloseTo(116 - (east - 116), 9);
    expect(south).toBeCloseTo(40 - (north - 40), 9);
  });
});
