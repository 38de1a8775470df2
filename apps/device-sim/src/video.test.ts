import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { findFfmpeg, VideoServer } from './video.js';

const ffmpeg = findFfmpeg();
let server: VideoServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

describe('camera test patterns', () => {
  it('reports every stream absent, with the reason, without ffmpeg', async () => {
    server = new VideoServer({ streams: ['D1-inside', 'D1-outside'], ffmpeg: null });
    expect(await server.start()).toEqual([
      { name: 'D1-inside', available: false, reason: 'ffmpeg is not installed' },
      { name: 'D1-outside', available: false, reason: 'ffmpeg is not installed' },
    ]);
  });

  // CI installs Debian's ffmpeg (.ci/run); elsewhere this runs when ffmpeg is on PATH.
  it.skipIf(!ffmpeg)(
    'serves a live HLS playlist of H.264 segments per camera, and nothing outside its folders',
    async () => {
      server = new VideoServer({ streams: ['D1-outside'] });
      const [stream] = await server.start();
      if (!stream?.available) throw new Error('expected the stream to be available');
      const playlist = await waitForPlaylist(stream.url);
      const segment = playlist.split('\n').find((line) => line.endsWith('.ts'))!;
      const response = await fetch(new URL(segment, stream.url));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('video/mp2t');
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.length).toBeGreaterThan(10_000);
      expect(body[0]).toBe(0x47); // MPEG-TS sync byte
      const origin = new URL(stream.url).origin;
      for (const path of ['/D1-outside/../../etc/passwd', '/D1-outside/x.txt', '/other/index.m3u8', '/']) {
        expect((await fetch(`${origin}${path}`)).status, path).toBe(404);
      }
    },
    30_000,
  );

  it.skipIf(!ffmpeg)(
    'lets its owner serve the files under a base address, without a port of its own',
    async () => {
      server = new VideoServer({
        streams: ['D3-outside'],
        baseUrl: 'https://ops.example.com/api/demo-video/',
      });
      const [stream] = await server.start();
      expect(stream).toEqual({
        name: 'D3-outside',
        available: true,
        url: 'https://ops.example.com/api/demo-video/D3-outside/index.m3u8',
      });
      const deadline = Date.now() + 20_000;
      let playlist = await server.read('D3-outside', 'index.m3u8');
      while (!playlist?.body.toString().includes('.ts') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        playlist = await server.read('D3-outside', 'index.m3u8');
      }
      expect(playlist?.contentType).toBe('application/vnd.apple.mpegurl');
      const segment = playlist!.body
        .toString()
        .split('\n')
        .find((line) => line.endsWith('.ts'))!;
      expect((await server.read('D3-outside', segment))?.contentType).toBe('video/mp2t');
      for (const [name, file] of [
        ['..', 'index.m3u8'],
        ['D3-outside', '../index.m3u8'],
        ['D3-outside', 'x.txt'],
        ['other', 'index.m3u8'],
      ] as const) {
        expect(await server.read(name, file), `${name}/${file}`).toBeNull();
      }
      await server.stop();
      expect(await server.read('D3-outside', 'index.m3u8')).toBeNull();
    },
    30_000,
  );

  it.skipIf(!ffmpeg)(
    'stops its ffmpeg before removing the segments folder, so a last segment cannot be left behind',
    async () => {
      server = new VideoServer({ streams: ['D2-inside', 'D2-outside'] });
      const streams = await server.start();
      await Promise.all(streams.map((stream) => stream.available && waitForPlaylist(stream.url)));
      const folder = server.directory!;
      expect(existsSync(folder)).toBe(true);
      await server.stop();
      expect(ffmpegsWriting(folder), 'ffmpeg still running after stop()').toEqual([]);
      expect(existsSync(folder)).toBe(false);
      expect(server.directory).toBeNull();
      // nothing writes there afterwards (ffmpeg would recreate a segment within its 2 s period)
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(existsSync(folder)).toBe(false);
    },
    40_000,
  );
});

/** The playlist once it lists a first segment (ffmpeg writes one every 2 s). */
async function waitForPlaylist(url: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const response = await fetch(url).catch(() => null);
    if (response?.ok) {
      expect(response.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
      const text = await response.text();
      if (text.includes('.ts')) return text;
    }
    if (Date.now() > deadline) throw new Error(`no HLS segment at ${url} after 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The pids of the processes whose command line names `folder` (pgrep; empty when none is left). */
function ffmpegsWriting(folder: string): string[] {
  const result = spawnSync('pgrep', ['-f', folder], { encoding: 'utf8' });
  return result.stdout.split('\n').filter(Boolean);
}
