import { findFfmpeg } from '@aos/device-sim';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FLEET, setDemoStreams } from '../../src/modules/demo/demo-fleet.js';
import { DEMO_ENV } from './helper.js';
import { createTestApp, login, send } from '../helper.js';

/**
 * The demo docks' video (SIMULATOR_VIDEO): the platform runs a test pattern per demo dock's outside camera,
 * serves its HLS files at /api/demo-video and writes the address into the dock, so getPlayStream (and so
 * /remote-control) has it at once. Needs ffmpeg (CI installs Debian's); clearing runs without.
 */

const ENV = { ...DEMO_ENV, PUBLIC_URL: 'https://ops.example.com/' };
const ffmpeg = findFfmpeg();
const [first] = DEMO_FLEET;

async function outsideStream(app: FastifyInstance, token: string): Promise<string | null> {
  const response = await send(
    app,
    token,
    'GET',
    `/api/cloud-equipment/uavhangar/getPlayStream?serialNumber=${first!.dockSn}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { streamOutside: string | null }).streamOutside;
}

/** Poll `read` until it answers a value `done` accepts. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const end = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!ffmpeg)('demo video (SIMULATOR_VIDEO)', () => {
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    app = await createTestApp({ ...ENV, SIMULATOR_VIDEO: 'true' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    token = (await login(app)).access_token;
  }, 30_000);
  afterAll(async () => {
    await app?.close();
  });

  it("writes each demo dock's outside camera address, under PUBLIC_URL", async () => {
    const expected = `https://ops.example.com/api/demo-video/${first!.dockSn}-outside/index.m3u8`;
    await until(
      () => outsideStream(app, token),
      (url) => url === expected,
      'the stream address',
    );
  });

  it('serves the playlist and its H.264 segments without a token, and nothing else', async () => {
    const base = `/api/demo-video/${first!.dockSn}-outside`;
    const playlist = await until(
      () => app.inject({ method: 'GET', url: `${base}/index.m3u8` }),
      (response) => response.statusCode === 200 && response.body.includes('.ts'),
      'a playlist listing a segment',
    );
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.headers['access-control-allow-origin']).toBe('*');
    const segment = playlist.body.split('\n').find((line) => line.endsWith('.ts'))!;
    const video = await app.inject({ method: 'GET', url: `${base}/${segment}` });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp2t');
    expect(video.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    for (const url of [
      `${base}/..%2F..%2Fetc%2Fpasswd`,
      `${base}/notes.txt`,
      '/api/demo-video/OTHER-DOCK-outside/index.m3u8',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('demo video off', () => {
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    app = await createTestApp(ENV);
    await app.listen({ host: '127.0.0.1', port: 0 });
    token = (await login(app)).access_token;
  }, 30_000);
  afterAll(async () => {
    await app?.close();
  });

  it('has no video route', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/demo-video/${first!.dockSn}-outside/index.m3u8`,
    });
    expect(response.statusCode).toBe(401);
  });

  it('clears an address an earlier demo video wrote, and keeps one an operator entered', async () => {
    const db = app.database.db;
    const demoAddress = `http://localhost:8080/api/demo-video/${first!.dockSn}-outside/index.m3u8`;
    await setDemoStreams(app.services, db, new Map([[first!.dockSn, demoAddress]]));
    expect(await outsideStream(app, token)).toBe(demoAddress);
    await setDemoStreams(app.services, db, new Map());
    expect(await outsideStream(app, token)).toBeFalsy();

    const own = 'rtmp://video.example.com/live/dock-1';
    await setDemoStreams(app.services, db, new Map([[first!.dockSn, own]]));
    await setDemoStreams(app.services, db, new Map());
    expect(await outsideStream(app, token)).toBe(own);
  });
});
