import { translate } from '@aos/contract';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors.js';
import { readAreaFile, type ReadAreaFileInput } from './read.js';
import { writeShapefile } from './shapefile-write.js';

const square = [
  [116.3, 39.9],
  [116.4, 39.9],
  [116.4, 40.0],
  [116.3, 40.0],
  [116.3, 39.9],
];
const polygon = { type: 'Polygon', coordinates: [square] };

const json = (value: unknown, filename = 'areas.geojson'): ReadAreaFileInput => ({
  filename,
  data: Buffer.from(JSON.stringify(value)),
});
const collection = (...features: unknown[]) => ({ type: 'FeatureCollection', features });
const feature = (geometry: unknown, properties: Record<string, unknown> = {}) => ({
  type: 'Feature',
  geometry,
  properties,
});
const zip = (files: Record<string, Uint8Array | string>, filename = 'areas.zip'): ReadAreaFileInput => ({
  filename,
  data: Buffer.from(
    zipSync(
      Object.fromEntries(
        Object.entries(files).map(([name, data]) => [
          name,
          typeof data === 'string' ? Buffer.from(data) : data,
        ]),
      ),
    ),
  ),
});

/** The 400 a refusal is, with its English text, so a test shows what the user reads. */
async function refusal(input: ReadAreaFileInput) {
  const error: unknown = await readAreaFile(input).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.status).toBe(400);
  expect(appError.params.field).toBe('file');
  return {
    key: appError.messageKey,
    params: appError.params,
    en: translate('en-US', appError.messageKey, appError.params),
    zh: translate('zh-CN', appError.messageKey, appError.params),
  };
}

describe('readAreaFile: GeoJSON', () => {
  it('reads a FeatureCollection, splitting multi-polygons and keeping attributes', async () => {
    const features = await readAreaFile(
      json(
        collection(
          feature(polygon, { name: '北区', height: 120, flag: true, nothing: null }),
          feature(
            {
              type: 'MultiPolygon',
              coordinates: [[square], [square.map(([x, y]) => [x! + 1, y!])]],
            },
            { name: 'two' },
          ),
        ),
      ),
    );
    expect(features).toHaveLength(3);
    expect(features[0]).toEqual({
      geometry: polygon,
      properties: { name: '北区', height: 120, flag: 'true', nothing: null },
      index: 0,
    });
    expect(features.slice(1).map((f) => [f.index, f.properties.name, f.geometry.type])).toEqual([
      [1, 'two', 'Polygon'],
      [1, 'two', 'Polygon'],
    ]);
  });

  it('reads a single Feature, a bare geometry, our Circle and a Point with a radius', async () => {
    expect((await readAreaFile(json(feature(polygon))))[0]!.geometry).toEqual(polygon);
    expect((await readAreaFile(json(polygon, 'zone.json')))[0]!.geometry).toEqual(polygon);
    const circle = { type: 'Circle', center: [116.35, 39.95], radius: 500 };
    expect((await readAreaFile(json(circle)))[0]!.geometry).toEqual(circle);
    const [point] = await readAreaFile(
      json(feature({ type: 'Point', coordinates: [116.35, 39.95] }, { radius: '800', name: 'pad' })),
    );
    expect(point).toEqual({
      geometry: { type: 'Circle', center: [116.35, 39.95], radius: 800 },
      properties: { name: 'pad' },
      index: 0,
    });
  });

  it('closes an open ring, drops altitudes and a byte-order mark', async () => {
    const open = { type: 'Polygon', coordinates: [square.slice(0, 4).map(([x, y]) => [x, y, 50])] };
    const data = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(open))]);
    expect((await readAreaFile({ filename: 'a.geojson', data }))[0]!.geometry).toEqual(polygon);
  });

  it('names the feature, its place in the file and the rule a broken geometry fails', async () => {
    const twoNodes = {
      type: 'Polygon',
      coordinates: [
        [
          [116.3, 39.9],
          [116.4, 39.9],
          [116.3, 39.9],
        ],
      ],
    };
    const failed = await refusal(json(collection(feature(polygon), feature(twoNodes, { name: 'East' }))));
    expect(failed.key).toBe('gis.importFeatureNamed');
    expect(failed.params).toMatchObject({ number: 2, index: 1, name: 'East', rule: 'gis.polygonMin' });
    expect(failed.en).toBe('shape 2 (East), geometry.coordinates[0]: a polygon keeps at least 3 nodes');
    expect(failed.zh).toBe('第 2 个图形（East）的 geometry.coordinates[0] 有误：面至少保留 3 个节点');

    const outOfRange = await refusal(json(feature({ type: 'Point', coordinates: [200, 39.9] })));
    expect(outOfRange.en).toBe(
      'shape 1, geometry.coordinates: please enter correct coordinates as longitude,latitude',
    );
    const small = await refusal(json(feature({ type: 'Circle', center: [116, 39], radius: 2 })));
    expect(small.params).toMatchObject({ path: 'geometry.radius', rule: 'validation.radiusMin' });
  });

  it('refuses a boundary that crosses itself, saying where', async () => {
    const bowtie = {
      type: 'Polygon',
      coordinates: [
        [
          [116.3, 39.9],
          [116.4, 40.0],
          [116.4, 39.9],
          [116.3, 40.0],
          [116.3, 39.9],
        ],
      ],
    };
    const failed = await refusal(json(feature(bowtie)));
    expect(failed.params.rule).toBe('gis.selfIntersection');
    expect(failed.en).toBe(
      'shape 1, geometry.coordinates: the boundary crosses itself; move the nodes (near 116.35,39.95)',
    );
  });

  it('refuses nesting meant to exhaust the stack with a 400, not a 500', async () => {
    let nested: unknown = polygon;
    for (let depth = 0; depth < 20; depth++) nested = { type: 'GeometryCollection', geometries: [nested] };
    expect((await refusal(json(feature(nested)))).key).toBe('gis.importFeature');
    // an attribute nested 200,000 deep: JSON.parse takes it, JSON.stringify would overflow the stack
    const deep = `{"type":"Feature","geometry":null,"properties":{"a":${'['.repeat(200_000)}${']'.repeat(200_000)}}}`;
    const file = `{"type":"FeatureCollection","features":[${deep},${JSON.stringify(feature(polygon, { name: 'ok' }))}]}`;
    const [read] = await readAreaFile({ filename: 'deep.geojson', data: Buffer.from(file) });
    expect(read!.properties).toEqual({ name: 'ok' });
  });

  it('refuses broken JSON, an unknown crs, and a file without shapes', async () => {
    expect((await refusal({ filename: 'a.geojson', data: Buffer.from('{"type": "Feature",') })).key).toBe(
      'gis.jsonBroken',
    );
    expect(
      (await refusal(json({ ...collection(feature(polygon)), crs: { properties: { name: 'EPSG:3857' } } })))
        .key,
    ).toBe('gis.prjUnknown');
    expect((await refusal(json(collection()))).en).toBe('the file holds no shapes');
    expect((await refusal(json(collection(feature(null))))).key).toBe('gis.fileEmpty');
    expect((await refusal({ filename: 'a.geojson', data: Buffer.alloc(0) })).key).toBe('gis.fileEmpty');
  });
});

describe('readAreaFile: type and size', () => {
  it('refuses a type it does not read, naming what it takes', async () => {
    const wrong = await refusal({ filename: 'zones.xlsx', data: Buffer.from('PK') });
    expect(wrong.en).toBe('only .zip, .kml, .kmz, .geojson, .json files can be imported');
    // spec §5: no-fly zone and fence import is a zip
    const zipOnly = await refusal({ ...json(polygon, 'zone.geojson'), accept: ['zip'] });
    expect(zipOnly.en).toBe('only .zip files can be imported');
    expect(zipOnly.zh).toBe('只能导入 .zip 文件');
    expect((await refusal({ filename: 'noextension', data: Buffer.from('x') })).key).toBe('gis.fileType');
  });

  it('refuses a file over the input cap before reading it', async () => {
    const failed = await refusal({ ...json(polygon), limits: { maxInputBytes: 10 } });
    expect(failed.en).toBe('the file cannot be larger than 10 B');
  });

  it('refuses more shapes than the cap', async () => {
    const failed = await refusal({
      ...json(collection(feature(polygon), feature(polygon))),
      limits: { maxFeatures: 1 },
    });
    expect(failed.key).toBe('gis.fileTooMany');
  });
});

const kml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>${body}</Document></kml>`;
const ring = '116.3,39.9,0 116.4,39.9,0 116.4,40,0 116.3,40,0 116.3,39.9,0';

describe('readAreaFile: KML and KMZ', () => {
  const placemarks = kml(`
    <Style id="s"><PolyStyle><color>ff0000ff</color></PolyStyle></Style>
    <Placemark><name>禁飞区 A</name><description>机场</description><styleUrl>#s</styleUrl>
      <ExtendedData><Data name="ceiling"><value>120</value></Data></ExtendedData>
      <Polygon><outerBoundaryIs><LinearRing><coordinates>${ring}</coordinates></LinearRing></outerBoundaryIs></Polygon>
    </Placemark>
    <Placemark><name>road</name><LineString><coordinates>116.3,39.9 116.4,40</coordinates></LineString></Placemark>
    <Placemark><name>pad</name><Point><coordinates>116.35,39.95</coordinates></Point></Placemark>
    <Placemark><name>pair</name><MultiGeometry>
      <Point><coordinates>116.1,39.1</coordinates></Point>
      <Polygon><outerBoundaryIs><LinearRing><coordinates>${ring}</coordinates></LinearRing></outerBoundaryIs></Polygon>
    </MultiGeometry></Placemark>`);

  it('reads placemarks with names, descriptions and data, splitting a MultiGeometry', async () => {
    const features = await readAreaFile({ filename: 'zones.KML', data: Buffer.from(placemarks) });
    expect(features.map((f) => [f.index, f.geometry.type, f.properties.name])).toEqual([
      [0, 'Polygon', '禁飞区 A'],
      [1, 'LineString', 'road'],
      [2, 'Point', 'pad'],
      [3, 'Point', 'pair'],
      [3, 'Polygon', 'pair'],
    ]);
    expect(features[0]!.geometry).toEqual(polygon);
    expect(features[0]!.properties).toEqual({ name: '禁飞区 A', description: '机场', ceiling: '120' });
  });

  it('reads a KMZ (doc.kml first)', async () => {
    const features = await readAreaFile(
      zip({ 'doc.kml': placemarks, 'files/icon.png': new Uint8Array([1, 2, 3]) }, 'zones.kmz'),
    );
    expect(features).toHaveLength(5);
  });

  it('refuses a DOCTYPE (entity expansion, external entities) before parsing', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
      <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><kml><Document><Placemark><name>&c;</name></Placemark></Document></kml>`;
    expect((await refusal({ filename: 'bomb.kml', data: Buffer.from(laughs) })).en).toBe(
      'the KML may not contain a DOCTYPE or entity declarations',
    );
    const external = `<?xml version="1.0"?><!DOCTYPE kml SYSTEM "file:///etc/passwd"><kml/>`;
    expect((await refusal({ filename: 'x.kml', data: Buffer.from(external) })).key).toBe('gis.xmlRefused');
    // inside a KMZ too
    expect((await refusal(zip({ 'doc.kml': laughs }, 'bomb.kmz'))).key).toBe('gis.xmlRefused');
  });

  it('answers a 400 for placemarks nested past what the parsers can take', async () => {
    const depth = 20_000;
    const deep = kml(
      `<Placemark>${'<MultiGeometry>'.repeat(depth)}<Point><coordinates>116,39</coordinates></Point>${'</MultiGeometry>'.repeat(depth)}</Placemark>`,
    );
    const failed = await refusal({ filename: 'deep.kml', data: Buffer.from(deep) });
    expect(failed.key).toMatch(/^gis\.(fileBroken|importFeature)$/);
  });

  it('refuses XML that is not well-formed, or not KML', async () => {
    expect(
      (await refusal({ filename: 'x.kml', data: Buffer.from(kml('<Placemark><name>a</Placemark>')) })).key,
    ).toBe('gis.xmlBroken');
    expect((await refusal({ filename: 'x.kml', data: Buffer.from('<gpx></gpx>') })).key).toBe(
      'gis.xmlBroken',
    );
    expect((await refusal({ filename: 'x.kml', data: Buffer.from(kml('')) })).key).toBe('gis.fileEmpty');
  });
});

/** A WGS-84 polygon layer of one square, as our writer writes it. */
function squareShapefile(properties: Record<string, string | number | null> = { name: 'sq' }) {
  return writeShapefile('polygon', [{ geometry: polygon as never, properties }]);
}

const BEIJING_1954_GK =
  'PROJCS["Beijing_1954_3_Degree_GK_CM_117E",GEOGCS["GCS_Beijing_1954",DATUM["D_Beijing_1954",' +
  'SPHEROID["Krasovsky_1940",6378245.0,298.3]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],' +
  'PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],' +
  'PARAMETER["Central_Meridian",117.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],' +
  'UNIT["Meter",1.0]]';

describe('readAreaFile: zipped shapefiles', () => {
  it('reads a shapefile without a .prj whose coordinates are plainly degrees', async () => {
    const { shp, dbf } = squareShapefile({ name: '北区', code: 7 });
    const features = await readAreaFile(zip({ 'zones/area.shp': shp, 'zones/area.dbf': dbf }));
    expect(features).toEqual([{ geometry: polygon, properties: { name: '北区', code: 7 }, index: 0 }]);
  });

  it('refuses one without a .prj whose coordinates are not degrees', async () => {
    const metres = { type: 'Polygon', coordinates: [square.map(([x, y]) => [x! * 1e4, y! * 1e5])] };
    const { shp, dbf } = writeShapefile('polygon', [{ geometry: metres as never, properties: {} }]);
    const failed = await refusal(zip({ 'area.shp': shp, 'area.dbf': dbf }));
    expect(failed.en).toBe(
      'area.shp has no .prj file and its coordinates are not degrees, so its coordinate system is unknown',
    );
  });

  it('refuses a shapefile lacking its .dbf or its .shp', async () => {
    const { shp, shx, dbf } = squareShapefile();
    expect((await refusal(zip({ 'Area.shp': shp, 'Area.shx': shx }))).en).toBe(
      'the shapefile Area.shp lacks its .dbf file',
    );
    expect((await refusal(zip({ 'area.dbf': dbf }))).en).toBe('the shapefile area.shp lacks its .shp file');
  });

  it('refuses a .prj it cannot place exactly, mentioning GCJ-02', async () => {
    const { shp, dbf } = squareShapefile();
    const beijing = await refusal(zip({ 'a.shp': shp, 'a.dbf': dbf, 'a.prj': BEIJING_1954_GK }));
    expect(beijing.key).toBe('gis.prjUnknown');
    expect(beijing.en).toContain('GCJ-02 cannot be stated in a .prj');
    expect((await refusal(zip({ 'a.shp': shp, 'a.dbf': dbf, 'a.prj': 'GCJ02' }))).key).toBe('gis.prjUnknown');
  });

  it('refuses a damaged .shp or a .dbf whose header claims more rows than it holds', async () => {
    const { shp, dbf } = squareShapefile();
    const garbage = Buffer.alloc(120, 7);
    const broken = await refusal(zip({ 'a.shp': garbage, 'a.dbf': dbf }));
    expect(broken.key).toBe('gis.shapefileBroken');
    expect(broken.en).toMatch(/^the shapefile a\.shp is damaged: /);
    const lying = Buffer.from(dbf);
    lying.writeUInt32LE(4_000_000_000, 4);
    expect((await refusal(zip({ 'a.shp': shp, 'a.dbf': lying }))).en).toBe(
      'the shapefile a.shp is damaged: the .dbf holds fewer rows than its header says',
    );
  });

  it('reads entries stored without compression', async () => {
    const { shp, dbf } = squareShapefile();
    const data = Buffer.from(zipSync({ 'a.shp': shp, 'a.dbf': dbf }, { level: 0 }));
    expect(await readAreaFile({ filename: 'a.zip', data })).toHaveLength(1);
  });

  it('says so when the zip holds nothing it reads', async () => {
    expect((await refusal(zip({ 'readme.txt': 'hello', '__MACOSX/._a.kml': 'x' }))).en).toBe(
      'the zip file holds no shapefile (.shp and .dbf), KML or GeoJSON file',
    );
  });

  it('reads GeoJSON and KML inside a zip, numbering on from file to file', async () => {
    const features = await readAreaFile(
      zip({
        'a.geojson': JSON.stringify(collection(feature(polygon), feature(polygon))),
        'b.kml': kml(`<Placemark><Point><coordinates>116,39</coordinates></Point></Placemark>`),
      }),
    );
    expect(features.map((f) => f.index)).toEqual([0, 1, 2]);
  });
});

/** Zip bytes with the (first) central directory entry patched. */
function patchZip(data: Buffer, patch: (copy: Buffer, central: number) => void): Buffer {
  const copy = Buffer.from(data);
  patch(copy, copy.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])));
  return copy;
}

describe('readAreaFile: hostile zips', () => {
  it('refuses bytes that are not a zip, and a cut-off zip', async () => {
    expect((await refusal({ filename: 'a.zip', data: Buffer.from('not a zip at all') })).en).toBe(
      'the zip file is damaged and cannot be read',
    );
    const whole = zip({ 'a.geojson': JSON.stringify(polygon) }).data;
    expect((await refusal({ filename: 'a.zip', data: whole.subarray(0, whole.length - 30) })).key).toBe(
      'gis.zipBroken',
    );
    // a damaged byte inside the deflated data fails the CRC or the inflater
    const damaged = Buffer.from(whole);
    damaged[40] = damaged[40]! ^ 0xff;
    expect((await refusal({ filename: 'a.zip', data: damaged })).key).toBe('gis.zipBroken');
  });

  it('refuses names that climb out of the folder or are absolute', async () => {
    for (const name of [
      '../evil.geojson',
      'zones/../../evil.geojson',
      '/etc/evil.geojson',
      'C:/evil.geojson',
      '..\\evil.geojson',
    ]) {
      const failed = await refusal(zip({ [name]: JSON.stringify(polygon) }));
      expect(failed.key, name).toBe('gis.zipPath');
      expect(failed.en).toBe(`the zip file holds an unsafe file name: ${name}`);
    }
  });

  it('refuses a zip bomb by what it inflates, even when its headers lie', async () => {
    const limits = { maxUnpackedBytes: 1024 * 1024 };
    const zeros = new Uint8Array(5 * 1024 * 1024);
    const honest = zip({ 'a.geojson': zeros });
    expect(honest.data.length).toBeLessThan(20_000);
    const failed = await refusal({ ...honest, limits });
    expect(failed.en).toBe('the zip file unpacks to too much (at most 1 MB in 500 files)');
    // the central directory claims 10 bytes: the inflater stops at the cap all the same
    const lying = patchZip(honest.data, (copy, central) => copy.writeUInt32LE(10, central + 24));
    expect((await refusal({ filename: 'a.zip', data: lying, limits })).key).toBe('gis.zipTooLarge');
    // and many small entries count together
    const padded = JSON.stringify(polygon) + ' '.repeat(400 * 1024);
    const many = zip(Object.fromEntries([1, 2, 3].map((n) => [`${n}.geojson`, padded])));
    expect((await refusal({ ...many, limits })).key).toBe('gis.zipTooLarge');
  });

  it('refuses too many entries, and encrypted ones', async () => {
    const entries = Object.fromEntries(Array.from({ length: 11 }, (_, n) => [`${n}.txt`, 'x']));
    expect((await refusal({ ...zip(entries), limits: { maxEntries: 10 } })).key).toBe('gis.zipTooLarge');
    const encrypted = patchZip(zip({ 'a.geojson': JSON.stringify(polygon) }).data, (copy, central) =>
      copy.writeUInt16LE(copy.readUInt16LE(central + 8) | 1, central + 8),
    );
    expect((await refusal({ filename: 'a.zip', data: encrypted })).en).toBe(
      'the zip file is encrypted and cannot be read',
    );
  });
});
