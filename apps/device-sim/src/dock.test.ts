import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_RESULT } from './codes.js';
import { SimFleet } from './fleet.js';
import { TestCloud } from './test-support/cloud.js';

/** A dock and its drone against an in-process broker, twenty times faster than real time. */
let cloud: TestCloud;
let fleet: SimFleet | null = null;
let run = 0;

beforeAll(async () => {
  cloud = await TestCloud.start();
});
afterEach(async () => {
  await fleet?.stop();
  fleet = null;
});
afterAll(async () => {
  await cloud.close();
});

async function startDock(options: { dronePoweredOn?: boolean; timeScale?: number } = {}) {
  run += 1;
  const dockSn = `T-DOCK-${run}`;
  const droneSn = `T-UAV-${run}`;
  fleet = new SimFleet({
    url: cloud.url,
    timeScale: options.timeScale ?? 0.02,
    osdIntervalMs: 100,
    seed: 42,
    docks: [
      {
        dock: { sn: dockSn, username: 'dock', password: 'secret' },
        drone: { sn: droneSn, username: 'drone', password: 'secret' },
        latitude: 22.54,
        longitude: 113.95,
        dronePoweredOn: options.dronePoweredOn,
        batteryPercent: 60,
      },
    ],
  });
  await fleet.start();
  return { dockSn, droneSn, dock: fleet.dock(dockSn) };
}

/** Wait until `condition` holds (polling). */
async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Call a remote-debug method and wait for its job to end; answers the final status. */
async function job(dockSn: string, method: string) {
  const reply = await cloud.call(dockSn, method);
  expect(reply.result, method).toBe(0);
  return cloud.jobEnd(method, reply.bid);
}

describe('simulated dock', () => {
  it('announces its topology with the drone and reports every dock OSD field', async () => {
    const { dockSn, droneSn } = await startDock();
    const topo = await cloud.waitFor((entry) => entry.sn === dockSn && entry.kind === 'status');
    expect(topo.message.method).toBe('update_topo');
    expect(topo.data.sub_devices).toEqual([
      expect.objectContaining({ sn: droneSn, type: 91, sub_type: 1, index: 'A' }),
    ]);
    await cloud.waitFor((entry) => entry.sn === dockSn && entry.kind === 'osd');
    const osd = cloud.osd(dockSn)!;
    for (const field of [
      'mode_code',
      'cover_state',
      'putter_state',
      'drone_in_dock',
      'drone_charge_state',
      'temperature',
      'humidity',
      'environment_temperature',
      'wind_speed',
      'rainfall',
      'supplement_light_state',
      'emergency_stop_state',
      'network_state',
      'latitude',
      'longitude',
      'height',
      'alternate_land_point',
      'sub_device',
      'job_number',
      'storage',
      'flighttask_step_code',
      'flood_state',
      'drone_battery_temperature',
    ]) {
      expect(osd, field).toHaveProperty(field);
    }
    expect(osd).toMatchObject({
      mode_code: 0,
      cover_state: 0,
      drone_in_dock: 1,
      sub_device: { device_sn: droneSn, device_online_status: 1 },
    });
    const drone = await cloud.waitFor((entry) => entry.sn === droneSn && entry.kind === 'osd');
    expect(drone.message.gateway).toBe(dockSn);
    expect(drone.data).toMatchObject({ mode_code: 0, elevation: 0, battery: { capacity_percent: 60 } });
    expect(drone.data.cameras).toEqual([
      expect.objectContaining({ payload_index: '81-0-0', camera_mode: 0, recording_state: 0, lens: 'wide' }),
    ]);
  });

  it('refuses remote-debug methods outside remote debug mode, then opens the hatch step by step', async () => {
    const { dockSn, dock } = await startDock();
    const refused = await cloud.call(dockSn, 'cover_open');
    expect(refused.result).toBe(SIM_RESULT.NOT_IN_DEBUG_MODE);
    expect(await job(dockSn, 'debug_mode_open')).toBe('ok');
    expect(cloud.osd(dockSn)?.mode_code).toBe(2);
    const open = await cloud.call(dockSn, 'cover_open');
    expect(open.result).toBe(0);
    expect(await cloud.call(dockSn, 'putter_open').then((reply) => reply.result)).toBe(SIM_RESULT.DOCK_BUSY);
    expect(await cloud.jobEnd('cover_open', open.bid)).toBe('ok');
    const events = cloud.jobEvents('cover_open', open.bid);
    expect(events.map((event) => event.status)).toEqual(['in_progress', 'in_progress', 'in_progress', 'ok']);
    expect(events.map((event) => event.percent)).toEqual([0, 33, 67, 100]);
    // The new state is reported before the job's `ok`.
    const okIndex = cloud.received.findIndex(
      (entry) =>
        entry.message.bid === open.bid && (entry.data.output as { status?: string })?.status === 'ok',
    );
    const osdBefore = cloud.received
      .slice(0, okIndex)
      .reverse()
      .find((entry) => entry.sn === dockSn && entry.kind === 'osd');
    expect(osdBefore?.data.cover_state).toBe(1);
    expect(dock.state.cover).toBe(1);
    const state = cloud.received
      .filter((entry) => entry.sn === dockSn && entry.kind === 'state')
      .map((entry) => entry.data);
    expect(state).toContainEqual(expect.objectContaining({ cover_state: 2 }));
    expect(state).toContainEqual(expect.objectContaining({ cover_state: 1 }));
    expect(await job(dockSn, 'cover_close')).toBe('ok');
    expect(cloud.osd(dockSn)?.cover_state).toBe(0);
  });

  it('powers the drone off and on, with the topology following', async () => {
    const { dockSn, droneSn, dock } = await startDock();
    await job(dockSn, 'debug_mode_open');
    expect(await job(dockSn, 'drone_close')).toBe('ok');
    const empty = await cloud.waitFor(
      (entry) =>
        entry.sn === dockSn && entry.kind === 'status' && (entry.data.sub_devices as unknown[]).length === 0,
    );
    expect(empty).toBeDefined();
    expect(cloud.osd(dockSn)?.sub_device).toMatchObject({ device_online_status: 0 });
    expect(dock.drone?.client.connected).toBe(false);
    expect(await cloud.call(dockSn, 'camera_photo_take').then((reply) => reply.result)).toBe(
      SIM_RESULT.DRONE_NOT_POWERED,
    );
    expect(await job(dockSn, 'drone_open')).toBe('ok');
    const listed = cloud.received.filter((entry) => entry.sn === dockSn && entry.kind === 'status').at(-1);
    expect(listed?.data.sub_devices).toEqual([expect.objectContaining({ sn: droneSn })]);
    expect(dock.drone?.client.connected).toBe(true);
  });

  it('charges the drone: the battery rises and each charge counts a job', async () => {
    const { dockSn, dock } = await startDock({ timeScale: 0.005 });
    const jobs = dock.state.jobNumber;
    await job(dockSn, 'debug_mode_open');
    expect(await job(dockSn, 'charge_open')).toBe('ok');
    expect(cloud.osd(dockSn)?.drone_charge_state).toMatchObject({ state: 1 });
    expect(dock.state.jobNumber).toBe(jobs + 1);
    await cloud.next(
      (entry) =>
        entry.sn === dockSn &&
        entry.kind === 'osd' &&
        (entry.data.drone_charge_state as { capacity_percent: number }).capacity_percent > 62,
    );
    expect(await job(dockSn, 'charge_close')).toBe('ok');
    expect(cloud.osd(dockSn)?.drone_charge_state).toMatchObject({ state: 0 });
  });

  it('toggles the light and reboots (offline meanwhile, back idle)', async () => {
    const { dockSn, dock } = await startDock();
    await job(dockSn, 'debug_mode_open');
    expect(await job(dockSn, 'supplement_light_open')).toBe('ok');
    expect(cloud.osd(dockSn)?.supplement_light_state).toBe(1);
    const reboot = await cloud.call(dockSn, 'device_reboot');
    expect(reboot.result).toBe(0);
    await until(() => !dock.online);
    expect(await cloud.jobEnd('device_reboot', reboot.bid)).toBe('ok');
    expect(dock.online).toBe(true);
    expect(cloud.osd(dockSn)?.mode_code).toBe(0);
    const topos = cloud.received.filter((entry) => entry.sn === dockSn && entry.kind === 'status');
    expect(topos.length).toBeGreaterThanOrEqual(2);
  });

  it('applies faults: refuse, silent, flood, heavy rain, offline', async () => {
    const { dockSn, dock } = await startDock();
    dock.fault('refuse', { code: 316555 });
    expect((await cloud.call(dockSn, 'debug_mode_open')).result).toBe(316555);
    dock.clearFault('refuse');
    dock.fault('silent', { methods: ['debug_mode_open'] });
    const silent = cloud.call(dockSn, 'debug_mode_open');
    const answered = await cloud.call(dockSn, 'cover_open');
    expect(answered.result).toBe(SIM_RESULT.NOT_IN_DEBUG_MODE);
    // Services are handled in order: the first one was left unanswered.
    await expect(Promise.race([silent, Promise.resolve('no reply')])).resolves.toBe('no reply');
    dock.clearFault('silent');
    dock.fault('flood');
    dock.fault('heavy_rain');
    expect(cloud.osd(dockSn)).toBeDefined();
    const flooded = await cloud.waitFor(
      (entry) =>
        entry.sn === dockSn &&
        entry.kind === 'osd' &&
        entry.data.flood_state === 1 &&
        entry.data.rainfall === 3,
    );
    expect(flooded.data.wind_speed).toBeGreaterThanOrEqual(9);
    dock.fault('offline', { forMs: 200 });
    expect(dock.online).toBe(false);
    const back = cloud.received.length;
    await cloud.waitFor(
      (entry) => cloud.received.indexOf(entry) >= back && entry.sn === dockSn && entry.kind === 'status',
    );
    expect(dock.online).toBe(true);
    void silent.catch(() => undefined);
  });
});
