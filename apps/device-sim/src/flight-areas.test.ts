import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AreaGeometry,
  FlightAreaFileSchema,
  flightAreaFileText,
  flightAreaId,
  type FlightAreaSource,
  HMS_CODES,
} from '@aos/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_RESULT } from './codes.js';
import { SimFleet } from './fleet.js';
import { areasOf, BOUNDARY_MARGIN_M, checkStep, isInside, type SimArea } from './flight-areas.js';
import { destination, distanceM, type GeoPoint } from './flight.js';
import { type Received, TestCloud } from './test-support/cloud.js';

/** Custom flight areas: the checks, a simulated flight that meets them, and the sync over MQTT and HTTP. */
const home = { latitude: 22.54, longitude: 113.95 };
const at = (bearing: number, meters: number, from: GeoPoint = home) => destination(from, bearing, meters);

/** A square of `side` metres whose west edge is `east` metres east of home, centred on home's latitude. */
function squareEastOf(east: number, side: number): AreaGeometry {
  const sw = at(180, side / 2, at(90, east));
  const nw = at(0, side, sw);
  const ne = at(90, side, nw);
  const se = at(180, side, ne);
  const ring = [sw, se, ne, nw, sw].map((point) => [point.longitude, point.latitude] as [number, number]);
  return { type: 'Polygon', coordinates: [ring] };
}
/** A square of `side` metres centred on home. */
function squareAround(side: number): AreaGeometry {
  const sw = at(225, (side / 2) * Math.SQRT2);
  const nw = at(0, side, sw);
  const ne = at(90, side, nw);
  const se = at(180, side, ne);
  const ring = [sw, se, ne, nw, sw].map((point) => [point.longitude, point.latitude] as [number, number]);
  return { type: 'Polygon', coordinates: [ring] };
}
const fileOf = (areas: FlightAreaSource[]) =>
  FlightAreaFileSchema.parse(JSON.parse(flightAreaFileText(areas)));
const simAreas = (areas: FlightAreaSource[]) => areasOf(fileOf(areas));
const air = (point: GeoPoint, elevation = 50) => ({ ...point, elevation });

describe('flight area checks', () => {
  const nofly = simAreas([{ kind: 'nofly', refId: '1001', geometry: squareEastOf(300, 200), enabled: true }]);

  it('stops a step that would enter a no-fly zone short of its boundary', () => {
    const block = checkStep(nofly, air(home), air(at(90, 800)));
    expect(block).not.toBeNull();
    expect(block!.area.id).toBe(flightAreaId('nofly', '1001'));
    expect(distanceM(home, block!.stop)).toBeCloseTo(300 - BOUNDARY_MARGIN_M, 0);
    expect(block!.distance).toBeCloseTo(BOUNDARY_MARGIN_M, 0);
    expect(isInside(block!.area, block!.stop)).toBe(false);
    expect(block!.stop.elevation).toBe(50);
    // A route beside it, a step that stays short of it, and a disabled zone do not stop the aircraft.
    expect(checkStep(nofly, air(home), air(at(0, 800)))).toBeNull();
    expect(checkStep(nofly, air(home), air(at(90, 200)))).toBeNull();
    const disabled = nofly.map((area): SimArea => ({ ...area, enabled: false }));
    expect(checkStep(disabled, air(home), air(at(90, 800)))).toBeNull();
  });

  it('stops before a circular no-fly zone, and does not trap an aircraft already inside one', () => {
    const circle = simAreas([
      {
        kind: 'nofly',
        refId: '1002',
        geometry: { type: 'Circle', center: [at(90, 500).longitude, at(90, 500).latitude], radius: 100 },
        enabled: true,
      },
    ]);
    const block = checkStep(circle, air(home), air(at(90, 1000)));
    expect(distanceM(home, block!.stop)).toBeCloseTo(400 - BOUNDARY_MARGIN_M, 0);
    const inside = air(at(90, 500));
    expect(checkStep(circle, inside, air(at(90, 700)))).toBeNull();
  });

  it('keeps the aircraft inside a fence it is in, and ignores a fence it is outside', () => {
    const fence = simAreas([{ kind: 'fence', refId: '1003', geometry: squareAround(400), enabled: true }]);
    const block = checkStep(fence, air(home), air(at(90, 600)));
    expect(block!.area.type).toBe('dfence');
    expect(isInside(block!.area, block!.stop)).toBe(true);
    expect(distanceM(home, block!.stop)).toBeCloseTo(200 - BOUNDARY_MARGIN_M, 0);
    expect(checkStep(fence, air(home), air(at(0, 150)))).toBeNull();
    const outside = air(at(90, 1000));
    expect(checkStep(fence, outside, air(at(90, 1200)))).toBeNull();
  });
});

// ------------------------------------------------------------------------------------------------ in flight

let cloud: TestCloud;
let fleet: SimFleet | null = null;
let files: Server;
let fileBody = '';
let run = 0;

beforeAll(async () => {
  cloud = await TestCloud.start();
  files = createServer((request, response) => {
    if (request.url === '/areas.json')
      response.writeHead(200, { 'content-type': 'application/json' }).end(fileBody);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
});
afterEach(async () => {
  await fleet?.stop();
  fleet = null;
});
afterAll(async () => {
  await cloud.close();
  await new Promise<void>((resolve) => files.close(() => resolve()));
});

async function startDock() {
  run += 1;
  const dockSn = `A-DOCK-${run}`;
  const droneSn = `A-UAV-${run}`;
  fleet = new SimFleet({
    url: cloud.url,
    apiUrl: `http://127.0.0.1:${(files.address() as AddressInfo).port}`,
    timeScale: 0.01,
    osdIntervalMs: 80,
    seed: 5,
    docks: [
      {
        dock: { sn: dockSn, username: 'dock', password: 'secret' },
        drone: { sn: droneSn, username: 'drone', password: 'secret' },
        ...home,
        batteryPercent: 95,
      },
    ],
  });
  await fleet.start();
  return { dockSn, droneSn, dock: fleet.dock(dockSn) };
}

const event = (sn: string, method: string) => (entry: Received) =>
  entry.sn === sn && entry.kind === 'events' && entry.message.method === method;

describe('a simulated flight meeting custom flight areas', () => {
  it('refuses to enter a no-fly zone on its route: stops 5 m before it, says so, and returns home', async () => {
    const { dockSn, droneSn, dock } = await startDock();
    dock.flightAreas.load(
      fileOf([{ kind: 'nofly', refId: '2001', geometry: squareEastOf(300, 200), enabled: true }]),
    );
    const zone = dock.flightAreas.areas[0]!;
    const from = cloud.received.length;
    const target = at(90, 800);
    const takeoff = await cloud.call(dockSn, 'takeoff_to_point', {
      target_latitude: target.latitude,
      target_longitude: target.longitude,
      target_height: 40,
      max_speed: 12,
    });
    expect(takeoff.result).toBe(0);
    expect(await cloud.jobEnd('takeoff_to_point_progress', takeoff.bid, 20_000)).toBe('failed');
    const final = cloud.received.find(
      (entry) =>
        entry.message.bid === takeoff.bid &&
        (entry.data.output as { status?: string } | undefined)?.status === 'failed',
    );
    expect(final?.data.result).toBe(SIM_RESULT.FLIGHT_AREA_BLOCKED);

    const location = await cloud.waitFor(event(dockSn, 'flight_areas_drone_location'));
    const [nearest] = location.data.drone_locations as Array<Record<string, unknown>>;
    expect(nearest).toMatchObject({ area_id: flightAreaId('nofly', '2001'), is_in_area: false });
    expect(nearest!.area_distance as number).toBeGreaterThan(BOUNDARY_MARGIN_M - 1);
    expect(nearest!.area_distance as number).toBeLessThan(BOUNDARY_MARGIN_M + 1);
    const hms = await cloud.waitFor(event(dockSn, 'hms'));
    expect(hms.data.list).toEqual([
      expect.objectContaining({ code: HMS_CODES.flightAreaNofly, level: 2, in_the_sky: 1 }),
    ]);

    // Home again (return home, mode 9), never having been inside the zone nor farther than its edge.
    const homing = await cloud.waitFor(
      (entry) =>
        cloud.received.indexOf(entry) >= from &&
        entry.sn === droneSn &&
        entry.kind === 'osd' &&
        entry.data.mode_code === 9,
    );
    await cloud.waitFor(
      (entry) =>
        cloud.received.indexOf(entry) > cloud.received.indexOf(homing) &&
        entry.sn === dockSn &&
        entry.kind === 'osd' &&
        entry.data.drone_in_dock === 1 &&
        entry.data.cover_state === 0,
      20_000,
    );
    const flown = cloud.received
      .slice(from)
      .filter((entry) => entry.sn === droneSn && entry.kind === 'osd')
      .map((entry) => entry.data as { latitude: number; longitude: number; mode_code: number });
    expect(flown.some((osd) => osd.mode_code === 9)).toBe(true);
    expect(flown.every((osd) => !isInside(zone, osd))).toBe(true);
    expect(Math.max(...flown.map((osd) => distanceM(home, osd)))).toBeLessThan(300 - BOUNDARY_MARGIN_M + 1);
    expect(Math.max(...flown.map((osd) => distanceM(home, osd)))).toBeGreaterThan(
      300 - BOUNDARY_MARGIN_M - 1,
    );
    expect(dock.drone!.inDock).toBe(true);
  });

  it('stays inside its fence', async () => {
    const { dockSn, dock } = await startDock();
    dock.flightAreas.load(
      fileOf([{ kind: 'fence', refId: '2002', geometry: squareAround(400), enabled: true }]),
    );
    const target = at(0, 700);
    const takeoff = await cloud.call(dockSn, 'takeoff_to_point', {
      target_latitude: target.latitude,
      target_longitude: target.longitude,
      target_height: 40,
      max_speed: 12,
    });
    expect(await cloud.jobEnd('takeoff_to_point_progress', takeoff.bid, 20_000)).toBe('failed');
    const fence = dock.flightAreas.areas[0]!;
    const location = await cloud.waitFor(event(dockSn, 'flight_areas_drone_location'));
    expect(location.data.drone_locations).toEqual([
      expect.objectContaining({ area_id: flightAreaId('fence', '2002'), is_in_area: true }),
    ]);
    expect(isInside(fence, dock.drone!.position)).toBe(true);
    const hms = await cloud.waitFor(event(dockSn, 'hms'));
    expect((hms.data.list as Array<{ code: string }>)[0]!.code).toBe(HMS_CODES.flightAreaFence);
  });
});

describe('flight area sync on the dock', () => {
  it('answers flight_areas_update by asking flight_areas_get, downloading and checking the file', async () => {
    fileBody = flightAreaFileText([
      { kind: 'nofly', refId: '3001', geometry: squareEastOf(300, 200), enabled: true },
    ]);
    let checksum = createHash('sha256').update(fileBody).digest('hex');
    cloud.answerRequests('flight_areas_get', () => ({
      result: 0,
      output: { files: [{ name: 'geofence_x.json', url: '/areas.json', checksum, size: fileBody.length }] },
    }));
    const { dockSn, dock } = await startDock();
    const from = cloud.received.length;
    expect((await cloud.call(dockSn, 'flight_areas_update')).result).toBe(0);
    const synced = await cloud.waitFor(
      (entry) =>
        cloud.received.indexOf(entry) >= from &&
        event(dockSn, 'flight_areas_sync_progress')(entry) &&
        entry.data.status !== 'synchronizing',
    );
    expect(synced.data).toEqual({
      status: 'synchronized',
      reason: 0,
      file: { name: 'geofence_x.json', checksum },
    });
    expect(synced.message.need_reply).toBe(1);
    const steps = cloud.received
      .slice(from)
      .filter(event(dockSn, 'flight_areas_sync_progress'))
      .map((entry) => entry.data.status);
    expect(steps).toEqual(['synchronizing', 'synchronized']);
    expect(dock.flightAreas.areas.map((area) => area.id)).toEqual([flightAreaId('nofly', '3001')]);

    // A file that does not match its checksum is refused (DJI reason 12) and the areas held stay.
    checksum = 'f'.repeat(64);
    const next = cloud.received.length;
    await cloud.call(dockSn, 'flight_areas_update');
    const refused = await cloud.waitFor(
      (entry) =>
        cloud.received.indexOf(entry) >= next &&
        event(dockSn, 'flight_areas_sync_progress')(entry) &&
        entry.data.status !== 'synchronizing',
    );
    expect(refused.data).toMatchObject({ status: 'fail', reason: 12 });
    expect(dock.flightAreas.areas).toHaveLength(1);
  });
});
