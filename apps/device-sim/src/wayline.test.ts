import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deviceCodeInfo, localPlane, planDesign, RouteDesign, waylineFileOf } from '@aos/contract';
import { writeKmz } from '@aos/wpml';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIM_RESULT, WAYLINE_RESULT } from './codes.js';
import { waylinePoints, waylineTasks } from './dock-wayline.js';
import { SimFleet } from './fleet.js';
import { TestCloud } from './test-support/cloud.js';

/**
 * Wayline flight tasks over a real planned route: the route is planned with the contract's planner, written
 * as a KMZ by `@aos/wpml` (as the server writes it), served by a local HTTP server, and flown by a simulated
 * dock a hundred times faster than real time.
 */
const home = { latitude: 22.54, longitude: 113.95 };
const DOCK_HEIGHT = 20;
const plane = localPlane([home.longitude, home.latitude]);

/** Six waypoints some 250 m apart (about 1.3 km), each photographed, a hover, a recording, heights 40–90 m. */
function plannedRoute() {
  const waypoints = Array.from({ length: 6 }, (_, i) => {
    const actions: unknown[] = [{ type: 'gimbalRotate', pitchDeg: -30 - i * 10 }, { type: 'takePhoto' }];
    if (i === 2) actions.push({ type: 'hover', hoverTimeS: 5 });
    if (i === 1) actions.unshift({ type: 'startRecord' });
    if (i === 4) actions.push({ type: 'stopRecord' });
    if (i === 3) actions.push({ type: 'takePhoto' });
    return {
      position: plane.toLonLat([100 + i * 250, 60 * Math.sin(i)]),
      heightM: 40 + i * 10,
      speedMS: 8 + (i % 3),
      // from waypoint 3 on, a fixed heading of 45° (the route itself runs east)
      ...(i === 3 ? { headingMode: 'fixed', headingDeg: 45 } : {}),
      actions,
    };
  });
  const design = RouteDesign.parse({
    kind: 'waypoint',
    params: { defaults: { heightM: 60, speedMS: 10 }, waypoints },
  });
  const planned = planDesign(design);
  if (!planned.ok) throw new Error(`planning refused: ${planned.error.key}`);
  const file = waylineFileOf(design, planned.plan, {
    aircraftModelId: 'dji-m3td',
    now: 1_764_000_000_000,
    author: 'test',
  });
  return { file, photos: planned.plan.figures.photoCount };
}

const route = plannedRoute();
const kmz = writeKmz(route.file);

/** An oblique mapping route over a 160 m square near the dock: five waylines (nadir, four oblique passes). */
function obliqueRoute() {
  const ring = [
    [150, 150],
    [310, 150],
    [310, 310],
    [150, 310],
    [150, 150],
  ].map(([x, y]) => plane.toLonLat([x!, y!]));
  const design = RouteDesign.parse({
    kind: 'oblique',
    params: {
      polygon: { type: 'Polygon', coordinates: [ring] },
      cameraId: 'm3e-wide',
      heightM: 60,
      obliquePitchDeg: -45,
    },
  });
  const planned = planDesign(design);
  if (!planned.ok) throw new Error(`planning refused: ${planned.error.key}`);
  return waylineFileOf(design, planned.plan, { aircraftModelId: 'dji-m3e', now: 1, author: 'test' });
}
const oblique = obliqueRoute();
const obliqueKmz = writeKmz(oblique);

let cloud: TestCloud;
let http: Server;
let base = '';
/** what the HTTP server answers for each path: bytes, or a status */
const served = new Map<string, Buffer | number>();
let fleet: SimFleet | null = null;
let run = 0;

beforeAll(async () => {
  cloud = await TestCloud.start();
  http = createServer((request, response) => {
    const body = served.get(request.url ?? '');
    if (body === undefined || typeof body === 'number') {
      response.writeHead(body ?? 404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/vnd.google-earth.kmz' }).end(body);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  served.set('/route.kmz', kmz.data);
  served.set('/oblique.kmz', obliqueKmz.data);
});
afterEach(async () => {
  await fleet?.stop();
  fleet = null;
});
afterAll(async () => {
  await cloud.close();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});

async function startDock(batteryPercent = 95) {
  run += 1;
  const dockSn = `W-DOCK-${run}`;
  fleet = new SimFleet({
    url: cloud.url,
    timeScale: 0.01,
    osdIntervalMs: 80,
    seed: 7,
    docks: [
      {
        dock: { sn: dockSn, username: 'dock', password: 'secret' },
        drone: { sn: `W-UAV-${run}`, username: 'drone', password: 'secret' },
        ...home,
        height: DOCK_HEIGHT,
        batteryPercent,
      },
    ],
  });
  await fleet.start();
  const dock = fleet.dock(dockSn);
  // calm weather unless a test asks otherwise
  dock.weather.forcedWind = 3;
  return { dockSn, dock };
}

const prepareData = (flightId: string, extra: Record<string, unknown> = {}) => ({
  flight_id: flightId,
  execute_time: Date.now(),
  task_type: 0,
  wayline_type: 0,
  file: { url: `${base}/route.kmz`, fingerprint: kmz.fingerprint },
  rth_altitude: 80,
  out_of_control_action: 0,
  exit_wayline_when_rc_lost: 0,
  ...extra,
});

interface Progress {
  /** when the dock sent it (its `timestamp`), ms */
  at: number;
  status: string;
  result: number;
  percent: number;
  ext: {
    current_waypoint_index: number;
    media_count: number;
    flight_id: string;
    track_id: string;
    wayline_mission_state: number;
    break_point?: { index: number; state: number; progress: number; wayline_id: number };
    wayline_id: number;
  };
  needReply: boolean;
}

function progressOf(bid: string): Progress[] {
  return cloud.received
    .filter((e) => e.kind === 'events' && e.message.method === 'flighttask_progress' && e.message.bid === bid)
    .map((e) => {
      const output = e.data.output as { status: string; progress: { percent: number }; ext: Progress['ext'] };
      return {
        at: e.message.timestamp,
        status: output.status,
        result: e.data.result as number,
        percent: output.progress.percent,
        ext: output.ext,
        needReply: e.message.need_reply === 1,
      };
    });
}

async function prepareAndExecute(dockSn: string, flightId: string, extra: Record<string, unknown> = {}) {
  const prepared = await cloud.call(dockSn, 'flighttask_prepare', prepareData(flightId, extra));
  expect(prepared.result).toBe(0);
  const executed = await cloud.call(dockSn, 'flighttask_execute', { flight_id: flightId });
  expect(executed.result).toBe(0);
  return executed.bid;
}

const nonDecreasing = (values: number[]) => values.every((value, i) => i === 0 || value >= values[i - 1]!);

describe('wayline flight tasks', () => {
  it('flies a planned route: every waypoint at its height, photos counted, progress to ok, home with the hatch closed', async () => {
    const { dockSn, dock } = await startDock();
    const flightId = randomUUID();
    const bid = await prepareAndExecute(dockSn, flightId);
    expect(await cloud.jobEnd('flighttask_progress', bid, 20_000)).toBe('ok');

    const events = progressOf(bid);
    const final = events.at(-1)!;
    expect(final).toMatchObject({ status: 'ok', result: 0, percent: 100, needReply: true });
    expect(final.ext.flight_id).toBe(flightId);
    expect(final.ext.track_id).not.toBe('');
    // progress: in order, waypoint after waypoint, percent rising to 100
    const flying = events.filter((e) => e.status === 'in_progress');
    expect(flying.length).toBeGreaterThan(6);
    expect(events.every((e) => e.needReply)).toBe(true);
    expect(nonDecreasing(flying.map((e) => e.percent))).toBe(true);
    expect(nonDecreasing(flying.map((e) => e.ext.current_waypoint_index))).toBe(true);
    expect(new Set(flying.map((e) => e.ext.current_waypoint_index))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    expect(flying.some((e) => e.ext.wayline_mission_state === 6)).toBe(true);
    // the route's photos, and the one recording
    expect(route.photos).toBe(7);
    expect(final.ext.media_count).toBe(route.photos + 1);

    // each waypoint flown at the file's height (relative to take-off), gimbal pitch as its action set it
    const flown = waylineTasks(dock).finished.at(-1)!.flown;
    const placemarks = route.file.waylines[0]!.placemarks;
    expect(flown.map((p) => p.index)).toEqual(placemarks.map((p) => p.index));
    flown.forEach((point, i) => {
      expect(point.elevation).toBeCloseTo(placemarks[i]!.executeHeight, 0);
      expect(point.height).toBeCloseTo(DOCK_HEIGHT + placemarks[i]!.executeHeight, 0);
      expect(point.gimbalPitch).toBe(-30 - i * 10);
      expect(point.speed).toBe(placemarks[i]!.waypointSpeed);
    });

    await vi.waitFor(
      () => expect(cloud.osd(dockSn)).toMatchObject({ cover_state: 0, mode_code: 0, drone_in_dock: 1 }),
      {
        timeout: 5_000,
      },
    );
  });

  it("reads heights in the file's height mode and headings as written", async () => {
    const { dock } = await startDock();
    const design = RouteDesign.parse({
      kind: 'waypoint',
      params: {
        heightMode: 'WGS84',
        defaults: { heightM: 120, speedMS: 10 },
        waypoints: [
          { position: plane.toLonLat([100, 0]), headingMode: 'fixed', headingDeg: 45 },
          { position: plane.toLonLat([300, 0]), actions: [{ type: 'rotateYaw', headingDeg: -90 }] },
          { position: plane.toLonLat([500, 0]), heightM: 150 },
        ],
      },
    });
    const planned = planDesign(design);
    if (!planned.ok) throw new Error('planning refused');
    const file = waylineFileOf(design, planned.plan, { aircraftModelId: 'dji-m3td', now: 1, author: 'test' });
    const points = waylinePoints(dock, file, file.waylines[0]!);
    // ellipsoid heights less the dock's own
    expect(points.map((p) => p.target.elevation)).toEqual([100, 100, 130]);
    expect(points.map((p) => p.heading)).toEqual([45, 270, undefined]);
  });

  it('comes home when asked during a wayline: partly done, with its break point', async () => {
    const { dockSn } = await startDock();
    const bid = await prepareAndExecute(dockSn, randomUUID());
    await vi.waitFor(
      () => expect(progressOf(bid).some((e) => e.ext.current_waypoint_index === 1)).toBe(true),
      { timeout: 10_000, interval: 5 },
    );
    expect((await cloud.call(dockSn, 'return_home')).result).toBe(0);
    expect(await cloud.jobEnd('flighttask_progress', bid, 20_000)).toBe('partially_done');
    const final = progressOf(bid).at(-1)!;
    expect(final.result).toBe(0);
    expect(final.ext.break_point).toMatchObject({ wayline_id: route.file.waylines[0]!.waylineId });
    expect(final.ext.break_point!.index).toBeGreaterThanOrEqual(1);
  });

  it('refuses a prepare without URL or fingerprint, with a wrong fingerprint, or an unreadable file', async () => {
    const { dockSn, dock } = await startDock();
    const call = (extra: Record<string, unknown>) =>
      cloud.call(dockSn, 'flighttask_prepare', prepareData(randomUUID(), extra)).then((r) => r.result);
    expect(await call({ file: { url: '', fingerprint: kmz.fingerprint } })).toBe(WAYLINE_RESULT.URL_EMPTY);
    expect(await call({ file: { url: `${base}/route.kmz` } })).toBe(WAYLINE_RESULT.MD5_EMPTY);
    expect(await call({ file: { url: `${base}/route.kmz`, fingerprint: 'a'.repeat(32) } })).toBe(
      WAYLINE_RESULT.MD5_CHECK_FAILED,
    );
    const junk = Buffer.from('not a kmz at all');
    served.set('/junk.kmz', junk);
    const junkMd5 = createHash('md5').update(junk).digest('hex');
    expect(await call({ file: { url: `${base}/junk.kmz`, fingerprint: junkMd5 } })).toBe(
      WAYLINE_RESULT.FILE_PARSE_FAILED,
    );
    served.set('/broken.kmz', 500);
    expect(await call({ file: { url: `${base}/broken.kmz`, fingerprint: kmz.fingerprint } })).toBe(
      SIM_RESULT.WAYLINE_DOWNLOAD_FAILED,
    );
    expect(waylineTasks(dock).prepared.size).toBe(0);
    // the refusal fault answers the prepare with the code asked for
    dock.fault('refuse_prepare', { code: 319999 });
    expect(await call({})).toBe(319999);
    dock.clearFault('refuse_prepare');
    expect(await call({})).toBe(0);
  });

  it('refuses in strong wind, heavy rain, low battery, short storage and remote debug', async () => {
    const { dockSn, dock } = await startDock();
    const call = (extra: Record<string, unknown> = {}) =>
      cloud.call(dockSn, 'flighttask_prepare', prepareData(randomUUID(), extra)).then((r) => r.result);
    dock.fault('high_wind', { windSpeed: 13 });
    expect(await call()).toBe(SIM_RESULT.WIND_TOO_STRONG);
    dock.fault('high_wind', { windSpeed: 11 });
    dock.fault('heavy_rain');
    expect(await call()).toBe(SIM_RESULT.HEAVY_RAIN);
    dock.clearFault('heavy_rain');
    expect(await call({ ready_conditions: { battery_capacity: 99, begin_time: 0, end_time: 0 } })).toBe(
      SIM_RESULT.LOW_BATTERY,
    );
    expect(await call({ executable_conditions: { storage_capacity: 10_000_000 } })).toBe(
      SIM_RESULT.STORAGE_LOW,
    );
    expect((await cloud.call(dockSn, 'debug_mode_open')).result).toBe(0);
    await vi.waitFor(() => expect(dock.state.mode).toBe(2), { timeout: 5_000 });
    expect(await call()).toBe(SIM_RESULT.DEBUG_MODE_ACTIVE);
  });

  it('undoes a prepared task: it can no longer be executed', async () => {
    const { dockSn, dock } = await startDock();
    const flightId = randomUUID();
    expect((await cloud.call(dockSn, 'flighttask_prepare', prepareData(flightId))).result).toBe(0);
    expect(waylineTasks(dock).prepared.has(flightId)).toBe(true);
    expect((await cloud.call(dockSn, 'flighttask_undo', { flight_ids: [flightId] })).result).toBe(0);
    expect((await cloud.call(dockSn, 'flighttask_execute', { flight_id: flightId })).result).toBe(
      WAYLINE_RESULT.TASK_ID_INVALID,
    );
  });

  it('pauses and resumes a running wayline, then finishes it', async () => {
    const { dockSn } = await startDock();
    const bid = await prepareAndExecute(dockSn, randomUUID());
    await vi.waitFor(
      () => expect(progressOf(bid).some((e) => e.ext.current_waypoint_index === 1)).toBe(true),
      { timeout: 10_000, interval: 5 },
    );
    expect((await cloud.call(dockSn, 'flighttask_pause')).result).toBe(0);
    const paused = progressOf(bid).find((e) => e.status === 'paused');
    expect(paused?.ext.wayline_mission_state).toBe(7);
    // hovering while paused
    await vi.waitFor(() => expect(cloud.osd(`W-UAV-${run}`)?.horizontal_speed).toBe(0));
    expect((await cloud.call(dockSn, 'flighttask_recovery')).result).toBe(0);
    expect(await cloud.jobEnd('flighttask_progress', bid, 20_000)).toBe('ok');
    const after = progressOf(bid);
    const pausedAt = after.findIndex((e) => e.status === 'paused');
    expect(after.slice(pausedAt + 1).some((e) => e.status === 'in_progress')).toBe(true);
  });

  it('comes home on low battery, partly done with a break point, and resumes from it after charging', async () => {
    const { dockSn, dock } = await startDock();
    dock.fault('low_battery', { battery: 27 });
    const flightId = randomUUID();
    const bid = await prepareAndExecute(dockSn, flightId);
    expect(await cloud.jobEnd('flighttask_progress', bid, 20_000)).toBe('partially_done');
    const final = progressOf(bid).at(-1)!;
    expect(final.result).toBe(WAYLINE_RESULT.LOW_BATTERY_RETURN);
    const breakPoint = final.ext.break_point!;
    expect(breakPoint).toBeDefined();
    expect(breakPoint.wayline_id).toBe(route.file.waylines[0]!.waylineId);
    expect(breakPoint.index).toBeLessThan(5);
    const first = waylineTasks(dock)
      .finished.at(-1)!
      .flown.map((p) => p.index);
    expect(first.length).toBeLessThan(6);

    // charging in the dock, then a new prepare with the break point flies the rest
    await vi.waitFor(() => expect(dock.drone!.battery).toBeGreaterThan(40), {
      timeout: 15_000,
      interval: 50,
    });
    const resumed = await prepareAndExecute(dockSn, randomUUID(), { break_point: breakPoint });
    expect(await cloud.jobEnd('flighttask_progress', resumed, 20_000)).toBe('ok');
    const second = waylineTasks(dock)
      .finished.at(-1)!
      .flown.map((p) => p.index);
    expect(second.at(-1)).toBe(5);
    expect(second[0]).toBeGreaterThan(breakPoint.index - (breakPoint.state === 1 ? 0 : 1));
    expect(new Set([...first, ...second])).toEqual(new Set([0, 1, 2, 3, 4, 5]));
  });

  it('loses the link mid-flight: the flight goes on and its progress arrives after the reconnection', async () => {
    const { dockSn, dock } = await startDock();
    dock.fault('link_lost', { atWaypoint: 2, forMs: 400 });
    const bid = await prepareAndExecute(dockSn, randomUUID());
    await vi.waitFor(() => expect(dock.faults.offline).toBe(true), { timeout: 10_000, interval: 5 });
    const during = progressOf(bid).length;
    await vi.waitFor(() => expect(dock.faults.offline).toBe(false), { timeout: 5_000, interval: 5 });
    expect(await cloud.jobEnd('flighttask_progress', bid, 20_000)).toBe('ok');
    const events = progressOf(bid);
    expect(events.length).toBeGreaterThan(during);
    // the waypoints flown while offline were reported after the reconnection, in order
    expect(new Set(events.map((e) => e.ext.current_waypoint_index))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
  });

  it('fails at a waypoint with the code asked for, and comes home', async () => {
    const { dockSn, dock } = await startDock();
    dock.fault('fail_midroute', { atWaypoint: 3, code: 321513 });
    const bid = await prepareAndExecute(dockSn, randomUUID());
    expect(await cloud.jobEnd('flighttask_progress', bid, 20_000)).toBe('failed');
    expect(progressOf(bid).at(-1)!.result).toBe(321513);
    expect(waylineTasks(dock).finished.at(-1)!.flown.at(-1)!.index).toBe(3);
    expect(dock.drone!.inDock).toBe(true);
  });

  it('asks for the file again with flighttask_resource_get when its link expired', async () => {
    const { dockSn } = await startDock();
    served.set('/expired.kmz', 403);
    served.set('/fresh.kmz', kmz.data);
    cloud.answerRequests('flighttask_resource_get', () => ({
      result: 0,
      output: { file: { url: `${base}/fresh.kmz`, fingerprint: kmz.fingerprint } },
    }));
    const flightId = randomUUID();
    const prepared = await cloud.call(
      dockSn,
      'flighttask_prepare',
      prepareData(flightId, { file: { url: `${base}/expired.kmz`, fingerprint: kmz.fingerprint } }),
    );
    expect(prepared.result).toBe(0);
    const request = await cloud.waitFor(
      (e) => e.sn === dockSn && e.kind === 'requests' && e.message.method === 'flighttask_resource_get',
    );
    expect(request.data).toEqual({ flight_id: flightId });
  });
});

describe('whole files and their execute time', () => {
  it('flies every wayline of an oblique route in order, progress counting waypoints over all of them', async () => {
    const { dockSn, dock } = await startDock();
    const waylines = oblique.waylines;
    expect(waylines).toHaveLength(5);
    const total = waylines.reduce((sum, w) => sum + w.placemarks.length, 0);
    const flightId = randomUUID();
    const bid = await prepareAndExecute(dockSn, flightId, {
      wayline_type: 2,
      file: { url: `${base}/oblique.kmz`, fingerprint: obliqueKmz.fingerprint },
    });
    expect(await cloud.jobEnd('flighttask_progress', bid, 60_000)).toBe('ok');

    // every waypoint of every wayline, wayline after wayline, each at its own height
    const flown = waylineTasks(dock).finished.at(-1)!.flown;
    expect(flown.map((p) => `${p.waylineId}:${p.index}`)).toEqual(
      waylines.flatMap((w) => w.placemarks.map((p) => `${w.waylineId}:${p.index}`)),
    );
    const heights = waylines.flatMap((w) => w.placemarks.map((p) => p.executeHeight));
    flown.forEach((point, i) => expect(point.elevation).toBeCloseTo(heights[i]!, 0));

    const flying = progressOf(bid).filter((e) => e.status === 'in_progress');
    // the wayline flown, in DJI's ext.wayline_id, through all five in order
    const ids = flying.map((e) => e.ext.wayline_id);
    expect(nonDecreasing(ids)).toBe(true);
    expect([...new Set(ids)]).toEqual(waylines.map((w) => w.waylineId));
    // the percent over all waypoints: rising, and when the first wayline ends it stands at its share of the total
    expect(nonDecreasing(flying.map((e) => e.percent))).toBe(true);
    const firstCount = waylines[0]!.placemarks.length;
    const endOfFirst = flying.find(
      (e) => e.ext.wayline_id === waylines[0]!.waylineId && e.ext.current_waypoint_index === firstCount - 1,
    );
    expect(endOfFirst?.percent).toBe(Math.floor((firstCount * 100) / total));
    const intoSecond = flying.find((e) => e.ext.wayline_id === waylines[1]!.waylineId);
    expect(intoSecond!.percent).toBeGreaterThanOrEqual(endOfFirst!.percent);
    expect(intoSecond!.percent).toBeLessThan(100);
    expect(progressOf(bid).at(-1)).toMatchObject({ status: 'ok', percent: 100 });
  });

  it('resumes an oblique route from a break point on a later wayline', async () => {
    const { dockSn, dock } = await startDock();
    const waylines = oblique.waylines;
    const third = waylines[2]!;
    const breakPoint = { index: 1, state: 1, progress: 0, wayline_id: third.waylineId };
    const bid = await prepareAndExecute(dockSn, randomUUID(), {
      wayline_type: 2,
      file: { url: `${base}/oblique.kmz`, fingerprint: obliqueKmz.fingerprint },
      break_point: breakPoint,
    });
    expect(await cloud.jobEnd('flighttask_progress', bid, 60_000)).toBe('ok');
    const flown = waylineTasks(dock).finished.at(-1)!.flown;
    // from the point after the break point on, the first two waylines not flown again
    expect(flown[0]).toMatchObject({ waylineId: third.waylineId, index: 2 });
    expect(flown.at(-1)).toMatchObject({ waylineId: waylines[4]!.waylineId });
    expect(flown.some((p) => p.waylineId === waylines[0]!.waylineId)).toBe(false);
    // a break point on a wayline the file does not have is refused
    const refused = await cloud.call(
      dockSn,
      'flighttask_prepare',
      prepareData(randomUUID(), {
        file: { url: `${base}/oblique.kmz`, fingerprint: obliqueKmz.fingerprint },
        break_point: { index: 0, state: 1, progress: 0, wayline_id: 99 },
      }),
    );
    expect(refused.result).toBe(WAYLINE_RESULT.BREAKPOINT_INVALID);
  });

  it('prepared for a later time, takes off at that time and not at once', async () => {
    const { dockSn, dock } = await startDock();
    const executeTime = Date.now() + 1_500;
    const bid = await prepareAndExecute(dockSn, randomUUID(), { execute_time: executeTime, task_type: 1 });
    // accepted, but the hatch stays closed and the aircraft in the dock until the time
    expect(dock.drone!.inDock).toBe(true);
    expect(dock.state.cover).toBe(0);
    // meanwhile another task is refused: the dock has one
    const other = await cloud.call(dockSn, 'flighttask_prepare', prepareData(randomUUID()));
    expect(other.result).toBe(WAYLINE_RESULT.ANOTHER_TASK);
    expect(await cloud.jobEnd('flighttask_progress', bid, 30_000)).toBe('ok');
    const events = progressOf(bid);
    // the first event (the take-off sequence starting) came at the execute time, not before
    expect(events[0]!.at).toBeGreaterThanOrEqual(executeTime);
    expect(events.at(-1)).toMatchObject({ status: 'ok', percent: 100 });
  });

  it("the execute's own execute_time counts too", async () => {
    const { dockSn } = await startDock();
    const flightId = randomUUID();
    expect((await cloud.call(dockSn, 'flighttask_prepare', prepareData(flightId))).result).toBe(0);
    const executeTime = Date.now() + 1_000;
    const executed = await cloud.call(dockSn, 'flighttask_execute', {
      flight_id: flightId,
      execute_time: executeTime,
    });
    expect(executed.result).toBe(0);
    const first = await cloud.waitFor(
      (e) =>
        e.kind === 'events' && e.message.method === 'flighttask_progress' && e.message.bid === executed.bid,
      10_000,
    );
    expect(first.message.timestamp).toBeGreaterThanOrEqual(executeTime);
    expect(await cloud.jobEnd('flighttask_progress', executed.bid, 20_000)).toBe('ok');
  });

  it('a task waiting for its time is dropped by flighttask_undo; one the dock can no longer fly then fails', async () => {
    const { dockSn, dock } = await startDock();
    const flightId = randomUUID();
    const bid = await prepareAndExecute(dockSn, flightId, {
      execute_time: Date.now() + 60_000,
      task_type: 1,
    });
    expect((await cloud.call(dockSn, 'flighttask_undo', { flight_ids: [flightId] })).result).toBe(0);
    expect(await cloud.jobEnd('flighttask_progress', bid, 5_000)).toBe('canceled');
    expect(waylineTasks(dock).running).toBeNull();
    expect(dock.drone!.inDock).toBe(true);

    const later = await prepareAndExecute(dockSn, randomUUID(), {
      execute_time: Date.now() + 800,
      task_type: 1,
    });
    // the weather turns before the time: the dock refuses to take off then, with the code it would answer
    dock.fault('heavy_rain');
    expect(await cloud.jobEnd('flighttask_progress', later, 10_000)).toBe('failed');
    expect(progressOf(later).at(-1)!.result).toBe(SIM_RESULT.HEAVY_RAIN);
    expect(dock.state.cover).toBe(0);
    expect(waylineTasks(dock).running).toBeNull();
  });
});

describe('result codes', () => {
  it('are all in the contract catalogue, with a cause and a remedy', () => {
    const codes = [...Object.values(SIM_RESULT), ...Object.values(WAYLINE_RESULT)].filter(
      (code) => code !== 0,
    );
    expect(codes.filter((code) => !deviceCodeInfo(code).known)).toEqual([]);
  });
});
