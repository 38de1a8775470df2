import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localPlane, planDesign, RouteDesign, waylineFileOf } from '@aos/contract';
import { writeKmz } from '@aos/wpml';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { SimFleet } from '../fleet.js';
import { TestCloud } from './cloud.js';

/**
 * What the wayline tests share (wayline-flight, wayline-resume, wayline-timing): wayline flight tasks over a real planned route: the route is planned with the contract's planner, written
 * as a KMZ by `@aos/wpml` (as the server writes it), served by a local HTTP server, and flown by a simulated
 * dock a hundred times faster than real time.
 */
export const home = { latitude: 22.54, longitude: 113.95 };
export const DOCK_HEIGHT = 20;
export const plane = localPlane([home.longitude, home.latitude]);

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

export const route = plannedRoute();
export const kmz = writeKmz(route.file);

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
export const oblique = obliqueRoute();
export const obliqueKmz = writeKmz(oblique);

export let cloud: TestCloud;
let http: Server;
export let base = '';
/** what the HTTP server answers for each path: bytes, or a status */
export const served = new Map<string, Buffer | number>();
let fleet: SimFleet | null = null;
let run = 0;

/**
 * The stand every wayline test file flies on: the test cloud and the HTTP server that serves the KMZ files,
 * started once for the file; the simulated fleet stopped after each test.
 */
export function useWaylineStand() {
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
}

export async function startDock(batteryPercent = 95) {
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
  return { dockSn, droneSn: `W-UAV-${run}`, dock };
}

export const prepareData = (flightId: string, extra: Record<string, unknown> = {}) => ({
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

export interface Progress {
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

export function progressOf(bid: string): Progress[] {
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

export async function prepareAndExecute(
  dockSn: string,
  flightId: string,
  extra: Record<string, unknown> = {},
) {
  const prepared = await cloud.call(dockSn, 'flighttask_prepare', prepareData(flightId, extra));
  expect(prepared.result).toBe(0);
  const executed = await cloud.call(dockSn, 'flighttask_execute', { flight_id: flightId });
  expect(executed.result).toBe(0);
  return executed.bid;
}

export const nonDecreasing = (values: number[]) =>
  values.every((value, i) => i === 0 || value >= values[i - 1]!);
