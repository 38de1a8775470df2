import {
  type DeviceData,
  type LiveDevice,
  type LiveEvents,
  type LiveFrame,
  type LiveJob,
  REMOTE_ACTION_NAMES,
  REMOTE_ACTIONS,
  type RemoteActionName,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceCommandError } from '../../src/device/commands.js';
import type { DeviceLink } from '../../src/device/link.js';
import { type Ctx, platformCtx, type Principal } from '../../src/lib/context.js';
import { AppError } from '../../src/lib/errors.js';
import { PERFORM } from '../../src/modules/remote-control/remote-control.actions.js';
import {
  type LiveState,
  RemoteControlService,
} from '../../src/modules/remote-control/remote-control.service.js';
import { registerDock, registerDrone, type Registered } from '../device-helper.js';
import { createTestApp, login } from '../helper.js';

/**
 * The server's use of the contract's REMOTE_ACTIONS, action by action: in a state the predicate allows, the
 * call sends the DJI method PERFORM names to the dock (the drone's and camera's through it); in a state it
 * refuses, nothing is sent and the refusal is the predicate's (status and message key); an operator without
 * the action's permissions is refused with 403. The live state is given, the registry rows are real.
 */

let app: FastifyInstance;
let dock: Registered;
let drone: Registered;

beforeAll(async () => {
  app = await createTestApp();
  const token = (await login(app)).access_token;
  drone = await registerDrone(app, token);
  dock = await registerDock(app, token, [drone]);
});
afterAll(async () => {
  await app?.close();
});

const DOCK_OSD: DeviceData = {
  mode_code: 2,
  cover_state: 0,
  putter_state: 0,
  drone_in_dock: 1,
  supplement_light_state: 0,
  drone_charge_state: { state: 0 },
};
const DRONE_OSD: DeviceData = { mode_code: 0, cameras: [{ payload_index: '39-0-7', recording_state: 0 }] };

interface State {
  dock?: DeviceData;
  drone?: DeviceData;
  droneOn?: boolean;
  flight?: LiveJob['status'];
}

const flying: State = { dock: { drone_in_dock: 0 }, drone: { mode_code: 3 } };
const idle: State = { dock: { mode_code: 0 } };
const recording: State = { drone: { cameras: [{ payload_index: '39-0-7', recording_state: 1 }] } };

/** Per action: a state that allows it, and one that refuses it with this message key. */
const CASES: Record<RemoteActionName, [allows: State, refuses: State, key: string]> = {
  debug_mode_open: [idle, {}, 'device.already'],
  debug_mode_close: [{}, idle, 'device.already'],
  cover_open: [{}, idle, 'device.remoteDebugRequired'],
  cover_close: [{ dock: { cover_state: 1 } }, {}, 'device.already'],
  putter_open: [{}, { dock: { putter_state: 1 } }, 'device.already'],
  putter_close: [{ dock: { putter_state: 1 } }, {}, 'device.already'],
  charge_open: [{}, { dock: { drone_in_dock: 0 } }, 'device.droneOutside'],
  charge_close: [{ dock: { drone_charge_state: { state: 1 } } }, {}, 'device.already'],
  drone_open: [{ droneOn: false }, {}, 'device.already'],
  drone_close: [{}, flying, 'device.droneFlying'],
  supplement_light_open: [{}, { dock: { supplement_light_state: 1 } }, 'device.already'],
  supplement_light_close: [{ dock: { supplement_light_state: 1 } }, {}, 'device.already'],
  device_reboot: [{}, flying, 'device.droneFlying'],
  takeoff: [idle, {}, 'device.remoteDebugActive'],
  fly_to: [flying, idle, 'device.droneGrounded'],
  return_home: [flying, { ...flying, drone: { mode_code: 9 } }, 'device.already'],
  pause: [{ ...flying, flight: 'in_progress' }, flying, 'device.noFlightToPause'],
  resume: [{ ...flying, flight: 'paused' }, { ...flying, flight: 'in_progress' }, 'device.noFlightToResume'],
  emergency_stop: [flying, idle, 'device.droneGrounded'],
  gimbal: [{}, { droneOn: false }, 'device.droneNotPowered'],
  gimbal_reset: [{}, { drone: { cameras: [] } }, 'device.noPayload'],
  zoom: [{}, { droneOn: false }, 'device.droneNotPowered'],
  photo: [{}, { drone: { cameras: [] } }, 'device.noPayload'],
  record_start: [{}, recording, 'device.recording'],
  record_stop: [recording, {}, 'device.notRecording'],
  camera_mode: [{}, { droneOn: false }, 'device.droneNotPowered'],
  lens: [{}, { drone: { cameras: [] } }, 'device.noPayload'],
};

/** The live picture of the dock and its drone in `state`. */
function live(state: State): Map<string, LiveDevice> {
  const base = { ownerId: '1', tenantId: '000000', lastSeen: 1, osdAt: 1, state: {}, stateAt: null };
  const droneOn = state.droneOn ?? true;
  const jobs: LiveJob[] = state.flight
    ? [
        {
          bid: 'flight',
          method: 'takeoff_to_point_progress',
          status: state.flight,
          percent: 50,
          step: null,
          result: null,
          startedAt: 1,
          updatedAt: 1,
        },
      ]
    : [];
  return new Map([
    [
      dock.serialNumber,
      {
        ...base,
        sn: dock.serialNumber,
        kind: 'dock',
        online: true,
        gatewaySn: null,
        subDevices: [drone.serialNumber],
        osd: {
          ...DOCK_OSD,
          sub_device: { device_sn: drone.serialNumber, device_online_status: droneOn ? 1 : 0 },
          ...state.dock,
        },
        jobs,
      },
    ],
    [
      drone.serialNumber,
      {
        ...base,
        sn: drone.serialNumber,
        kind: 'device',
        online: droneOn,
        gatewaySn: dock.serialNumber,
        subDevices: [],
        osd: { ...DRONE_OSD, ...state.drone },
        jobs: [],
      },
    ],
  ]);
}

/** The service over `state`, recording what it sends (the device accepts everything). */
function service(state: State, answer: () => Promise<void> = async () => undefined) {
  const devices = live(state);
  const sent: Array<{ sn: string; method: string; data: unknown; gatewaySn?: string }> = [];
  const published: Array<[string, LiveEvents['remoteControl.commandEnded']]> = [];
  let frames: (tenantId: string, frame: LiveFrame) => void = () => undefined;
  const link = {
    call: async (sn: string, method: string, data: unknown, options: { gatewaySn?: string }) => {
      sent.push({ sn, method, data, gatewaySn: options.gatewaySn });
      await answer();
      return { tid: 't', bid: 'b', output: null };
    },
  } as unknown as DeviceLink;
  const liveState: LiveState = {
    get: async (sn) => structuredClone(devices.get(sn) ?? null),
    list: async () => [...devices.values()],
    recordJob: async () => undefined,
    subscribe: (listener) => {
      frames = listener;
      return () => undefined;
    },
    publish: async (room, _event, data) => void published.push([room, data]),
  };
  const control = new RemoteControlService(link, liveState, app.services.logs);
  return { control, sent, published, frame: (frame: LiveFrame) => frames('000000', frame) };
}

const BODY: Partial<Record<RemoteActionName, object>> = {
  takeoff: { longitude: 114, latitude: 22.5, height: 60 },
  fly_to: { longitude: 114, latitude: 22.5, height: 60 },
  gimbal: { pitchSpeed: 10 },
  zoom: { zoomFactor: 4 },
  camera_mode: { cameraMode: 1 },
  lens: { lens: 'ir' },
};

function call(control: RemoteControlService, ctx: Ctx, action: RemoteActionName) {
  const target = REMOTE_ACTIONS[action].target;
  const ref = { serialNumber: target === 'dock' ? dock.serialNumber : drone.serialNumber };
  const body = { ...ref, ...BODY[action], action } as never;
  if (target === 'dock') return control.hangarControl(ctx, body);
  if (target === 'drone') return control.droneControl(ctx, body);
  return control.podControl(ctx, body);
}

const ctx = () => platformCtx(app.database.db, '000000');
const withPermissions = (codes: string[]): Ctx => ({
  ...ctx(),
  user: { userId: '1', tenantId: '000000', permissions: new Set(codes) } as unknown as Principal,
});

describe('remote-control actions on the server', () => {
  it('covers every action of the contract', () => {
    expect(Object.keys(CASES).sort()).toEqual([...REMOTE_ACTION_NAMES].sort());
    expect(Object.keys(PERFORM).sort()).toEqual([...REMOTE_ACTION_NAMES].sort());
  });

  for (const action of REMOTE_ACTION_NAMES) {
    const [allows, refuses, key] = CASES[action];
    it(`${action}: sends ${PERFORM[action].method} when allowed, nothing when refused`, async () => {
      const allowed = service(allows);
      const result = await call(allowed.control, ctx(), action);
      expect(result).toMatchObject({ gatewaySn: dock.serialNumber, action, method: PERFORM[action].method });
      expect(allowed.sent).toHaveLength(1);
      expect(allowed.sent[0]).toMatchObject({ method: PERFORM[action].method, gatewaySn: dock.serialNumber });

      const refused = service(refuses);
      const error = await call(refused.control, ctx(), action).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 400, messageKey: key });
      expect(refused.sent).toEqual([]);

      const { permissions } = REMOTE_ACTIONS[action];
      const forbidden = await call(allowed.control, withPermissions(['realtime']), action).catch(
        (caught: unknown) => caught,
      );
      expect(forbidden).toMatchObject({ status: 403, messageKey: 'device.noPermission' });
      await expect(
        call(allowed.control, withPermissions([permissions.at(-1)!]), action),
      ).resolves.toMatchObject({
        action,
      });
    });
  }

  it('tells the issuing user’s room how each command ended: accepted, its job’s end, or not carried out', async () => {
    const user = withPermissions(['remote_hangar_control', 'uav_control']);
    const room = 'user:1';
    const immediate = service({});
    const light = await call(immediate.control, user, 'supplement_light_open');
    expect(immediate.published).toEqual([
      [
        room,
        {
          bid: light.bid,
          action: 'supplement_light_open',
          sn: dock.serialNumber,
          job: null,
          outcome: 'ok',
          status: 'accepted',
          result: null,
        },
      ],
    ]);

    const long = service({});
    const hatch = await call(long.control, user, 'cover_open');
    expect(long.published).toEqual([]); // not before its job ends
    const job = (status: LiveJob['status'], result: number | null): LiveFrame => ({
      event: 'job',
      data: {
        sn: dock.serialNumber,
        job: {
          bid: hatch.bid,
          method: 'cover_open',
          status,
          percent: 100,
          step: null,
          result,
          startedAt: 1,
          updatedAt: 2,
        },
      },
    });
    long.frame(job('in_progress', null));
    long.frame(job('failed', 321));
    long.frame(job('ok', null)); // a job ends once
    expect(long.published).toEqual([
      [
        room,
        expect.objectContaining({
          bid: hatch.bid,
          job: 'cover_open',
          outcome: 'failed',
          status: 'failed',
          result: 321,
        }),
      ],
    ]);

    const silent = service(flying, async () => {
      throw new DeviceCommandError('timeout', 'no answer');
    });
    await expect(call(silent.control, user, 'return_home')).rejects.toMatchObject({ status: 504 });
    expect(silent.published).toEqual([
      [
        room,
        expect.objectContaining({
          action: 'return_home',
          sn: drone.serialNumber,
          outcome: 'timeout',
          status: 'timeout',
        }),
      ],
    ]);
    // The platform's own commands (no user) tell nobody.
    const platform = service({});
    await call(platform.control, ctx(), 'supplement_light_open');
    expect(platform.published).toEqual([]);
  });
});
