import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endDevices, registerDrone } from '../device-helper.js';
import { send } from '../helper.js';
import { type ControlApp, onlineDock, startControlApp } from '../remote-control/helper.js';

/**
 * A project's machines online now: its docks' presence from the device link (getHangarList, the machine page)
 * and getOnlineUavList narrowed to the project's aircraft (bound, or held by its docks), over the embedded
 * broker with a scripted dock and drone.
 */
let control: ControlApp;
let app: FastifyInstance;
let token: string;
const M = '/api/cloud-task/project-management';

beforeAll(async () => {
  control = await startControlApp();
  ({ app, token } = control);
});
afterAll(async () => {
  await app?.close();
});
afterEach(endDevices);

const data = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
  const response = await send(app, token, method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Array<Record<string, unknown>> & Record<string, unknown>;
};
const project = async (name: string, extra: Record<string, unknown>) =>
  (
    await data('POST', `${M}/add`, {
      name,
      type: 1,
      industryType: 1,
      startTime: '2026-01-01 00:00:00',
      endTime: '2030-01-01 00:00:00',
      ...extra,
    })
  ).id as string;

describe('a project online', () => {
  it("shows its docks' presence and only its own aircraft among those online", async () => {
    const { dock, drone, sim } = await onlineDock(control, {
      sub_device: { device_online_status: 1, device_paired: 1 },
    });
    await sim.droneOsd({ mode_code: 0, latitude: 22.54, longitude: 113.95 });
    await vi.waitFor(async () =>
      expect((await app.platform.live.get(drone.serialNumber))?.online).toBe(true),
    );
    const loose = await registerDrone(app, token);
    const withDock = await project('Docked', { dockIds: dock.id });
    const withLoose = await project('Loose', { aircraftIds: loose.id });

    const docks = await data('GET', `${M}/getHangarList?projectId=${withDock}`);
    expect(docks.map((row) => [row.id, row.online])).toEqual([[dock.id, true]]);
    const machines = await data('GET', `/api/item-manager-config/page-equipment?projectId=${withDock}`);
    expect((machines.records as Array<Record<string, unknown>>).map((row) => row.online)).toEqual([true]);

    const all = await data('GET', `${M}/getOnlineUavList`);
    expect(all.map((row) => row.serialNumber)).toContain(drone.serialNumber);
    const docked = await data('GET', `${M}/getOnlineUavList?projectId=${withDock}`);
    expect(docked.map((row) => row.serialNumber)).toEqual([drone.serialNumber]);
    // the other project binds an aircraft that is offline: none of its aircraft is online
    expect(await data('GET', `${M}/getOnlineUavList?projectId=${withLoose}`)).toEqual([]);
  });
});
