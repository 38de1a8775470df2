import { readFileSync } from 'node:fs';
import { translate } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors.js';
import { type ImportedFeature, readAreaFile } from './read.js';

/**
 * Files written by GDAL's ogr2ogr (test/fixtures/gis/README.md says how), not by us: what a GIS department
 * sends. The expected WGS-84 coordinates are ogr2ogr's own reprojection of each projected shapefile.
 */
const FIXTURES = new URL('../../../../test/fixtures/gis/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));
const read = (filename: string, accept?: ('zip' | 'kml' | 'kmz' | 'geojson' | 'json')[]) =>
  readAreaFile({ filename, data: fixture(filename), accept });

type Position = number[];
interface ExpectedFeature {
  properties: Record<string, unknown>;
  geometry: { type: string; coordinates: unknown };
}

/** GDAL's WGS-84 output as our features: multi-polygons split, in order. */
function expectedPolygons(name: string): { properties: Record<string, unknown>; rings: Position[][] }[] {
  const collection = JSON.parse(fixture(name).toString('utf8')) as { features: ExpectedFeature[] };
  return collection.features.flatMap((feature) => {
    const parts =
      feature.geometry.type === 'MultiPolygon'
        ? (feature.geometry.coordinates as Position[][][])
        : [feature.geometry.coordinates as Position[][]];
    return parts.map((rings) => ({ properties: feature.properties, rings }));
  });
}

/** Same rings, node by node, within `tolerance` degrees. */
function expectSameRings(actual: Position[][], expected: Position[][], tolerance: number) {
  expect(actual.length).toBe(expected.length);
  actual.forEach((ring, r) => {
    expect(ring.length).toBe(expected[r]!.length);
    ring.forEach(([longitude, latitude], n) => {
      expect(Math.abs(longitude! - expected[r]![n]![0]!)).toBeLessThan(tolerance);
      expect(Math.abs(latitude! - expected[r]![n]![1]!)).toBeLessThan(tolerance);
    });
  });
}

function polygonsOf(features: ImportedFeature[]): Position[][][] {
  return features.map((feature) => {
    if (feature.geometry.type !== 'Polygon') throw new Error(`a ${feature.geometry.type}`);
    return feature.geometry.coordinates;
  });
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError).toMatchObject({ status: 400, params: { field: 'file' } });
  return { key: appError.messageKey, en: translate('en-US', appError.messageKey, appError.params) };
}

describe('area files made by GDAL', () => {
  for (const [zip, expected, crs] of [
    [
      'zones-cgcs2000-gk114.zip',
      'zones-cgcs2000-gk114.wgs84.geojson',
      'CGCS2000 3-degree Gauss-Krüger CM 114E',
    ],
    ['zones-utm50n.zip', 'zones-utm50n.wgs84.geojson', 'WGS-84 UTM 50N'],
    ['zones-webmercator.zip', 'zones-webmercator.wgs84.geojson', 'Web Mercator'],
  ] as const) {
    it(`reprojects a shapefile in ${crs} to WGS-84 as ogr2ogr does (1e-6°)`, async () => {
      const features = await read(zip, ['zip']);
      const wanted = expectedPolygons(expected);
      expect(features.map((feature) => feature.index)).toEqual([0, 1, 2, 2]);
      expect(features).toHaveLength(wanted.length);
      polygonsOf(features).forEach((rings, at) => expectSameRings(rings, wanted[at]!.rings, 1e-6));
      // the Chinese attribute names and values came through the UTF-8 .cpg
      expect(features.map((feature) => feature.properties['名称'])).toEqual([
        '深圳湾禁飞区',
        '武汉净空区',
        '分散区',
        '分散区',
      ]);
      expect(features[0]!.properties).toMatchObject({ 高度: 120, 类型: '禁飞', 备注: '机场附近' });
    });
  }

  it('reads the GDAL shapefiles to within 1e-6° of the drawn WGS-84 source', async () => {
    const source = expectedPolygons('src/zones.geojson');
    for (const zip of ['zones-cgcs2000-gk114.zip', 'zones-utm50n.zip', 'zones-webmercator.zip']) {
      polygonsOf(await read(zip)).forEach((rings, at) => expectSameRings(rings, source[at]!.rings, 1e-6));
    }
  });

  it('reads a GBK shapefile (Chinese Windows code page)', async () => {
    const features = await read('zones-gbk.zip');
    expect(features.map((feature) => feature.properties['名称'])).toEqual([
      '深圳湾禁飞区',
      '武汉净空区',
      '分散区',
      '分散区',
    ]);
  });

  it('reads GDAL KML and GeoJSON', async () => {
    const source = expectedPolygons('src/zones.geojson');
    for (const file of ['zones.kml', 'zones.geojson']) {
      const features = await read(file);
      expect(features, file).toHaveLength(4);
      polygonsOf(features).forEach((rings, at) => expectSameRings(rings, source[at]!.rings, 1e-9));
    }
    const kml = await read('zones.kml');
    expect(kml[0]!.properties).toMatchObject({ 名称: '深圳湾禁飞区' });
  });

  it('reads GDAL KMZ, whose doc.kml only links to the layer inside the archive', async () => {
    const features = await read('zones.kmz');
    expect(features.map((feature) => feature.properties['名称'])).toEqual([
      '深圳湾禁飞区',
      '武汉净空区',
      '分散区',
      '分散区',
    ]);
    const source = expectedPolygons('src/zones.geojson');
    polygonsOf(features).forEach((rings, at) => expectSameRings(rings, source[at]!.rings, 1e-9));
  });

  it('reads a file with two ranges as two features (the airspace import refuses it)', async () => {
    const features = await read('two-ranges.zip');
    expect(features.map((feature) => feature.properties.name)).toEqual(['range A', 'range B']);
  });

  it('refuses a damaged zip, a wrong type and a datum it cannot place', async () => {
    expect((await refusal(read('broken.zip'))).key).toBe('gis.zipBroken');
    expect((await refusal(read('zones.csv'))).en).toBe(
      'only .zip, .kml, .kmz, .geojson, .json files can be imported',
    );
    expect((await refusal(read('zones.kml', ['zip']))).en).toBe('only .zip files can be imported');
    expect((await refusal(read('zones-beijing1954-gk114.zip'))).key).toBe('gis.prjUnknown');
  });
});
