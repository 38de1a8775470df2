import { PlatformClient, SimFleet } from '../apps/device-sim/src/index.js';
import { expect } from 'vitest';
import { ADMIN_PASSWORD, type Platform } from './harness.js';

export interface SimulatedDock {
  dockSn: string;
  droneSn: string;
  longitude: number;
  latitude: number;
  dronePoweredOn?: boolean;
}

/**
 * A dock and its drone registered on `platform` (tenant 000000, as its admin) and simulated by apps/device-sim
 * on the platform's embedded broker, online when this resolves. `downloads`: the simulator fetches the route
 * files the platform sends (dock tasks). Answers the fleet (stop it after the file) and the signed-in client.
 */
export async function simulatedDock(
  platform: Platform,
  dock: SimulatedDock,
  options: { timeScale: number; seed: number; downloads?: boolean },
): Promise<{ fleet: SimFleet; client: PlatformClient }> {
  const client = new PlatformClient({
    api: platform.url,
    tenant: '000000',
    user: 'admin',
    password: ADMIN_PASSWORD,
  });
  await client.signIn();
  const credentials = await client.ensureDockWithDrone(dock.dockSn, dock.droneSn);
  const fleet = new SimFleet({
    url: `mqtt://127.0.0.1:${platform.app.deviceBroker!.port}`,
    ...(options.downloads ? { apiUrl: platform.url } : {}),
    docks: [
      {
        ...credentials,
        longitude: dock.longitude,
        latitude: dock.latitude,
        ...(dock.dronePoweredOn === undefined ? {} : { dronePoweredOn: dock.dronePoweredOn }),
      },
    ],
    timeScale: options.timeScale,
    osdIntervalMs: 500,
    reconnectMs: 300,
    seed: options.seed,
  });
  await fleet.start();
  return { fleet, client };
}

/**
 * One call to `platform`'s API as the holder of `token` (answers in zh-CN), expected to succeed (200): answers
 * its `data`. The test files' way to set up what the browser then shows.
 */
export async function platformApi(
  platform: Platform,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const response = await platform.app.inject({
    method,
    url,
    payload: payload as never,
    headers: { 'blade-auth': `bearer ${token}`, 'accept-language': 'zh-CN' },
  });
  expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 400)}`).toBe(200);
  return response.json().data as Record<string, unknown>;
}
