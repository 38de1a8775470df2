import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fence, flyZone, gisArea, noFlyZone } from '../../src/db/schema/index.js';
import { as, createTestApp } from '../helper.js';
import { signInWithGrants } from '../org-helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;
let platform: string;
const B = '800021';

type Row = Record<string, unknown>;
type Position = [number, number];

beforeAll(async () => {
  app = await createTestApp();
  ({ mine, theirs } = await twoTenants(app, { theirs: B }));
  platform = mine.token;
});
afterAll(async () => {
  await app?.close();
});

/** A square of `size` degrees with its south-west corner at (west, south). */
const square = (west: number, south: number, size: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [west + size, south],
      [west + size, south + size],
      [west, south + size],
      [west, south],
    ],
  ],
});
const circle = (center: Position, radius: number) => ({ type: 'Circle', center, radius });

interface Resource {
  label: string;
  base: string;
  code: string;
  table: typeof noFlyZone | typeof flyZone | typeof fence;
  kind: string;
  /** a valid body of the resource, with `extra` */
  valid: (extra?: Row) => Row;
}

const RESOURCES: Resource[] = [
  {
    label: 'no-fly zones',
    base: '/api/aos-gisservice/noflyzone',
    code: 'noflyzone',
    table: noFlyZone,
    kind: 'nofly',
    valid: (extra = {}) => ({
      name: 'Tower',
      type: 1,
      provinces: '11',
      painter: 'Li Lei',
      side: 1,
      geometry: square(116.3, 39.9, 0.1),
      ...extra,
    }),
  },
  {
    label: 'fly zones',
    base: '/api/aos-gisservice/flyzone',
    code: 'flyzone',
    table: flyZone,
    kind: 'flyzone',
    valid: (extra = {}) => ({ name: 'Training field', geometry: square(116.3, 39.9, 0.1), ...extra }),
  },
  {
    label: 'electronic fences',
    base: '/api/aos-gisservice/electronicfence',
    code: 'fence',
    table: fence,
    kind: 'fence',
    valid: (extra = {}) => ({ name: 'Works', geometry: square(116.3, 39.9, 0.1), ...extra }),
  },
];

const submit = (token: string, resource: Resource, payload: Row, language = 'en-US') =>
  as(app, token, language).post(`${resource.base}/submit`, { payload });

/** The index rows of a zone. */
const indexed = (refId: string) => app.database.db.select().from(gisArea).where(eq(gisArea.refId, refId));

/** What areaQuery answers for a point, by name. */
async function touchedAt(token: string, position: Position): Promise<string[]> {
  const response = await as(app, token).post('/api/cloud-task/forbidden-fly-area/areaQuery', {
    payload: { geometry: { type: 'Point', coordinates: position } },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as Row[]).map((hit) => `${hit.kind}:${hit.name}`).sort();
}

describe.each(RESOURCES)('$label', (resource) => {
  const { base, kind } = resource;
  // every resource's names differ, so each describe works on its own rows
  const named = (name: string) => `${resource.code} ${name}`;

  it('adds, pages, lists, reads, updates and removes, with the derived columns', async () => {
    const created = await submit(platform, resource, resource.valid({ name: named('A'), remark: 'first' }));
    expect(created.statusCode, created.body).toBe(200);
    const data = created.json().data as Row;
    expect(created.json().msg).toBe('added successfully');
    expect(data).toMatchObject({
      name: named('A'),
      tenantId: '000000',
      shape: 'polygon',
      radius: null,
      floor: null,
      ceiling: null,
      startTime: null,
      endTime: null,
      remark: 'first',
    });
    // the centroid of a square is its middle; its area on the sphere: R²·Δλ·(sin φ2 − sin φ1)
    const [longitude, latitude] = data.center as Position;
    expect(longitude).toBeCloseTo(116.35, 6);
    expect(latitude).toBeCloseTo(39.95, 6);
    const R = 6_371_008.8;
    const rad = Math.PI / 180;
    const expected = R * R * 0.1 * rad * (Math.sin(40 * rad) - Math.sin(39.9 * rad));
    expect(Math.abs((data.areaM2 as number) - expected) / expected).toBeLessThan(0.001);
    const id = data.id as string;

    const second = await submit(
      platform,
      resource,
      resource.valid({
        name: named('B circle'),
        geometry: circle([117, 39], 500),
        floor: 10,
        ceiling: 120,
        startTime: '2026-12-01 08:00:00',
        endTime: '2026-12-01 12:00:00',
      }),
    );
    expect(second.json().data).toMatchObject({
      shape: 'circle',
      center: [117, 39],
      radius: 500,
      floor: 10,
      ceiling: 120,
      startTime: '2026-12-01 08:00:00',
      endTime: '2026-12-01 12:00:00',
    });
    expect(second.json().data.areaM2).toBeCloseTo(Math.PI * 500 * 500, 3);

    const page = (await as(app, platform).get(`${base}/page?current=1&size=10&name=${resource.code}`)).json()
      .data;
    expect(page.records.map((row: Row) => row.name)).toEqual([named('B circle'), named('A')]);
    expect(page.total).toBe(2);
    const circles = (await as(app, platform).get(`${base}/page?shape=circle`)).json().data;
    expect(circles.records.map((row: Row) => row.name)).toEqual([named('B circle')]);
    const list = (await as(app, platform).get(`${base}/list?name=${encodeURIComponent(named('A'))}`)).json()
      .data;
    expect(list.map((row: Row) => row.id)).toEqual([id]);

    const updated = await submit(
      platform,
      resource,
      resource.valid({ id, name: named('A2'), geometry: circle([116.5, 39.5], 1000), tenantId: B }),
    );
    expect(updated.json()).toMatchObject({
      msg: 'updated successfully',
      data: {
        id,
        name: named('A2'),
        shape: 'circle',
        center: [116.5, 39.5],
        radius: 1000,
        tenantId: '000000',
      },
    });
    const detail = (await as(app, platform).get(`${base}/detail?id=${id}`)).json().data;
    expect(detail).toMatchObject({ name: named('A2'), remark: null });

    const removed = await as(app, platform, 'en-US').post(`${base}/remove?ids=${id}`);
    expect(removed.json()).toMatchObject({ data: 1, msg: 'deleted successfully' });
    expect((await as(app, platform).get(`${base}/detail?id=${id}`)).statusCode).toBe(404);
    const [kept] = await app.database.db.select().from(resource.table).where(eq(resource.table.id, id));
    expect(kept!.isDeleted).toBe(1);
    expect((await as(app, platform).post(`${base}/remove?ids=${id}`)).statusCode).toBe(404);
  });

  it('keeps the spatial index in step: submit, update, remove, then areaQuery', async () => {
    const inside: Position = [120.05, 30.05];
    const moved: Position = [121.05, 31.05];
    const created = await submit(
      platform,
      resource,
      resource.valid({ name: named('Indexed'), geometry: square(120, 30, 0.1), provinces: '33' }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as string;
    const rows = await indexed(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind,
      name: named('Indexed'),
      tenantId: '000000',
      west: 120,
      north: 30.1,
    });
    expect(await touchedAt(platform, inside)).toContain(`${kind}:${named('Indexed')}`);

    await submit(
      platform,
      resource,
      resource.valid({
        id,
        name: named('Moved'),
        geometry: square(121, 31, 0.1),
        provinces: '31',
        ceiling: 50,
      }),
    );
    expect(await touchedAt(platform, inside)).not.toContain(`${kind}:${named('Indexed')}`);
    expect(await touchedAt(platform, moved)).toContain(`${kind}:${named('Moved')}`);
    expect(await indexed(id)).toMatchObject([{ kind, name: named('Moved'), ceiling: 50 }]);
    // the other tenant's query never sees it
    expect(await touchedAt(theirs.token, moved)).toEqual([]);

    await as(app, platform).post(`${base}/remove?ids=${id}`);
    expect(await indexed(id)).toEqual([]);
    expect(await touchedAt(platform, moved)).not.toContain(`${kind}:${named('Moved')}`);
  });

  it('refuses each geometry and field rule with a 400 naming the field, writing nothing', async () => {
    const before = await app.database.db.select().from(resource.table);
    const areasBefore = await app.database.db.select().from(gisArea);
    const bow = {
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
    };
    const cases: Array<[Row, string, string]> = [
      [resource.valid({ name: '  ' }), 'name', 'cannot be empty or all spaces'],
      [resource.valid({ name: 'x'.repeat(101) }), 'name', 'at most 100 characters'],
      [
        resource.valid({
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [116, 39],
                [116.1, 39],
                [116, 39],
              ],
            ],
          },
        }),
        'geometry.coordinates.0',
        'a polygon keeps at least 3 nodes',
      ],
      [
        resource.valid({
          geometry: {
            type: 'LineString',
            coordinates: [
              [116, 39],
              [116.1, 39],
            ],
          },
        }),
        'geometry.type',
        'the range must be a polygon or a circle',
      ],
      [
        resource.valid({ geometry: circle([116, 39], 4.9) }),
        'geometry.radius',
        'radius cannot be less than 5',
      ],
      [
        resource.valid({ geometry: { type: 'Circle', center: [116, 39], radius: '' } }),
        'geometry.radius',
        'radius cannot be empty',
      ],
      [
        resource.valid({ geometry: { type: 'Circle', center: [116, 39] } }),
        'geometry.radius',
        'radius cannot be empty',
      ],
      [resource.valid({ geometry: circle([190, 39], 50) }), 'geometry.center', ''],
      [
        resource.valid({ geometry: bow }),
        'geometry',
        'the boundary crosses itself; move the nodes (near 116.05,39.05)',
      ],
      [
        resource.valid({ startTime: '2026-12-01 12:00:00', endTime: '2026-12-01 08:00:00' }),
        'endTime',
        'the start time must be before the end time',
      ],
      [
        resource.valid({ startTime: '2026-12-01 12:00:00' }),
        'endTime',
        'please choose a start time and an end time',
      ],
      [resource.valid({ startTime: '2026-12-01' }), 'startTime', 'the time must be yyyy-MM-dd HH:mm:ss'],
      [resource.valid({ floor: 120, ceiling: 120 }), 'ceiling', 'the ceiling must be above the floor'],
      [resource.valid({ floor: 'high' }), 'floor', 'enter a height in metres'],
      [resource.valid({ remark: 'r'.repeat(301) }), 'remark', 'at most 300 characters'],
    ];
    if (resource.code === 'noflyzone') {
      cases.push(
        [resource.valid({ type: 99 }), 'type', 'no such type of no-fly zone'],
        [resource.valid({ type: '' }), 'type', 'choose the type of no-fly zone'],
        [resource.valid({ provinces: '11,99' }), 'provinces', 'no province has the code 99'],
        // a city is not a province
        [resource.valid({ provinces: '1101' }), 'provinces', 'no province has the code 1101'],
        [resource.valid({ side: 3 }), 'side', 'choose the no-fly side (1 inside, 2 outside)'],
      );
    }
    for (const [payload, field, message] of cases) {
      const response = await submit(platform, resource, payload);
      expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(400);
      const errors = response.json().data.errors as Record<string, string>;
      expect(Object.keys(errors), JSON.stringify(payload)).toContain(field);
      if (message) expect(errors[field], JSON.stringify(payload)).toBe(message);
    }
    expect(await app.database.db.select().from(resource.table)).toHaveLength(before.length);
    expect(await app.database.db.select().from(gisArea)).toHaveLength(areasBefore.length);
    const zh = await submit(platform, resource, resource.valid({ geometry: circle([116, 39], 1) }), 'zh-CN');
    expect(zh.json().data.errors['geometry.radius']).toBe('半径不能小于 5');
  });

  it('keeps names unique in the tenant, not across tenants; an update keeps its own name', async () => {
    const first = await submit(platform, resource, resource.valid({ name: named('Unique') }));
    const id = first.json().data.id as string;
    const clash = await submit(platform, resource, resource.valid({ name: named('Unique') }));
    expect(clash.statusCode).toBe(400);
    expect(clash.json().data.errors).toEqual({ name: 'the name is already taken' });
    expect((await submit(platform, resource, resource.valid({ id, name: named('Unique') }))).statusCode).toBe(
      200,
    );
    expect((await submit(theirs.token, resource, resource.valid({ name: named('Unique') }))).statusCode).toBe(
      200,
    );
    // a removed zone's name is free again
    await as(app, platform).post(`${resource.base}/remove?ids=${id}`);
    expect((await submit(platform, resource, resource.valid({ name: named('Unique') }))).statusCode).toBe(
      200,
    );
  });

  it('another tenant can neither read, change nor remove it, nor find it in the index', async () => {
    const created = await submit(platform, resource, resource.valid({ name: named('Platform only') }));
    const id = created.json().data.id as string;
    await expectIsolated(mine, theirs, {
      read: `${base}/detail?id=${id}`,
      names: [id, named('Platform only')],
      hidden: [`${base}/page`, `${base}/list`, '/api/cloud-task/forbidden-fly-area/geoPage?size=200'],
      refused: [
        `${base}/detail?id=${id}`,
        { method: 'POST', url: `${base}/submit`, payload: resource.valid({ id, name: 'Taken' }) },
        { method: 'POST', url: `${base}/remove?ids=${id}` },
      ],
    });
    expect(await indexed(id)).toMatchObject([{ tenantId: '000000', name: named('Platform only') }]);
    const own = await submit(theirs.token, resource, resource.valid({ name: named('Of B') }));
    expect(own.json().data.tenantId).toBe(B);
  });

  it('refuses add, edit and remove without their button codes', async () => {
    const { code } = resource;
    const id = (await submit(platform, resource, resource.valid({ name: named('Guarded') }))).json().data
      .id as string;
    const reader = await signInWithGrants(app, '000000', `${code}-reader`, [code]);
    expect((await as(app, reader).get(`${base}/page`)).statusCode).toBe(200);
    expect((await as(app, reader).get(`${base}/detail?id=${id}`)).statusCode).toBe(200);
    for (const response of [
      await submit(reader, resource, resource.valid({ name: named('New') })),
      await submit(reader, resource, resource.valid({ id, name: named('Edited') })),
      await as(app, reader).post(`${base}/remove?ids=${id}`),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    const editor = await signInWithGrants(app, '000000', `${code}-editor`, [code, `${code}_edit`]);
    expect((await submit(editor, resource, resource.valid({ id, name: named('Edited') }))).statusCode).toBe(
      200,
    );
    expect((await submit(editor, resource, resource.valid({ name: named('New') }))).statusCode).toBe(403);
    const stranger = await signInWithGrants(app, '000000', `${code}-stranger`, ['post']);
    expect((await as(app, stranger).get(`${base}/page`)).statusCode).toBe(403);
    // the list serves maps and pickers: any signed-in user of the tenant
    expect((await as(app, stranger).get(`${base}/list`)).statusCode).toBe(200);
  });
});

describe('no-fly zones in particular', () => {
  const base = '/api/aos-gisservice/noflyzone';
  const zone = RESOURCES[0]!;

  it('moves a zone between nofly and nofly_outside with its side, and filters the page by type', async () => {
    const created = await submit(
      platform,
      zone,
      zone.valid({ name: 'Side switch', type: 3, provinces: ' 11, 13 ,11', side: 2 }),
    );
    expect(created.json().data).toMatchObject({ type: 3, provinces: '11,13', side: 2 });
    const id = created.json().data.id as string;
    expect(await indexed(id)).toMatchObject([{ kind: 'nofly_outside' }]);
    await submit(platform, zone, zone.valid({ id, name: 'Side switch', type: 3, side: 1, provinces: '' }));
    expect(await indexed(id)).toMatchObject([{ kind: 'nofly' }]);
    expect((await as(app, platform).get(`${base}/detail?id=${id}`)).json().data).toMatchObject({
      provinces: null,
      side: 1,
    });
    const byType = (await as(app, platform).get(`${base}/page?type=3`)).json().data;
    expect(byType.records.map((row: Row) => row.name)).toEqual(['Side switch']);
    // the side defaults to the inside
    const defaulted = await submit(platform, zone, {
      ...zone.valid({ name: 'Default side' }),
      side: undefined,
    });
    expect(defaulted.json().data.side).toBe(1);
  });

  it('seeds the nofly_zone_type dictionary in both languages', async () => {
    const zh = await as(app, platform).get('/api/blade-system/dict/dictionary?code=nofly_zone_type');
    expect(zh.statusCode, zh.body).toBe(200);
    const entries = zh.json().data as Row[];
    expect(entries.map((entry) => entry.dictKey)).toEqual(['1', '2', '3', '4', '5']);
    expect(entries[0]).toMatchObject({ dictValue: '永久禁飞区' });
    const en = await as(app, platform, 'en-US').get('/api/blade-system/dict/dictionary?code=nofly_zone_type');
    expect((en.json().data as Row[]).map((entry) => entry.dictValue)).toContain('Airport clearance');
  });
});
