import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../src/db/schema/index.js';
import { platformCtx } from '../../src/lib/context.js';
import { as, createTenant, createTestApp, login, send } from '../helper.js';
import { expectIsolated, sideOf, type TenantSide, twoTenants } from '../tenants.js';

/**
 * areaQuery, geoPage and the flight check against answers worked out by hand on the sphere (mean earth
 * radius R): a point Δ metres north of a centre is Δ/R radians of latitude further; the great-circle distance
 * from a centre at latitude φ to the meridian Δλ east of it is R·asin(cos φ·sin Δλ), so a meridian d metres
 * away lies Δλ = asin(sin(d/R)/cos φ) east. Every check is 2 % inside or outside a boundary.
 */

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;
let keeper: TenantSide;
const A = '000000';
const B = '800031';
const C = '800032';
const QUERY = '/api/cloud-task/forbidden-fly-area/areaQuery';
const CHECK = '/api/cloud-task/forbidden-fly-area/check';
const GEO_PAGE = '/api/cloud-task/forbidden-fly-area/geoPage';

type Row = Record<string, unknown>;
type Position = [number, number];

const R = 6_371_008.8;
const DEG = 180 / Math.PI;
const RAD = Math.PI / 180;
const north = ([longitude, latitude]: Position, metres: number): Position => [
  longitude,
  latitude + (metres / R) * DEG,
];
const meridianEast = ([longitude, latitude]: Position, metres: number): number =>
  longitude + Math.asin(Math.sin(metres / R) / Math.cos(latitude * RAD)) * DEG;

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
const point = (position: Position) => ({ type: 'Point', coordinates: position });
const line = (...positions: Position[]) => ({ type: 'LineString', coordinates: positions });

const STADIUM: Position = [116.4, 39.9];
const PARADE: Position = [116.5, 39.9];
let ids: Record<string, string> = {};

async function add(side: TenantSide, path: string, payload: Row): Promise<string> {
  const response = await side.send('POST', `/api/aos-gisservice/${path}/submit`, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as string;
}

beforeAll(async () => {
  app = await createTestApp();
  ({ mine, theirs } = await twoTenants(app, { theirs: B }));
  await createTenant(app, C);
  keeper = sideOf(app, C, (await login(app, C)).access_token);
  ids = {
    stadium: await add(mine, 'noflyzone', {
      name: 'Stadium',
      type: 2,
      geometry: { type: 'Circle', center: STADIUM, radius: 1000 },
    }),
    // forbidden from 100 m up
    tower: await add(mine, 'noflyzone', {
      name: 'Tower',
      type: 1,
      geometry: square(116.3, 39.8, 0.02),
      floor: 100,
    }),
    parade: await add(mine, 'noflyzone', {
      name: 'Parade',
      type: 2,
      geometry: { type: 'Circle', center: PARADE, radius: 2000 },
      startTime: '2099-01-01 08:00:00',
      endTime: '2099-01-01 12:00:00',
    }),
  };
  // an airport's buffer, as the airport service will put it
  await app.services.spatial.put(platformCtx(app.database.db, A), [
    {
      kind: 'airport_buffer',
      refId: '900001',
      name: 'Capital airport',
      geometry: { type: 'Circle', center: [116.6, 40.08], radius: 10_000 },
    },
  ]);
  // the other tenant has a zone on the same spot
  await add(theirs, 'noflyzone', { name: 'Their stadium', type: 1, geometry: square(116.39, 39.89, 0.02) });
});
afterAll(async () => {
  await app?.close();
});

async function query(side: TenantSide, body: Row): Promise<Row[]> {
  const response = await side.send('POST', QUERY, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Row[];
}
const names = (hits: Row[]) => hits.map((hit) => hit.name).sort();

async function check(side: TenantSide, body: Row) {
  const response = await side.send('POST', CHECK, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    hits: Row[];
    violations: Row[];
    allowed: boolean;
    waived: string[];
  };
}

describe('areaQuery', () => {
  it('answers a point by its distance to a circle, and only the caller tenant areas', async () => {
    expect(names(await query(mine, { geometry: point(north(STADIUM, 980)) }))).toEqual(['Stadium']);
    expect(names(await query(mine, { geometry: point(north(STADIUM, 1020)) }))).toEqual([]);
    const [hit] = await query(mine, { geometry: point(STADIUM) });
    expect(hit).toMatchObject({
      kind: 'nofly',
      effect: 'restricted',
      refId: ids.stadium,
      within: true,
      geometry: { type: 'Circle', center: STADIUM, radius: 1000 },
    });
    expect(names(await query(theirs, { geometry: point(STADIUM) }))).toEqual(['Their stadium']);
  });

  it('answers a line by its shortest distance to the circle', async () => {
    const near = meridianEast(STADIUM, 980);
    const far = meridianEast(STADIUM, 1020);
    const along = (longitude: number) => line([longitude, 39.85], [longitude, 39.95]);
    expect((await query(mine, { geometry: along(near) })).map((hit) => [hit.name, hit.within])).toEqual([
      ['Stadium', false],
    ]);
    expect(await query(mine, { geometry: along(far) })).toEqual([]);
    // a short line wholly inside
    const inside = await query(mine, { geometry: line(STADIUM, north(STADIUM, 500)) });
    expect(inside.map((hit) => [hit.name, hit.within])).toEqual([['Stadium', true]]);
  });

  it('answers lines and polygons against a square', async () => {
    expect(names(await query(mine, { geometry: line([116.29, 39.81], [116.33, 39.81]) }))).toEqual(['Tower']);
    // 0.001° (111 m) north of its north edge
    expect(await query(mine, { geometry: line([116.29, 39.821], [116.33, 39.821]) })).toEqual([]);
    const overlapping = await query(mine, { geometry: square(116.31, 39.81, 0.02) });
    expect(overlapping.map((hit) => [hit.name, hit.within])).toEqual([['Tower', false]]);
    const inside = await query(mine, { geometry: square(116.305, 39.805, 0.01) });
    expect(inside.map((hit) => [hit.name, hit.within])).toEqual([['Tower', true]]);
    expect(await query(mine, { geometry: square(116.33, 39.83, 0.01) })).toEqual([]);
  });

  it('answers a long route (many index boxes) once per area, with its filters', async () => {
    // 101 nodes mowing across the stadium and the tower: legs 0.001° apart, each crossing both
    const mowing = (south: number, west: number, east: number) =>
      line(
        ...Array.from({ length: 101 }, (_, i): Position => [
          i % 2 ? east : west,
          south + Math.floor(i / 2) * 0.0004,
        ]),
      );
    const across = await query(mine, { geometry: mowing(39.895, 116.29, 116.41) });
    expect(across.map((hit) => [hit.name, hit.within])).toEqual([['Stadium', false]]);
    const both = mowing(39.81, 116.29, 116.41);
    expect(names(await query(mine, { geometry: both }))).toEqual(['Tower']);
    expect(await query(mine, { geometry: both, height: 50 })).toEqual([]);
    expect(await query(mine, { geometry: both, kinds: ['airport_buffer'] })).toEqual([]);
    expect(await query(mine, { geometry: mowing(39.7, 116.29, 116.41) })).toEqual([]);
    expect(names(await query(theirs, { geometry: mowing(39.895, 116.29, 116.41) }))).toEqual([
      'Their stadium',
    ]);
  });

  it('honours the height band and the time window; no time is now', async () => {
    const inTower = point([116.31, 39.81]);
    expect(names(await query(mine, { geometry: inTower }))).toEqual(['Tower']);
    expect(await query(mine, { geometry: inTower, height: 50 })).toEqual([]);
    expect(names(await query(mine, { geometry: inTower, height: 150 }))).toEqual(['Tower']);
    expect(names(await query(mine, { geometry: inTower, height: 100 }))).toEqual(['Tower']);

    const atParade = point(PARADE);
    expect(await query(mine, { geometry: atParade })).toEqual([]);
    expect(names(await query(mine, { geometry: atParade, time: '2099-01-01 09:00:00' }))).toEqual(['Parade']);
    expect(await query(mine, { geometry: atParade, time: '2099-01-01 13:00:00' })).toEqual([]);
    const [parade] = await query(mine, { geometry: atParade, time: '2099-01-01 12:00:00' });
    expect(parade).toMatchObject({ startTime: '2099-01-01 08:00:00', endTime: '2099-01-01 12:00:00' });
  });

  it('filters by kinds and refuses bad input naming the field', async () => {
    const nearAirport = point([116.6, 40.0]);
    expect(names(await query(mine, { geometry: nearAirport }))).toEqual(['Capital airport']);
    expect(await query(mine, { geometry: nearAirport, kinds: ['nofly'] })).toEqual([]);
    for (const [body, field] of [
      [{ geometry: { type: 'Point', coordinates: [200, 10] } }, 'geometry.coordinates'],
      [{ geometry: { type: 'LineString', coordinates: [[116, 39]] } }, 'geometry.coordinates'],
      [{ geometry: { type: 'Circle', center: [116, 39], radius: 2 } }, 'geometry.radius'],
      [{ geometry: point(STADIUM), time: 'yesterday' }, 'time'],
      [{ geometry: point(STADIUM), height: 'high' }, 'height'],
      [{ geometry: point(STADIUM), kinds: ['moon'] }, 'kinds.0'],
      [{}, 'geometry'],
    ] as Array<[Row, string]>) {
      const response = await mine.send('POST', QUERY, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().data.errors), JSON.stringify(body)).toContain(field);
    }
  });
});

describe('geoPage', () => {
  it('pages the tenant areas of every kind, by box and kinds', async () => {
    const all = (await mine.send('GET', `${GEO_PAGE}?size=10`)).json().data;
    expect(all.total).toBe(4);
    expect(all.records.map((hit: Row) => `${hit.kind}:${hit.name}`)).toEqual([
      'airport_buffer:Capital airport',
      'nofly:Parade',
      'nofly:Stadium',
      'nofly:Tower',
    ]);
    const second = (await mine.send('GET', `${GEO_PAGE}?size=1&current=2`)).json().data;
    expect(second).toMatchObject({ total: 4, size: 1, current: 2, pages: 4 });
    expect(second.records.map((hit: Row) => hit.name)).toEqual(['Parade']);
    const boxed = (await mine.send('GET', `${GEO_PAGE}?bbox=116.35,39.85,116.45,39.95`)).json().data;
    expect(boxed.records.map((hit: Row) => hit.name)).toEqual(['Stadium']);
    const kinds = (await mine.send('GET', `${GEO_PAGE}?kinds=airport_buffer,fence`)).json().data;
    expect(kinds.records.map((hit: Row) => hit.name)).toEqual(['Capital airport']);
    for (const bad of [
      'bbox=1,2,3',
      'bbox=10,0,5,1',
      'bbox=a,b,c,d',
      'bbox=0,0,200,1',
      'kinds=moon',
      'size=0',
    ]) {
      const response = await mine.send('GET', `${GEO_PAGE}?${bad}`);
      expect(response.statusCode, bad).toBe(400);
      const field = bad.split('=')[0]!;
      const fields = Object.keys(response.json().data.errors as Row);
      expect(
        fields.some((name) => name === field || name.startsWith(`${field}.`)),
        bad,
      ).toBe(true);
    }
    const ofTheirs = (await theirs.send('GET', GEO_PAGE)).json().data;
    expect(ofTheirs.records.map((hit: Row) => hit.name)).toEqual(['Their stadium']);
  });
});

describe('the flight check', () => {
  it('refuses restricted areas touched, in their band and window', async () => {
    const route = line(north(STADIUM, -3000), north(STADIUM, 3000));
    const crossing = await check(mine, { geometry: route });
    expect(crossing).toMatchObject({
      allowed: false,
      waived: [],
      violations: [{ kind: 'nofly', refId: ids.stadium, name: 'Stadium', reason: 'entersRestricted' }],
    });
    expect(crossing.hits.map((hit) => hit.name)).toEqual(['Stadium']);
    // 1,020 m east of the stadium's centre: clear
    const beside = meridianEast(STADIUM, 1020);
    expect(await check(mine, { geometry: line([beside, 39.85], [beside, 39.95]) })).toEqual({
      hits: [],
      violations: [],
      allowed: true,
      waived: [],
    });
    const inTower = point([116.31, 39.81]);
    expect((await check(mine, { geometry: inTower, height: 80 })).allowed).toBe(true);
    expect((await check(mine, { geometry: inTower, height: 120 })).violations).toEqual([
      { kind: 'nofly', refId: ids.tower, name: 'Tower', reason: 'entersRestricted' },
    ]);
    expect((await check(mine, { geometry: point(PARADE) })).allowed).toBe(true);
    expect(
      (await check(mine, { geometry: point(PARADE), time: '2099-01-01 10:00:00' })).violations.map(
        (violation) => violation.name,
      ),
    ).toEqual(['Parade']);
  });

  it('waives no-fly zones, never airport areas, for a user with no-fly authority', async () => {
    const [admin] = await app.database.db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.tenantId, A), eq(user.account, 'admin')));
    const through = line(STADIUM, [116.6, 40.0]);
    const before = await check(mine, { geometry: through });
    expect(before.violations.map((violation) => violation.name).sort()).toEqual([
      'Capital airport',
      'Stadium',
    ]);

    const granted = await mine.send(
      'POST',
      `/api/blade-user/modNoFlyAuthority?userIds=${admin!.id}&noFlyAuthority=1`,
    );
    expect(granted.statusCode, granted.body).toBe(200);
    expect(
      (await mine.send('GET', `/api/blade-user/detail?id=${admin!.id}`)).json().data.noFlyAuthority,
    ).toBe(1);
    const after = await check(mine, { geometry: through });
    expect(after).toMatchObject({
      allowed: false,
      waived: [ids.stadium],
      violations: [{ kind: 'airport_buffer', refId: '900001', reason: 'entersRestricted' }],
    });
    expect((await check(mine, { geometry: point(STADIUM) })).allowed).toBe(true);

    // another tenant can neither set it nor read it
    await expectIsolated(mine, theirs, {
      read: `/api/blade-user/detail?id=${admin!.id}`,
      names: [admin!.id],
      refused: [
        { method: 'POST', url: `/api/blade-user/modNoFlyAuthority?userIds=${admin!.id}&noFlyAuthority=0` },
        `/api/blade-user/detail?id=${admin!.id}`,
      ],
    });
    await mine.send('POST', `/api/blade-user/modNoFlyAuthority?userIds=${admin!.id}&noFlyAuthority=0`);
    expect((await check(mine, { geometry: point(STADIUM) })).allowed).toBe(false);
  });

  it('keeps a flight inside the union of the fences, fly zones and outside-side zones in force', async () => {
    const far = point([118, 41]);
    // no keep-in area yet: nothing binds
    expect(await check(keeper, { geometry: far })).toMatchObject({ allowed: true, violations: [] });

    const fences = {
      west: await add(keeper, 'electronicfence', { name: 'West works', geometry: square(117, 40, 0.1) }),
      east: await add(keeper, 'electronicfence', { name: 'East works', geometry: square(117.1, 40, 0.1) }),
      mast: await add(keeper, 'electronicfence', {
        name: 'Mast',
        geometry: { type: 'Circle', center: [117.5, 40.5], radius: 1000 },
        ceiling: 120,
      }),
      later: await add(keeper, 'electronicfence', {
        name: 'Later',
        geometry: square(119, 42, 0.1),
        startTime: '2099-01-01 08:00:00',
        endTime: '2099-01-01 12:00:00',
      }),
    };
    expect((await check(keeper, { geometry: far })).violations).toEqual([
      { kind: 'fence', refId: null, name: null, reason: 'leavesKeepIn' },
    ]);
    // from one fence into the one beside it: inside their union
    const across = line([117.05, 40.05], [117.15, 40.05]);
    expect(await check(keeper, { geometry: across })).toMatchObject({ allowed: true, violations: [] });
    expect(await check(keeper, { geometry: square(117.05, 40.02, 0.07) })).toMatchObject({ allowed: true });
    // out of the east one
    const out = await check(keeper, { geometry: line([117.05, 40.05], [117.25, 40.05]) });
    expect(out.allowed).toBe(false);
    expect(out.violations.map((violation) => [violation.name, violation.reason]).sort()).toEqual([
      ['East works', 'leavesKeepIn'],
      ['West works', 'leavesKeepIn'],
    ]);
    // the mast's fence holds up to 120 m
    const mast: Position = [117.5, 40.5];
    expect((await check(keeper, { geometry: point(mast), height: 100 })).allowed).toBe(true);
    expect((await check(keeper, { geometry: point(north(mast, 980)) })).allowed).toBe(true);
    expect((await check(keeper, { geometry: point(north(mast, 1020)) })).violations).toEqual([
      { kind: 'fence', refId: null, name: null, reason: 'leavesKeepIn' },
    ]);
    expect((await check(keeper, { geometry: point(mast), height: 150 })).violations).toEqual([
      { kind: 'fence', refId: fences.mast, name: 'Mast', reason: 'leavesKeepIn' },
    ]);
    // a fence out of its window does not hold, in it it does
    const later = point([119.05, 42.05]);
    expect((await check(keeper, { geometry: later })).allowed).toBe(false);
    expect((await check(keeper, { geometry: later, time: '2099-01-01 09:00:00' })).allowed).toBe(true);

    // fly zones and a zone whose outside is forbidden bind each by their kind
    await add(keeper, 'flyzone', { name: 'Field', geometry: square(116.9, 39.9, 0.4) });
    const outside = await add(keeper, 'noflyzone', {
      name: 'Keep in',
      type: 1,
      side: 2,
      geometry: square(116.9, 39.9, 0.4),
    });
    expect((await check(keeper, { geometry: across })).allowed).toBe(true);
    const between = await check(keeper, { geometry: point([117.25, 40.25]) });
    expect(between.violations).toEqual([{ kind: 'fence', refId: null, name: null, reason: 'leavesKeepIn' }]);
    expect(between.hits.map((hit) => `${hit.kind}:${hit.name}`).sort()).toEqual([
      'flyzone:Field',
      'nofly_outside:Keep in',
    ]);
    const away = await check(keeper, { geometry: point([117.5, 40.5]) });
    expect(away.violations.map((violation) => violation.kind).sort()).toEqual(['flyzone', 'nofly_outside']);
    // removing the fences frees the kind; the other two still bind
    await keeper.send(
      'POST',
      `/api/aos-gisservice/electronicfence/remove?ids=${Object.values(fences).join(',')}`,
    );
    expect((await check(keeper, { geometry: point([117.25, 40.25]) })).allowed).toBe(true);
    expect(
      (await check(keeper, { geometry: far })).violations.map((violation) => violation.kind).sort(),
    ).toEqual(['flyzone', 'nofly_outside']);
    expect(outside).toBeTruthy();
  });

  it('is any signed-in user of the tenant, and never another tenant areas', async () => {
    const response = await send(app, theirs.token, 'POST', CHECK, { geometry: point(STADIUM) });
    expect(response.json().data).toMatchObject({ allowed: false, violations: [{ name: 'Their stadium' }] });
    const anonymous = await app.inject({ method: 'POST', url: CHECK, payload: { geometry: point(STADIUM) } });
    expect(anonymous.statusCode).toBe(401);
    expect((await as(app, theirs.token).post(CHECK, { payload: {} })).statusCode).toBe(400);
  });
});
