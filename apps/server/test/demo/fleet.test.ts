import type { AddressInfo } from 'node:net';
import { PlatformClient, SimFleet } from '@aos/device-sim';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { DEMO_FLEET } from '../../src/modules/demo/demo-fleet.js';
import { DEMO_ENV } from './helper.js';
import { ADMIN_PASSWORD, createTestApp, login, send } from '../helper.js';
import { expectIsolated, twoTenants } from '../tenants.js';

/**
 * The embedded demo fleet (SIMULATOR): three docks of tenant 000000 with their aircraft, registered through
 * the fleet services and simulated in-process against the embedded broker, fifty times faster than real
 * time; and the simulator's command-line provisioning against the same API.
 */

/** Wait until `condition` holds (polling). */
async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('demo fleet', () => {
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    app = await createTestApp(DEMO_ENV);
    await app.ready();
    token = (await login(app)).access_token;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('registers three docks with a bound aircraft each in tenant 000000', async () => {
    const response = await send(app, token, 'POST', '/api/cloud-equipment/uavhangar/list', {});
    expect(response.statusCode, response.body).toBe(200);
    const docks = (response.json().data as Array<Record<string, unknown>>).filter((dock) =>
      String(dock.serialNumber).startsWith('DEMO-DOCK-'),
    );
    expect(docks.map((dock) => dock.serialNumber).sort()).toEqual(DEMO_FLEET.map((entry) => entry.dockSn));
    for (const dock of docks) {
      expect(dock).toMatchObject({ tenantId: '000000', modelId: 'dji-dock2', type: 1 });
      expect(dock.manufacturerId).toBeTruthy();
      const drone = await send(
        app,
        token,
        'GET',
        `/api/cloud-equipment/equipment-management/detail?serialNumber=${String(dock.serialNumber).replace('DOCK', 'UAV')}`,
      );
      expect(drone.statusCode, drone.body).toBe(200);
      expect(String(dock.droneIds).split(',')).toContain(drone.json().data.id);
      expect(drone.json().data).toMatchObject({ modelId: 'dji-m3td', type: 1 });
    }
  });

  it('brings every dock and aircraft online in the link presence', async () => {
    const registry = app.platform.deviceLink.presence;
    const serials = DEMO_FLEET.flatMap((entry) => [entry.dockSn, entry.droneSn]);
    await until(() => serials.every((sn) => registry.isOnline(sn)), 'the demo devices online');
    for (const entry of DEMO_FLEET) {
      expect(registry.get(entry.droneSn)?.gatewaySn).toBe(entry.dockSn);
      expect(registry.get(entry.dockSn)?.device.tenantId).toBe('000000');
    }
    expect(app.services.demo.fleet?.docks).toHaveLength(3);
  });

  it('opens a demo hatch through the device link', async () => {
    const { dockSn } = DEMO_FLEET[0]!;
    const link = app.platform.deviceLink;
    const osd = async () => (await app.platform.live.get(dockSn))?.osd ?? {};
    await until(async () => (await osd()).cover_state === 0, 'the hatch closed');
    await link.call(dockSn, 'debug_mode_open');
    await until(async () => (await osd()).mode_code === 2, 'remote debug mode');
    await link.call(dockSn, 'cover_open');
    await until(async () => (await osd()).cover_state === 1, 'the hatch open');
    expect(app.services.demo.fleet?.dock(dockSn).state.cover).toBe(1);
  });

  it('keeps the demo devices out of another tenant', async () => {
    const { mine, theirs } = await twoTenants(app, { theirs: '200001' });
    const { dockSn } = DEMO_FLEET[0]!;
    const docks = (await mine.send('POST', '/api/cloud-equipment/uavhangar/list', {})).json().data;
    const demo = (docks as Array<{ id: string; serialNumber: string }>).find(
      (dock) => dock.serialNumber === dockSn,
    )!;
    await expectIsolated(mine, theirs, {
      read: `/api/cloud-equipment/uavhangar/detail?id=${demo.id}`,
      names: [demo.id, dockSn],
      hidden: [{ method: 'POST', url: '/api/cloud-equipment/uavhangar/list', payload: {} }],
      refused: [
        `/api/cloud-equipment/uavhangar/detail?id=${demo.id}`,
        `/api/cloud-equipment/uavhangar/getPlayStream?serialNumber=${dockSn}`,
      ],
    });
    const listed = app.platform.deviceLink.presence.list('200001').map((live) => live.device.serialNumber);
    expect(listed).not.toContain(DEMO_FLEET[0]!.dockSn);
  });

  it('provisions a command-line fleet through the HTTP API, reusing serial numbers with new credentials', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const platform = new PlatformClient({ api, tenant: '000000', user: 'admin', password: ADMIN_PASSWORD });
    await platform.signIn();
    const first = await platform.ensureDockWithDrone('CLI-DOCK-1', 'CLI-UAV-1');
    const again = await platform.ensureDockWithDrone('CLI-DOCK-1', 'CLI-UAV-1');
    expect(again.dock.sn).toBe('CLI-DOCK-1');
    expect(again.dock.password).not.toBe(first.dock.password);
    expect(again.drone.password).not.toBe(first.drone.password);
    const fleet = new SimFleet({
      url: `mqtt://127.0.0.1:${app.deviceBroker!.port}`,
      timeScale: 0.02,
      osdIntervalMs: 100,
      docks: [{ ...again, latitude: 22.6, longitude: 114 }],
    });
    await fleet.start();
    try {
      const registry = app.platform.deviceLink.presence;
      await until(
        () => registry.isOnline('CLI-DOCK-1') && registry.isOnline('CLI-UAV-1'),
        'the CLI fleet online',
      );
    } finally {
      await fleet.stop();
    }
    // The first credentials were replaced: the broker refuses them.
    const stale = new SimFleet({
      url: `mqtt://127.0.0.1:${app.deviceBroker!.port}`,
      docks: [{ dock: first.dock, latitude: 22.6, longitude: 114 }],
    });
    await expect(stale.start()).rejects.toThrow();
    await expect(
      new PlatformClient({ api, tenant: '000000', user: 'admin', password: 'wrong-password' }).signIn(),
    ).rejects.toThrow(/refused/);
  });
});

describe('SIMULATOR setting', () => {
  it('is on by default, off under NODE_ENV=test, and SIMULATOR=0 turns it off', () => {
    const dataDir = `/tmp/aos-sim-config-${process.pid}`;
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) }).SIMULATOR).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), NODE_ENV: 'test' }).SIMULATOR).toBe(
      false,
    );
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), SIMULATOR: '0' }).SIMULATOR).toBe(
      false,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), SIMULATOR: 'maybe' })).toThrow(
      /SIMULATOR/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), SIMULATOR_TIME_SCALE: '0' }),
    ).toThrow(/SIMULATOR_TIME_SCALE/);
  });

  it('starts no demo fleet when off', async () => {
    const app = await createTestApp({
      MQTT_ENABLED: 'true',
      MQTT_PORT: '0',
      HOST: '127.0.0.1',
      SIMULATOR: '0',
    });
    try {
      await app.ready();
      expect(app.services.demo.fleet).toBeNull();
      const token = (await login(app)).access_token;
      const response = await send(app, token, 'POST', '/api/cloud-equipment/uavhangar/list', {});
      expect(
        (response.json().data as Array<{ serialNumber: string }>).map((dock) => dock.serialNumber),
      ).not.toContain(DEMO_FLEET[0]!.dockSn);
    } finally {
      await app.close();
    }
  });
});
