import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { DeviceLink } from '../../src/device/link.js';
import { endDevices, LINK_ENV, record } from '../device-helper.js';
import { createTestApp, login } from '../helper.js';

/**
 * The app of the device-link suites (device-link, -presence, -messages, -commands): the link on the
 * embedded broker, signed in as the default tenant's admin, every event the link emits recorded.
 */

/** The app, its device link, the embedded broker's url, the admin's token and the link's recorded events. */
export interface LinkApp {
  app: FastifyInstance;
  link: DeviceLink;
  url: string;
  token: string;
  events: ReturnType<typeof record>;
}

/** Start a link app before the suite's tests (handed to `started`); end devices after each; close it last. */
export function useLinkApp(started: (linked: LinkApp) => void): void {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await createTestApp(LINK_ENV);
    const link = app.platform.deviceLink;
    const url = `mqtt://127.0.0.1:${app.deviceBroker!.port}`;
    const token = (await login(app)).access_token;
    started({ app, link, url, token, events: record(link) });
  });
  afterEach(endDevices);
  afterAll(async () => {
    await app?.close();
  });
}
