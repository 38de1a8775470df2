import { LIVE_CLOSE_SESSION_ENDED, LIVE_CLOSE_UNAUTHORISED } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTenant, createTestApp, login } from '../helper.js';
import {
  asDevice,
  closeAll,
  connectDevice,
  envelope,
  openConsole,
  publish,
  registerDock,
  registerDrone,
  subscribedConsole,
  topo,
  wsUrl,
} from '../live-helper.js';

/**
 * Live push end to end on the embedded broker: docks registered through the HTTP API publish as real MQTT
 * clients, consoles are real WebSocket clients (`ws`) of the app listening on a free port.
 */

const LIVE_ENV = {
  MQTT_ENABLED: 'true',
  MQTT_PORT: '0',
  HOST: '127.0.0.1',
  DEVICE_OFFLINE_MS: '60000',
  DEVICE_REPLY_TIMEOUT_MS: '3000',
};
const B = '800071';

let app: FastifyInstance;
let mqttUrl: string;
let token: string;
let tokenB: string;

beforeAll(async () => {
  app = await createTestApp(LIVE_ENV);
  await app.listen({ port: 0, host: '127.0.0.1' });
  mqttUrl = `mqtt://127.0.0.1:${app.deviceBroker!.port}`;
  token = (await login(app)).access_token;
  await createTenant(app, B);
  tokenB = (await login(app, B)).access_token;
});
afterEach(closeAll);
afterAll(async () => {
  await app?.close();
});

describe('authentication', () => {
  it('closes a socket without a token, or with a bad one, at once with 4401', async () => {
    for (const url of [wsUrl(app), wsUrl(app, ''), wsUrl(app, 'not-a-token'), wsUrl(app, `${token}x`)]) {
      const viewer = openConsole(url);
      expect((await viewer.closed).code).toBe(LIVE_CLOSE_UNAUTHORISED);
      expect(viewer.frames).toEqual([]);
    }
  });

  it('says hello with the caller’s tenant and answers ping', async () => {
    const viewer = openConsole(wsUrl(app, tokenB));
    const hello = await viewer.next('hello');
    expect(hello.data).toMatchObject({ tenantId: B, serverTime: expect.any(Number) });
    await viewer.sync();
  });

  it('ignores malformed client frames and stays open', async () => {
    const viewer = openConsole(wsUrl(app, token));
    await viewer.next('hello');
    viewer.send('not json {');
    viewer.send({ type: 'nope' });
    viewer.send({ type: 'subscribe', sns: 'not a list' });
    viewer.send({ type: 'ping', extra: [1, 2, 3] });
    await viewer.sync();
    expect(viewer.socket.readyState).toBe(viewer.socket.OPEN);
    // still serves a subscription
    viewer.send({ type: 'subscribe' });
    await viewer.next('snapshot');
  });

  it('closes the socket of a session that signed out (4403)', async () => {
    const own = (await login(app)).access_token;
    const viewer = await subscribedConsole(app, own);
    expect((await as(app, own).get('/api/blade-auth/oauth/logout')).statusCode).toBe(200);
    await app.liveSockets.checkSessions(); // what the periodic check does
    expect(await viewer.closed).toMatchObject({ code: LIVE_CLOSE_SESSION_ENDED });
    // The other sessions stay.
    const other = await subscribedConsole(app, token);
    await app.liveSockets.checkSessions();
    await other.sync();
  });
});

describe('devices', () => {
  it('snapshots every registered dock of the tenant, offline ones too, and no other tenant’s', async () => {
    const drone = await registerDrone(app, token);
    const dock = await registerDock(app, token, [drone]);
    const foreign = await registerDock(app, tokenB);
    const viewer = await subscribedConsole(app, token);
    const { devices } = viewer.of('snapshot')[0]!.data;
    expect(devices.find((device) => device.sn === dock.serialNumber)).toMatchObject({
      kind: 'dock',
      ownerId: dock.id,
      tenantId: '000000',
      online: false,
      lastSeen: null,
      jobs: [],
    });
    expect(devices.find((device) => device.sn === drone.serialNumber)).toMatchObject({
      kind: 'device',
      online: false,
    });
    expect(devices.every((device) => device.tenantId === '000000')).toBe(true);
    expect(devices.some((device) => device.sn === foreign.serialNumber)).toBe(false);
    const theirs = await subscribedConsole(app, tokenB);
    expect(theirs.of('snapshot')[0]!.data.devices.map((device) => device.sn)).toEqual([foreign.serialNumber]);
  });

  it('pushes a dock’s OSD to its tenant’s consoles and never to another tenant’s', async () => {
    const dock = await registerDock(app, token);
    const theirDock = await registerDock(app, tokenB);
    const ours = await subscribedConsole(app, token);
    const theirs = await subscribedConsole(app, tokenB);
    const client = await connectDevice(mqttUrl, asDevice(dock.credential));
    await publish(client, dock.serialNumber, 'osd', envelope(undefined, { cover_state: 0, temperature: 21 }));
    const frame = await ours.next('osd', (candidate) => candidate.data.sn === dock.serialNumber);
    expect(frame.data).toMatchObject({
      kind: 'dock',
      gatewaySn: null,
      osd: { cover_state: 0, temperature: 21 },
    });
    expect(ours.of('online', dock.serialNumber)).toHaveLength(1);
    // Tenant B's console does get its own dock's OSD, and nothing of ours came before it.
    const theirClient = await connectDevice(mqttUrl, asDevice(theirDock.credential));
    await publish(theirClient, theirDock.serialNumber, 'osd', envelope(undefined, { cover_state: 1 }));
    await theirs.next('osd', (candidate) => candidate.data.sn === theirDock.serialNumber);
    await theirs.sync();
    expect(theirs.frames.some((item) => JSON.stringify(item).includes(dock.serialNumber))).toBe(false);
    expect(ours.frames.some((item) => JSON.stringify(item).includes(theirDock.serialNumber))).toBe(false);
  });

  it('follows only the serial numbers asked for, and only the caller’s', async () => {
    const drone = await registerDrone(app, token);
    const dock = await registerDock(app, token, [drone]);
    const foreign = await registerDock(app, tokenB);
    const viewer = await subscribedConsole(app, token, [drone.serialNumber, foreign.serialNumber]);
    expect(viewer.of('snapshot')[0]!.data.devices.map((device) => device.sn)).toEqual([drone.serialNumber]);
    const client = await connectDevice(mqttUrl, asDevice(dock.credential));
    await publish(client, dock.serialNumber, 'osd', envelope(undefined, { cover_state: 0 }));
    await publish(
      client,
      drone.serialNumber,
      'osd',
      envelope(undefined, { latitude: 22.5 }, { gateway: dock.serialNumber }),
    );
    const frame = await viewer.next('osd', (candidate) => candidate.data.sn === drone.serialNumber);
    expect(frame.data).toMatchObject({ gatewaySn: dock.serialNumber, osd: { latitude: 22.5 } });
    await vi.waitFor(async () =>
      expect((await app.platform.live.get(dock.serialNumber))?.osd).toEqual({ cover_state: 0 }),
    );
    await viewer.sync();
    expect(viewer.frames.some((item) => (item.data as { sn?: string }).sn === dock.serialNumber)).toBe(false);
    // unsubscribe: nothing more
    viewer.send({ type: 'unsubscribe' });
    await viewer.sync();
    const count = viewer.frames.length;
    await publish(client, drone.serialNumber, 'osd', envelope(undefined, { latitude: 23 }));
    await vi.waitFor(async () =>
      expect((await app.platform.live.get(drone.serialNumber))?.osd).toMatchObject({ latitude: 23 }),
    );
    await viewer.sync();
    expect(viewer.frames.slice(count).map((item) => item.event)).toEqual(['pong']);
  });

  it('pushes online and offline from the topology', async () => {
    const drone = await registerDrone(app, token);
    const dock = await registerDock(app, token, [drone]);
    const viewer = await subscribedConsole(app, token);
    const client = await connectDevice(mqttUrl, asDevice(dock.credential));
    await publish(client, dock.serialNumber, 'status', topo([{ sn: drone.serialNumber }]));
    await viewer.next('online', (frame) => frame.data.sn === dock.serialNumber);
    const droneOnline = await viewer.next('online', (frame) => frame.data.sn === drone.serialNumber);
    expect(droneOnline.data).toMatchObject({ kind: 'device', gatewaySn: dock.serialNumber });
    await vi.waitFor(async () =>
      expect((await app.platform.live.get(dock.serialNumber))?.subDevices).toEqual([drone.serialNumber]),
    );

    await publish(client, dock.serialNumber, 'status', topo([]));
    const offline = await viewer.next('offline', (frame) => frame.data.sn === drone.serialNumber);
    expect(offline.data).toMatchObject({ kind: 'device', reason: 'topology' });
    await vi.waitFor(async () =>
      expect(await app.platform.live.get(dock.serialNumber)).toMatchObject({ online: true, subDevices: [] }),
    );
    // A second identical topology changes nothing: one online per device.
    await publish(client, dock.serialNumber, 'status', topo([]));
    await viewer.sync();
    expect(viewer.of('online', dock.serialNumber)).toHaveLength(1);
    expect(viewer.of('offline', drone.serialNumber)).toHaveLength(1);
    expect(await app.platform.live.get(drone.serialNumber)).toMatchObject({
      online: false,
      gatewaySn: dock.serialNumber,
    });
  });

  it('shows a job sent, then its progress from the device, then drops it when it ends', async () => {
    const dock = await registerDock(app, token);
    const viewer = await subscribedConsole(app, token, [dock.serialNumber]);
    const bid = `job-${dock.serialNumber}`;
    const startedAt = Date.now();
    await app.platform.live.recordJob(dock.serialNumber, {
      bid,
      method: 'cover_open',
      status: 'sent',
      percent: null,
      step: null,
      result: null,
      startedAt,
      updatedAt: startedAt,
    });
    expect((await app.platform.live.get(dock.serialNumber))?.jobs).toMatchObject([{ bid, status: 'sent' }]);
    await viewer.next('job', (frame) => frame.data.job.status === 'sent');

    const client = await connectDevice(mqttUrl, asDevice(dock.credential));
    const progress = (status: string, percent: number) =>
      envelope(
        'cover_open',
        { result: 0, output: { status, progress: { percent, step_key: 'open_cover' } } },
        { bid },
      );
    await publish(client, dock.serialNumber, 'events', progress('in_progress', 40));
    const running = await viewer.next('job', (frame) => frame.data.job.status === 'in_progress');
    expect(running.data).toEqual({
      sn: dock.serialNumber,
      job: expect.objectContaining({ bid, method: 'cover_open', percent: 40, step: 'open_cover', startedAt }),
    });
    const snapshot = await subscribedConsole(app, token, [dock.serialNumber]);
    expect(snapshot.of('snapshot')[0]!.data.devices[0]!.jobs).toMatchObject([
      { bid, status: 'in_progress', percent: 40 },
    ]);

    await publish(client, dock.serialNumber, 'events', progress('ok', 100));
    const done = await viewer.next('job', (frame) => frame.data.job.status === 'ok');
    expect(done.data.job).toMatchObject({ bid, percent: 100, result: null });
    expect((await app.platform.live.get(dock.serialNumber))?.jobs).toEqual([]);
    // A late progress of a finished job does not bring it back.
    await publish(client, dock.serialNumber, 'events', progress('in_progress', 90));
    await publish(client, dock.serialNumber, 'events', envelope('hms', { list: [] }));
    await viewer.next('notice', (frame) => frame.data.method === 'hms');
    expect(viewer.of('job').map((frame) => frame.data.job.status)).toEqual(['sent', 'in_progress', 'ok']);
    const after = await subscribedConsole(app, token, [dock.serialNumber]);
    expect(after.of('snapshot')[0]!.data.devices[0]!.jobs).toEqual([]);
  });

  it('coalesces a burst of OSD into fewer frames, the last with the newest values', async () => {
    const dock = await registerDock(app, token);
    const viewer = await subscribedConsole(app, token, [dock.serialNumber]);
    const client = await connectDevice(mqttUrl, asDevice(dock.credential));
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        publish(
          client,
          dock.serialNumber,
          'osd',
          envelope(undefined, { job_number: index, [`f${index}`]: 1 }),
        ),
      ),
    );
    await vi.waitFor(async () =>
      expect((await app.platform.live.get(dock.serialNumber))?.osd).toMatchObject({ job_number: 19 }),
    );
    await vi.waitFor(
      () => expect(viewer.of('osd', dock.serialNumber).at(-1)?.data.osd).toMatchObject({ job_number: 19 }),
      { timeout: 5000 },
    );
    const frames = viewer.of('osd', dock.serialNumber);
    expect(frames.length).toBeLessThan(20);
    // every field known so far, merged
    expect(Object.keys(frames.at(-1)!.data.osd)).toHaveLength(21);
  });

  it('answers get and list from the view, and null for an unknown serial number', async () => {
    const dock = await registerDock(app, tokenB);
    expect(await app.platform.live.get('NO-SUCH-SN')).toBeNull();
    expect(await app.platform.live.get(dock.serialNumber)).toMatchObject({
      sn: dock.serialNumber,
      tenantId: B,
      online: false,
    });
    const list = await app.platform.live.list(B);
    expect(list.map((device) => device.sn)).toContain(dock.serialNumber);
    expect(list.every((device) => device.tenantId === B)).toBe(true);
  });
});

describe('rooms', () => {
  /** The hello of a console just opened: its user and home rooms. */
  async function opened(userToken: string) {
    const viewer = openConsole(wsUrl(app, userToken));
    const hello = await viewer.next('hello');
    return { viewer, hello: hello.data };
  }

  it('puts every socket in its tenant and user rooms and joins the own tenant’s device rooms only', async () => {
    const dock = await registerDock(app, token);
    const foreign = await registerDock(app, tokenB);
    const { viewer, hello } = await opened(token);
    expect(hello.rooms).toEqual(['tenant:000000', `user:${hello.userId}`]);
    for (const room of [`device:${foreign.serialNumber}`, 'device:NO-SUCH-SN', `tenant:${B}`]) {
      viewer.send({ type: 'join', room });
      const refused = await viewer.next('error', (frame) => frame.data.room === room);
      expect(refused.data.reason).toBe('room of another tenant');
    }
    viewer.send({ type: 'join', room: 'task:1' });
    expect((await viewer.next('error', (frame) => frame.data.room === 'task:1')).data.reason).toBe(
      'unknown room kind',
    );
    viewer.send({ type: 'join', room: `device:${dock.serialNumber}` });
    await viewer.next('joined', (frame) => frame.data.room === `device:${dock.serialNumber}`);
    expect(viewer.of('joined')).toHaveLength(1);

    // What is published to a room reaches its sockets only.
    const theirs = await opened(tokenB);
    const notice = { sn: dock.serialNumber, method: 'probe', timestamp: 1, data: null };
    await app.platform.live.publish(`device:${foreign.serialNumber}`, 'notice', notice);
    await app.platform.live.publish(`device:${dock.serialNumber}`, 'notice', notice);
    await app.platform.live.publish(`user:${theirs.hello.userId}`, 'notice', { ...notice, method: 'theirs' });
    await app.platform.live.publish(`tenant:000000`, 'notice', { ...notice, method: 'tenant' });
    await viewer.sync();
    await theirs.viewer.sync();
    expect(viewer.of('notice').map((frame) => [frame.room, frame.data.method])).toEqual([
      [`device:${dock.serialNumber}`, 'probe'],
      ['tenant:000000', 'tenant'],
    ]);
    expect(theirs.viewer.of('notice').map((frame) => [frame.room, frame.data.method])).toEqual([
      [`user:${theirs.hello.userId}`, 'theirs'],
    ]);

    viewer.send({ type: 'leave', room: `device:${dock.serialNumber}` });
    await viewer.next('left');
    await app.platform.live.publish(`device:${dock.serialNumber}`, 'notice', notice);
    await viewer.sync();
    expect(viewer.of('notice')).toHaveLength(2);
  });

  it('joins a room kind only once an area declared it, by the rule it gave', async () => {
    const { viewer, hello } = await opened(token);
    viewer.send({ type: 'join', room: 'probe:7' });
    expect((await viewer.next('error', (frame) => frame.data.room === 'probe:7')).data.reason).toBe(
      'unknown room kind',
    );
    expect(app.liveSockets.members('probe:7')).toBe(0);
    app.platform.live.defineRoom('probe', (member, id) =>
      member.tenantId === '000000' && id === '7' ? true : 'room of another tenant',
    );
    expect(() => app.platform.live.defineRoom('probe', () => true)).toThrow(/defined twice/);
    viewer.send({ type: 'join', room: 'probe:7' });
    await viewer.next('joined', (frame) => frame.data.room === 'probe:7');
    viewer.send({ type: 'join', room: 'probe:8' });
    expect((await viewer.next('error', (frame) => frame.data.room === 'probe:8')).data.reason).toBe(
      'room of another tenant',
    );
    const theirs = await opened(tokenB);
    theirs.viewer.send({ type: 'join', room: 'probe:7' });
    await theirs.viewer.next('error', (frame) => frame.data.room === 'probe:7');
    expect(app.liveSockets.members('probe:7')).toBe(1);
    expect(hello.userId).toMatch(/^\d+$/);
  });
});
