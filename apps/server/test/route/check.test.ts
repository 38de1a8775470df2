import { haversineM, planDesign, RouteDesign } from '@aos/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dock, routeLine, user } from '../../src/db/schema/index.js';
import { platformCtx } from '../../src/lib/context.js';
import { registerDock, registerDrone } from '../device-helper.js';
import { at, DAY, HOUR } from '../gis/gis-helper.js';
import { as, createTenant, createTestApp, login } from '../helper.js';
import { sideOf, type TenantSide, twoTenants } from '../tenants.js';

/**
 * The route checks (issue 16) through `app.services.routeChecks` and `routemanageline/check` / `submit`.
 * Positions are worked out on the sphere (R = 6,371,008.8 m): Δ metres north is Δ/R radians of latitude; every
 * distance tested is at least 2 % inside or outside its limit.
 */

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;
let keeper: TenantSide;
const A = '000000';
const B = '800171';
const C = '800172';
const BASE = '/api/aos-gisservice/routemanageline';
const GIS = '/api/aos-gisservice';

type Row = Record<string, unknown>;
type Position = [number, number];
interface Item {
  level: string;
  code: string;
  message: string;
  params: Row;
  refId: string | null;
  refName: string | null;
  points: Array<[number, number]>;
}
interface Check {
  ok: boolean;
  items: Item[];
}

const R = 6_371_008.8;
const DEG = 180 / Math.PI;
const north = ([lon, lat]: Position, metres: number): Position => [lon, lat + (metres / R) * DEG];
const east = ([lon, lat]: Position, metres: number): Position => [
  lon + Math.asin(Math.sin(metres / R) / Math.cos((lat * Math.PI) / 180)) * DEG,
  lat,
];
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

/** A waypoint route through `positions` at `heightM` above take-off, `speedMS`, returning at 100 m or its height. */
const route = (positions: Position[], heightM = 80, speedMS = 10) => ({
  kind: 'waypoint',
  params: {
    defaults: { heightM, speedMS },
    waypoints: positions.map((position) => ({ position })),
  },
  mission: { rthHeightM: Math.max(100, heightM) },
});

const STADIUM: Position = [116.4, 39.9];
const THEIR_SPOT: Position = [116.7, 39.6];
const FENCED = 117; // keeper's fence: square(117, 40, 0.02)
const RUNWAY = { start: [117.6, 39.0] as Position, end: [117.62, 39.03] as Position };
let ids: Record<string, string> = {};

async function add(side: TenantSide, path: string, payload: Row): Promise<string> {
  const response = await side.send('POST', `${GIS}/${path}/submit`, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as string;
}

async function check(side: TenantSide, body: Row, language = 'en-US'): Promise<Check> {
  const response = await as(app, side.token, language).post(`${BASE}/check`, { payload: body });
  expect(response.statusCode, response.body.slice(0, 800)).toBe(200);
  return response.json().data as Check;
}
const codes = (result: Check) => result.items.map((entry) => `${entry.level}:${entry.code}`).sort();
const find = (result: Check, code: string) => result.items.find((entry) => entry.code === code);

/** An approved airspace application of the caller's tenant. */
async function approved(side: TenantSide, extra: Row): Promise<string> {
  const id = await add(side, 'airspace', {
    name: 'Survey window',
    serialNumber: 'SN-UNKNOWN',
    model: 'Matrice 3TD',
    registrationNumber: 'UAS-0001234',
    contactPerson: 'Li Wei',
    phone: '13800138000',
    startTime: at(-HOUR),
    endTime: at(DAY),
    taskNature: 2,
    ceiling: 200,
    ...extra,
  });
  for (const action of ['apply', 'approve']) {
    const response = await side.send('POST', `${GIS}/airspace/${action}`, { id });
    expect(response.statusCode, response.body).toBe(200);
  }
  return id;
}

/** Put the dock's last reported position (and ellipsoid height) in the live store, as its OSD would. */
async function reportPosition(sn: string, position: Position, height = 50) {
  const identity = await app.platform.deviceDirectory.lookup(sn);
  expect(identity).not.toBeNull();
  await app.platform.live.mergeOsd(identity!, null, Date.now(), {
    longitude: position[0],
    latitude: position[1],
    height,
  });
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
    airport: await add(mine, 'civilairport', {
      name: 'Capital',
      icaoCode: 'ZBXX',
      iataCode: 'PKX',
      runwayStartLongitude: RUNWAY.start[0],
      runwayStartLatitude: RUNWAY.start[1],
      runwayEndLongitude: RUNWAY.end[0],
      runwayEndLatitude: RUNWAY.end[1],
      runwayWidth: 60,
      elevation: 35,
      heightLimit: 60,
    }),
    fence: await add(keeper, 'electronicfence', { name: 'Works', geometry: square(FENCED, 40, 0.02) }),
    // the other tenant's zone where mine has none
    theirs: await add(theirs, 'noflyzone', {
      name: 'Their zone',
      type: 2,
      geometry: { type: 'Circle', center: THEIR_SPOT, radius: 3000 },
    }),
  };
});
afterAll(async () => {
  await app?.close();
});

/** A route crossing the stadium: 0 outside west, 1 inside, 2 north outside, 3 south outside (leg 2→3 crosses the centre), 4 away. */
const crossing = () =>
  route(
    [
      east(STADIUM, -1500),
      east(STADIUM, 500),
      north(STADIUM, 2000),
      north(STADIUM, -2000),
      north(east(STADIUM, 3000), -2000),
    ],
    80,
    12,
  );

describe('zones, fences and airports', () => {
  it('blocks a route crossing a no-fly zone, naming the zone and the waypoints concerned', async () => {
    const result = await check(mine, { design: crossing(), aircraftModelId: 'dji-m3td' });
    expect(result.ok).toBe(false);
    expect(find(result, 'noFly')).toMatchObject({
      level: 'block',
      message: 'route.check.noFly',
      refId: ids.stadium,
      refName: 'Stadium',
      params: { name: 'Stadium' },
      points: [
        [0, 0],
        [0, 1],
        [0, 2],
        [0, 3],
      ],
    });
    // the service itself, for the platform (no user, no authority)
    const design = RouteDesign.parse(crossing());
    const direct = await app.services.routeChecks.check(platformCtx(app.database.db, A), {
      design,
      aircraftModelId: 'dji-m3td',
    });
    expect(direct.items.find((entry) => entry.code === 'noFly')?.points).toHaveLength(4);
    // a route beside it is clear
    const beside = await check(mine, {
      design: route([north(STADIUM, 1100), north(east(STADIUM, 3000), 1100)]),
      aircraftModelId: 'dji-m3td',
    });
    expect(beside).toEqual({ ok: true, items: [] });
  });

  it('warns instead under the user’s no-fly authority', async () => {
    const [admin] = await app.database.db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.tenantId, A), eq(user.account, 'admin')));
    const grant = (value: number) =>
      mine.send('POST', `/api/blade-user/modNoFlyAuthority?userIds=${admin!.id}&noFlyAuthority=${value}`);
    expect((await grant(1)).statusCode).toBe(200);
    try {
      const result = await check(mine, { design: crossing(), aircraftModelId: 'dji-m3td' }, 'zh-CN');
      expect(result.ok).toBe(true);
      expect(codes(result)).toEqual(['warn:noFlyWaived']);
      expect(find(result, 'noFlyWaived')).toMatchObject({ refId: ids.stadium, refName: 'Stadium' });
      expect(find(result, 'noFlyWaived')?.points).toHaveLength(4);
    } finally {
      await grant(0);
    }
    expect((await check(mine, { design: crossing(), aircraftModelId: 'dji-m3td' })).ok).toBe(false);
  });

  it('blocks leaving a fence (naming it) or lying outside every fence', async () => {
    const inside = route([
      [FENCED + 0.005, 40.005],
      [FENCED + 0.015, 40.015],
    ]);
    expect(await check(keeper, { design: inside, aircraftModelId: 'dji-m3td' })).toEqual({
      ok: true,
      items: [],
    });
    const leaving = await check(keeper, {
      design: route([
        [FENCED + 0.005, 40.005],
        [FENCED + 0.015, 40.015],
        [FENCED + 0.03, 40.015],
      ]),
      aircraftModelId: 'dji-m3td',
    });
    expect(leaving.ok).toBe(false);
    expect(find(leaving, 'outsideFence')).toMatchObject({
      level: 'block',
      refId: ids.fence,
      refName: 'Works',
      points: [
        [0, 1],
        [0, 2],
      ],
    });
    const away = await check(keeper, {
      design: route([
        [FENCED + 0.3, 40.3],
        [FENCED + 0.31, 40.3],
      ]),
      aircraftModelId: 'dji-m3td',
    });
    expect(find(away, 'outsideFences')).toMatchObject({
      level: 'block',
      refId: null,
      points: [
        [0, 0],
        [0, 1],
      ],
    });
  });

  it('blocks an airport’s buffer, and its height-limit area above the limit', async () => {
    // 5 km east of the runway's start: in the 10 km buffer
    const inBuffer = await check(mine, {
      design: route([east(RUNWAY.start, 5000), north(east(RUNWAY.start, 5000), 500)], 50),
      aircraftModelId: 'dji-m3td',
    });
    expect(find(inBuffer, 'airport')).toMatchObject({ level: 'block', refName: 'Capital' });
    expect(find(inBuffer, 'airport')?.points).toHaveLength(2);
    // 15 km beyond the end threshold along the runway, outside the buffer, inside the height-limit area
    const bearing = Math.atan2(
      (RUNWAY.end[0] - RUNWAY.start[0]) * Math.cos((40.07 * Math.PI) / 180),
      RUNWAY.end[1] - RUNWAY.start[1],
    );
    const beyond = (metres: number): Position =>
      north(east(RUNWAY.end, metres * Math.sin(bearing)), metres * Math.cos(bearing));
    const line = [beyond(14_000), beyond(15_000)];
    const low = await check(mine, { design: route(line, 50), aircraftModelId: 'dji-m3td' });
    expect(low).toEqual({ ok: true, items: [] });
    const high = await check(mine, { design: route(line, 70), aircraftModelId: 'dji-m3td' });
    expect(codes(high)).toEqual(['block:airportHeight']);
    expect(find(high, 'airportHeight')).toMatchObject({ refName: 'Capital', params: { limitM: 60 } });
  });

  it('never counts another tenant’s zones', async () => {
    const through = route([east(THEIR_SPOT, -2000), east(THEIR_SPOT, 2000)]);
    expect(await check(mine, { design: through, aircraftModelId: 'dji-m3td' })).toEqual({
      ok: true,
      items: [],
    });
    const theirs_ = await check(theirs, { design: through, aircraftModelId: 'dji-m3td' });
    expect(find(theirs_, 'noFly')).toMatchObject({ refId: ids.theirs, refName: 'Their zone' });
  });
});

describe('the true-height limit', () => {
  const FIELD: Position = [115.5, 39.3];
  const high = () => route([FIELD, east(FIELD, 1000)], 150);

  it('blocks 150 m without an approval; an approved window covering it makes it a warning naming it', async () => {
    const without = await check(mine, { design: high(), aircraftModelId: 'dji-m3td' });
    expect(codes(without)).toEqual(['block:heightLimit']);
    expect(find(without, 'heightLimit')).toMatchObject({
      params: { heightM: 150, limitM: 120 },
      points: [
        [0, 0],
        [0, 1],
      ],
    });
    // 120 m is the limit itself
    expect(
      (await check(mine, { design: route([FIELD, east(FIELD, 1000)], 120), aircraftModelId: 'dji-m3td' })).ok,
    ).toBe(true);
    const approval = await approved(mine, {
      name: 'Field window',
      geometry: { type: 'Circle', center: east(FIELD, 500), radius: 3000 },
    });
    const covered = await check(mine, { design: high(), aircraftModelId: 'dji-m3td' });
    expect(covered.ok).toBe(true);
    expect(codes(covered)).toEqual(['warn:airspace']);
    expect(find(covered, 'airspace')).toMatchObject({ refId: approval, refName: 'Field window' });
    // at a time after its window (as if expired), or for another aircraft model, it covers nothing
    const later = await check(mine, { design: high(), aircraftModelId: 'dji-m3td', startTime: at(3 * DAY) });
    expect(codes(later)).toEqual(['block:heightLimit']);
    const other = await check(mine, { design: high(), aircraftModelId: 'dji-m30t' });
    expect(codes(other)).toEqual(['block:heightLimit']);
    // a ceiling below the route's highest point covers nothing either
    expect(
      codes(
        await check(mine, { design: route([FIELD, east(FIELD, 1000)], 210), aircraftModelId: 'dji-m3td' }),
      ),
    ).toEqual(['block:heightLimit']);
  });

  it('counts an expired approval and one of another aircraft (by the dock’s serial) as none', async () => {
    const SPOT: Position = [115.2, 39.1];
    const design = route([SPOT, east(SPOT, 1000)], 150);
    await approved(mine, { name: 'Expired', geometry: { type: 'Circle', center: SPOT, radius: 3000 } });
    expect(codes(await check(mine, { design, aircraftModelId: 'dji-m3td' }))).toEqual(['warn:airspace']);
    // the scheduler's expiry, run as if two days had passed, stores it expired and takes it out of the checks
    expect(
      await app.services.airspaces.expire(platformCtx(app.database.db, A), new Date(Date.now() + 2 * DAY)),
    ).toBeGreaterThan(0);
    expect(codes(await check(mine, { design, aircraftModelId: 'dji-m3td' }))).toEqual(['block:heightLimit']);
    const drone = await registerDrone(app, mine.token);
    const docked = await registerDock(app, mine.token, [drone]);
    await reportPosition(docked.serialNumber, east(SPOT, -500), 50);
    await approved(mine, {
      name: 'Someone else',
      serialNumber: 'OTHER-SN-1',
      geometry: { type: 'Circle', center: SPOT, radius: 3000 },
    });
    // heights above take-off: the route is relative, so the dock's height does not change them
    const withDock = await check(mine, { design, aircraftModelId: 'dji-m3td', hangarId: docked.id });
    expect(codes(withDock)).toEqual(['block:heightLimit']);
    const ours = await approved(mine, {
      name: 'Our drone',
      serialNumber: drone.serialNumber,
      model: 'anything',
      geometry: { type: 'Circle', center: SPOT, radius: 3000 },
    });
    const covered = await check(mine, { design, aircraftModelId: 'dji-m3td', hangarId: docked.id });
    expect(codes(covered)).toEqual(['warn:airspace']);
    expect(find(covered, 'airspace')?.refId).toBe(ours);
  });
});

describe('dock reach and endurance', () => {
  const DOCK_AT: Position = [114.5, 38.5];
  let dockId = '';
  let dockSn = '';

  beforeAll(async () => {
    const registered = await registerDock(app, mine.token, [await registerDrone(app, mine.token)]);
    dockId = registered.id;
    dockSn = registered.serialNumber;
  });

  it('warns when the dock never reported its position, then checks its 10 km radius', async () => {
    const near = route([north(DOCK_AT, 2000), north(DOCK_AT, 4000)]);
    const unknown = await check(mine, { design: near, aircraftModelId: 'dji-m3td', hangarId: dockId });
    expect(codes(unknown)).toEqual(['warn:dockPosition']);
    await reportPosition(dockSn, DOCK_AT);
    expect(await check(mine, { design: near, aircraftModelId: 'dji-m3td', hangarId: dockId })).toEqual({
      ok: true,
      items: [],
    });
    const far = await check(mine, {
      design: route([north(DOCK_AT, 2000), north(DOCK_AT, 9800), north(DOCK_AT, 10_200)]),
      aircraftModelId: 'dji-m3td',
      hangarId: dockId,
    });
    expect(far.ok).toBe(false);
    expect(find(far, 'dockReach')).toMatchObject({
      level: 'block',
      refId: dockId,
      params: { distanceKm: 10.2, radiusKm: 10 },
      points: [[0, 2]],
    });
  });

  it('warns when waypoints lie beyond the radius from the alternate landing point', async () => {
    await app.database.db
      .update(dock)
      .set({ alternateLongitude: east(DOCK_AT, 6000)[0], alternateLatitude: DOCK_AT[1] })
      .where(eq(dock.id, dockId));
    try {
      const west = await check(mine, {
        design: route([east(DOCK_AT, -1000), east(DOCK_AT, -4500)]),
        aircraftModelId: 'dji-m3td',
        hangarId: dockId,
      });
      expect(west.ok).toBe(true);
      expect(find(west, 'alternateReach')).toMatchObject({ level: 'warn', points: [[0, 1]] });
    } finally {
      await app.database.db
        .update(dock)
        .set({ alternateLongitude: null, alternateLatitude: null })
        .where(eq(dock.id, dockId));
    }
  });

  it('compares the flight with the rated time less the return margin: in, over 80 %, over', async () => {
    // Matrice 3TD: 50 min rated, 30 % kept → 35 min usable; warned above 28 min. Out along a meridian and back.
    const outAndBack = (metres: number) => route([north(DOCK_AT, 100), north(DOCK_AT, metres)]);
    const need = (metres: number) => {
      const planned = planDesign(RouteDesign.parse(outAndBack(metres)));
      if (!planned.ok) throw new Error('not planned');
      const [first, last] = [north(DOCK_AT, 100), north(DOCK_AT, metres)];
      // from the dock to the first waypoint and back from the last, at 10 m/s; the 20 m climb at 5 m/s
      return (
        (planned.plan.figures.durationS + (haversineM(DOCK_AT, first) + haversineM(last, DOCK_AT)) / 10 + 4) /
        60
      );
    };
    const body = (metres: number) => ({
      design: outAndBack(metres),
      aircraftModelId: 'dji-m3td',
      hangarId: dockId,
    });
    expect((await check(mine, body(5000))).items).toEqual([]);
    const warned = await check(mine, body(9000));
    expect(need(9000)).toBeGreaterThan(28);
    expect(codes(warned)).toEqual(['warn:enduranceMargin']);
    expect(find(warned, 'enduranceMargin')?.params).toMatchObject({
      usableMin: 35,
      ratedMin: 50,
      marginPercent: 30,
    });
    expect(find(warned, 'enduranceMargin')?.params.minutes).toBeCloseTo(need(9000), 1);
    // the same route from a dock keeping 50 %: 25 min usable
    await app.database.db.update(dock).set({ lowBattery: 50 }).where(eq(dock.id, dockId));
    try {
      const over = await check(mine, body(9000));
      expect(codes(over)).toEqual(['block:endurance']);
      expect(find(over, 'endurance')?.params).toMatchObject({ usableMin: 25, marginPercent: 50 });
    } finally {
      await app.database.db.update(dock).set({ lowBattery: 30 }).where(eq(dock.id, dockId));
    }
    // without a dock, 30 %: an 11 km leg flown there and back is over 35 min
    const far = await check(mine, {
      design: route([DOCK_AT, north(DOCK_AT, 11_000)]),
      aircraftModelId: 'dji-m3td',
    });
    expect(codes(far)).toEqual(['block:endurance']);
  });

  it('refuses another tenant’s dock, naming hangarId', async () => {
    const theirDock = await registerDock(app, theirs.token);
    const response = await as(app, mine.token, 'en-US').post(`${BASE}/check`, {
      payload: {
        design: route([DOCK_AT, north(DOCK_AT, 500)]),
        aircraftModelId: 'dji-m3td',
        hangarId: theirDock.id,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toHaveProperty('hangarId');
  });
});

describe('heights', () => {
  it('warns of waypoints below 10 m and of a return height below the highest point', async () => {
    const SPOT: Position = [114.9, 38.9];
    const design = {
      kind: 'waypoint',
      params: {
        defaults: { heightM: 60, speedMS: 10 },
        waypoints: [
          { position: SPOT, heightM: 5 },
          { position: north(SPOT, 500) },
          { position: north(SPOT, 900), heightM: 110 },
        ],
      },
      mission: { rthHeightM: 100 },
    };
    const result = await check(mine, { design, aircraftModelId: 'dji-m3td' });
    expect(result.ok).toBe(true);
    expect(codes(result)).toEqual(['warn:lowWaypoint', 'warn:rthHeight']);
    expect(find(result, 'lowWaypoint')?.points).toEqual([[0, 0]]);
    expect(find(result, 'rthHeight')?.params).toEqual({ rthM: 100, heightM: 110 });
  });
});

describe('a saved route without a design', () => {
  it('is checked from its points, heights and the file’s mission settings', async () => {
    const points: Array<[number, number, number]> = [
      [...east(STADIUM, -1500), 150],
      [...east(STADIUM, 1500), 150],
      [...north(east(STADIUM, 1500), 1500), 5],
    ];
    const row = {
      design: null,
      points: [points],
      heightMode: 'relativeToStartPoint',
      duration: 400,
      aircraftModelId: 'dji-m3td',
      hangarId: null,
    } as unknown as typeof routeLine.$inferSelect;
    const file = {
      missionConfig: { globalTransitionalSpeed: 10, takeOffSecurityHeight: 20, globalRTHHeight: 100 },
    } as unknown as Parameters<typeof app.services.routeChecks.checkSaved>[1]['file'];
    const result = await app.services.routeChecks.checkSaved(
      platformCtx(app.database.db, A),
      { row, file },
      {},
    );
    expect(result.ok).toBe(false);
    expect(result.items.map((entry) => `${entry.level}:${entry.code}`).sort()).toEqual([
      'block:heightLimit',
      'block:noFly',
      'warn:lowWaypoint',
      'warn:rthHeight',
    ]);
    expect(result.items.find((entry) => entry.code === 'noFly')?.points).toEqual([
      [0, 0],
      [0, 1],
    ]);
    expect(result.items.find((entry) => entry.code === 'heightLimit')?.points).toEqual([
      [0, 0],
      [0, 1],
    ]);
    expect(result.items.find((entry) => entry.code === 'lowWaypoint')?.points).toEqual([[0, 2]]);
  });
});

describe('HTTP', () => {
  it('refuses a submit crossing a no-fly zone with data.check, writing nothing', async () => {
    const before = await app.database.db.select({ id: routeLine.id }).from(routeLine);
    const response = await as(app, mine.token, 'en-US').post(`${BASE}/submit`, {
      payload: { name: 'Across the stadium', aircraftModelId: 'dji-m3td', design: crossing() },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.data.errors.design).toBe(
      'the route checks refuse it: the route enters the no-fly zone “Stadium”',
    );
    expect(body.data.check.ok).toBe(false);
    expect(body.data.check.items).toContainEqual(
      expect.objectContaining({ code: 'noFly', refId: ids.stadium }),
    );
    expect(await app.database.db.select({ id: routeLine.id }).from(routeLine)).toHaveLength(before.length);
    const zh = await as(app, mine.token, 'zh-CN').post(`${BASE}/submit`, {
      payload: { name: 'x', aircraftModelId: 'dji-m3td', design: crossing() },
    });
    expect(zh.json().data.errors.design).toBe('航线检查未通过：航线进入禁飞区“Stadium”');
  });

  it('checks a saved route by id, and refuses bad input naming the field', async () => {
    const saved = await as(app, mine.token, 'en-US').post(`${BASE}/submit`, {
      payload: {
        name: 'Beside',
        aircraftModelId: 'dji-m3td',
        design: route([north(STADIUM, 1100), north(STADIUM, 1500)]),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id as string;
    expect(await check(mine, { id })).toEqual({ ok: true, items: [] });
    const high = await check(mine, { id, startTime: at(HOUR) });
    expect(high.ok).toBe(true);
    // another tenant's route is not found
    const foreign = await as(app, theirs.token, 'en-US').post(`${BASE}/check`, { payload: { id } });
    expect(foreign.statusCode).toBe(404);

    const refused = async (payload: Row, field: string) => {
      const response = await as(app, mine.token, 'en-US').post(`${BASE}/check`, { payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        Object.keys(response.json().data.errors).some((key) => key === field || key.startsWith(`${field}.`)),
      ).toBe(true);
    };
    const good = route([north(STADIUM, 1100), north(STADIUM, 1500)]);
    await refused({}, 'design');
    await refused({ design: good }, 'aircraftModelId');
    await refused({ design: good, aircraftModelId: 'dji-nothing' }, 'aircraftModelId');
    await refused({ design: { kind: 'spiral' }, aircraftModelId: 'dji-m3td' }, 'design');
    await refused({ design: good, aircraftModelId: 'dji-m3td', startTime: 'tomorrow' }, 'startTime');
    await refused({ design: good, aircraftModelId: 'dji-m3td', hangarId: 'x' }, 'hangarId');
    const missing = await as(app, mine.token, 'en-US').post(`${BASE}/check`, {
      payload: { id: '123456789' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
