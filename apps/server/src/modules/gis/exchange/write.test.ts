import type { Geometry } from '@aos/contract';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readAreaFile } from './read.js';
import { type AreaExportFormat, type ExportFeature, safeBaseName, writeAreaFile } from './write.js';

// Outer rings counter-clockwise and holes clockwise (RFC 7946), which is what every reader hands back.
const withHole: Geometry = {
  type: 'Polygon',
  coordinates: [
    [
      [116.3, 39.9],
      [116.4, 39.9],
      [116.4, 40.0],
      [116.3, 40.0],
      [116.3, 39.9],
    ],
    [
      [116.33, 39.93],
      [116.33, 39.97],
      [116.37, 39.97],
      [116.37, 39.93],
      [116.33, 39.93],
    ],
  ],
};
const triangle: Geometry = {
  type: 'Polygon',
  coordinates: [
    [
      [113.123456789, 22.5],
      [113.2, 22.51],
      [113.15, 22.6],
      [113.123456789, 22.5],
    ],
  ],
};
const circle: Geometry = { type: 'Circle', center: [114.0579, 22.5431], radius: 1234.5 };
const line: Geometry = {
  type: 'LineString',
  coordinates: [
    [116.1, 39.1],
    [116.2, 39.2],
    [116.3, 39.15],
  ],
};
const point: Geometry = { type: 'Point', coordinates: [116.35, 39.95] };

const areas: ExportFeature[] = [
  { geometry: withHole, properties: { name: '首都机场净空区', zoneType: 1, height: 120.5, remark: null } },
  { geometry: circle, properties: { name: 'Circle "A" & <B>', zoneType: 2 } },
  { geometry: triangle, properties: { name: 'tri' } },
];

describe('writeAreaFile', () => {
  for (const format of ['geojson', 'kml', 'shapefile'] as AreaExportFormat[]) {
    it(`writes ${format} that reads back to the same geometries and names`, async () => {
      const file = writeAreaFile(format, areas, '禁飞区');
      const back = await readAreaFile({ filename: file.filename, data: file.data });
      expect(back.map((feature) => feature.geometry)).toEqual(areas.map((feature) => feature.geometry));
      expect(back.map((feature) => feature.properties.name)).toEqual(areas.map((f) => f.properties!.name));
      // numbers stay numbers where the format has them (KML's ExtendedData is text)
      expect(back[0]!.properties.zoneType).toEqual(format === 'kml' ? '1' : 1);
    });
  }

  it('keeps points, lines and areas apart in a shapefile, one layer each', async () => {
    const mixed: ExportFeature[] = [
      { geometry: point, properties: { name: 'p' } },
      { geometry: line, properties: { name: 'l' } },
      { geometry: withHole, properties: { name: 'a' } },
    ];
    const file = writeAreaFile('shapefile', mixed, 'marks');
    expect(Object.keys(unzipSync(file.data)).sort()).toEqual(
      ['line', 'point', 'polygon'].flatMap((type) =>
        ['cpg', 'dbf', 'prj', 'shp', 'shx'].map((extension) => `marks_${type}.${extension}`),
      ),
    );
    const back = await readAreaFile({ filename: file.filename, data: file.data });
    // layers are read in name order: line, point, polygon
    expect(back.map((feature) => [feature.properties.name, feature.geometry])).toEqual([
      ['l', line],
      ['p', point],
      ['a', withHole],
    ]);
    for (const format of ['geojson', 'kml'] as const) {
      const other = writeAreaFile(format, mixed, 'marks');
      expect(
        (await readAreaFile({ filename: other.filename, data: other.data })).map((f) => f.geometry),
      ).toEqual(mixed.map((feature) => feature.geometry));
    }
  });

  it('writes circles as polygons other tools draw, marked so they come back as circles', () => {
    const file = writeAreaFile('geojson', [{ geometry: circle, properties: { name: 'c' } }], 'c');
    const written = JSON.parse(file.data.toString('utf8')) as {
      features: {
        geometry: { type: string; coordinates: number[][][] };
        properties: Record<string, unknown>;
      }[];
    };
    expect(written.features[0]!.geometry.type).toBe('Polygon');
    expect(written.features[0]!.geometry.coordinates[0]).toHaveLength(65);
    expect(written.features[0]!.properties).toEqual({
      name: 'c',
      shape: 'circle',
      radius: 1234.5,
      center: [114.0579, 22.5431],
    });
  });

  it('names files safely and says what they are', () => {
    expect(writeAreaFile('geojson', [], 'zones').contentType).toBe('application/geo+json');
    expect(writeAreaFile('kml', [], 'zones')).toMatchObject({
      contentType: 'application/vnd.google-earth.kml+xml',
      filename: 'zones.kml',
    });
    expect(writeAreaFile('shapefile', [], '../围栏/x').filename).toBe('_围栏_x.zip');
    expect(safeBaseName(' .. ')).toBe('areas');
  });

  it('writes a .prj for WGS-84 and a .cpg for UTF-8 beside the shapes', () => {
    const files = unzipSync(writeAreaFile('shapefile', areas, 'zones').data);
    expect(Buffer.from(files['zones.prj']!).toString()).toMatch(/^GEOGCS\["GCS_WGS_1984"/);
    expect(Buffer.from(files['zones.cpg']!).toString()).toBe('UTF-8');
  });
});
