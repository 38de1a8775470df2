import { SimFleet } from '@aos/device-sim';
import type { FastifyInstance } from 'fastify';
import { defineArea } from '../../area.js';
import { provisionDemoFleet } from './demo-fleet.js';
import { demoVideoRoutes } from './demo-video.js';

/** The demo fleet while it runs (SIMULATOR with the device link on); null otherwise. */
export interface DemoFleet {
  fleet: SimFleet | null;
}

declare module '../../area.js' {
  /** the demo area's */
  interface Services {
    demo: DemoFleet;
  }
}

/** Where the in-process devices reach the broker: MQTT_URL, or the embedded broker on this host. */
function brokerUrl(app: FastifyInstance): string | null {
  const { config } = app;
  if (config.MQTT_URL) return config.MQTT_URL;
  if (!app.deviceBroker) return null;
  const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  return `mqtt://${host.includes(':') ? `[${host}]` : host}:${app.deviceBroker.port}`;
}

/**
 * The demo fleet (SIMULATOR, on by default): once the app is ready (the device link up, every listener of
 * the link registered), three simulated docks with their drones of tenant 000000 connect with fresh
 * credentials; they disconnect before the broker closes. With SIMULATOR_VIDEO their outside cameras play a
 * test pattern (demo-video.ts). A demo that cannot start is logged and the server runs on without it.
 */
export default defineArea({
  name: 'demo',
  needs: ['fleet'],
  services: () => ({ demo: { fleet: null } }),
  routes: [demoVideoRoutes],
  async start(app) {
    const { config } = app;
    if (!config.SIMULATOR || !config.MQTT_ENABLED) return;
    const url = brokerUrl(app);
    if (!url) return;
    const log = app.log.child({ module: 'demo-fleet' });
    try {
      const docks = await provisionDemoFleet(app.services, app.database.db, {
        info: (message) => log.info(message),
        warn: (data, message) => log.warn(data, message),
      });
      if (docks.length === 0) return;
      const timeScale = config.SIMULATOR_TIME_SCALE;
      const fleet = new SimFleet({
        url,
        docks,
        timeScale,
        // OSD follows the time scale (a fast demo reports more often), never faster than 10 Hz.
        osdIntervalMs: Math.max(100, Math.round(2000 * Math.min(1, timeScale))),
        onError: (error, sn) => log.warn({ err: error, sn }, 'simulated dock failure'),
      });
      await fleet.start();
      app.services.demo.fleet = fleet;
      log.info(
        `demo fleet: ${docks.length} simulated docks of tenant 000000 online (${docks
          .map((dock) => dock.dock.sn)
          .join(', ')}); SIMULATOR=0 turns it off`,
      );
      return async () => {
        app.services.demo.fleet = null;
        await fleet.stop();
      };
    } catch (error) {
      log.warn({ err: error }, 'the demo fleet could not start');
    }
  },
});
