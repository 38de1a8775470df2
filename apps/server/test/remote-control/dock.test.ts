import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ControlApp, controlLog, onlineDock, startControlApp } from './helper.js';
import { endDevices, nextSerial, registerDock, type Row } from '../device-helper.js';
import { createTenant, login, send } from '../helper.js';

/**
 * Dock commands end to end (spec §7 hangarControl, vtolHangarControl; §8 messages): a scripted dock over
 * MQTT on the embedded broker answers the commands it is sent, and reports the state the predicates read.
 */

const HANGAR = '/api/cloud-equipment/uavhangar';

let control: ControlApp;
let app: FastifyInstance;
let token: string;

const hangarControl = (body: Row, language = 'en-US', path = 'hangarControl') =>
  send(app, token, 'POST', `${HANGAR}/${path}`, body, language);

beforeAll(async () => {
  control = await startControlApp();
  ({ app, token } = control);
});
afterAll(async () => {
  await app?.close();
});
afterEach(endDevices);

describe('hangarControl', () => {
  it("answers 'Hangar information not found' for a dock that is not the caller's", async () => {
    const unknown = await hangarControl({ serialNumber: nextSerial('NODOCK'), action: 'cover_open' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('Hangar information not found');
    const chinese = await hangarControl(
      { serialNumber: nextSerial('NODOCK'), action: 'cover_open' },
      'zh-CN',
    );
    expect(chinese.json().msg).toBe('未找到机库信息');

    await createTenant(app, '700071');
    const foreignToken = (await login(app, '700071')).access_token;
    const foreign = await registerDock(app, foreignToken);
    const byId = await hangarControl({ id: foreign.id, action: 'cover_open' });
    expect(byId.statusCode).toBe(404);
    const bySn = await hangarControl({ serialNumber: foreign.serialNumber, action: 'debug_mode_open' });
    expect(bySn.json().msg).toBe('Hangar information not found');
  });

  it("answers 'Hangar is offline' for a registered dock that is not connected", async () => {
    const dock = await registerDock(app, token);
    const response = await hangarControl({ id: dock.id, action: 'debug_mode_open' });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('Hangar is offline');
  });

  it('names the field of a bad request', async () => {
    const noAction = await hangarControl({ serialNumber: 'X1' });
    expect(noAction.statusCode).toBe(400);
    expect(noAction.json().msg).toMatch(/^action/);
    const badAction = await hangarControl({ serialNumber: 'X1', action: 'launch_missiles' });
    expect(badAction.json().msg).toMatch(/^action/);
    const noDock = await hangarControl({ action: 'cover_open' });
    expect(noDock.json().msg).toMatch(/^id/);
  });

  it('needs remote debug mode for the hatch, then opens it with a job shown at once and logged', async () => {
    const { dock, sim } = await onlineDock(control);
    const refused = await hangarControl({ serialNumber: dock.serialNumber, action: 'cover_open' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('turn on remote debug mode first');
    expect(sim.received).toHaveLength(0);

    const debug = await hangarControl({ serialNumber: dock.serialNumber, action: 'debug_mode_open' });
    expect(debug.statusCode, debug.body).toBe(200);
    expect(sim.received.at(-1)).toMatchObject({ method: 'debug_mode_open' });
    await sim.osd({ mode_code: 2 });
    await vi.waitFor(async () =>
      expect((await app.platform.live.get(dock.serialNumber))?.osd.mode_code).toBe(2),
    );

    const open = await hangarControl({ serialNumber: dock.serialNumber, action: 'cover_open' });
    expect(open.statusCode, open.body).toBe(200);
    const { bid, method, gatewaySn } = open.json().data;
    expect({ method, gatewaySn }).toEqual({ method: 'cover_open', gatewaySn: dock.serialNumber });
    expect(sim.received.at(-1)).toMatchObject({ method: 'cover_open', bid });
    // The job shows before any progress event, and another command waits for it.
    expect((await app.platform.live.get(dock.serialNumber))?.jobs).toMatchObject([{ bid, status: 'sent' }]);
    const busy = await hangarControl({ serialNumber: dock.serialNumber, action: 'supplement_light_open' });
    expect(busy.json().msg).toBe('the dock is busy with cover_open, please wait');

    await sim.progress('cover_open', bid, 'in_progress', 40);
    await vi.waitFor(async () =>
      expect((await app.platform.live.get(dock.serialNumber))?.jobs).toMatchObject([
        { bid, status: 'in_progress', percent: 40 },
      ]),
    );
    await sim.osd({ cover_state: 1 });
    await sim.progress('cover_open', bid, 'ok', 100);
    await vi.waitFor(async () => expect((await app.platform.live.get(dock.serialNumber))?.jobs).toEqual([]));
    const again = await hangarControl({ serialNumber: dock.serialNumber, action: 'cover_open' });
    expect(again.json().msg).toBe('the device is already in that state');

    const logged = await controlLog(app);
    const lines = logged.map((row) => row.logData).filter((text) => text?.includes(dock.serialNumber));
    expect(
      lines.some((text) => text?.includes(`cover_open (cover_open) → ${dock.serialNumber}: accepted`)),
    ).toBe(true);
    expect(lines.some((text) => text?.includes('refused, device.remoteDebugRequired'))).toBe(true);
    // how it ended, once, at the level its status deserves
    const ended = logged.filter((row) => row.logData?.includes(`→ ${dock.serialNumber}: ok after`));
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ logLevel: 'info' });
    expect(ended[0]!.logData).toMatch(
      new RegExp(`^cover_open \\(cover_open\\) → ${dock.serialNumber}: ok after [0-9.]+ s, bid ${bid}$`),
    );
  });

  it('reports a refusal by the device (502 with its code) and a dock that does not answer (504)', async () => {
    const { dock, sim } = await onlineDock(control, { mode_code: 2 });
    sim.answers.set('supplement_light_open', 316001);
    const rejected = await hangarControl({
      serialNumber: dock.serialNumber,
      action: 'supplement_light_open',
    });
    expect(rejected.statusCode).toBe(502);
    expect(rejected.json().msg).toBe('the device refused the command (error 316001)');
    sim.answers.set('charge_open', 'silent');
    const silent = await hangarControl({ serialNumber: dock.serialNumber, action: 'charge_open' });
    expect(silent.statusCode).toBe(504);
    expect(silent.json().msg).toBe('the device did not answer, please try again');
    // A command that failed leaves no job behind.
    expect((await app.platform.live.get(dock.serialNumber))?.jobs).toEqual([]);
  });

  it('powers the aircraft on only in the dock and refuses VTOL control of a multirotor dock', async () => {
    const { dock, sim } = await onlineDock(control, { mode_code: 2, drone_in_dock: 0 });
    const outside = await hangarControl({ serialNumber: dock.serialNumber, action: 'drone_open' });
    expect(outside.json().msg).toBe('the aircraft is not in the dock');
    await sim.osd({ drone_in_dock: 1 });
    await vi.waitFor(async () =>
      expect((await app.platform.live.get(dock.serialNumber))?.osd.drone_in_dock).toBe(1),
    );
    const on = await hangarControl({ serialNumber: dock.serialNumber, action: 'drone_open' });
    expect(on.statusCode, on.body).toBe(200);
    const vtol = await hangarControl(
      { serialNumber: dock.serialNumber, action: 'cover_close' },
      'en-US',
      'vtolHangarControl',
    );
    expect(vtol.statusCode).toBe(400);
    expect(vtol.json().msg).toBe('this dock is not a VTOL dock');
  });
});
