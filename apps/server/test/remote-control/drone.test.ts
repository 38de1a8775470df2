import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ControlApp, controlLog, onlineDock, startControlApp } from './helper.js';
import { endDevices, registerDrone, type Row } from '../device-helper.js';
import { createTenant, login, send } from '../helper.js';

/**
 * Aircraft and camera commands end to end (spec §7 uavControl, podControl, getPodControlStatus,
 * getOnlineUavList; §8 messages): a scripted dock over MQTT on the embedded broker passes the commands on,
 * answers them, and reports its aircraft's state that the predicates read.
 */

const MANAGEMENT = '/api/cloud-equipment/equipment-management';

let control: ControlApp;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  control = await startControlApp();
  ({ app, token } = control);
  // another tenant, whose admin must see and command none of this tenant's aircraft
  await createTenant(app, '700071');
});
afterAll(async () => {
  await app?.close();
});
afterEach(endDevices);

describe('uavControl and podControl', () => {
  it("refuses an aircraft that is off: 'The aircraft is not powered on and cannot be controlled'", async () => {
    const { drone } = await onlineDock(control);
    const response = await send(app, token, 'POST', `${MANAGEMENT}/uavControl`, {
      serialNumber: drone.serialNumber,
      action: 'return_home',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('The aircraft is not powered on and cannot be controlled');
    const chinese = await send(
      app,
      token,
      'POST',
      `${MANAGEMENT}/uavControl`,
      { serialNumber: drone.serialNumber, action: 'return_home' },
      'zh-CN',
    );
    expect(chinese.json().msg).toBe('飞机未开机，无法控制');
  });

  it("answers 'Hangar information not found' for an aircraft bound to no dock", async () => {
    const loose = await registerDrone(app, token);
    const response = await send(app, token, 'POST', `${MANAGEMENT}/uavControl`, {
      id: loose.id,
      action: 'return_home',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().msg).toBe('Hangar information not found');
  });

  it('takes off to a point through the dock, with the target and a flight job', async () => {
    const { dock, drone, sim } = await onlineDock(control, {
      sub_device: { device_online_status: 1, device_paired: 1 },
    });
    const missing = await send(app, token, 'POST', `${MANAGEMENT}/uavControl`, {
      serialNumber: drone.serialNumber,
      action: 'takeoff',
      longitude: 113.95,
      height: 80,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toMatch(/^latitude/);

    const response = await send(app, token, 'POST', `${MANAGEMENT}/uavControl`, {
      serialNumber: drone.serialNumber,
      action: 'takeoff',
      longitude: 113.95,
      latitude: 22.54,
      height: 80,
      maxSpeed: 12,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ method: 'takeoff_to_point', gatewaySn: dock.serialNumber });
    expect(sim.received.at(-1)).toMatchObject({
      method: 'takeoff_to_point',
      data: { target_latitude: 22.54, target_longitude: 113.95, target_height: 80, max_speed: 12 },
    });
    expect((await app.platform.live.get(dock.serialNumber))?.jobs).toMatchObject([
      { method: 'takeoff_to_point_progress', status: 'sent' },
    ]);
    // In the air: take-off is refused, return home is allowed; pause needs the running flight.
    await sim.droneOsd({ mode_code: 5, elevation: 30, latitude: 22.541, longitude: 113.951 });
    await vi.waitFor(async () =>
      expect((await app.platform.live.get(drone.serialNumber))?.osd.mode_code).toBe(5),
    );
    const again = await send(app, token, 'POST', `${MANAGEMENT}/uavControl`, {
      serialNumber: drone.serialNumber,
      action: 'takeoff',
      longitude: 113.95,
      latitude: 22.54,
      height: 80,
    });
    expect(again.json().msg).toBe('the aircraft is flying');
    const pause = await send(app, token, 'POST', `${MANAGEMENT}/uavControl`, {
      serialNumber: drone.serialNumber,
      action: 'pause',
    });
    expect(pause.statusCode, pause.body).toBe(200);
    expect(sim.received.at(-1)).toMatchObject({ method: 'flighttask_pause' });
    const resume = await send(app, token, 'POST', `${MANAGEMENT}/uavControl`, {
      serialNumber: drone.serialNumber,
      action: 'resume',
    });
    expect(resume.json().msg).toBe('there is no paused flight');

    const online = await send(app, token, 'GET', '/api/cloud-task/project-management/getOnlineUavList');
    expect(online.json().data).toContainEqual(
      expect.objectContaining({ serialNumber: drone.serialNumber, latitude: 22.541, modeCode: 5 }),
    );
    const foreignToken = (await login(app, '700071')).access_token;
    const foreign = await send(
      app,
      foreignToken,
      'GET',
      '/api/cloud-task/project-management/getOnlineUavList',
    );
    expect(foreign.json().data.map((uav: Row) => uav.serialNumber)).not.toContain(drone.serialNumber);
    const foreignCommand = await send(app, foreignToken, 'POST', `${MANAGEMENT}/uavControl`, {
      serialNumber: drone.serialNumber,
      action: 'return_home',
    });
    expect(foreignCommand.statusCode).toBe(404);

    // The take-off ends in failure: logged as a warning with the device's code.
    const takeoffBid = response.json().data.bid as string;
    await sim.progress('takeoff_to_point_progress', takeoffBid, 'failed', 60, 319999);
    await vi.waitFor(async () => expect((await app.platform.live.get(dock.serialNumber))?.jobs).toEqual([]));
    const logged = await controlLog(app);
    const ended = logged.filter((row) => row.logData?.includes(`bid ${takeoffBid}`));
    const lines = ended
      .map((row) => [row.logLevel, row.logData?.replace(/after [0-9.]+ s/, 'after n s')])
      .sort(([a], [b]) => String(a).localeCompare(String(b)));
    expect(lines).toEqual([
      ['info', `takeoff (takeoff_to_point) → ${drone.serialNumber}: accepted, bid ${takeoffBid}`],
      [
        'warn',
        `takeoff (takeoff_to_point) → ${drone.serialNumber}: failed 319999 after n s, bid ${takeoffBid}`,
      ],
    ]);
  });

  it('drives the camera with the payload index the aircraft reports', async () => {
    const { drone, sim } = await onlineDock(control, {
      sub_device: { device_online_status: 1, device_paired: 1 },
    });
    await sim.droneOsd({
      mode_code: 0,
      cameras: [{ payload_index: '53-0-0', camera_mode: 0, recording_state: 0, zoom_factor: 2 }],
      payloads: [{ payload_index: '53-0-0', gimbal_pitch: -10, gimbal_yaw: 5 }],
    });
    await vi.waitFor(async () =>
      expect((await app.platform.live.get(drone.serialNumber))?.osd.cameras).toBeDefined(),
    );
    const status = await send(
      app,
      token,
      'GET',
      `${MANAGEMENT}/getPodControlStatus?serialNumber=${drone.serialNumber}`,
    );
    expect(status.json().data).toMatchObject({
      poweredOn: true,
      camera: { payloadIndex: '53-0-0', recording: false, zoomFactor: 2, gimbalPitch: -10 },
      refusals: { photo: null, record_start: null, record_stop: { key: 'device.notRecording' } },
    });
    const stop = await send(app, token, 'POST', `${MANAGEMENT}/podControl`, {
      serialNumber: drone.serialNumber,
      action: 'record_stop',
    });
    expect(stop.json().msg).toBe('the camera is not recording');
    const zoom = await send(app, token, 'POST', `${MANAGEMENT}/podControl`, {
      serialNumber: drone.serialNumber,
      action: 'zoom',
    });
    expect(zoom.json().msg).toMatch(/^zoomFactor/);
    const photo = await send(app, token, 'POST', `${MANAGEMENT}/podControl`, {
      serialNumber: drone.serialNumber,
      action: 'photo',
    });
    expect(photo.statusCode, photo.body).toBe(200);
    expect(sim.received.at(-1)).toMatchObject({
      method: 'camera_photo_take',
      data: { payload_index: '53-0-0' },
    });
    const gimbal = await send(app, token, 'POST', `${MANAGEMENT}/podControl`, {
      serialNumber: drone.serialNumber,
      action: 'gimbal',
      pitchSpeed: -15,
    });
    expect(gimbal.statusCode, gimbal.body).toBe(200);
    expect(sim.received.at(-1)).toMatchObject({
      method: 'camera_screen_drag',
      data: { payload_index: '53-0-0', pitch_speed: -15, yaw_speed: 0 },
    });
  });
});
