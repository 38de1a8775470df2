import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uavAirport, uavAirportDrone } from '../../src/db/schema/index.js';
import { as, createTestApp } from '../helper.js';
import { signInWithGrants } from '../org-helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';
import { aircraft, dataLink, GIS, ok, type Row } from './gis-helper.js';

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;
let platform: string;
const B = '800153';
const BASE = `${GIS}/uavairport`;

beforeAll(async () => {
  app = await createTestApp();
  ({ mine, theirs } = await twoTenants(app, { theirs: B }));
  platform = mine.token;
});
afterAll(async () => {
  await app?.close();
});

const valid = (extra: Row = {}): Row => ({
  name: 'River pad',
  longitude: 116.41,
  latitude: 39.91,
  altitude: 45.5,
  type: 2,
  remark: 'fenced',
  ...extra,
});
const submit = (token: string, payload: Row, language = 'en-US') =>
  as(app, token, language).post(`${BASE}/submit`, { payload });
const bind = (token: string, payload: Row, language = 'en-US') =>
  as(app, token, language).post(`${BASE}/updateUav`, { payload });
const read = async (id: string) => ok<Row>(await as(app, platform).get(`${BASE}/detail?id=${id}`));

describe('takeoff/landing points', () => {
  it('adds a point with drones, pages, reads, updates, rebinds and removes it', async () => {
    const [one, two] = [await aircraft(app, platform), await aircraft(app, platform)];
    const created = await submit(platform, valid({ droneIds: `${one.id},${two.id}` }));
    expect(created.json()).toMatchObject({
      code: 200,
      msg: 'added successfully',
      data: {
        name: 'River pad',
        longitude: 116.41,
        latitude: 39.91,
        altitude: 45.5,
        type: 2,
        remark: 'fenced',
        droneIds: `${one.id},${two.id}`,
        droneNames: `Drone ${one.serialNumber},Drone ${two.serialNumber}`,
        tenantId: '000000',
        createUserName: '管理员',
      },
    });
    const id = created.json().data.id as string;
    const page = await ok<{ records: Row[] }>(
      await as(app, platform).get(`${BASE}/list?current=1&size=10&name=River`),
    );
    // the table shows who added each point by name, not by user id
    expect(page.records.map((row) => [row.id, row.droneIds, row.createUserName])).toEqual([
      [id, `${one.id},${two.id}`, '管理员'],
    ]);
    const byType = await ok<{ records: Row[] }>(await as(app, platform).get(`${BASE}/list?type=3`));
    expect(byType.records.map((row) => row.id)).not.toContain(id);

    const updated = await ok<Row>(
      await submit(platform, valid({ id, name: 'River pad 2', altitude: null, droneIds: two.id })),
    );
    expect(updated).toMatchObject({ id, name: 'River pad 2', altitude: null, droneIds: two.id });
    const rebound = await bind(platform, { id, droneIds: `${one.id},${two.id}` });
    expect(rebound.json()).toMatchObject({
      msg: 'updated successfully',
      data: { droneIds: `${one.id},${two.id}` },
    });
    expect((await ok<Row>(await bind(platform, { id, droneIds: '' }))).droneIds).toBe('');
    expect((await read(id)).droneIds).toBe('');
    await ok(await bind(platform, { id, droneIds: one.id }));

    expect((await as(app, platform, 'en-US').post(`${BASE}/remove?ids=${id}`)).json()).toMatchObject({
      data: 1,
      msg: 'deleted successfully',
    });
    expect((await as(app, platform).get(`${BASE}/detail?id=${id}`)).statusCode).toBe(404);
    expect(
      await app.database.db.select().from(uavAirportDrone).where(eq(uavAirportDrone.airportId, id)),
    ).toEqual([]);
    const [kept] = await app.database.db.select().from(uavAirport).where(eq(uavAirport.id, id));
    expect(kept!.isDeleted).toBe(1);
    // the removed point's drone is free again
    expect((await submit(platform, valid({ name: 'Next pad', droneIds: one.id }))).statusCode).toBe(200);
  });

  it('refuses a drone bound to another point, naming it, and binds it once freed there', async () => {
    const drone = await aircraft(app, platform);
    const first = await ok<{ id: string }>(
      await submit(platform, valid({ name: 'First pad', droneIds: drone.id })),
    );
    const second = await ok<{ id: string }>(await submit(platform, valid({ name: 'Second pad' })));
    const message = `already bound to another takeoff/landing point: Drone ${drone.serialNumber}`;
    const viaBind = await bind(platform, { id: second.id, droneIds: drone.id });
    expect(viaBind.statusCode).toBe(400);
    expect(viaBind.json().data.errors).toEqual({ droneIds: message });
    const viaSubmit = await submit(platform, valid({ id: second.id, droneIds: drone.id }));
    expect(viaSubmit.json().data.errors).toEqual({ droneIds: message });
    const viaNew = await submit(platform, valid({ name: 'Third pad', droneIds: drone.id }));
    expect(viaNew.json().data.errors).toEqual({ droneIds: message });
    expect(
      (await submit(platform, valid({ name: 'Third pad', droneIds: drone.id }), 'zh-CN')).json().data.errors,
    ).toEqual({
      droneIds: `已绑定其他起降点：Drone ${drone.serialNumber}`,
    });
    expect((await read(first.id)).droneIds).toBe(drone.id);
    expect((await read(second.id)).droneIds).toBe('');
    // rebinding it to its own point is no conflict; freed there, it binds elsewhere
    await ok(await submit(platform, valid({ id: first.id, name: 'First pad', droneIds: drone.id })));
    await ok(await bind(platform, { id: first.id, droneIds: '' }));
    expect((await ok<Row>(await bind(platform, { id: second.id, droneIds: drone.id }))).droneIds).toBe(
      drone.id,
    );
  });

  it('binds a drone to one of two points asked at once, refusing the other by name', async () => {
    const drone = await aircraft(app, platform);
    const [east, west] = [
      await ok<{ id: string }>(await submit(platform, valid({ name: 'East pad' }))),
      await ok<{ id: string }>(await submit(platform, valid({ name: 'West pad' }))),
    ];
    const answers = await Promise.all([
      bind(platform, { id: east.id, droneIds: drone.id }),
      bind(platform, { id: west.id, droneIds: drone.id }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400)!;
    expect(refused.json().data.errors).toEqual({
      droneIds: `already bound to another takeoff/landing point: Drone ${drone.serialNumber}`,
    });
  });

  it('names the field of every bad input and writes nothing', async () => {
    const link = await dataLink(app, platform);
    const point = await ok<{ id: string }>(await submit(platform, valid({ name: 'Stable pad' })));
    const before = await app.database.db.select().from(uavAirport);
    const links = await app.database.db.select().from(uavAirportDrone);
    const cases: Array<[Row, Record<string, string>]> = [
      [valid({ name: '' }), { name: 'cannot be empty or all spaces' }],
      [valid({ longitude: 181 }), { longitude: 'please enter correct coordinates as longitude,latitude' }],
      [valid({ latitude: 'north' }), { latitude: 'please enter correct coordinates as longitude,latitude' }],
      [
        { ...valid(), latitude: undefined },
        { latitude: 'please enter correct coordinates as longitude,latitude' },
      ],
      [valid({ altitude: 10_000 }), { altitude: 'the altitude must be -500 to 9,000 m' }],
      [valid({ type: 99 }), { type: 'choose the type of takeoff/landing point' }],
      [valid({ type: '' }), { type: 'choose the type of takeoff/landing point' }],
      [valid({ droneIds: '123456789' }), { droneIds: 'choose aircraft of this tenant' }],
      [valid({ droneIds: 'abc' }), { 'droneIds.0': 'the id is not valid' }],
      [valid({ droneIds: link.id }), { droneIds: `these devices are not aircraft: ${link.name}` }],
      [valid({ remark: 'x'.repeat(301) }), { remark: 'at most 300 characters' }],
    ];
    for (const [payload, errors] of cases) {
      for (const call of [payload, { ...payload, id: point.id }]) {
        const response = await submit(platform, call);
        expect(response.statusCode, JSON.stringify(call)).toBe(400);
        expect(response.json().data.errors, JSON.stringify(call)).toEqual(errors);
      }
    }
    const refusedBind = await bind(platform, { id: point.id, droneIds: link.id });
    expect(refusedBind.json().data.errors).toEqual({
      droneIds: `these devices are not aircraft: ${link.name}`,
    });
    expect((await bind(platform, { droneIds: '' })).json().data.errors).toEqual({ id: 'id is required' });
    expect((await bind(platform, { id: '123456789', droneIds: '' })).statusCode).toBe(404);
    expect(await app.database.db.select().from(uavAirport)).toEqual(before);
    expect(await app.database.db.select().from(uavAirportDrone)).toEqual(links);
  });

  it('another tenant can neither read, change, rebind nor remove a point, nor bind the tenant’s drones', async () => {
    const drone = await aircraft(app, platform);
    const point = await ok<{ id: string }>(
      await submit(platform, valid({ name: 'Platform only pad', droneIds: drone.id })),
    );
    const theirsPoint = await ok<{ id: string }>(await submit(theirs.token, valid({ name: 'Pad of B' })));
    await expectIsolated(mine, theirs, {
      read: `${BASE}/detail?id=${point.id}`,
      names: [point.id, 'Platform only pad'],
      hidden: [`${BASE}/list`],
      refused: [
        `${BASE}/detail?id=${point.id}`,
        { method: 'POST', url: `${BASE}/submit`, payload: valid({ id: point.id, name: 'Taken' }) },
        { method: 'POST', url: `${BASE}/updateUav`, payload: { id: point.id, droneIds: '' } },
        { method: 'POST', url: `${BASE}/remove?ids=${point.id}` },
        // the tenant's drone named in B's own point
        {
          method: 'POST',
          url: `${BASE}/updateUav`,
          payload: { id: theirsPoint.id, droneIds: drone.id },
          status: 400,
          errors: { droneIds: 'choose aircraft of this tenant' },
        },
        {
          method: 'POST',
          url: `${BASE}/submit`,
          payload: valid({ droneIds: drone.id }),
          status: 400,
          errors: { droneIds: 'choose aircraft of this tenant' },
        },
      ],
    });
    expect((await read(point.id)).droneIds).toBe(drone.id);
  });

  it('refuses binding without airport_bind_uav, and writes without their button codes', async () => {
    const point = await ok<{ id: string }>(await submit(platform, valid({ name: 'Guarded pad' })));
    const reader = await signInWithGrants(app, '000000', 'pad-reader', ['airport']);
    expect((await as(app, reader).get(`${BASE}/list`)).statusCode).toBe(200);
    for (const response of [
      await submit(reader, valid()),
      await submit(reader, valid({ id: point.id })),
      await bind(reader, { id: point.id, droneIds: '' }),
      await as(app, reader).post(`${BASE}/remove?ids=${point.id}`),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    const binder = await signInWithGrants(app, '000000', 'pad-binder', ['airport', 'airport_bind_uav']);
    expect((await bind(binder, { id: point.id, droneIds: '' })).statusCode).toBe(200);
  });
});
