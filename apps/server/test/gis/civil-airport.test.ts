import distance from '@turf/distance';
import { point } from '@turf/helpers';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { civilAirport, gisArea } from '../../src/db/schema/index.js';
import { platformCtx } from '../../src/lib/context.js';
import {
  bearingDeg,
  destination,
  runwayBuffer,
  runwayHeightLimitArea,
} from '../../src/modules/gis/airport.geometry.js';
import { as, createTestApp } from '../helper.js';
import { signInWithGrants } from '../org-helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';
import { GIS, ok, type Row } from './gis-helper.js';

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;
let platform: string;
const B = '800152';
const BASE = `${GIS}/civilairport`;

beforeAll(async () => {
  app = await createTestApp();
  ({ mine, theirs } = await twoTenants(app, { theirs: B }));
  platform = mine.token;
});
afterAll(async () => {
  await app?.close();
});

const START: [number, number] = [116.5901, 40.0925];
const END: [number, number] = [116.6063, 40.0621];
const valid = (extra: Row = {}): Row => ({
  name: 'Beijing Capital',
  icaoCode: 'zbaa',
  iataCode: 'pek',
  runwayStartLongitude: START[0],
  runwayStartLatitude: START[1],
  runwayEndLongitude: END[0],
  runwayEndLatitude: END[1],
  runwayWidth: 60,
  elevation: 35,
  heightLimit: 120,
  remark: 'runway 18L/36R',
  ...extra,
});
const submit = (token: string, payload: Row, language = 'en-US') =>
  as(app, token, language).post(`${BASE}/submit`, { payload });
const areasOf = (id: string) => app.database.db.select().from(gisArea).where(eq(gisArea.refId, id));
/** The airport areas of the tenant a point touches at a height (the flight checks' query). */
const touched = async (position: [number, number], height?: number, tenantId = '000000') =>
  (
    await app.services.spatial.query(platformCtx(app.database.db, tenantId), {
      geometry: { type: 'Point', coordinates: position },
      height,
      time: new Date(),
      kinds: ['airport_buffer', 'airport_height_limit'],
    })
  ).map((hit) => `${hit.kind} ${hit.name}`);

describe('civil airports', () => {
  it('adds an airport with its runway, computes, stores and indexes both areas, and follows an update and a removal', async () => {
    const created = await submit(platform, valid());
    expect(created.json()).toMatchObject({
      code: 200,
      msg: 'added successfully',
      data: {
        name: 'Beijing Capital',
        icaoCode: 'ZBAA',
        iataCode: 'PEK',
        runwayWidth: 60,
        elevation: 35,
        heightLimit: 120,
        tenantId: '000000',
      },
    });
    const airport = created.json().data as Row & { id: string; runwayLength: number; runwayBearing: number };
    expect(
      Math.abs(airport.runwayLength - distance(point(START), point(END), { units: 'meters' })),
    ).toBeLessThan(0.1);
    expect(airport.runwayBearing).toBeCloseTo(bearingDeg(START, END), 1);
    const runway = { start: START, end: END };
    const read = await ok<Row>(await as(app, platform).get(`${BASE}/detail?id=${airport.id}`));
    expect(read.bufferGeometry).toEqual(runwayBuffer(runway));
    expect(read.heightLimitGeometry).toEqual(runwayHeightLimitArea(runway));
    const areas = await areasOf(airport.id);
    expect(areas.map((area) => [area.kind, area.floor, area.ceiling]).sort()).toEqual([
      ['airport_buffer', null, null],
      ['airport_height_limit', 120, null],
    ]);

    const heading = bearingDeg(START, END);
    // 5 km abeam: inside the buffer at any height (and in the height-limit area above its floor)
    const near = destination(START, 5_000, heading + 90);
    expect(await touched(near, 30)).toEqual(['airport_buffer Beijing Capital']);
    expect(await touched(near, 150)).toEqual([
      'airport_buffer Beijing Capital',
      'airport_height_limit Beijing Capital',
    ]);
    // 15 km beyond the end on the centreline: only the height-limit area, only above 120 m
    const approach = destination(END, 15_000, heading);
    expect(await touched(approach, 100)).toEqual([]);
    expect(await touched(approach, 150)).toEqual(['airport_height_limit Beijing Capital']);
    // 25 km beyond: neither
    expect(await touched(destination(END, 25_000, heading), 150)).toEqual([]);

    // a new runway position and height limit: the stored and indexed areas follow
    const moved = await ok<Row>(
      await submit(
        platform,
        valid({
          id: airport.id,
          runwayStartLongitude: 117.5901,
          runwayEndLongitude: 117.6063,
          heightLimit: 90,
        }),
      ),
    );
    expect(moved.bufferGeometry).toEqual(
      runwayBuffer({ start: [117.5901, START[1]], end: [117.6063, END[1]] }),
    );
    expect(await touched(near, 150)).toEqual([]);
    expect(await touched(destination([117.6063, END[1]], 15_000, heading), 100)).toEqual([
      'airport_height_limit Beijing Capital',
    ]);
    expect((await areasOf(airport.id)).find((area) => area.kind === 'airport_height_limit')?.floor).toBe(90);

    const page = await ok<{ records: Row[] }>(await as(app, platform).get(`${BASE}/page?icaoCode=ZBAA`));
    expect(page.records.map((row) => row.id)).toEqual([airport.id]);
    const list = await ok<Row[]>(await as(app, platform).get(`${BASE}/list?name=Capital`));
    expect(list.map((row) => row.id)).toEqual([airport.id]);

    expect((await as(app, platform, 'en-US').post(`${BASE}/remove?ids=${airport.id}`)).json()).toMatchObject({
      data: 1,
      msg: 'deleted successfully',
    });
    expect(await areasOf(airport.id)).toEqual([]);
    expect((await as(app, platform).get(`${BASE}/detail?id=${airport.id}`)).statusCode).toBe(404);
    const [kept] = await app.database.db.select().from(civilAirport).where(eq(civilAirport.id, airport.id));
    expect(kept!.isDeleted).toBe(1);
  });

  it('names the field of every bad input and writes nothing', async () => {
    await ok(await submit(platform, valid({ name: 'Taken codes', icaoCode: 'ZSPD', iataCode: 'PVG' })));
    const before = await app.database.db.select().from(civilAirport);
    const indexed = await app.database.db.select().from(gisArea);
    const cases: Array<[Row, Record<string, string>]> = [
      [valid({ name: ' ' }), { name: 'cannot be empty or all spaces' }],
      [valid({ icaoCode: 'ZB1A' }), { icaoCode: 'the ICAO code must be 4 letters' }],
      [valid({ icaoCode: '' }), { icaoCode: 'the ICAO code must be 4 letters' }],
      [valid({ iataCode: 'PE' }), { iataCode: 'the IATA code must be 3 letters' }],
      [
        valid({ runwayStartLatitude: 91 }),
        { runwayStartLatitude: 'please enter correct coordinates as longitude,latitude' },
      ],
      [
        valid({ runwayEndLongitude: 'east' }),
        { runwayEndLongitude: 'please enter correct coordinates as longitude,latitude' },
      ],
      [
        valid({ runwayEndLongitude: START[0], runwayEndLatitude: START[1] }),
        { runwayEndLongitude: 'the runway thresholds must be 100 to 8,000 m apart (they are 0 m)' },
      ],
      [
        valid({ runwayEndLatitude: 40.2 }),
        {
          runwayEndLongitude: expect.stringMatching(
            /^the runway thresholds must be 100 to 8,000 m apart \(they are 1\d{4} m\)$/,
          ) as unknown as string,
        },
      ],
      [valid({ runwayWidth: 5 }), { runwayWidth: 'the runway width must be 10 to 200 m' }],
      [valid({ runwayWidth: '' }), { runwayWidth: 'the runway width must be 10 to 200 m' }],
      [valid({ elevation: 10_000 }), { elevation: 'the elevation must be -500 to 9,000 m' }],
      [
        valid({ heightLimit: 0 }),
        { heightLimit: 'the height limit must be more than 0 and at most 10,000 m' },
      ],
      [
        valid({ heightLimit: null }),
        { heightLimit: 'the height limit must be more than 0 and at most 10,000 m' },
      ],
      [valid({ icaoCode: 'zspd' }), { icaoCode: 'an airport with this ICAO code exists' }],
      [valid({ iataCode: 'PVG' }), { iataCode: 'an airport with this IATA code exists' }],
    ];
    for (const [payload, errors] of cases) {
      const response = await submit(platform, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().data.errors, JSON.stringify(payload)).toEqual(errors);
    }
    expect(await app.database.db.select().from(civilAirport)).toHaveLength(before.length);
    expect(await app.database.db.select().from(gisArea)).toHaveLength(indexed.length);
  });

  it('another tenant can neither read, change nor remove an airport, and its areas count only in the owner’s checks', async () => {
    const airport = await ok<{ id: string }>(
      await submit(platform, valid({ name: 'Platform only airport', icaoCode: 'ZUUU', iataCode: 'CTU' })),
    );
    await expectIsolated(mine, theirs, {
      read: `${BASE}/detail?id=${airport.id}`,
      names: [airport.id, 'Platform only airport'],
      hidden: [`${BASE}/page`, `${BASE}/list`],
      refused: [
        `${BASE}/detail?id=${airport.id}`,
        { method: 'POST', url: `${BASE}/submit`, payload: valid({ id: airport.id, name: 'Taken' }) },
        { method: 'POST', url: `${BASE}/remove?ids=${airport.id}` },
      ],
    });
    expect(await touched(START, 150, B)).toEqual([]);
    expect(await touched(START, 150)).toContain('airport_buffer Platform only airport');
    // the same codes in another tenant are that tenant's own
    const own = await ok<Row>(await submit(theirs.token, valid({ icaoCode: 'ZUUU', iataCode: 'CTU' })));
    expect(own.tenantId).toBe(B);
    expect(await touched(START, 150, B)).toEqual([
      'airport_buffer Beijing Capital',
      'airport_height_limit Beijing Capital',
    ]);
  });

  it('refuses add, edit and remove without their button codes', async () => {
    const airport = await ok<{ id: string }>(
      await submit(platform, valid({ name: 'Guarded', icaoCode: 'ZGGG', iataCode: 'CAN' })),
    );
    const reader = await signInWithGrants(app, '000000', 'airport-reader', ['airport']);
    expect((await as(app, reader).get(`${BASE}/page`)).statusCode).toBe(200);
    expect((await as(app, reader).get(`${BASE}/list`)).statusCode).toBe(200);
    for (const response of [
      await submit(reader, valid({ icaoCode: 'ZGSZ', iataCode: 'SZX' })),
      await submit(reader, valid({ id: airport.id, icaoCode: 'ZGGG', iataCode: 'CAN' })),
      await as(app, reader).post(`${BASE}/remove?ids=${airport.id}`),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    const stranger = await signInWithGrants(app, '000000', 'airport-stranger', ['basestation']);
    expect((await as(app, stranger).get(`${BASE}/page`)).statusCode).toBe(403);
    expect((await as(app, stranger).get(`${BASE}/detail?id=${airport.id}`)).statusCode).toBe(403);
  });
});
