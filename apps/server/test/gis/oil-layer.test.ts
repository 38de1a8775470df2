import { OIL_LAYERS } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectionObject, oilFeature } from '../../src/db/schema/index.js';
import { as, createTestApp } from '../helper.js';
import { signInWithGrants } from '../org-helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;
const B = '800062';
const GIS = '/api/aos-gisservice';

type Row = Record<string, unknown>;

beforeAll(async () => {
  app = await createTestApp();
  ({ mine, theirs } = await twoTenants(app, { theirs: B }));
});
afterAll(async () => {
  await app?.close();
});

const point = (lon = 121.5, lat = 37.4) => ({ type: 'Point', coordinates: [lon, lat] });
const line = () => ({
  type: 'LineString',
  coordinates: [
    [121.5, 37.4],
    [121.6, 37.45],
    [121.7, 37.4],
  ],
});
const square = (x = 121.5, y = 37.4, d = 0.01) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + d, y],
      [x + d, y + d],
      [x, y + d],
      [x, y],
    ],
  ],
});
const bowtie = () => ({
  type: 'Polygon',
  coordinates: [
    [
      [121.5, 37.4],
      [121.6, 37.5],
      [121.6, 37.4],
      [121.5, 37.5],
      [121.5, 37.4],
    ],
  ],
});

const post = (side: TenantSide | string, url: string, payload?: Row) =>
  as(app, typeof side === 'string' ? side : side.token, 'en-US').post(url, payload ? { payload } : {});
const get = (side: TenantSide | string, url: string) =>
  as(app, typeof side === 'string' ? side : side.token, 'en-US').get(url);

const geometryFor = (type: string) => (type === 'Point' ? point() : line());

describe('oil-field layers', () => {
  it('every layer: adds, lists, reads, updates and removes its features', async () => {
    for (const { layer, geometry } of OIL_LAYERS) {
      const base = `${GIS}/${layer}`;
      const created = await post(mine, `${base}/submit`, {
        name: `${layer} 1`,
        code: 'C-1',
        geometry: geometryFor(geometry),
        attributes: { depth: 1200, operator: 'Team 3' },
      });
      expect(created.statusCode, `${layer}: ${created.body}`).toBe(200);
      expect(created.json()).toMatchObject({
        msg: 'added successfully',
        data: { layer, code: 'C-1', attributes: { depth: 1200, operator: 'Team 3' }, tenantId: '000000' },
      });
      const id = created.json().data.id as string;
      const list = (await get(mine, `${base}/list`)).json().data as Row[];
      expect(
        list.map((row) => row.id),
        layer,
      ).toEqual([id]);
      expect((await get(mine, `${base}/detail?id=${id}`)).json().data.name).toBe(`${layer} 1`);
      const updated = await post(mine, `${base}/submit`, {
        id,
        name: `${layer} 2`,
        geometry: geometryFor(geometry),
      });
      expect(updated.json()).toMatchObject({
        msg: 'updated successfully',
        data: { id, name: `${layer} 2`, code: null, attributes: {} },
      });
      expect((await post(mine, `${base}/remove?ids=${id}`)).json().data).toBe(1);
      expect((await get(mine, `${base}/detail?id=${id}`)).statusCode).toBe(404);
    }
  });

  it('refuses another geometry type for each layer, and reaches a feature only through its own layer', async () => {
    for (const { layer, geometry } of OIL_LAYERS) {
      const wrong = geometry === 'Point' ? [line(), square()] : [point(), square()];
      const message = geometry === 'Point' ? 'this takes a point' : 'this takes a line';
      for (const shape of wrong) {
        const response = await post(mine, `${GIS}/${layer}/submit`, { name: 'Wrong', geometry: shape });
        expect(response.statusCode, `${layer} ${shape.type}`).toBe(400);
        expect(response.json().data.errors).toEqual({ geometry: message });
      }
    }
    const well = (
      await post(mine, `${GIS}/oilwellpoint/submit`, { name: 'Well W', geometry: point() })
    ).json().data;
    expect((await get(mine, `${GIS}/oilgaswellpoint/detail?id=${well.id}`)).statusCode).toBe(404);
    expect((await post(mine, `${GIS}/oilgaswellpoint/remove?ids=${well.id}`)).statusCode).toBe(404);
    const moved = await post(mine, `${GIS}/oilgaswellpoint/submit`, {
      id: well.id,
      name: 'Moved',
      geometry: point(),
    });
    expect(moved.statusCode).toBe(404);
    expect((await get(mine, `${GIS}/oilgaswellpoint/list`)).json().data).toEqual([]);
    expect((await get(mine, `${GIS}/oilwellpoint/detail?id=${well.id}`)).json().data.name).toBe('Well W');
  });

  it('names the field of bad feature input and writes nothing', async () => {
    const before = await app.database.db.select().from(oilFeature);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`k${index}`, index]));
    const cases: Array<[Row, string]> = [
      [{ name: '', geometry: point() }, 'name'],
      [{ name: 'x', geometry: point(181, 0) }, 'geometry.coordinates'],
      [{ name: 'x', geometry: point(), code: 'c'.repeat(65) }, 'code'],
      [{ name: 'x', geometry: point(), attributes: many }, 'attributes'],
      [{ name: 'x', geometry: point(), attributes: { nested: { a: 1 } } }, 'attributes.nested'],
      [{ name: 'x', geometry: point(), attributes: { flag: true } }, 'attributes.flag'],
      [{ name: 'x', geometry: point(), attributes: 'depth=3' }, 'attributes'],
      [{ name: 'x', geometry: point(), attributes: { long: 'v'.repeat(501) } }, 'attributes.long'],
      [{ name: 'x' }, 'geometry'],
    ];
    for (const [payload, field] of cases) {
      const response = await post(mine, `${GIS}/oilwellpoint/submit`, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(Object.keys(response.json().data.errors)[0], JSON.stringify(payload).slice(0, 80)).toBe(field);
    }
    const lineOne = await post(mine, `${GIS}/oilline/submit`, {
      name: 'x',
      geometry: { type: 'LineString', coordinates: [[121, 37]] },
    });
    expect(lineOne.statusCode).toBe(400);
    expect(lineOne.json().data.errors).toEqual({
      'geometry.coordinates': 'a line keeps at least 2 endpoints',
    });
    expect(await app.database.db.select().from(oilFeature)).toHaveLength(before.length);
  });

  it("keeps each layer's display settings per tenant: defaults, advancedSet, bad values", async () => {
    const defaults = (await get(mine, `${GIS}/oilline/advanced`)).json().data;
    expect(defaults).toEqual({
      layer: 'oilline',
      color: '#F5222D',
      lineWidth: 2,
      icon: null,
      labelField: 'name',
      minZoom: 0,
      visible: 1,
    });
    const saved = await post(mine, `${GIS}/oilline/advancedSet`, {
      color: '#00AA00',
      lineWidth: 3.5,
      labelField: 'code',
      minZoom: 12,
      visible: 0,
    });
    expect(saved.json()).toMatchObject({
      msg: 'updated successfully',
      data: {
        layer: 'oilline',
        color: '#00AA00',
        lineWidth: 3.5,
        labelField: 'code',
        minZoom: 12,
        visible: 0,
      },
    });
    const again = await post(mine, `${GIS}/oilline/advancedSet`, { color: '#0000FF', icon: 'pipe.svg' });
    expect(again.json().data).toEqual({
      layer: 'oilline',
      color: '#0000FF',
      lineWidth: 2,
      icon: 'pipe.svg',
      labelField: 'name',
      minZoom: 0,
      visible: 1,
    });
    // another layer and another tenant keep their defaults
    expect((await get(mine, `${GIS}/oilroad/advanced`)).json().data.color).toBe('#8C8C8C');
    expect((await get(theirs.token, `${GIS}/oilline/advanced`)).json().data.color).toBe('#F5222D');

    const cases: Array<[Row, string]> = [
      [{ color: 'blue' }, 'color'],
      [{}, 'color'],
      [{ color: '#000000', lineWidth: 0 }, 'lineWidth'],
      [{ color: '#000000', lineWidth: 21 }, 'lineWidth'],
      [{ color: '#000000', minZoom: 23 }, 'minZoom'],
      [{ color: '#000000', minZoom: 1.5 }, 'minZoom'],
      [{ color: '#000000', visible: 'yes' }, 'visible'],
      [{ color: '#000000', labelField: ' ' }, 'labelField'],
    ];
    for (const [payload, field] of cases) {
      const response = await post(mine, `${GIS}/oilline/advancedSet`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().data.errors), JSON.stringify(payload)).toEqual([field]);
    }
    expect((await get(mine, `${GIS}/oilline/advanced`)).json().data.color).toBe('#0000FF');

    const editor = await signInWithGrants(app, '000000', 'oil-editor', ['oil_layer', 'oil_layer_add']);
    expect((await post(editor, `${GIS}/oilline/advancedSet`, { color: '#000000' })).statusCode).toBe(403);
    expect((await post(editor, `${GIS}/oilroad/submit`, { name: 'R', geometry: line() })).statusCode).toBe(
      200,
    );
    const advanced = await signInWithGrants(app, '000000', 'oil-advanced', [
      'oil_layer',
      'oil_layer_advanced',
    ]);
    expect((await post(advanced, `${GIS}/oilroad/advancedSet`, { color: '#000000' })).statusCode).toBe(200);
    expect((await post(advanced, `${GIS}/oilroad/submit`, { name: 'R', geometry: line() })).statusCode).toBe(
      403,
    );
  });

  it("another tenant can neither read, change nor remove a layer's feature", async () => {
    const id = (
      await post(mine, `${GIS}/oilpowerline/submit`, { name: 'Line 7731', code: 'PL-7731', geometry: line() })
    ).json().data.id as string;
    await expectIsolated(mine, theirs, {
      read: `${GIS}/oilpowerline/detail?id=${id}`,
      names: [id, 'Line 7731', 'PL-7731'],
      hidden: [`${GIS}/oilpowerline/list`],
      refused: [
        `${GIS}/oilpowerline/detail?id=${id}`,
        {
          method: 'POST',
          url: `${GIS}/oilpowerline/submit`,
          payload: { id, name: 'Taken', geometry: line() },
        },
        { method: 'POST', url: `${GIS}/oilpowerline/remove?ids=${id}` },
      ],
    });
  });
});

describe('inspection objects', () => {
  it('adds, pages, lists for the tenant, reads, updates and removes objects of every geometry', async () => {
    const add = (payload: Row) => post(mine, `${GIS}/inspectionobject/submit`, payload);
    const tower = await add({ name: 'Tower 12', type: 3, code: 'T-12', geometry: point() });
    expect(tower.json()).toMatchObject({ msg: 'added successfully', data: { type: 3, code: 'T-12' } });
    const pipe = await add({ name: 'Pipe section 4', type: 2, geometry: line() });
    const sub = await add({ name: 'Substation East', type: 6, geometry: square(), remark: 'fenced' });
    expect(sub.statusCode, sub.body).toBe(200);

    const page = (await get(mine, `${GIS}/inspectionobject/page?current=1&size=10&type=2`)).json().data;
    expect(page.records.map((row: Row) => row.name)).toEqual(['Pipe section 4']);
    const listed = (await post(mine, `${GIS}/inspectionobject/listForTenant`, { name: 'tower' })).json().data;
    expect(listed.map((row: Row) => row.id)).toEqual([tower.json().data.id]);
    const all = await as(app, mine.token).post(`${GIS}/inspectionobject/listForTenant`);
    expect(all.json().data).toHaveLength(3);

    const id = pipe.json().data.id as string;
    const updated = await add({ id, name: 'Pipe section 4b', type: 2, geometry: line(), code: '' });
    expect(updated.json()).toMatchObject({
      msg: 'updated successfully',
      data: { name: 'Pipe section 4b', code: null },
    });
    expect((await get(mine, `${GIS}/inspectionobject/detail?id=${id}`)).json().data.name).toBe(
      'Pipe section 4b',
    );
    expect((await post(mine, `${GIS}/inspectionobject/remove?ids=${id}`)).json().data).toBe(1);
    expect((await get(mine, `${GIS}/inspectionobject/detail?id=${id}`)).statusCode).toBe(404);
  });

  it('seeds the object types (tower, pipeline, well site, substation) in the dict-biz', async () => {
    const response = await get(mine, '/api/blade-system/dict-biz/dictionary?code=inspection_object_type');
    const values = (response.json().data as Row[]).map((row) => row.dictValue);
    expect(values).toEqual(expect.arrayContaining(['Well', 'Pipeline', 'Tower', 'Substation']));
  });

  it('names the field of bad input (type, self-crossing polygon, circle) and writes nothing', async () => {
    const before = await app.database.db.select().from(inspectionObject);
    const cases: Array<[Row, string]> = [
      [{ name: 'x', type: 99, geometry: point() }, 'type'],
      [{ name: 'x', type: 'tower', geometry: point() }, 'type'],
      [{ name: 'x', type: 1, geometry: bowtie() }, 'geometry'],
      [{ name: 'x', type: 1, geometry: { type: 'Circle', center: [1, 1], radius: 10 } }, 'geometry.type'],
      [{ name: '', type: 1, geometry: point() }, 'name'],
      [{ name: 'x', type: 1 }, 'geometry'],
      [{ name: 'x', type: 1, geometry: point(), code: 'c'.repeat(65) }, 'code'],
    ];
    for (const [payload, field] of cases) {
      const response = await post(mine, `${GIS}/inspectionobject/submit`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().data.errors), JSON.stringify(payload)).toEqual([field]);
    }
    expect(await app.database.db.select().from(inspectionObject)).toHaveLength(before.length);
    const badFilter = await post(mine, `${GIS}/inspectionobject/listForTenant`, { type: 'x' });
    expect(badFilter.statusCode).toBe(400);
    expect(Object.keys(badFilter.json().data.errors)).toEqual(['type']);
  });

  it('another tenant can neither read, change nor remove an inspection object', async () => {
    const id = (
      await post(mine, `${GIS}/inspectionobject/submit`, {
        name: 'Well site 5512',
        type: 1,
        geometry: point(),
      })
    ).json().data.id as string;
    await expectIsolated(mine, theirs, {
      read: `${GIS}/inspectionobject/detail?id=${id}`,
      names: [id, 'Well site 5512'],
      hidden: [
        `${GIS}/inspectionobject/page`,
        { method: 'POST', url: `${GIS}/inspectionobject/listForTenant`, payload: {} },
      ],
      refused: [
        `${GIS}/inspectionobject/detail?id=${id}`,
        {
          method: 'POST',
          url: `${GIS}/inspectionobject/submit`,
          payload: { id, name: 'Taken', type: 1, geometry: point() },
        },
        { method: 'POST', url: `${GIS}/inspectionobject/remove?ids=${id}` },
      ],
    });
    const reader = await signInWithGrants(app, '000000', 'inspection-reader', ['inspection_object']);
    expect((await get(reader, `${GIS}/inspectionobject/page`)).statusCode).toBe(200);
    expect((await post(reader, `${GIS}/inspectionobject/remove?ids=${id}`)).statusCode).toBe(403);
  });
});
