import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeviceLink } from '../../src/device/link.js';
import { createTestApp, login } from '../helper.js';
import {
  closeAll,
  connectDevice,
  openConsole,
  envelope,
  nextSerial,
  publish,
  registerDock,
  registerDrone,
  subscribedConsole,
  topo,
  wsUrl,
} from '../live-helper.js';

/**
 * Two server instances sharing PostgreSQL, Redis and an external MQTT broker (Mosquitto): each device
 * message is handled by one instance (shared subscription), and a console on either instance sees every
 * change. Runs in CI's second pass (and here with the machine's services).
 */
describe.runIf(process.env.MQTT_URL && process.env.REDIS_URL && process.env.DATABASE_URL)(
  'live push across two instances',
  () => {
    const brokerUrl = process.env.MQTT_URL!;
    const env = {
      MQTT_ENABLED: 'true',
      MQTT_URL: brokerUrl,
      MQTT_SHARE_GROUP: `aos-live-${randomBytes(4).toString('hex')}`,
      HOST: '127.0.0.1',
      DEVICE_OFFLINE_MS: '60000',
    };
    let first: FastifyInstance;
    let second: FastifyInstance;
    let token: string;
    let dockSn: string;
    let droneSn: string;

    /** Which messages each instance's link handled, by a field of the message. */
    const handled = (link: DeviceLink, kind: 'osd' | 'state', field: string) => {
      const seen: unknown[] = [];
      const listener = (event: { device: { serialNumber: string }; data: Record<string, unknown> }) => {
        if (event.device.serialNumber === dockSn && field in event.data) seen.push(event.data[field]);
      };
      if (kind === 'osd') link.on('osd', listener);
      else link.on('state', listener);
      return seen;
    };

    beforeAll(async () => {
      first = await createTestApp(env);
      second = await createTestApp(env, {
        database: first.database.target,
        jwtSecret: first.config.JWT_SECRET,
        cachePrefix: first.config.CACHE_PREFIX,
      });
      await second.listen({ port: 0, host: '127.0.0.1' });
      token = (await login(first)).access_token;
      const drone = await registerDrone(first, token, nextSerial('MIUAV'));
      const dock = await registerDock(first, token, [drone], nextSerial('MIDOCK'));
      dockSn = dock.serialNumber;
      droneSn = drone.serialNumber;
    });
    afterEach(closeAll);
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('pushes to a console on B the OSD of a device whichever instance handled it', async () => {
      const viewer = await subscribedConsole(second, token);
      expect(viewer.of('snapshot')[0]!.data.devices.map((device) => device.sn)).toEqual(
        expect.arrayContaining([dockSn, droneSn]),
      );
      const byFirst = handled(first.platform.deviceLink, 'osd', 'job_number');
      const bySecond = handled(second.platform.deviceLink, 'osd', 'job_number');
      const dock = await connectDevice(brokerUrl, { clientId: `${dockSn}-live` });
      await publish(dock, dockSn, 'status', topo([{ sn: droneSn }]));
      // Until each instance has handled a few (the broker splits the share group's messages between them).
      let sent = 0;
      // Distinct device timestamps: the instances apply each other's messages in whatever order they arrive.
      const base = Date.now();
      while ((byFirst.length < 3 || bySecond.length < 3) && sent < 200) {
        const message = envelope(
          undefined,
          { job_number: sent, [`f${sent}`]: sent },
          { timestamp: base + sent },
        );
        await publish(dock, dockSn, 'osd', message);
        sent += 1;
        if (sent % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await vi.waitFor(() => expect(byFirst.length + bySecond.length).toBe(sent));
      expect(byFirst.length).toBeGreaterThan(0);
      expect(bySecond.length).toBeGreaterThan(0);
      // The console's last frame merges every message, those handled by A included.
      await vi.waitFor(
        () => {
          const last = viewer.of('osd', dockSn).at(-1);
          expect(last?.data.osd).toMatchObject({ job_number: sent - 1 });
          expect(Object.keys(last!.data.osd)).toHaveLength(sent + 1);
        },
        { timeout: 5000 },
      );
      // Both instances' links brought the dock online: the console was told once.
      await viewer.sync();
      expect(viewer.of('online', dockSn)).toHaveLength(1);
      expect(viewer.of('online', droneSn)[0]?.data.gatewaySn).toBe(dockSn);
    });

    it('answers on B the state and jobs A handled, and the shared snapshot to an instance started later', async () => {
      const byFirst = handled(first.platform.deviceLink, 'state', 'firmware_version');
      const dock = await connectDevice(brokerUrl, { clientId: `${dockSn}-state` });
      let version = 0;
      const base = Date.now();
      while (byFirst.length === 0 && version < 50) {
        version += 1;
        const message = envelope(
          undefined,
          { firmware_version: `10.${version}` },
          { timestamp: base + version },
        );
        await publish(dock, dockSn, 'state', message);
        await vi.waitFor(async () =>
          expect((await second.platform.live.get(dockSn))?.state).toMatchObject({
            firmware_version: `10.${version}`,
          }),
        );
      }
      // The last message was handled by A, and B answers it.
      expect(byFirst).toEqual([`10.${version}`]);
      expect((await second.platform.live.get(dockSn))?.state).toMatchObject({
        firmware_version: `10.${version}`,
      });

      const now = Date.now();
      await first.platform.live.recordJob(dockSn, {
        bid: `mi-${dockSn}`,
        method: 'cover_open',
        status: 'sent',
        percent: null,
        step: null,
        result: null,
        startedAt: now,
        updatedAt: now,
      });
      await vi.waitFor(async () =>
        expect((await second.platform.live.get(dockSn))?.jobs).toMatchObject([
          { bid: `mi-${dockSn}`, status: 'sent' },
        ]),
      );

      // A third instance, started now, answers the same picture from the shared snapshot.
      const expected = await second.platform.live.get(dockSn);
      const third = await createTestApp(
        { DEVICE_OFFLINE_MS: '60000' },
        {
          database: first.database.target,
          jwtSecret: first.config.JWT_SECRET,
          cachePrefix: first.config.CACHE_PREFIX,
        },
      );
      try {
        await vi.waitFor(async () => {
          const seen = await third.platform.live.get(dockSn);
          expect(seen).toMatchObject({
            online: true,
            osd: expected!.osd,
            state: expected!.state,
            subDevices: [droneSn],
            jobs: [{ bid: `mi-${dockSn}`, status: 'sent' }],
          });
        });
      } finally {
        await third.close();
      }
    });

    it('delivers what A publishes to a room to the sockets in it on B, once', async () => {
      const viewer = openConsole(wsUrl(second, token));
      const { userId } = (await viewer.next('hello')).data;
      viewer.send({ type: 'join', room: `device:${dockSn}` });
      await viewer.next('joined');
      const notice = (method: string) => ({ sn: dockSn, method, timestamp: 1, data: null });
      await first.platform.live.publish(`user:${userId}`, 'notice', notice('to the user'));
      await first.platform.live.publish(`device:${dockSn}`, 'notice', notice('to the dock'));
      await first.platform.live.publish('user:0', 'notice', notice('to nobody here'));
      await vi.waitFor(() => expect(viewer.of('notice')).toHaveLength(2));
      await viewer.sync();
      expect(viewer.of('notice').map((frame) => [frame.room, frame.data.method])).toEqual([
        [`user:${userId}`, 'to the user'],
        [`device:${dockSn}`, 'to the dock'],
      ]);
    });
  },
);
