import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airspace, airspaceHistory, gisArea } from '../../src/db/schema/index.js';
import { platformCtx } from '../../src/lib/context.js';
import { AIRSPACE_EXPIRY_CRON } from '../../src/modules/gis/airspace.expiry.js';
import { as, createTestApp } from '../helper.js';
import { signInWithGrants } from '../org-helper.js';
import { jobState, waitFor } from '../scheduler/scheduler-helper.js';
import { expectIsolated, type TenantSide, twoTenants } from '../tenants.js';
import {
  aircraft,
  at,
  attachment,
  DAY,
  dataLink,
  geoJsonFile,
  GIS,
  HOUR,
  ok,
  type Row,
  square,
  takeoffPoint,
} from './gis-helper.js';

let app: FastifyInstance;
let mine: TenantSide;
let theirs: TenantSide;
let platform: string;
const B = '800151';
const BASE = `${GIS}/airspace`;

let drone: { id: string; serialNumber: string };
let point: string;
let file: string;

beforeAll(async () => {
  app = await createTestApp();
  ({ mine, theirs } = await twoTenants(app, { theirs: B }));
  platform = mine.token;
  drone = await aircraft(app, platform);
  point = (await takeoffPoint(app, platform)).id;
  file = await attachment(app, platform);
});
afterAll(async () => {
  await app?.close();
});

const RANGE = { type: 'Circle', center: [116.4, 39.9], radius: 2000 };
const valid = (extra: Row = {}): Row => ({
  name: 'Ridge survey',
  aircraftId: drone.id,
  serialNumber: drone.serialNumber,
  model: 'Matrice 3TD',
  registrationNumber: 'UAS-0001234',
  contactPerson: 'Li Wei',
  phone: '13800138000',
  startTime: at(HOUR),
  endTime: at(DAY),
  applicant: 'Survey team',
  taskNature: 2,
  ceiling: 120,
  remark: 'weekly flights',
  uavAirportIds: point,
  takeoffPositions: [[116.401, 39.901]],
  attachIds: file,
  geometry: RANGE,
  ...extra,
});
const submit = (token: string, payload: Row, language = 'en-US') =>
  as(app, token, language).post(`${BASE}/submit`, { payload });
const act = (token: string, action: string, payload: Row, language = 'en-US') =>
  as(app, token, language).post(`${BASE}/${action}`, { payload });
const detail = async (id: string, token = platform) =>
  ok<Row & { history: Row[] }>(await as(app, token).get(`${BASE}/detail?id=${id}`));
const indexed = (id: string) =>
  app.database.db
    .select()
    .from(gisArea)
    .where(and(eq(gisArea.refId, id), eq(gisArea.kind, 'airspace')));
const info = (token: string, payload: Row) =>
  as(app, token, 'en-US').post(`${BASE}/getAirSpaceInfo`, { payload });

/** An application of the platform tenant moved to `status` through the routes; answers its id. */
async function application(status: 'draft' | 'submitted' | 'approved' | 'rejected', extra: Row = {}) {
  const id = (await ok<{ id: string }>(await submit(platform, valid(extra)))).id;
  if (status === 'draft') return id;
  await ok(await act(platform, 'apply', { id }));
  if (status === 'approved') await ok(await act(platform, 'approve', { id }));
  if (status === 'rejected')
    await ok(await act(platform, 'reject', { id, reason: 'too close to the school' }));
  return id;
}

describe('airspace applications', () => {
  it('adds a draft with every field of spec §3, pages, lists, reads, updates and removes it', async () => {
    const created = await submit(platform, valid());
    expect(created.json()).toMatchObject({
      code: 200,
      msg: 'added successfully',
      data: {
        name: 'Ridge survey',
        aircraftId: drone.id,
        aircraftName: `Drone ${drone.serialNumber}`,
        serialNumber: drone.serialNumber,
        model: 'Matrice 3TD',
        registrationNumber: 'UAS-0001234',
        contactPerson: 'Li Wei',
        phone: '13800138000',
        applicant: 'Survey team',
        taskNature: 2,
        ceiling: 120,
        uavAirportIds: point,
        uavAirportNames: 'North pad',
        takeoffPositions: [[116.401, 39.901]],
        attachIds: file,
        attachNames: 'approval.pdf',
        geometry: RANGE,
        shape: 'circle',
        approvalStatus: 'draft',
        tenantId: '000000',
      },
    });
    const id = created.json().data.id as string;
    expect(created.json().data.startTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const page = await ok<{ records: Row[]; total: number }>(
      await as(app, platform).get(`${BASE}/page?current=1&size=10&name=Ridge`),
    );
    expect(page.records.map((row) => row.id)).toContain(id);
    const drafts = await ok<Row[]>(await as(app, platform).get(`${BASE}/list?approvalStatus=draft`));
    expect(drafts.map((row) => row.id)).toContain(id);

    const updated = await submit(
      platform,
      valid({ id, name: 'Ridge survey 2', geometry: square(116.3, 39.8, 0.05), applicant: '' }),
    );
    expect(updated.json()).toMatchObject({
      msg: 'updated successfully',
      data: { id, name: 'Ridge survey 2', shape: 'polygon', approvalStatus: 'draft' },
    });
    // no applicant given: the signed-in user's name
    expect(updated.json().data.applicant).toEqual(expect.stringMatching(/\S/));
    const read = await detail(id);
    expect(read.history).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: 'draft',
        userName: expect.any(String),
        reason: null,
      }),
    ]);
    expect(read.history[0]!.userId).toBeTruthy();

    expect((await as(app, platform, 'en-US').post(`${BASE}/remove?ids=${id}`)).json()).toMatchObject({
      data: 1,
      msg: 'deleted successfully',
    });
    expect((await as(app, platform).get(`${BASE}/detail?id=${id}`)).statusCode).toBe(404);
    const [kept] = await app.database.db.select().from(airspace).where(eq(airspace.id, id));
    expect(kept!.isDeleted).toBe(1);
  });

  it('names the field of every bad input (spec §5 required aircraft data, phone, times, range) and writes nothing', async () => {
    const before = await app.database.db.select().from(airspace);
    const other = await dataLink(app, platform);
    const bowtie = {
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
    const cases: Array<[Row, Record<string, string | RegExp>]> = [
      [valid({ name: '  ' }), { name: 'cannot be empty or all spaces' }],
      [valid({ serialNumber: ' ' }), { serialNumber: 'enter the aircraft serial number' }],
      [valid({ model: '' }), { model: 'enter the aircraft model' }],
      [valid({ registrationNumber: '' }), { registrationNumber: 'enter the real-name registration number' }],
      [
        { ...valid(), registrationNumber: undefined },
        { registrationNumber: 'registrationNumber is required' },
      ],
      [valid({ contactPerson: '' }), { contactPerson: 'enter the contact person' }],
      [valid({ phone: '' }), { phone: 'phone cannot be empty' }],
      [valid({ phone: '12812345678' }), { phone: 'the phone number is not valid' }],
      [valid({ startTime: at(2 * DAY) }), { endTime: 'the start time must be before the end time' }],
      [valid({ endTime: 'tomorrow' }), { endTime: 'the time must be yyyy-MM-dd HH:mm:ss' }],
      [valid({ ceiling: 0 }), { ceiling: 'the ceiling must be more than 0 m' }],
      [valid({ ceiling: -5 }), { ceiling: 'the ceiling must be more than 0 m' }],
      [valid({ ceiling: '' }), { ceiling: 'the ceiling must be more than 0 m' }],
      [valid({ taskNature: 99 }), { taskNature: 'choose the task nature' }],
      [
        valid({
          geometry: {
            type: 'LineString',
            coordinates: [
              [116, 39],
              [116.1, 39],
            ],
          },
        }),
        { 'geometry.type': 'the range must be a polygon or a circle' },
      ],
      [
        valid({ geometry: { type: 'Circle', center: [116, 39], radius: 3 } }),
        { 'geometry.radius': 'radius cannot be less than 5' },
      ],
      [
        valid({ geometry: bowtie }),
        { geometry: /^the boundary crosses itself; move the nodes \(near 116\.05,39\.05\)$/ },
      ],
      [valid({ geometry: undefined }), { geometry: 'geometry is required' }],
      [
        valid({ aircraftId: other.id, serialNumber: other.serialNumber }),
        { aircraftId: `these devices are not aircraft: ${other.name}` },
      ],
      [
        valid({ serialNumber: 'OTHER-SN' }),
        { serialNumber: `the serial number is not that of the chosen aircraft (${drone.serialNumber})` },
      ],
      [
        valid({ uavAirportIds: '123456789' }),
        { uavAirportIds: 'choose takeoff/landing points of this tenant' },
      ],
      [
        valid({ attachIds: `${file},123456789` }),
        { attachIds: 'choose approval files uploaded in this tenant' },
      ],
      [
        valid({ takeoffPositions: [[200, 10]] }),
        { 'takeoffPositions.0': 'please enter correct coordinates as longitude,latitude' },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await submit(platform, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const got = response.json().data.errors as Record<string, string>;
      expect(Object.keys(got), JSON.stringify(payload)).toEqual(Object.keys(errors));
      for (const [field, message] of Object.entries(errors)) {
        if (typeof message === 'string') expect(got[field], field).toBe(message);
        else expect(got[field], field).toMatch(message);
      }
    }
    const zh = await submit(platform, valid({ serialNumber: '' }), 'zh-CN');
    expect(zh.json().data.errors).toEqual({ serialNumber: '请输入飞行器序列号' });
    expect(await app.database.db.select().from(airspace)).toHaveLength(before.length);
  });

  it('links the tenant’s aircraft by serial number, and refuses a serial number registered to another tenant', async () => {
    const linked = await ok<Row>(await submit(platform, valid({ aircraftId: '' })));
    expect(linked).toMatchObject({ aircraftId: drone.id, serialNumber: drone.serialNumber });
    const free = await ok<Row>(
      await submit(platform, valid({ aircraftId: null, serialNumber: 'UNREGISTERED-1' })),
    );
    expect(free).toMatchObject({ aircraftId: null, serialNumber: 'UNREGISTERED-1' });
    const refused = await submit(theirs.token, valid({ aircraftId: null, uavAirportIds: '', attachIds: '' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.errors).toEqual({
      serialNumber: 'this serial number is registered to another organisation',
    });
  });

  it('moves draft → submitted → approved, with who and when, and puts only the approved one in the index', async () => {
    const id = await application('draft');
    const applied = await act(platform, 'apply', { id });
    expect(applied.json()).toMatchObject({ code: 200, data: { id, approvalStatus: 'submitted' } });
    expect(await indexed(id)).toEqual([]);
    const approved = await ok<Row>(await act(platform, 'approve', { id }));
    expect(approved.approvalStatus).toBe('approved');
    const [area] = await indexed(id);
    expect(area).toMatchObject({ name: 'Ridge survey', ceiling: 120, floor: null, geometry: RANGE });
    expect(area!.startTime!.getTime()).toBeLessThan(area!.endTime!.getTime());
    const read = await detail(id);
    expect(read.history.map((step) => [step.fromStatus, step.toStatus])).toEqual([
      [null, 'draft'],
      ['draft', 'submitted'],
      ['submitted', 'approved'],
    ]);
    for (const step of read.history) {
      expect(step.userId).toBeTruthy();
      expect(step.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    // removing an approved application takes it out of the flight checks
    await ok(await as(app, platform).post(`${BASE}/remove?ids=${id}`));
    expect(await indexed(id)).toEqual([]);
  });

  it('refuses every illegal transition with a 400 and changes nothing', async () => {
    const draft = await application('draft');
    const submitted = await application('submitted');
    const approved = await application('approved');
    const rejected = await application('rejected');
    const illegal: Array<[string, string, string]> = [
      ['approve', draft, 'a draft'],
      ['reject', draft, 'a draft'],
      ['apply', submitted, 'submitted'],
      ['apply', approved, 'approved'],
      ['approve', approved, 'approved'],
      ['reject', approved, 'approved'],
      ['approve', rejected, 'rejected'],
      ['apply', rejected, 'rejected'],
    ];
    for (const [action, id, status] of illegal) {
      const before = await detail(id);
      const response = await act(platform, action, { id, reason: 'no' });
      expect(response.statusCode, `${action} ${status}`).toBe(400);
      expect(response.json().msg).toBe(`this cannot be done while the application is ${status}`);
      expect(await detail(id), `${action} ${status}`).toEqual(before);
    }
    expect((await act(platform, 'approve', { id: draft }, 'zh-CN')).json().msg).toBe(
      '当前状态（草稿）不能执行该操作',
    );
    for (const id of [submitted, approved]) {
      const edit = await submit(platform, valid({ id, name: 'Changed' }));
      expect(edit.statusCode).toBe(400);
      expect(edit.json().msg).toMatch(/^only a draft or a rejected application can be changed/);
    }
    const noReason = await act(platform, 'reject', { id: submitted, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().data.errors).toEqual({ reason: 'enter the reason for the rejection' });
    expect((await act(platform, 'approve', { id: '123456789' })).statusCode).toBe(404);
    expect(await indexed(approved)).toHaveLength(1);
    expect(await indexed(rejected)).toEqual([]);
  });

  it('lets one of two approvers at once through; the other is refused, and one approval is recorded', async () => {
    const id = await application('submitted');
    const answers = await Promise.all([
      act(platform, 'approve', { id }),
      act(platform, 'reject', { id, reason: 'late' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const steps = (await detail(id)).history.filter((step) => step.fromStatus === 'submitted');
    expect(steps).toHaveLength(1);
  });

  it('keeps the rejection reason, and an edit of a rejected application makes it a draft to apply for again', async () => {
    const id = await application('rejected');
    expect(await detail(id)).toMatchObject({ approvalStatus: 'rejected', reason: 'too close to the school' });
    const edited = await ok<Row>(await submit(platform, valid({ id, ceiling: 80 })));
    expect(edited).toMatchObject({ approvalStatus: 'draft', reason: null, ceiling: 80 });
    await ok(await act(platform, 'apply', { id }));
    await ok(await act(platform, 'approve', { id }));
    const read = await detail(id);
    expect(
      read.history.map(
        (step) => `${step.fromStatus}→${step.toStatus}${step.reason ? ` (${step.reason})` : ''}`,
      ),
    ).toEqual([
      'null→draft',
      'draft→submitted',
      'submitted→rejected (too close to the school)',
      'rejected→draft',
      'draft→submitted',
      'submitted→approved',
    ]);
    expect((await indexed(id))[0]).toMatchObject({ ceiling: 80 });
  });

  it('shows who made the last status change and when, the approval files with their links, and filters by window', async () => {
    const id = await application('submitted', {
      name: 'Window probe',
      startTime: at(10 * DAY),
      endTime: at(12 * DAY),
    });
    const row = (await ok<Row[]>(await as(app, platform).get(`${BASE}/list?name=Window probe`)))[0]!;
    expect(row).toMatchObject({ approvalStatus: 'submitted', statusUserName: expect.stringMatching(/\S/) });
    expect(row.statusTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row.attachFiles).toEqual([
      { id: file, name: 'approval.pdf', link: expect.stringMatching(/^\/files\//) },
    ]);
    const history = (await detail(id)).history;
    expect(row.statusTime).toBe(history.at(-1)!.time);

    const window = async (query: string) =>
      (
        await ok<{ records: Row[] }>(await as(app, platform).get(`${BASE}/page?current=1&size=200&${query}`))
      ).records.map((record) => record.id);
    const q = (start: number, end: number) =>
      `windowStart=${encodeURIComponent(at(start))}&windowEnd=${encodeURIComponent(at(end))}`;
    expect(await window(q(11 * DAY, 11 * DAY + HOUR))).toContain(id);
    expect(await window(q(9 * DAY, 10 * DAY + HOUR))).toContain(id);
    expect(await window(q(13 * DAY, 14 * DAY))).not.toContain(id);
    expect(await window(q(2 * DAY, 3 * DAY))).not.toContain(id);
    expect(await window(`windowStart=${encodeURIComponent(at(11 * DAY))}`)).toContain(id);
    expect(await window(`windowEnd=${encodeURIComponent(at(5 * DAY))}`)).not.toContain(id);
    const bad = await as(app, platform, 'en-US').get(`${BASE}/page?current=1&size=10&windowStart=soon`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.errors)).toEqual(['windowStart']);
  });

  it('lists the tenant’s aircraft for the dialog (not its other devices, not another tenant’s)', async () => {
    const other = await dataLink(app, platform);
    const theirDrone = await aircraft(app, theirs.token);
    const listed = await ok<Row[]>(await as(app, platform, 'en-US').get(`${BASE}/aircraft`));
    const ids = listed.map((row) => row.id);
    expect(listed.find((row) => row.id === drone.id)).toEqual({
      id: drone.id,
      name: `Drone ${drone.serialNumber}`,
      serialNumber: drone.serialNumber,
      model: expect.toBeOneOf([null, expect.any(String)]),
    });
    expect(ids).not.toContain(other.id);
    expect(ids).not.toContain(theirDrone.id);
  });

  it('lists the tenant’s registered takeoff/landing points for the dialog (not another tenant’s)', async () => {
    const theirPoint = await takeoffPoint(app, theirs.token, { name: 'Their pad' });
    const listed = await ok<Row[]>(await as(app, platform).get(`${BASE}/takeoffPoints`));
    expect(listed).toContainEqual({ id: point, name: 'North pad', longitude: 116.41, latitude: 39.91 });
    expect(listed.map((row) => row.id)).not.toContain(theirPoint.id);
  });

  it('refuses to apply for or approve a window that has ended', async () => {
    const id = await application('submitted');
    await app.database.db
      .update(airspace)
      .set({ endTime: new Date(Date.now() - HOUR) })
      .where(eq(airspace.id, id));
    const response = await act(platform, 'approve', { id });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual({ endTime: 'the end time has passed' });
  });

  it('reads an approved application past its end time as expired; the job stores it, records it and clears the index', async () => {
    expect(await app.platform.scheduler.schedules()).toContainEqual(
      expect.objectContaining({ name: 'gis.expireAirspaces', cron: AIRSPACE_EXPIRY_CRON }),
    );
    const id = await application('approved', { name: 'Past window' });
    const still = await application('approved', { name: 'Still open' });
    await app.database.db
      .update(airspace)
      .set({ startTime: new Date(Date.now() - 2 * DAY), endTime: new Date(Date.now() - 60_000) })
      .where(eq(airspace.id, id));
    expect((await detail(id)).approvalStatus).toBe('expired');
    const expiredList = await ok<Row[]>(await as(app, platform).get(`${BASE}/list?approvalStatus=expired`));
    expect(expiredList.map((row) => row.id)).toContain(id);
    const approvedList = await ok<Row[]>(await as(app, platform).get(`${BASE}/list?approvalStatus=approved`));
    expect(approvedList.map((row) => row.id)).not.toContain(id);
    expect(approvedList.map((row) => row.id)).toContain(still);
    // not editable and no transition out of it
    expect((await act(platform, 'approve', { id })).statusCode).toBe(400);
    expect((await submit(platform, valid({ id }))).statusCode).toBe(400);

    const job = await app.platform.scheduler.send('gis.expireAirspaces', {});
    await waitFor(
      'the expiry job to complete',
      async () => (await jobState(app.database, job!)) === 'completed',
    );
    const [stored] = await app.database.db.select().from(airspace).where(eq(airspace.id, id));
    expect(stored!.approvalStatus).toBe('expired');
    expect(await indexed(id)).toEqual([]);
    expect(await indexed(still)).toHaveLength(1);
    const last = (await detail(id)).history.at(-1);
    expect(last).toMatchObject({ fromStatus: 'approved', toStatus: 'expired', userId: null, userName: null });
    // idempotent: a second run changes nothing
    expect(await app.services.airspaces.expire(platformCtx(app.database.db, '000000'), new Date())).toBe(0);
    const steps = await app.database.db
      .select()
      .from(airspaceHistory)
      .where(eq(airspaceHistory.airspaceId, id));
    expect(steps.filter((step) => step.toStatus === 'expired')).toHaveLength(1);
  });

  it('getAirSpaceInfo answers the approved airspaces covering a geometry at a time and height, and whether it lies inside', async () => {
    const center = [117.5, 38.5];
    const id = await application('approved', {
      name: 'Info range',
      geometry: { type: 'Circle', center, radius: 1000 },
      startTime: at(-HOUR),
      endTime: at(DAY),
      ceiling: 120,
    });
    await application('submitted', {
      name: 'Not yet',
      geometry: { type: 'Circle', center, radius: 1000 },
      startTime: at(-HOUR),
    });
    const inside = { type: 'Point', coordinates: [117.501, 38.5] };
    const hits = await ok<Row[]>(await info(platform, { geometry: inside, height: 100 }));
    expect(hits).toEqual([
      expect.objectContaining({
        kind: 'airspace',
        effect: 'permit',
        refId: id,
        name: 'Info range',
        within: true,
        ceiling: 120,
        serialNumber: drone.serialNumber,
        model: 'Matrice 3TD',
        registrationNumber: 'UAS-0001234',
        taskNature: 2,
      }),
    ]);
    expect(await ok(await info(platform, { geometry: inside, height: 150 }))).toEqual([]);
    expect(await ok(await info(platform, { geometry: inside, time: at(2 * DAY) }))).toEqual([]);
    const crossing = {
      type: 'LineString',
      coordinates: [
        [117.5, 38.5],
        [117.6, 38.5],
      ],
    };
    expect(await ok(await info(platform, { geometry: crossing }))).toEqual([
      expect.objectContaining({ refId: id, within: false }),
    ]);
    const within = {
      type: 'Polygon',
      coordinates: [
        [
          [117.499, 38.499],
          [117.501, 38.499],
          [117.501, 38.501],
          [117.499, 38.501],
        ],
      ],
    };
    expect(await ok(await info(platform, { geometry: within }))).toEqual([
      expect.objectContaining({ refId: id, within: true }),
    ]);
    expect(await ok(await info(platform, { geometry: { type: 'Point', coordinates: [118, 38.5] } }))).toEqual(
      [],
    );
    for (const [payload, field] of [
      [{ geometry: { type: 'Point', coordinates: [190, 38] } }, 'geometry.coordinates'],
      [{ geometry: inside, time: 'now' }, 'time'],
      [{ geometry: inside, height: 'high' }, 'height'],
      [{}, 'geometry'],
    ] as const) {
      const response = await info(platform, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().data.errors), JSON.stringify(payload)).toEqual([field]);
    }
  });

  it('imports one range from a GeoJSON file as a draft, and refuses anything but exactly one with the spec message', async () => {
    const imported = async (content: unknown, filename?: string) =>
      as(app, platform, 'en-US').post(`${BASE}/importAirSpace`, await geoJsonFile(content, filename));
    const polygon = await imported({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'Imported field' }, geometry: square(116.2, 39.7, 0.02) },
      ],
    });
    expect(polygon.json()).toMatchObject({
      code: 200,
      data: { name: 'Imported field', approvalStatus: 'draft', shape: 'polygon', serialNumber: null },
    });
    const circle = await imported(
      {
        type: 'Feature',
        properties: { radius: 800 },
        geometry: { type: 'Point', coordinates: [116.3, 39.8] },
      },
      'river bend.json',
    );
    expect(circle.json().data).toMatchObject({
      name: 'river bend',
      geometry: { type: 'Circle', center: [116.3, 39.8], radius: 800 },
    });
    const bare = await imported(square(116.25, 39.75, 0.01), 'bare.geojson');
    expect(bare.json().data.name).toBe('bare');
    // an imported draft must be completed before it is applied for
    const incomplete = await act(platform, 'apply', { id: polygon.json().data.id });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().data.errors).toEqual({
      serialNumber: 'complete the application first: serialNumber',
    });

    const before = await app.database.db.select().from(airspace);
    const ONE = 'Airspace import may contain only one airspace range';
    const feature = (geometry: unknown) => ({ type: 'Feature', properties: {}, geometry });
    // a file with no shape at all says so (the exchange's reader), before counting ranges
    const empty = await imported({ type: 'FeatureCollection', features: [] });
    expect(empty.json().data.errors).toEqual({ file: 'the file holds no shapes' });
    for (const content of [
      {
        type: 'FeatureCollection',
        features: [feature(square(116, 39, 0.01)), feature(square(116.1, 39, 0.01))],
      },
      {
        type: 'FeatureCollection',
        features: [
          feature(square(116, 39, 0.01)),
          feature({
            type: 'LineString',
            coordinates: [
              [116, 39],
              [116.1, 39],
            ],
          }),
        ],
      },
      feature({
        type: 'MultiPolygon',
        coordinates: [square(116, 39, 0.01).coordinates, square(116.1, 39, 0.01).coordinates],
      }),
      feature({
        type: 'LineString',
        coordinates: [
          [116, 39],
          [116.1, 39],
        ],
      }),
      feature({ type: 'Point', coordinates: [116, 39] }),
    ]) {
      const response = await imported(content);
      expect(response.statusCode, JSON.stringify(content)).toBe(400);
      expect(response.json().data.errors, JSON.stringify(content)).toEqual({ file: ONE });
    }
    const zh = await as(app, platform, 'zh-CN').post(
      `${BASE}/importAirSpace`,
      await geoJsonFile({
        type: 'FeatureCollection',
        features: [feature(square(116, 39, 0.01)), feature(square(116.1, 39, 0.01))],
      }),
    );
    expect(zh.json().data.errors).toEqual({ file: '空域导入只能包含一个空域范围' });
    // what the file reader (modules/gis/exchange) refuses, with its messages
    const refusals: Array<[unknown, string | undefined, RegExp]> = [
      ['{"type": ', undefined, /GeoJSON/],
      [{ type: 'Topology' }, undefined, /GeoJSON|no shapes/],
      [square(116, 39, 0.01), 'range.kml', /KML/],
      [square(116, 39, 0.01), 'range.txt', /only .* files can be imported/],
      [
        feature({
          type: 'Polygon',
          coordinates: [
            [
              [116, 39],
              [116.1, 39],
              [116, 39],
            ],
          ],
        }),
        undefined,
        /a polygon keeps at least 3 nodes/,
      ],
      [
        { type: 'Feature', properties: { radius: 2 }, geometry: { type: 'Point', coordinates: [116, 39] } },
        undefined,
        /radius cannot be less than 5/,
      ],
    ];
    for (const [content, filename, message] of refusals) {
      const response = await imported(content, filename);
      expect(response.statusCode, String(message)).toBe(400);
      const errors = response.json().data.errors as Record<string, string>;
      expect(Object.keys(errors), String(message)).toEqual(['file']);
      expect(errors.file, String(message)).toMatch(message);
    }
    const none = await as(app, platform, 'en-US').post(`${BASE}/importAirSpace`, { payload: {} });
    expect(none.statusCode).toBe(400);
    expect(await app.database.db.select().from(airspace)).toHaveLength(before.length);
  });

  it('another tenant can neither read, change, move nor remove an application, nor name the tenant’s rows in its own', async () => {
    const id = await application('approved', {
      name: 'Platform only airspace',
      geometry: { type: 'Circle', center: [118.5, 37.5], radius: 1500 },
      startTime: at(-HOUR),
    });
    const draft = await application('draft', { name: 'Platform only draft' });
    const submitted = await application('submitted', { name: 'Platform only submitted' });
    const probe = { geometry: { type: 'Point', coordinates: [118.5, 37.5] } };
    await expectIsolated(mine, theirs, {
      read: `${BASE}/detail?id=${id}`,
      names: [id, 'Platform only airspace'],
      hidden: [
        `${BASE}/page`,
        `${BASE}/list`,
        { method: 'POST', url: `${BASE}/getAirSpaceInfo`, payload: probe },
      ],
      refused: [
        `${BASE}/detail?id=${id}`,
        {
          method: 'POST',
          url: `${BASE}/submit`,
          payload: valid({
            id: draft,
            aircraftId: null,
            serialNumber: 'B-1',
            uavAirportIds: '',
            attachIds: '',
          }),
        },
        { method: 'POST', url: `${BASE}/apply`, payload: { id: draft } },
        { method: 'POST', url: `${BASE}/approve`, payload: { id: submitted } },
        { method: 'POST', url: `${BASE}/reject`, payload: { id: submitted, reason: 'mine' } },
        { method: 'POST', url: `${BASE}/remove?ids=${id}` },
        // the tenant's aircraft, takeoff/landing point and approval file named in B's own application
        { method: 'POST', url: `${BASE}/submit`, payload: valid(), status: 400, field: 'aircraftId' },
        {
          method: 'POST',
          url: `${BASE}/submit`,
          payload: valid({ aircraftId: null, serialNumber: 'B-2', attachIds: '' }),
          status: 400,
          errors: { uavAirportIds: 'choose takeoff/landing points of this tenant' },
        },
        {
          method: 'POST',
          url: `${BASE}/submit`,
          payload: valid({ aircraftId: null, serialNumber: 'B-3', uavAirportIds: '' }),
          status: 400,
          errors: { attachIds: 'choose approval files uploaded in this tenant' },
        },
      ],
    });
    expect((await detail(draft)).approvalStatus).toBe('draft');
    expect((await detail(submitted)).approvalStatus).toBe('submitted');
    const own = await ok<Row>(
      await theirs.send(
        'POST',
        `${BASE}/submit`,
        valid({ aircraftId: null, serialNumber: 'B-4', uavAirportIds: '', attachIds: '' }),
      ),
    );
    expect(own.tenantId).toBe(B);
  });

  it('refuses approval without the airspace_approve button, and each route without its code', async () => {
    const id = await application('submitted');
    const applicant = await signInWithGrants(app, '000000', 'airspace-applicant', [
      'airspace',
      'airspace_add',
      'airspace_edit',
    ]);
    expect((await as(app, applicant).get(`${BASE}/page`)).statusCode).toBe(200);
    expect((await act(applicant, 'approve', { id })).statusCode).toBe(403);
    expect((await act(applicant, 'reject', { id, reason: 'x' })).statusCode).toBe(403);
    const draft = (await ok<{ id: string }>(await submit(applicant, valid()))).id;
    expect((await act(applicant, 'apply', { id: draft })).statusCode).toBe(200);
    const upload = await as(app, applicant).post(
      `${BASE}/importAirSpace`,
      await geoJsonFile(square(116, 39, 0.01)),
    );
    expect(upload.statusCode).toBe(403);
    const approver = await signInWithGrants(app, '000000', 'airspace-approver', [
      'airspace',
      'airspace_approve',
    ]);
    expect((await act(approver, 'approve', { id })).statusCode).toBe(200);
    expect((await submit(approver, valid())).statusCode).toBe(403);
    const stranger = await signInWithGrants(app, '000000', 'airspace-stranger', ['basestation']);
    for (const response of [
      await as(app, stranger).get(`${BASE}/page`),
      await as(app, stranger).get(`${BASE}/list`),
      await info(stranger, { geometry: { type: 'Point', coordinates: [116, 39] } }),
    ]) {
      expect(response.statusCode).toBe(403);
    }
  });
});
