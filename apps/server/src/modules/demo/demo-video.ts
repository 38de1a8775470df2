import type { AddressInfo } from 'node:net';
import { VideoServer } from '@aos/device-sim';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { DEMO_FLEET, DEMO_VIDEO_PATH, setDemoStreams } from './demo-fleet.js';

const StreamFileParams = z.object({
  name: z.string().max(80).describe('the camera: {dock serial number}-outside'),
  file: z.string().max(80).describe('index.m3u8 or a segment it lists'),
});

/** The base address browsers reach the demo video at: PUBLIC_URL, else http://localhost:{port}. */
function videoBase(app: FastifyInstance): string {
  const { config } = app;
  if (config.PUBLIC_URL) return `${config.PUBLIC_URL.replace(/\/+$/, '')}${DEMO_VIDEO_PATH}`;
  const { port } = app.server.address() as AddressInfo;
  const host = ['0.0.0.0', '::', '', '127.0.0.1'].includes(config.HOST) ? 'localhost' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}${DEMO_VIDEO_PATH}`;
}

/**
 * The demo docks' video (SIMULATOR_VIDEO): once the server listens, one ffmpeg test pattern per demo dock's
 * outside camera, its HLS files served at DEMO_VIDEO_PATH (public, like the sign-in captcha: a test
 * pattern, no tenant's data) and its address written into the dock, so /remote-control plays it at once.
 * Without ffmpeg the addresses are cleared and the console shows "no signal". Off: an address an earlier
 * demo wrote is cleared.
 */
export async function demoVideoRoutes(app: FastifyInstance): Promise<void> {
  const { services, config } = app;
  if (!config.SIMULATOR || !config.MQTT_ENABLED) return;
  const log = app.log.child({ module: 'demo-fleet' });
  let video: VideoServer | null = null;

  if (config.SIMULATOR_VIDEO) {
    app.withTypeProvider<ZodTypeProvider>().get(
      `${DEMO_VIDEO_PATH}/:name/:file`,
      {
        config: { permission: 'public' },
        schema: {
          tags: ['demo'],
          summary: "The demo docks' test-pattern video (HLS playlists and segments), with SIMULATOR_VIDEO",
          params: StreamFileParams,
        },
      },
      async (request, reply) => {
        const found = await video?.read(request.params.name, request.params.file);
        if (!found) throw notFound();
        return reply
          .header('content-type', found.contentType)
          .header('access-control-allow-origin', '*')
          .header('cache-control', 'no-cache')
          .send(found.body);
      },
    );
  }

  let listened = false;
  app.addHook('onListen', async () => {
    if (listened) return;
    listened = true;
    const addresses = new Map<string, string>();
    try {
      const fleet = services.demo.fleet;
      if (config.SIMULATOR_VIDEO && fleet) {
        const started = new Set(fleet.docks.map((dock) => dock.sn));
        const cameras = DEMO_FLEET.filter((entry) => started.has(entry.dockSn));
        video = new VideoServer({
          streams: cameras.map((entry) => `${entry.dockSn}-outside`),
          baseUrl: videoBase(app),
        });
        for (const [index, stream] of (await video.start()).entries()) {
          if (stream.available) addresses.set(cameras[index]!.dockSn, stream.url);
          else log.warn(`demo video ${stream.name} is off: ${stream.reason}`);
        }
        if (addresses.size) log.info(`demo video: ${[...addresses.values()].join(', ')}`);
      }
      await setDemoStreams(services, app.database.db, addresses);
    } catch (error) {
      log.warn({ err: error }, 'the demo video could not start');
    }
  });
  app.addHook('preClose', async () => {
    const stopping = video;
    video = null;
    await stopping?.stop();
  });
}
