import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { planDesign, RouteDesign } from '@aos/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dept, menu, role, roleMenu, routeLine } from '../../src/db/schema/index.js';
import { newId } from '../../src/lib/ids.js';
import { readKmz } from '../../src/modules/route/wpml/read.js';
import { addBrand, as, createTestApp, login, multipartForm } from '../helper.js';
import { addUser } from '../org-helper.js';
import { djiKmz, realKmz } from './dji-fixture.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;
const B = '800161';
const BASE = '/api/aos-gisservice/routemanageline';

type Row = Record<string, unknown>;

beforeAll(async () => {
  app = await createTestApp();
  ({ mine, theirs } = await twoTenants(app, { theirs: B }));
});
afterAll(async () => {
  await app?.close();
});

const square = {
  type: 'Polygon',
  coordinates: [
    [
      [116.3, 39.9],
      [116.303, 39.9],
      [116.303, 39.902],
      [116.3, 39.902],
      [116.3, 39.9],
    ],
  ],
};
const waypointDesign = {
  kind: 'waypoint',
  params: {
    defaults: { heightM: 80, speedMS: 8 },
    waypoints: [
      { position: [116.31, 39.91], actions: [{ type: 'takePhoto' }] },
      { position: [116.312, 39.91], heightM: 100 },
      { position: [116.312, 39.912], actions: [{ type: 'hover', hoverTimeS: 5 }] },
    ],
  },
};
const areaDesign = { kind: 'area', params: { polygon: square, cameraId: 'm3e-wide', heightM: 100 } };

/** Every file in the app's local store. */
const storedFiles = () => {
  const dir = path.resolve(app.config.DATA_DIR, 'files');
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String).sort() : [];
};
async function ok<T = Row>(response: {
  statusCode: number;
  body: string;
  json(): { data: unknown };
}): Promise<T> {
  expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
  return response.json().data as T;
}
const submit = (payload: Row, token = mine.token, language = 'en-US') =>
  as(app, token, language).post(`${BASE}/submit`, { payload });
const upload = async (filename: string, content: Buffer | string, query = '', token = mine.token) => {
  const form = await multipartForm([{ name: 'file', filename, content }]);
  return as(app, token, 'en-US').post(`${BASE}/import${query}`, form);
};
const exported = (id: string, format: string, token = mine.token) =>
  as(app, token, 'en-US').get(`${BASE}/export?id=${id}&format=${format}`);

describe('routes', () => {
  it('plans a waypoint route on save: the planner’s figures, a KMZ that reads back, its MD5 as fingerprint', async () => {
    const route = await ok(
      await submit({
        name: 'Tower line',
        aircraftModelId: 'dji-m3td',
        design: waypointDesign,
        remark: 'north',
      }),
    );
    const plan = planDesign(RouteDesign.parse(waypointDesign));
    if (!plan.ok) throw new Error('plan');
    expect(route).toMatchObject({
      name: 'Tower line',
      type: 1,
      kind: 'waypoint',
      waypointCount: 3,
      photoCount: 1,
      aircraftModelId: 'dji-m3td',
      aircraftModelName: 'Matrice 3TD',
      isPublic: 0,
      sourceFormat: 'design',
      wpmlVersion: '1.0.6',
      maxHeight: 100,
      createUserName: '管理员',
    });
    expect(route.distance).toBeCloseTo(plan.plan.figures.lengthM, 1);
    expect(route.duration).toBeCloseTo(plan.plan.figures.durationS, 1);
    expect((route.waylines as number[][][])[0]).toHaveLength(3);
    const kmz = await exported(route.id as string, 'kmz');
    expect(kmz.statusCode).toBe(200);
    expect(kmz.headers['content-disposition']).toContain('Tower%20line.kmz');
    const { model } = readKmz(kmz.rawPayload);
    expect(model.waylines[0]!.placemarks.map((p) => p.position)).toEqual(
      waypointDesign.params.waypoints.map((p) => p.position),
    );
    const { createHash } = await import('node:crypto');
    expect(createHash('md5').update(kmz.rawPayload).digest('hex')).toBe(route.fingerprint);
  });

  it('plans area, oblique and strip routes with their figures; pages and filters them', async () => {
    const area = await ok(await submit({ name: 'Field A', aircraftModelId: 'dji-m3e', design: areaDesign }));
    expect(area).toMatchObject({ type: 2, kind: 'area', gsd: expect.any(Number), area: expect.any(Number) });
    expect(area.photoCount as number).toBeGreaterThan(10);
    const oblique = await ok(
      await submit({
        name: 'Field A 3D',
        aircraftModelId: 'dji-m3e',
        design: { ...areaDesign, kind: 'oblique' },
      }),
    );
    expect(oblique.waylines as unknown[]).toHaveLength(5);
    const strip = await ok(
      await submit({
        name: 'Canal',
        aircraftModelId: 'dji-m3e',
        design: {
          kind: 'strip',
          params: {
            centreLine: {
              type: 'LineString',
              coordinates: [
                [116.3, 39.9],
                [116.31, 39.905],
              ],
            },
            cameraId: 'm3e-wide',
            heightM: 90,
          },
        },
      }),
    );
    expect(strip).toMatchObject({ type: 3, kind: 'strip' });
    const page = await ok<{ records: Row[]; total: number }>(
      await mine.get(`${BASE}/page?current=1&size=50&kind=area`),
    );
    expect(page.records.map((row) => row.name)).toEqual(['Field A']);
    expect(page.records[0]).not.toHaveProperty('design');
    expect(page.records[0]).not.toHaveProperty('kmzKey');
    const banded = await ok<{ records: Row[] }>(await mine.get(`${BASE}/page?type=3`));
    expect(banded.records.map((row) => row.name)).toEqual(['Canal']);
    const list = await ok<Row[]>(await mine.get(`${BASE}/list?name=Field`));
    expect(list.map((row) => row.name).sort()).toEqual(['Field A', 'Field A 3D']);
  });

  it('refuses bad designs naming the field, and writes nothing', async () => {
    const before = await app.database.db.select({ id: routeLine.id }).from(routeLine);
    const tooHigh = await submit({
      name: 'x',
      aircraftModelId: 'dji-m3e',
      design: { ...areaDesign, params: { ...areaDesign.params, heightM: 5000 } },
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(Object.keys(tooHigh.json().data.errors)).toEqual(['design.params.heightM']);
    const noAircraft = await submit({ name: 'x', aircraftModelId: 'dji-dock2', design: areaDesign });
    expect(noAircraft.json().data.errors).toHaveProperty('aircraftModelId');
    const crossing = await submit({
      name: 'x',
      aircraftModelId: 'dji-m3e',
      design: {
        ...areaDesign,
        params: {
          ...areaDesign.params,
          polygon: {
            type: 'Polygon',
            coordinates: [
              [
                [116.3, 39.9],
                [116.31, 39.91],
                [116.31, 39.9],
                [116.3, 39.91],
                [116.3, 39.9],
              ],
            ],
          },
        },
      },
    });
    expect(crossing.statusCode).toBe(400);
    expect(crossing.json().msg).toMatch(/design/);
    const picture = await submit({
      name: 'x',
      aircraftModelId: 'dji-m3e',
      design: areaDesign,
      screenshot: 'https://example.com/elsewhere.png',
    });
    expect(picture.json().data.errors).toEqual({
      screenshot: 'the route picture must be an image uploaded to this platform',
    });
    const noDesign = await submit({ name: 'x', aircraftModelId: 'dji-m3e', design: null });
    expect(noDesign.json().data.errors).toHaveProperty('design');
    expect(await app.database.db.select({ id: routeLine.id }).from(routeLine)).toHaveLength(before.length);
  });

  it('refuses the real DJI KMZ as its repository left it by the submit checks: 400 naming design, nothing written', async () => {
    const rows = async () => (await app.database.db.select({ id: routeLine.id }).from(routeLine)).length;
    const before = await rows();
    const stored = storedFiles();
    // the repository appended a fourth point 100 km from DJI's three: as a submitted design, far beyond the
    // aircraft's endurance
    const refused = await upload('makeathon.kmz', realKmz());
    expect(refused.statusCode, refused.body).toBe(400);
    expect(Object.keys(refused.json().data.errors)).toEqual(['design']);
    expect(refused.json().data.check.items).toContainEqual(
      expect.objectContaining({ level: 'block', code: 'endurance' }),
    );
    // an aircraft the file does not name and the platform does not know: the submit's rule, naming the field
    const unknownAircraft = await upload(
      'makeathon.kmz',
      djiKmz((text) => text.replace(/<wpml:droneEnumValue>\d+</g, '<wpml:droneEnumValue>9999<')),
      '?aircraftModelId=not-a-model',
    );
    expect(unknownAircraft.statusCode, unknownAircraft.body).toBe(400);
    expect(Object.keys(unknownAircraft.json().data.errors)).toEqual(['aircraftModelId']);
    expect(await rows()).toBe(before);
    expect(storedFiles()).toEqual(stored);
  });

  it("imports DJI's own points of the real KMZ unchanged: exported as it came, figures of the file, editable design", async () => {
    const data = djiKmz();
    const route = await ok(await upload('makeathon.kmz', data));
    expect(route).toMatchObject({
      name: 'makeathon',
      sourceFormat: 'kmz',
      sourceName: 'makeathon.kmz',
      aircraftModelId: 'dji-m3td',
      kind: 'waypoint',
    });
    const { model, figures } = readKmz(data);
    expect(route.waypointCount).toBe(3);
    expect(route.waypointCount).toBe(model.waylines[0]!.placemarks.length);
    expect(route.distance).toBeCloseTo(figures[0]!.distance, 0);
    expect(route.distance as number).toBeLessThan(100);
    const back = await exported(route.id as string, 'kmz');
    expect(Buffer.compare(back.rawPayload, data)).toBe(0);
    // renaming keeps the file; changing the design replaces it with ours
    const renamed = await ok(await submit({ ...pick(route), name: 'Makeathon', design: route.design }));
    expect(renamed.fingerprint).toBe(route.fingerprint);
    expect(Buffer.compare((await exported(route.id as string, 'kmz')).rawPayload, data)).toBe(0);
    const design = route.design as { params: { defaults: { heightM: number }; waypoints: Row[] } };
    const edited = await ok(
      await submit({
        ...pick(route),
        design: {
          ...design,
          params: { ...design.params, defaults: { ...design.params.defaults, heightM: 61 } },
        },
      }),
    );
    expect(edited.fingerprint).not.toBe(route.fingerprint);
    expect(edited.sourceFormat).toBe('design');
  });

  it('exports KML and GeoJSON with heights and imports each back', async () => {
    const area = await ok(
      await submit({ name: 'Export me', aircraftModelId: 'dji-m3e', design: areaDesign }),
    );
    const geojson = await exported(area.id as string, 'geojson');
    expect(geojson.headers['content-type']).toContain('geo+json');
    const collection = JSON.parse(geojson.body) as {
      features: Array<{ geometry: { type: string; coordinates: number[][] } }>;
    };
    expect(collection.features[0]!.geometry.coordinates[0]).toHaveLength(3);
    const fromGeoJson = await ok(
      await upload('area.geojson', geojson.rawPayload, '?aircraftModelId=dji-m3e'),
    );
    expect(fromGeoJson).toMatchObject({
      kind: 'area',
      sourceFormat: 'geojson',
      waypointCount: area.waypointCount,
    });
    const kml = await exported(area.id as string, 'kml');
    expect(kml.body).toContain('<kml');
    const fromKml = await ok(await upload('area.kml', kml.rawPayload, '?aircraftModelId=dji-m3e'));
    expect(fromKml).toMatchObject({ kind: 'area', waypointCount: area.waypointCount });
    const line = JSON.stringify({
      type: 'Feature',
      properties: { name: 'Pipeline' },
      geometry: {
        type: 'LineString',
        coordinates: [
          [116.3, 39.9],
          [116.301, 39.9],
          [116.302, 39.901],
        ],
      },
    });
    const fromLine = await ok(await upload('line.geojson', line, '?aircraftModelId=dji-m3e&heightM=60'));
    expect(fromLine).toMatchObject({ name: 'Pipeline', kind: 'waypoint', waypointCount: 3, maxHeight: 60 });
    const missing = await upload('line.geojson', line);
    expect(missing.json().data.errors).toHaveProperty('aircraftModelId');
    const polygon = JSON.stringify({ type: 'Feature', properties: {}, geometry: square });
    const noCamera = await upload('area.geojson', polygon, '?aircraftModelId=dji-m3e');
    expect(noCamera.json().data.errors).toHaveProperty('cameraId');
  });

  it('refuses hostile and wrong files naming `file`, writing nothing', async () => {
    const before = (await app.database.db.select({ id: routeLine.id }).from(routeLine)).length;
    const cases: Array<[string, Buffer | string]> = [
      ['x.kmz', 'not a zip'],
      ['x.kmz', Buffer.from(zipSync({ 'wpmz/template.kml': Buffer.from('<kml/>') }))],
      [
        'x.kmz',
        Buffer.from(zipSync({ '../evil.kml': Buffer.from('x'), 'wpmz/waylines.wpml': Buffer.from('x') })),
      ],
      [
        'x.kmz',
        Buffer.from(
          zipSync({
            'wpmz/template.kml': new Uint8Array(40 * 1024 * 1024),
            'wpmz/waylines.wpml': Buffer.from('x'),
          }),
        ),
      ],
      ['x.txt', 'hello'],
      ['x.kml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><kml>&a;</kml>'],
      ['x.geojson', '{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]}}'],
    ];
    for (const [name, content] of cases) {
      const response = await upload(name, content, '?aircraftModelId=dji-m3e');
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(Object.keys(response.json().data.errors), name).toEqual(['file']);
    }
    expect((await app.database.db.select({ id: routeLine.id }).from(routeLine)).length).toBe(before);
  });

  it('copies a route with its file, and sets the public flag', async () => {
    const route = await ok(
      await submit({ name: 'Original', aircraftModelId: 'dji-m3e', design: areaDesign }),
    );
    const copy = await ok(await as(app, mine.token, 'en-US').post(`${BASE}/copy?id=${route.id}`));
    expect(copy).toMatchObject({ name: 'Original (copy)', fingerprint: route.fingerprint, isPublic: 0 });
    expect(copy.id).not.toBe(route.id);
    expect(
      Buffer.compare(
        (await exported(copy.id as string, 'kmz')).rawPayload,
        (await exported(route.id as string, 'kmz')).rawPayload,
      ),
    ).toBe(0);
    const zh = await ok(await as(app, mine.token, 'zh-CN').post(`${BASE}/copy?id=${route.id}`));
    expect(zh.name).toBe('Original（副本）');
    await ok(await mine.send('POST', `${BASE}/public`, { ids: `${route.id},${copy.id}`, isPublic: 1 }));
    const [row] = await app.database.db
      .select()
      .from(routeLine)
      .where(eq(routeLine.id, route.id as string));
    expect(row!.isPublic).toBe(1);
    const removed = await ok(await as(app, mine.token).post(`${BASE}/remove?ids=${copy.id},${zh.id}`));
    expect(removed).toBe(2);
    expect((await mine.get(`${BASE}/detail?id=${copy.id}`)).statusCode).toBe(404);
  });

  it('shows a route that is not public to its dept and the depts above it only; a public one to everyone', async () => {
    const db = app.database.db;
    const [top, team, other] = [newId(), newId(), newId()];
    await db.insert(dept).values([
      { id: top, tenantId: '000000', parentId: '0', ancestors: '0', deptName: 'Ops' },
      { id: team, tenantId: '000000', parentId: top, ancestors: `0,${top}`, deptName: 'Ops north' },
      { id: other, tenantId: '000000', parentId: '0', ancestors: '0', deptName: 'Survey' },
    ]);
    const roleId = newId();
    await db.insert(role).values({ id: roleId, tenantId: '000000', roleName: 'pilot', roleAlias: 'pilot' });
    const granted = await db
      .select({ id: menu.id })
      .from(menu)
      .where(inArray(menu.code, ['route', 'route_add', 'route_edit', 'route_public', 'route_export']));
    await db.insert(roleMenu).values(granted.map((row) => ({ id: newId(), roleId, menuId: row.id })));
    const signIn = async (account: string, deptId: string) => {
      await addUser(app, '000000', account, { roleId, deptIds: [deptId] });
      return (await login(app, '000000', account)).access_token;
    };
    const [author, chief, stranger] = [
      await signIn('author', team),
      await signIn('chief', top),
      await signIn('stranger', other),
    ];
    const route = await ok(
      await submit({ name: 'Team only', aircraftModelId: 'dji-m3e', design: areaDesign }, author),
    );
    expect(route).toMatchObject({ deptId: team, deptName: 'Ops north', isPublic: 0 });
    const names = async (token: string) =>
      (await ok<Row[]>(await as(app, token).get(`${BASE}/list?name=Team only`))).map((row) => row.name);
    expect(await names(author)).toEqual(['Team only']);
    expect(await names(chief)).toEqual(['Team only']);
    expect(await names(stranger)).toEqual([]);
    expect(await names(mine.token)).toEqual(['Team only']);
    expect((await as(app, stranger).get(`${BASE}/detail?id=${route.id}`)).statusCode).toBe(404);
    expect((await as(app, stranger).get(`${BASE}/export?id=${route.id}&format=kmz`)).statusCode).toBe(404);
    expect((await submit({ ...pick(route), name: 'taken', design: route.design }, stranger)).statusCode).toBe(
      404,
    );
    await ok(await as(app, author).post(`${BASE}/public`, { payload: { ids: route.id, isPublic: 1 } }));
    expect(await names(stranger)).toEqual(['Team only']);
  });

  it('keeps another tenant out of every route call', async () => {
    const route = await ok(
      await submit({ name: 'Secret route', aircraftModelId: 'dji-m3e', design: areaDesign }),
    );
    const id = route.id as string;
    await expectIsolated(mine, theirs, {
      read: `${BASE}/detail?id=${id}`,
      names: [id, 'Secret route'],
      hidden: [`${BASE}/page?current=1&size=100`, `${BASE}/list`],
      refused: [
        `${BASE}/detail?id=${id}`,
        `${BASE}/export?id=${id}&format=kmz`,
        `${BASE}/export?id=${id}&format=geojson`,
        { method: 'POST', url: `${BASE}/copy?id=${id}` },
        { method: 'POST', url: `${BASE}/remove?ids=${id}` },
        { method: 'POST', url: `${BASE}/public`, payload: { ids: id, isPublic: 1 } },
        {
          method: 'POST',
          url: `${BASE}/submit`,
          payload: { id, name: 'mine now', aircraftModelId: 'dji-m3e', design: areaDesign },
        },
      ],
    });
    // another tenant's brand or dock cannot be named
    const brand = await addBrand(app, theirs.token, 'theirbrand', 'aircraft,dock,payload', 1);
    expect(brand).toMatch(/^\d+$/);
    const refused = await submit({
      name: 'x',
      aircraftModelId: 'dji-m3e',
      design: areaDesign,
      manufacturerId: brand,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.errors).toHaveProperty('manufacturerId');
  });
});

/** The record fields a submit sends back unchanged. */
function pick(route: Row): Row {
  return { id: route.id, name: route.name, aircraftModelId: route.aircraftModelId, isPublic: route.isPublic };
}
