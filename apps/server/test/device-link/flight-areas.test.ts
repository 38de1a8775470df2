import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  type AreaGeometry,
  deviceTopic,
  FlightAreaFileSchema,
  flightAreaId,
  HMS_CODES,
  translate,
} from '@aos/contract';
import { destination, distanceM, isInside, SimFleet, type GeoPoint } from '@aos/device-sim';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { platformCtx } from '../../src/lib/context.js';
import { FlightAreaLinkSigner } from '../../src/modules/gis/flight-areas/flight-area-link.js';
import type { AreaEntry } from '../../src/modules/gis/spatial/spatial.service.js';
import {
  asDevice,
  connectDevice,
  type Credential,
  endDevices,
  envelope,
  LINK_ENV,
  nextMessage,
  publish,
  record,
  registerDock,
  registerDrone,
  type Row,
  send,
  topo,
} from '../device-helper.js';
import { createTenant, createTestApp, login } from '../helper.js';
import type { LinkApp } from './helper.js';

/**
 * Issue 15 "Docks know the zones": the tenant's no-fly zones and fences reach its docks as DJI docks receive
 * custom flight areas (flight_areas_update → flight_areas_get → the signed file → flight_areas_sync_progress),
 * and the simulator's drone stops before a no-fly zone put across its route.
 */

const B = '800151';
const home = { latitude: 30.6, longitude: 104.05 };
const at = (bearing: number, meters: number, from: GeoPoint = home) => destination(from, bearing, meters);

/** A square of `side` metres whose west edge is `east` metres east of `from`. */
function squareEastOf(east: number, side: number, from: GeoPoint = home): AreaGeometry {
  const sw = at(180, side / 2, at(90, east, from));
  const nw = at(0, side, sw);
  const ne = at(90, side, nw);
  const se = at(180, side, ne);
  const ring = [sw, se, ne, nw, sw].map((point) => [point.longitude, point.latitude] as [number, number]);
  return { type: 'Polygon', coordinates: [ring] };
}

let refs = 7_000_000;
const zone = (kind: AreaEntry['kind'] = 'nofly', geometry = squareEastOf(300, 200)): AreaEntry => ({
  kind,
  refId: String(++refs),
  name: `Zone ${refs}`,
  geometry,
});

/**
 * A dock as an MQTT client that answers every service with result 0, records what it got, and reports its OSD
 * every 500 ms (a silent dock goes offline after DEVICE_OFFLINE_MS and is told again when it comes back).
 */
async function onlineDock(url: string, credential: Credential) {
  const client = await connectDevice(url, asDevice(credential));
  const sn = credential.serialNumber;
  const services: Row[] = [];
  await client.subscribeAsync(
    [deviceTopic(sn, 'services'), deviceTopic(sn, 'requests_reply'), deviceTopic(sn, 'events_reply')],
    { qos: 1 },
  );
  client.on('message', (topic, payload) => {
    if (topic !== deviceTopic(sn, 'services')) return;
    const message = JSON.parse(payload.toString()) as Row;
    services.push(message);
    send(client, sn, 'services_reply', { ...message, timestamp: Date.now(), data: { result: 0 } });
  });
  await publish(client, sn, 'status', topo([]));
  const heartbeat = setInterval(() => {
    if (client.connected) send(client, sn, 'osd', envelope(undefined, { mode_code: 0 }));
  }, 500);
  client.once('close', () => clearInterval(heartbeat));
  const updates = () => services.filter((message) => message.method === 'flight_areas_update').length;
  return { client, sn, services, updates };
}

async function getFiles(client: MqttClient, sn: string) {
  const replied = nextMessage(client, deviceTopic(sn, 'requests_reply'));
  await publish(client, sn, 'requests', envelope('flight_areas_get', {}));
  const reply = (await replied) as { data: { result: number; output: { files: Row[] } } };
  expect(reply.data.result).toBe(0);
  return reply.data.output.files as Array<{ name: string; url: string; checksum: string; size: number }>;
}

describe('docks know the zones', () => {
  let { app, link, url, token, events } = {} as LinkApp; // set before the tests run
  // As useLinkApp, with docks offline only after 20 s of silence: under load a late heartbeat must not make a
  // dock go offline and online again (each coming online is an update of its own, which the counts here see).
  beforeAll(async () => {
    app = await createTestApp({ ...LINK_ENV, DEVICE_OFFLINE_MS: '20000' });
    link = app.platform.deviceLink;
    url = `mqtt://127.0.0.1:${app.deviceBroker!.port}`;
    token = (await login(app)).access_token;
    events = record(link);
  });
  afterEach(endDevices);
  afterAll(async () => {
    await app?.close();
  });
  const ctx = (tenantId = '000000') => platformCtx(app.database.db, tenantId);
  const fetchFile = (fileUrl: string) => app.inject({ method: 'GET', url: fileUrl });

  it('tells online docks when the zones change (a burst of edits is one update, other tenants none) and docks coming online', async () => {
    const flightAreas = app.services.flightAreas;
    flightAreas.quietMs = 1000;
    flightAreas.maxWaitMs = 20_000;
    await createTenant(app, B);
    const theirToken = (await login(app, B)).access_token;
    const mine = await onlineDock(url, (await registerDock(app, token)).credential);
    const theirs = await onlineDock(url, (await registerDock(app, theirToken)).credential);
    // Tenants without areas: a dock coming online that never synchronised has nothing to get.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect([mine.updates(), theirs.updates()]).toEqual([0, 0]);

    for (let edit = 0; edit < 100; edit += 1) await app.services.spatial.put(ctx(), [zone()]);
    await vi.waitFor(() => expect(mine.updates()).toBe(1), { timeout: 15_000 });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(mine.updates()).toBe(1);
    expect(theirs.updates()).toBe(0);

    const [removed] = await app.services.spatial.inBox(ctx(), null, ['nofly'], 1);
    await app.services.spatial.remove(ctx(), [removed!.refId]);
    await vi.waitFor(() => expect(mine.updates()).toBe(2), { timeout: 15_000 });
    expect(theirs.updates()).toBe(0);

    // Now that its tenant has areas, a dock coming online is told at once.
    const next = await onlineDock(url, (await registerDock(app, token)).credential);
    await vi.waitFor(() => expect(next.updates()).toBe(1), { timeout: 10_000 });
    expect(mine.updates()).toBe(2);
    flightAreas.quietMs = 500;
  });

  it("answers a dock's flight_areas_get with its own tenant's areas only, in DJI's file format", async () => {
    await createTenant(app, '800152');
    const theirToken = (await login(app, '800152')).access_token;
    const mineCircle = zone('fence', { type: 'Circle', center: [104.2, 30.7], radius: 800 });
    const mineZone = zone();
    const theirZone = zone();
    await app.services.spatial.put(ctx(), [mineZone, mineCircle]);
    await app.services.spatial.put(ctx('800152'), [theirZone]);
    const mine = await onlineDock(url, (await registerDock(app, token)).credential);
    const theirs = await onlineDock(url, (await registerDock(app, theirToken)).credential);

    const [file] = await getFiles(mine.client, mine.sn);
    expect(file!.name).toMatch(/^geofence_[0-9a-f]{32}\.json$/);
    expect(file!.url).toContain(`/api/aos-gisservice/flight-area/file/${mine.sn}?expires=`);
    const response = await fetchFile(file!.url);
    expect(response.statusCode, response.body).toBe(200);
    expect(createHash('sha256').update(response.rawPayload).digest('hex')).toBe(file!.checksum);
    expect(response.rawPayload.length).toBe(file!.size);
    const parsed = FlightAreaFileSchema.parse(response.json());
    const ids = parsed.features.map((feature) => feature.id);
    expect(ids).toContain(flightAreaId('nofly', mineZone.refId));
    expect(ids).toContain(flightAreaId('fence', mineCircle.refId));
    expect(ids).not.toContain(flightAreaId('nofly', theirZone.refId));
    expect(parsed.features.find((feature) => feature.id === flightAreaId('fence', mineCircle.refId))).toEqual(
      {
        id: flightAreaId('fence', mineCircle.refId),
        type: 'Feature',
        geofence_type: 'dfence',
        geometry: { type: 'Point', coordinates: [104.2, 30.7] },
        properties: { subType: 'Circle', radius: 800, enable: true },
      },
    );
    expect(
      parsed.features.find((feature) => feature.id === flightAreaId('nofly', mineZone.refId)),
    ).toMatchObject({
      geofence_type: 'nfz',
      geometry: { type: 'Polygon' },
      properties: { radius: 0, enable: true },
    });

    const [theirFile] = await getFiles(theirs.client, theirs.sn);
    const theirIds = FlightAreaFileSchema.parse((await fetchFile(theirFile!.url)).json()).features.map(
      (feature) => feature.id,
    );
    expect(theirIds).toEqual([flightAreaId('nofly', theirZone.refId)]);
    expect(theirFile!.checksum).not.toBe(file!.checksum);
  });

  it('refuses a file link altered, expired, or moved to another dock', async () => {
    const mine = await onlineDock(url, (await registerDock(app, token)).credential);
    const other = await registerDock(app, token);
    const [file] = await getFiles(mine.client, mine.sn);
    const link = new URL(file!.url, 'http://x');
    const signature = link.searchParams.get('signature')!;
    const expires = link.searchParams.get('expires')!;
    const path = `/api/aos-gisservice/flight-area/file`;
    const refused = async (target: string, message: string) => {
      const response = await app.inject({
        method: 'GET',
        url: target,
        headers: { 'accept-language': 'en-US' },
      });
      expect(response.statusCode, target).toBe(403);
      expect(response.json().msg).toBe(message);
      expect(response.body).not.toContain('FeatureCollection');
    };
    const invalid = translate('en-US', 'resource.linkInvalid');
    const altered = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    await refused(`${path}/${mine.sn}?expires=${expires}&signature=${altered}`, invalid);
    await refused(`${path}/${mine.sn}?expires=${Number(expires) + 60}&signature=${signature}`, invalid);
    await refused(`${path}/${other.serialNumber}?expires=${expires}&signature=${signature}`, invalid);
    await refused(`${path}/${mine.sn}`, invalid);
    const past = Math.floor(Date.now() / 1000) - 10;
    const late = new FlightAreaLinkSigner(app.platform.config.JWT_SECRET).sign(mine.sn, past);
    await refused(
      `${path}/${mine.sn}?expires=${past}&signature=${late}`,
      translate('en-US', 'resource.linkExpired'),
    );
    expect((await fetchFile(file!.url)).statusCode).toBe(200);
  });

  it("keeps each dock's sync progress and shows it in its live state, to its own tenant only", async () => {
    const mine = await onlineDock(url, (await registerDock(app, token)).credential);
    await vi.waitFor(() => expect(mine.updates()).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
    const [file] = await getFiles(mine.client, mine.sn);
    const replied = nextMessage(mine.client, deviceTopic(mine.sn, 'events_reply'));
    const reported = envelope(
      'flight_areas_sync_progress',
      { status: 'synchronized', reason: 0, file: { name: file!.name, checksum: file!.checksum } },
      { need_reply: 1 },
    );
    await publish(mine.client, mine.sn, 'events', reported);
    expect(await replied).toMatchObject({ tid: reported.tid, data: { result: 0 } });
    const status = async (by = token) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/aos-gisservice/flight-area/sync-status?serialNumber=${mine.sn}`,
          headers: { 'blade-auth': `bearer ${by}` },
        })
      ).json();
    await vi.waitFor(async () => expect((await status()).data).toMatchObject({ status: 'synchronized' }));
    expect((await status()).data).toMatchObject({
      reason: 0,
      fileName: file!.name,
      checksum: file!.checksum,
    });
    expect((await status()).data.time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const live = await app.platform.live.get(mine.sn);
    expect(live?.state.flight_areas_sync).toMatchObject({ status: 'synchronized', checksum: file!.checksum });
    await createTenant(app, '800153');
    const other = await status((await login(app, '800153')).access_token);
    expect(other.code).toBe(200);
    expect(other.data).toBeNull();

    // A failure is kept with its reason; a dock that synchronised an older file is told again.
    const before = mine.updates();
    await publish(
      mine.client,
      mine.sn,
      'events',
      envelope('flight_areas_sync_progress', { status: 'fail', reason: 12 }, { need_reply: 1 }),
    );
    await vi.waitFor(async () => expect((await status()).data).toMatchObject({ status: 'fail', reason: 12 }));
    await publish(
      mine.client,
      mine.sn,
      'events',
      envelope('flight_areas_sync_progress', {
        status: 'synchronized',
        reason: 0,
        file: { name: 'geofence_old.json', checksum: '0'.repeat(64) },
      }),
    );
    await vi.waitFor(() => expect(mine.updates()).toBe(before + 1), { timeout: 10_000 });
  });

  it('end to end: a no-fly zone put across a simulated dock’s route reaches it, and its drone stops before it', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const drone = await registerDrone(app, token);
    const dock = await registerDock(app, token, [drone]);
    const start = at(180, 20_000); // away from the other tests' zones
    const credentials = (registered: { credential: Credential }) => ({
      sn: registered.credential.serialNumber,
      username: registered.credential.username,
      password: registered.credential.password,
    });
    const fleet = new SimFleet({
      url,
      apiUrl: api,
      timeScale: 0.02,
      osdIntervalMs: 100,
      seed: 7,
      docks: [{ dock: credentials(dock), drone: credentials(drone), ...start, batteryPercent: 95 }],
    });
    try {
      await fleet.start();
      const sim = fleet.dock(dock.serialNumber);
      // Online: the dock is told (its tenant has areas), fetches the file and says it is synchronised.
      await vi.waitFor(() => expect(sim.flightAreas.syncs).toBeGreaterThanOrEqual(1), { timeout: 20_000 });

      const across = zone('nofly', squareEastOf(400, 300, start));
      await app.services.spatial.put(ctx(), [across]);
      const id = flightAreaId('nofly', across.refId);
      await vi.waitFor(() => expect(sim.flightAreas.areas.map((area) => area.id)).toContain(id), {
        timeout: 20_000,
      });
      const current = await app.services.flightAreas.file('000000');
      await vi.waitFor(
        async () =>
          expect(await app.services.flightAreas.status(ctx(), dock.serialNumber)).toMatchObject({
            status: 'synchronized',
            checksum: current.checksum,
          }),
        { timeout: 10_000 },
      );

      const target = at(90, 1500, start);
      await link.call(dock.serialNumber, 'takeoff_to_point', {
        target_latitude: target.latitude,
        target_longitude: target.longitude,
        target_height: 60,
        max_speed: 15,
      });
      const method = (name: string) => () =>
        events.of(dock.serialNumber, 'event').filter((entry) => entry.payload.method === name);
      await vi.waitFor(() => expect(method('flight_areas_drone_location')()).toHaveLength(1), {
        timeout: 30_000,
      });
      const location = method('flight_areas_drone_location')()[0]!.payload.data as {
        drone_locations: Array<{ area_id: string; area_distance: number; is_in_area: boolean }>;
      };
      const nearest = location.drone_locations.find((entry) => entry.area_id === id);
      expect(nearest).toMatchObject({ is_in_area: false });
      expect(nearest!.area_distance).toBeLessThan(10);
      await vi.waitFor(() => expect(method('hms')()).toHaveLength(1));
      const hms = method('hms')()[0]!.payload.data as { list: Array<{ code: string; level: number }> };
      expect(hms.list[0]).toMatchObject({ code: HMS_CODES.flightAreaNofly, level: 2 });
      const zoneArea = sim.flightAreas.areas.find((area) => area.id === id)!;
      const statuses = method('takeoff_to_point_progress')().map(
        (entry) => (entry.payload.job as { output: { status: string } }).output.status,
      );
      expect(statuses).toContain('failed');
      // Then home, never inside the zone: every position the drone reported is outside it.
      await vi.waitFor(() => expect(sim.drone!.inDock).toBe(true), { timeout: 30_000 });
      const flown = events
        .of(drone.serialNumber, 'osd')
        .map((entry) => entry.payload.data as { latitude?: number; longitude?: number; mode_code?: number })
        .filter((osd) => osd.latitude !== undefined && osd.longitude !== undefined) as GeoPoint[];
      expect(flown.length).toBeGreaterThan(5);
      expect(flown.every((osd) => !isInside(zoneArea, osd))).toBe(true);
      const farthest = Math.max(...flown.map((osd) => distanceM(start, osd)));
      expect(farthest).toBeGreaterThan(380);
      expect(farthest).toBeLessThan(400);
    } finally {
      await fleet.stop();
    }
  });
});
