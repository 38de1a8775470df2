import { createHash, randomUUID } from 'node:crypto';
import { deviceCodeInfo, planDesign, RouteDesign, waylineFileOf } from '@aos/contract';
import { describe, expect, it, vi } from 'vitest';
import { SIM_RESULT, WAYLINE_RESULT } from './codes.js';
import { waylinePoints, waylineTasks } from './dock-wayline.js';
import {
  DOCK_HEIGHT,
  plane,
  route,
  kmz,
  oblique,
  obliqueKmz,
  cloud,
  base,
  served,
  startDock,
  prepareData,
  progressOf,
  prepareAndExecute,
  nonDecreasing,
  useWaylineStand,
} from './test-support/wayline.js';

/** Wayline flight tasks flown to the end, refused, undone or failed (the stand: test-support/wayline.ts). */

useWaylineStand();

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

describe('whole files', () => {
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
});

describe('result codes', () => {
  it('are all in the contract catalogue, with a cause and a remedy', () => {
    const codes = [...Object.values(SIM_RESULT), ...Object.values(WAYLINE_RESULT)].filter(
      (code) => code !== 0,
    );
    expect(codes.filter((code) => !deviceCodeInfo(code).known)).toEqual([]);
  });
});
