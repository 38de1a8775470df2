import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_RESULT } from './codes.js';
import { SimFleet } from './fleet.js';
import { bearingDeg, destination, distanceM } from './flight.js';
import { type Received, TestCloud } from './test-support/cloud.js';

/** Flights of a simulated drone against an in-process broker, a hundred times faster than real time. */
let cloud: TestCloud;
let fleet: SimFleet | null = null;
let run = 0;
const home = { latitude: 22.54, longitude: 113.95 };

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

async function startDock(batteryPercent = 90) {
  run += 1;
  const dockSn = `F-DOCK-${run}`;
  const droneSn = `F-UAV-${run}`;
  fleet = new SimFleet({
    url: cloud.url,
    timeScale: 0.01,
    osdIntervalMs: 80,
    seed: 3,
    docks: [
      {
        dock: { sn: dockSn, username: 'dock', password: 'secret' },
        drone: { sn: droneSn, username: 'drone', password: 'secret' },
        ...home,
        batteryPercent,
      },
    ],
  });
  await fleet.start();
  return { dockSn, droneSn, dock: fleet.dock(dockSn) };
}

const droneOsd = (sn: string) => (entry: Received) => entry.sn === sn && entry.kind === 'osd';

describe('simulated drone', () => {
  it('takes off to a point at the given speed and heading, then returns home and lands in the dock', async () => {
    const { dockSn, droneSn, dock } = await startDock();
    const target = destination(home, 60, 400);
    const from = cloud.received.length;
    const takeoff = await cloud.call(dockSn, 'takeoff_to_point', {
      target_latitude: target.latitude,
      target_longitude: target.longitude,
      target_height: 50,
      max_speed: 12,
    });
    expect(takeoff.result).toBe(0);
    expect(await cloud.jobEnd('takeoff_to_point_progress', takeoff.bid)).toBe('ok');
    const events = cloud.jobEvents('takeoff_to_point_progress', takeoff.bid);
    expect(events[0]?.status).toBe('in_progress');
    expect(events.length).toBeGreaterThan(3);
    const percents = events.map((event) => event.percent ?? 0);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);
    const trackId = events.at(-1)?.ext?.track_id;
    expect(typeof trackId === 'string' && trackId.length > 0).toBe(true);

    // Cruising: the configured speed, heading toward the target; the hatch opened first.
    const flight = cloud.received
      .slice(from)
      .filter(droneOsd(droneSn))
      .map((entry) => entry.data);
    const cruising = flight.find((osd) => osd.horizontal_speed === 12);
    expect(cruising).toBeDefined();
    expect(cruising!.attitude_head).toBeCloseTo(bearingDeg(home, target), 0);
    expect(cruising!.mode_code).toBe(4);
    expect(cruising!.track_id).toBe(trackId);
    expect(flight.some((osd) => osd.mode_code === 1)).toBe(true);
    const arrived = flight.at(-1)!;
    expect(arrived).toMatchObject({ mode_code: 3, elevation: 50, horizontal_speed: 0, height: 70 });
    expect(distanceM(arrived as { latitude: number; longitude: number }, target)).toBeLessThan(1);
    expect((arrived.battery as { capacity_percent: number }).capacity_percent).toBeLessThan(90);
    expect(cloud.osd(dockSn)).toMatchObject({ mode_code: 4, cover_state: 1, drone_in_dock: 0 });
    expect((await cloud.call(dockSn, 'debug_mode_open')).result).toBe(SIM_RESULT.FLIGHT_IN_PROGRESS);
    expect(
      (
        await cloud.call(dockSn, 'takeoff_to_point', {
          target_latitude: 22.5,
          target_longitude: 113.9,
          target_height: 30,
        })
      ).result,
    ).toBe(SIM_RESULT.FLIGHT_IN_PROGRESS);

    const back = cloud.received.length;
    expect((await cloud.call(dockSn, 'return_home')).result).toBe(0);
    const modes = new Set<unknown>();
    await cloud.waitFor((entry) => {
      if (cloud.received.indexOf(entry) < back) return false;
      if (entry.sn === droneSn && entry.kind === 'osd') modes.add(entry.data.mode_code);
      return entry.sn === dockSn && entry.kind === 'osd' && entry.data.cover_state === 0;
    });
    expect([...modes]).toEqual(expect.arrayContaining([9, 10, 0]));
    expect(cloud.osd(dockSn)).toMatchObject({
      mode_code: 0,
      drone_in_dock: 1,
      drone_charge_state: { state: 1 },
    });
    expect(cloud.osd(droneSn)).toMatchObject({
      mode_code: 0,
      elevation: 0,
      latitude: home.latitude,
      longitude: home.longitude,
    });
    expect(dock.drone!.trackId).toBeNull();
  });

  it('flies to points, pauses and resumes, and stops on an emergency', async () => {
    const { dockSn, droneSn } = await startDock();
    const first = destination(home, 0, 100);
    const takeoff = await cloud.call(dockSn, 'takeoff_to_point', {
      target_latitude: first.latitude,
      target_longitude: first.longitude,
      target_height: 40,
      max_speed: 10,
    });
    expect(await cloud.jobEnd('takeoff_to_point_progress', takeoff.bid)).toBe('ok');
    expect((await cloud.call(dockSn, 'flighttask_pause')).result).toBe(SIM_RESULT.NO_FLIGHT);

    const far = destination(first, 270, 3000);
    const flyTo = await cloud.call(dockSn, 'fly_to_point', {
      fly_to_id: 'fly-1',
      max_speed: 15,
      points: [{ latitude: far.latitude, longitude: far.longitude, height: 80 }],
    });
    expect(flyTo.result).toBe(0);
    await cloud.waitFor(
      (entry) =>
        entry.kind === 'events' &&
        entry.message.bid === flyTo.bid &&
        ((entry.data.output as { progress?: { percent?: number } }).progress?.percent ?? 0) > 10,
    );
    expect((await cloud.call(dockSn, 'flighttask_pause')).result).toBe(0);
    const hovering = await cloud.next(
      (entry) => droneOsd(droneSn)(entry) && entry.data.horizontal_speed === 0,
    );
    expect(hovering.data.attitude_head).toBeCloseTo(-90, 0);
    // Events, replies and OSD travel on different topics (and QoS): on a loaded machine a progress event can
    // arrive after the reply or the OSD that followed it, so each is waited for, not read at once.
    const progress =
      (status: string, after = -1) =>
      (entry: Received) =>
        entry.kind === 'events' &&
        entry.message.bid === flyTo.bid &&
        (entry.data.output as { status?: string }).status === status &&
        cloud.received.indexOf(entry) > after;
    const paused = await cloud.waitFor(progress('paused'));
    expect(paused.data.output).toMatchObject({ status: 'paused', ext: { fly_to_id: 'fly-1' } });
    expect((await cloud.call(dockSn, 'flighttask_recovery')).result).toBe(0);
    await cloud.waitFor(progress('in_progress', cloud.received.indexOf(paused)));
    await cloud.next((entry) => droneOsd(droneSn)(entry) && entry.data.horizontal_speed === 15);

    expect((await cloud.call(dockSn, 'drone_emergency_stop')).result).toBe(0);
    expect(await cloud.jobEnd('fly_to_point_progress', flyTo.bid)).toBe('canceled');
    // an OSD sent before the stop may still arrive after the job's end: the next one at rest must be in manual
    const stopped = await cloud.next(
      (entry) => droneOsd(droneSn)(entry) && entry.data.horizontal_speed === 0,
    );
    expect(stopped.data).toMatchObject({ mode_code: 3, horizontal_speed: 0 });
  });

  it('refuses flight commands it cannot run and goes home by itself on low battery', async () => {
    const { dockSn } = await startDock(26);
    expect((await cloud.call(dockSn, 'fly_to_point', { points: [] })).result).toBe(SIM_RESULT.DRONE_GROUNDED);
    expect((await cloud.call(dockSn, 'return_home')).result).toBe(SIM_RESULT.DRONE_GROUNDED);
    expect((await cloud.call(dockSn, 'takeoff_to_point', { target_height: 30 })).result).toBe(
      SIM_RESULT.INVALID_PARAMETER,
    );
    const far = destination(home, 180, 8000);
    const takeoff = await cloud.call(dockSn, 'takeoff_to_point', {
      target_latitude: far.latitude,
      target_longitude: far.longitude,
      target_height: 60,
      max_speed: 5,
    });
    expect(takeoff.result).toBe(0);
    expect(await cloud.jobEnd('takeoff_to_point_progress', takeoff.bid, 20_000)).toBe('canceled');
    const returning = await cloud.waitFor(
      (entry) => entry.kind === 'osd' && entry.data.mode_code === 9 && entry.message.gateway === dockSn,
    );
    expect((returning.data.battery as { capacity_percent: number }).capacity_percent).toBeLessThanOrEqual(20);
  });

  it('refuses a take-off on a low battery and moves the camera on command', async () => {
    const { dockSn, droneSn } = await startDock(15);
    const target = destination(home, 0, 100);
    const refused = await cloud.call(dockSn, 'takeoff_to_point', {
      target_latitude: target.latitude,
      target_longitude: target.longitude,
      target_height: 30,
    });
    expect(refused.result).toBe(SIM_RESULT.LOW_BATTERY);
    expect(
      (
        await cloud.call(dockSn, 'camera_screen_drag', {
          payload_index: '81-0-0',
          pitch_speed: -20,
          yaw_speed: 10,
        })
      ).result,
    ).toBe(0);
    expect(
      (await cloud.call(dockSn, 'camera_focal_length_set', { payload_index: '81-0-0', zoom_factor: 8 }))
        .result,
    ).toBe(0);
    expect((await cloud.call(dockSn, 'live_lens_change', { video_type: 'zoom' })).result).toBe(0);
    expect((await cloud.call(dockSn, 'camera_recording_start', { payload_index: '81-0-0' })).result).toBe(0);
    const moved = await cloud.waitFor(
      (entry) =>
        droneOsd(droneSn)(entry) &&
        (entry.data.payloads as Array<{ gimbal_pitch: number }>)[0]!.gimbal_pitch === -20 &&
        (entry.data.cameras as Array<{ recording_state: number }>)[0]!.recording_state === 1,
    );
    expect((moved.data.payloads as unknown[])[0]).toMatchObject({ gimbal_yaw: 10, zoom_factor: 8 });
    expect((moved.data.cameras as unknown[])[0]).toMatchObject({
      lens: 'zoom',
      recording_state: 1,
      zoom_factor: 8,
    });
    expect((await cloud.call(dockSn, 'no_such_method')).result).toBe(SIM_RESULT.UNKNOWN_METHOD);
  });
});
