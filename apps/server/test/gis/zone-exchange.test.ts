import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fence, noFlyZone } from '../../src/db/schema/index.js';
import { as, createTestApp, multipartForm } from '../helper.js';
import { type TenantSide, twoTenants } from '../tenants.js';

/** Import and export of zones through the file readers and writers (modules/gis/exchange), over HTTP. */
let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;
const GIS = '/api/aos-gisservice';
const fixture = (name: string) => readFileSync(new URL(`../fixtures/gis/${name}`, import.meta.url));
const upload = (filename: string, content: Buffer | string) =>
  multipartForm([{ name: 'file', filename, content }]);

beforeAll(async () => {
  app = await createTestApp();
  ({ mine, theirs } = await twoTenants(app, { theirs: '800016' }));
});
afterAll(async () => {
  await app?.close();
});

const rowsOf = async (table: typeof fence | typeof noFlyZone, tenantId: string) =>
  app.database.db.select().from(table).where(eq(table.tenantId, tenantId));

describe('zone import and export', () => {
  it('imports a zipped CGCS2000 Gauss-Krüger shapefile as fences, reprojected, names from its attributes', async () => {
    const response = await as(app, mine.token, 'en-US').post(
      `${GIS}/electronicfence/importElectronicFence`,
      await upload('zones-cgcs2000-gk114.zip', fixture('zones-cgcs2000-gk114.zip')),
    );
    expect(response.statusCode, response.body).toBe(200);
    const expected = JSON.parse(fixture('zones-cgcs2000-gk114.wgs84.geojson').toString('utf8')) as {
      features: Array<{
        properties: Record<string, unknown>;
        geometry: { type: string; coordinates: number[][][] };
      }>;
    };
    const rows = await rowsOf(fence, mine.tenantId);
    const names = rows.map((row) => row.name).sort();
    expect(names).toContain('深圳湾禁飞区');
    expect(names).toContain('武汉净空区');
    expect(response.json().data.count).toBe(rows.length);
    // the first shape's outer ring as GDAL reprojected it, to 1e-6°
    const shenzhen = rows.find((row) => row.name === '深圳湾禁飞区')!;
    const gdal = expected.features.find((feature) => feature.properties['名称'] === '深圳湾禁飞区')!;
    const ours = (shenzhen.geometry as { coordinates: number[][][] }).coordinates[0]!;
    const theirsRing = (
      gdal.geometry.type === 'MultiPolygon'
        ? (gdal.geometry.coordinates as unknown as number[][][][])[0]!
        : gdal.geometry.coordinates
    )[0]!;
    expect(ours).toHaveLength(theirsRing.length);
    ours.forEach(([longitude, latitude], index) => {
      expect(Math.abs(longitude! - theirsRing[index]![0]!)).toBeLessThan(1e-6);
      expect(Math.abs(latitude! - theirsRing[index]![1]!)).toBeLessThan(1e-6);
    });
  });

  it('refuses the whole file when one shape breaks a rule, naming it, and writes nothing', async () => {
    const before = (await rowsOf(noFlyZone, mine.tenantId)).length;
    const file = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Fine' },
          geometry: { type: 'Point', coordinates: [116, 39] },
          radius: 1,
        },
        {
          type: 'Feature',
          properties: { name: 'Good' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [116, 39],
                [116.1, 39],
                [116.1, 39.1],
                [116, 39],
              ],
            ],
          },
        },
        {
          type: 'Feature',
          properties: { name: 'Bowtie' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [116, 39],
                [116.1, 39.1],
                [116.1, 39],
                [116, 39.1],
                [116, 39],
              ],
            ],
          },
        },
      ],
    });
    const response = await as(app, mine.token, 'en-US').post(
      `${GIS}/noflyzone/import`,
      await upload('zones.geojson', file),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors.file).toMatch(/Bowtie/);
    expect(await rowsOf(noFlyZone, mine.tenantId)).toHaveLength(before);
  });

  it('exports the tenant’s fences as GeoJSON, KML and a shapefile, never another tenant’s', async () => {
    const ids = (await rowsOf(fence, mine.tenantId)).map((row) => row.id);
    const geojson = await as(app, mine.token).get(
      `${GIS}/electronicfence/export?format=geojson&ids=${ids.join(',')}`,
    );
    expect(geojson.statusCode).toBe(200);
    expect(geojson.headers['content-disposition']).toMatch(/attachment/);
    expect(JSON.parse(geojson.body).features).toHaveLength(ids.length);
    const kml = await as(app, mine.token).get(`${GIS}/electronicfence/export?format=kml`);
    expect(kml.body).toContain('<kml');
    const shapefile = await as(app, mine.token).get(`${GIS}/electronicfence/export?format=shapefile`);
    expect(shapefile.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    // the other tenant asking for these ids gets an empty collection, and its own fences only
    const stolen = await as(app, theirs.token).get(`${GIS}/electronicfence/export?ids=${ids.join(',')}`);
    expect(stolen.statusCode).toBe(200);
    expect(JSON.parse(stolen.body).features).toEqual([]);
    const wrong = await as(app, mine.token, 'en-US').get(`${GIS}/electronicfence/export?format=pdf`);
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().data.errors)).toEqual(['format']);
  });
});
