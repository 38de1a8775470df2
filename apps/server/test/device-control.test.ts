import { deviceTopic } from '@aos/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logUsual } from '../src/db/schema/index.js';
import {
  asDevice,
  connectDevice,
  endDevices,
  envelope,
  LINK_ENV,
  nextSerial,
  publish,
  registerDock,
  registerDrone,
  type Registered,
  type Row,
  send as deviceSend,
  topo,
} from './device-helper.js';
import { createTenant, createTestApp, login, send } from './helper.js';

/**
 * Remote control end to end (spec §7 hangarControl, vtolHangarControl, uavControl, podControl,
 * getPodControlStatus, getOnlineUavList; §8 messages): a scripted dock over MQTT on the embedded broker
 * answers the commands it is sent, and reports the state the predicates read.
 */

const HANGAR = '/api/cloud-equipment/uavhangar';
const MANAGEMENT = '/api/cloud-equipment/equipment-management';

/** What the scripted dock answers to each command method: 0 (accept), an error code, or 'silent'. */
type Answer = number | 'silent';

interface ScriptedDock {
  client: MqttClient;
  /** every services message it received */
  received: Row[];
  answers: Map<string, Answer>;
  osd(data: Row): Promise<unknown>;
  droneOsd(data: Row): Promise<unknown>;
  progress(method: string, bid: string, status: string, percent: number, result?: number): Promise<unknown>;
}

let app: FastifyInstance;
let token: string;
let url: string;

/** A dock (with its drone) registered, connected and online, in remote debug or not. */
async function onlineDock(
  dockOsd: Row = {},
): Promise<{ dock: Registered; drone: Registered; sim: ScriptedDock }> {
  const drone = await registerDrone(app, token);
  const dock = await registerDock(app, token, [drone]);
  const client = await connectDevice(url, asDevice(dock.credential));
  const droneClient = await connectDevice(url, asDevice(drone.credential));
  const received: Row[] = [];
  const answers = new Map<string, Answer>();
  await client.subscribeAsync(deviceTopic(dock.serialNumber, 'services'), { qos: 1 });
  client.on('message', (_topic, payload) => {
    const message = JSON.parse(payload.toString()) as Row;
    received.push(message);
    const answer = answers.get(message.method as string) ?? 0;
    if (answer === 'silent') return;
    deviceSend(client, dock.serialNumber, 'services_reply', {
      tid: message.tid,
      bid: message.bid,
      timestamp: Date.now(),
      method: message.method,
      data: { result: answer },
    });
  });
  const sim: ScriptedDock = {
    client,
    received,
    answers,
    osd: (data) => publish(client, dock.serialNumber, 'osd', envelope(undefined, data)),
    droneOsd: (data) =>
      publish(
        droneClient,
        drone.serialNumber,
        'osd',
        envelope(undefined, data, { gateway: dock.serialNumber }),
      ),
    progress: (method, bid, status, percent, result = 0) =>
      publish(
        client,
        dock.serialNumber,
        'events',
        envelope(method, { result, output: { status, progress: { percent, step_key: 'step' } } }, { bid }),
      ),
  };
  await publish(client, dock.serialNumber, 'status', topo([]));
  await sim.osd({
    mode_code: 0,
    cover_state: 0,
    putter_state: 0,
    drone_in_dock: 1,
    supplement_light_state: 0,
    sub_device: { device_sn: drone.serialNumber, device_online_status: 0, device_paired: 1 },
    ...dockOsd,
  });
  await vi.waitFor(async () =>
    expect((await app.services.live.get(dock.serialNumber))?.osd.mode_code).toBe(dockOsd.mode_code ?? 0),
  );
  return { dock, drone, sim };
}

const hangarControl = (body: Row, language = 'en-US', path = 'hangarControl') =>
  send(app, token, 'POST', `${HANGAR}/${path}`, body, language);

beforeAll(async () => {
  app = await createTestApp({ ...LINK_ENV, DEVICE_REPLY_TIMEOUT_MS: '800' });
  url = `mqtt://127.0.0.1:${app.deviceBroker!.port}`;
  token = (await login(app)).access_token;
});
afterAll(async () => {
  await app?.close();
});
afterEach(endDevices);

describe('hangarControl', () => {
  it("answers 'Hangar information not found' for a dock that is not the caller's", async () => {
    const unknown = await hangarControl({ serialNumber: nextSerial('NODOCK'), action: 'cover_open' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('Hangar information not found');
    const chinese = await hangarControl(
      { serialNumber: nextSerial('NODOCK'), action: 'cover_open' },
      'zh-CN',
    );
    expect(chinese.json().msg).toBe('未找到机库信息');

    await createTenant(app, '700071');
    const foreignToken = (await login(app, '700071')).access_token;
    const foreign = await registerDock(app, foreignToken);
    const byId = await hangarControl({ id: foreign.id, action: 'cover_open' });
    expect(byId.statusCode).toBe(404);
    const bySn = await hangarControl({ serialNumber: foreign.serialNumber, action: 'debug_mode_open' });
    expect(bySn.json().msg).toBe('Hangar information not found');
  });

  it("answers 'Hangar is offline' for a registered dock that is not connected", async () => {
    const dock = await registerDock(app, token);
    const response = await hangarControl({ id: dock.id, action: 'debug_mode_open' });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('Hangar is offline');
  });

  it('names the field of a bad request', async () => {
    const noAction = await hangarControl({ serialNumber: 'X1' });
    expect(noAction.statusCode).toBe(400);
    expect(noAction.json().msg).toMatch(/^action/);
    const badAction = await hangarControl({ serialNumber: 'X1', action: 'launch_missiles' });
    expect(badAction.json().msg).toMatch(/^action/);
    const noDock = await hangarControl({ action: 'cover_open' });
    expect(noDock.json().msg).toMatch(/^id/);
  });

  it('needs remote debug mode for the hatch, then opens it with a job shown at once and logged', async () => {
    const { dock, sim } = await onlineDock();
    const refused = await hangarControl({ serialNumber: dock.serialNumber, action: 'cover_open' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('turn on remote debug mode first');
    expect(sim.received).toHaveLength(0);

    const debug = await hangarControl({ serialNumber: dock.serialNumber, action: 'debug_mode_open' });
    expect(debug.statusCode, debug.body).toBe(200);
    expect(sim.received.at(-1)).toMatchObject({ method: 'debug_mode_open' });
    await sim.osd({ mode_code: 2 });
    await vi.waitFor(async () =>
      expect((await app.services.live.get(dock.serialNumber))?.osd.mode_code).toBe(2),
    );

    const open = await hangarControl({ serialNumber: dock.serialNumber, action: 'cover_open' });
    expect(open.statusCode, open.body).toBe(200);
    const { bid, method, gatewaySn } = open.json().data;
    expect({ method, gatewaySn }).toEqual({ method: 'cover_open', gatewaySn: dock.serialNumber });
    expect(sim.received.at(-1)).toMatchObject({ method: 'cover_open', bid });
    // The job shows before any progress event, and another command waits for it.
    expect((await app.services.live.get(dock.serialNumber))?.jobs).toMatchObject([{ bid, status: 'sent' }]);
    const busy = await hangarControl({ serialNumber: dock.serialNumber, action: 'supplement_light_open' });
    expect(busy.json().msg).toBe('the dock is busy with cover_open, please wait');

    await sim.progress('cover_open', bid, 'in_progress', 40);
    await vi.waitFor(async () =>
      expect((await app.services.live.get(dock.serialNumber))?.jobs).toMatchObject([
        { bid, status: 'in_progress', percent: 40 },
      ]),
    );
    await sim.osd({ cover_state: 1 });
    await sim.progress('cover_open', bid, 'ok', 100);
    await vi.waitFor(async () => expect((await app.services.live.get(dock.serialNumber))?.jobs).toEqual([]));
    const again = await hangarControl({ serialNumber: dock.serialNumber, action: 'cover_open' });
    expect(again.json().msg).toBe('the device is already in that state');

    await app.services.logs.flush();
    const logged = await app.database.db.select().from(logUsual).where(eq(logUsual.logId, 'device.control'));
    const lines = logged.map((row) => row.logData).filter((text) => text?.includes(dock.serialNumber));
    expect(
      lines.some((text) => text?.includes(`cover_open (cover_open) → ${dock.serialNumber}: accepted`)),
    ).toBe(true);
    expect(lines.some((text) => text?.includes('refused, device.remoteDebugRequired'))).toBe(true);
    // how it ended, once, at the level its status deserves
    const ended = logged.filter((row) => row.logData?.includes(`→ ${dock.serialNumber}: ok after`));
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ logLevel: 'info' });
    expect(ended[0]!.logData).toMatch(
      new RegExp(`^cover_open \\(cover_open\\) → ${dock.serialNumber}: ok after [0-9.]+ s, bid ${bid}$`),
    );
  });

  it('reports a refusal by the device (502 with its code) and a dock that does not answer (504)', async () => {
    const { dock, sim } = await onlineDock({ mode_code: 2 });
    sim.answers.set('supplement_light_open', 316001);
    const rejected = await hangarControl({
      serialNumber: dock.serialNumber,
      action: 'supplement_light_open',
    });
    expect(rejected.statusCode).toBe(502);
    expect(rejected.json().msg).toBe('the device refused the command (error 316001)');
    sim.answers.set('charge_open', 'silent');
    const silent = await hangarControl({ serialNumber: dock.serialNumber, action: 'charge_open' });
    expect(silent.statusCode).toBe(504);
    expect(silent.json().msg).toBe('the device did not answer, please try again');
    // A command that failed leaves no job behind.
    expect((await app.services.live.get(dock.serialNumber))?.jobs).toEqual([]);
  });

  it('powers the aircraft on only in the dock and refuses VTOL control of a multirotor dock', async () => {
    const { dock, sim } = await onlineDock({ mode_code: 2, drone_in_dock: 0 });
    const outside = await hangarControl({ serialNumber: dock.serialNumber, action: 'drone_open' });
    expect(outside.json().msg).toBe('the aircraft is not in the dock');
    await sim.osd({ drone_in_dock: 1 });
    await vi.waitFor(async () =>
      expect((await app.services.live.get(dock.serialNumber))?.osd.drone_in_dock).toBe(1),
    );
    const on = await hangarControl({ serialNumber: dock.serialNumber, action: 'drone_open' });
    expect(on.statusCode, on.body).toBe(200);
    const vtol = await hangarControl(
      { serialNumber: dock.serialNumber, action: 'cover_close' },
      'en-US',
      'vtolHangarControl',
    );
    expect(vtol.statusCode).toBe(400);
    expect(vtol.json().msg).toBe('this dock is not a VTOL dock');
  });
});

describe('uavControl and podControl', () => {
  it("refuses an aircraft that is off: 'The aircraft is not powered on and cannot be controlled'", async () => {
    const { drone } = await onlineDock();
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
    const { dock, drone, sim } = await onlineDock({
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
    expect((await app.services.live.get(dock.serialNumber))?.jobs).toMatchObject([
      { method: 'takeoff_to_point_progress', status: 'sent' },
    ]);
    // In the air: take-off is refused, return home is allowed; pause needs the running flight.
    await sim.droneOsd({ mode_code: 5, elevation: 30, latitude: 22.541, longitude: 113.951 });
    await vi.waitFor(async () =>
      expect((await app.services.live.get(drone.serialNumber))?.osd.mode_code).toBe(5),
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
    await vi.waitFor(async () => expect((await app.services.live.get(dock.serialNumber))?.jobs).toEqual([]));
    await app.services.logs.flush();
    const logged = await app.database.db.select().from(logUsual).where(eq(logUsual.logId, 'device.control'));
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
    const { drone, sim } = await onlineDock({ sub_device: { device_online_status: 1, device_paired: 1 } });
    await sim.droneOsd({
      mode_code: 0,
      cameras: [{ payload_index: '53-0-0', camera_mode: 0, recording_state: 0, zoom_factor: 2 }],
      payloads: [{ payload_index: '53-0-0', gimbal_pitch: -10, gimbal_yaw: 5 }],
    });
    await vi.waitFor(async () =>
      expect((await app.services.live.get(drone.serialNumber))?.osd.cameras).toBeDefined(),
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
