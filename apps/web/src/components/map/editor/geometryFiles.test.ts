// @vitest-environment happy-dom
import type { Geometry } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import { AREA_TYPES } from './geometryEdit';
import { geometryToGeoJson, geometryToKml, readGeometryFile } from './geometryFiles';

const ALL = ['Point', 'LineString', 'Polygon', 'Circle'] as const;

const square: Geometry = {
  type: 'Polygon',
  coordinates: [
    [
      [116.3, 39.9],
      [116.4, 39.9],
      [116.4, 40],
      [116.3, 40],
      [116.3, 39.9],
    ],
  ],
};
const circle: Geometry = { type: 'Circle', center: [121.473701, 31.230416], radius: 750.5 };

describe('a drawn shape to and from GeoJSON and KML', () => {
  it('exports and imports a polygon through GeoJSON and through KML', () => {
    for (const [text, file] of [
      [geometryToGeoJson(square, 'A'), 'a.geojson'],
      [geometryToKml(square, 'A'), 'a.kml'],
    ] as const) {
      expect(readGeometryFile(text, file, AREA_TYPES), file).toEqual({ geometry: square });
    }
    expect(geometryToKml(square, '北区围栏')).toContain('<name>北区围栏</name>');
  });

  it('keeps a circle a circle (its polygon carries the centre and radius)', () => {
    const json = JSON.parse(geometryToGeoJson(circle, 'C')) as {
      features: Array<{ geometry: { type: string; coordinates: number[][][] } }>;
    };
    expect(json.features[0]!.geometry.type).toBe('Polygon');
    expect(json.features[0]!.geometry.coordinates[0]!.length).toBe(65);
    expect(readGeometryFile(geometryToGeoJson(circle, 'C'), 'c.geojson', AREA_TYPES)).toEqual({
      geometry: circle,
    });
    expect(readGeometryFile(geometryToKml(circle, 'C'), 'c.kml', AREA_TYPES)).toEqual({ geometry: circle });
  });

  it('reads a bare geometry, a Feature, a one-part MultiPolygon and KML with altitudes', () => {
    expect(readGeometryFile(JSON.stringify(square), 'x.json', AREA_TYPES)).toEqual({ geometry: square });
    expect(
      readGeometryFile(
        JSON.stringify({ type: 'Feature', geometry: square, properties: {} }),
        'x.json',
        AREA_TYPES,
      ),
    ).toEqual({ geometry: square });
    expect(
      readGeometryFile(
        JSON.stringify({ type: 'MultiPolygon', coordinates: [square.coordinates] }),
        'x.geojson',
        AREA_TYPES,
      ),
    ).toEqual({ geometry: square });
    const kml = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>L</name>
      <LineString><coordinates>116.3,39.9,50 116.4,39.95,60 116.5,40,70</coordinates></LineString></Placemark></kml>`;
    expect(readGeometryFile(kml, 'route.kml', ALL)).toEqual({
      geometry: {
        type: 'LineString',
        coordinates: [
          [116.3, 39.9],
          [116.4, 39.95],
          [116.5, 40],
        ],
      },
    });
  });

  it('refuses what is not one usable shape, saying why', () => {
    expect(readGeometryFile('not a file', 'x.geojson', AREA_TYPES)).toEqual({
      error: 'geometryEditor.importUnreadable',
    });
    expect(readGeometryFile('{"type":"FeatureCollection","features":[]}', 'x.geojson', AREA_TYPES)).toEqual({
      error: 'geometryEditor.importEmpty',
    });
    const two = {
      type: 'FeatureCollection',
      features: [square, square].map((geometry) => ({ type: 'Feature', geometry })),
    };
    expect(readGeometryFile(JSON.stringify(two), 'x.geojson', AREA_TYPES)).toEqual({
      error: 'geometryEditor.importSeveral',
    });
    expect(
      readGeometryFile(JSON.stringify({ type: 'Point', coordinates: [116, 39] }), 'x.geojson', AREA_TYPES),
    ).toEqual({ error: 'geometryEditor.importType' });
    // a "polygon" of two nodes: the contract's own rule and message
    const thin = {
      type: 'Polygon',
      coordinates: [
        [
          [116, 39],
          [116.1, 39],
          [116, 39],
        ],
      ],
    };
    expect(readGeometryFile(JSON.stringify(thin), 'x.geojson', AREA_TYPES)).toEqual({
      error: 'gis.polygonMin',
    });
    const outOfRange = { type: 'Point', coordinates: [190, 39] };
    expect(readGeometryFile(JSON.stringify(outOfRange), 'x.geojson', ALL)).toEqual({
      error: 'validation.coordinates',
    });
  });
});
