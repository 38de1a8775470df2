import { describe, expect, it } from 'vitest';
import type { DeviceData } from '../device/thing-model.js';
import { DOCK_TYPE_VTOL } from '../fleet/device-rules.js';
import type { LiveDevice, LiveJob } from '../live/events.js';
import {
  type ControlContext,
  REMOTE_ACTION_NAMES,
  REMOTE_ACTION_PERMISSIONS,
  REMOTE_ACTIONS,
  type RemoteActionName,
  remoteActionRefusal,
  remoteActionsOf,
} from './actions.js';

const device = (sn: string, kind: LiveDevice['kind'], osd: DeviceData, jobs: LiveJob[] = []): LiveDevice => ({
  sn,
  kind,
  ownerId: '1',
  tenantId: '000000',
  online: true,
  lastSeen: 1,
  gatewaySn: kind === 'device' ? 'DOCK' : null,
  subDevices: [],
  osd,
  osdAt: 1,
  state: {},
  stateAt: null,
  jobs,
});

const job = (method: string, status: LiveJob['status'] = 'in_progress'): LiveJob => ({
  bid: `bid-${method}`,
  method,
  status,
  percent: 10,
  step: null,
  result: null,
  startedAt: 1,
  updatedAt: 1,
});

/** A dock in remote debug mode, hatch and wings closed, drone in the dock and powered on, idle. */
const DOCK_OSD: DeviceData = {
  mode_code: 2,
  cover_state: 0,
  putter_state: 0,
  drone_in_dock: 1,
  sub_device: { device_sn: 'DRONE', device_online_status: 1 },
  supplement_light_state: 0,
  drone_charge_state: { state: 0 },
};
/** A drone on the ground, reporting its camera. */
const DRONE_OSD: DeviceData = { mode_code: 0, cameras: [{ payload_index: '39-0-7', recording_state: 0 }] };

interface State {
  dock?: DeviceData;
  drone?: DeviceData | null;
  jobs?: LiveJob[];
  droneOnline?: boolean;
  vtol?: boolean;
}

function context(state: State = {}): ControlContext {
  const drone = state.drone === null ? null : device('DRONE', 'device', { ...DRONE_OSD, ...state.drone });
  if (drone && state.droneOnline === false) drone.online = false;
  return {
    dock: device('DOCK', 'dock', { ...DOCK_OSD, ...state.dock }, state.jobs),
    drone,
    dockType: 0,
    vtol: state.vtol,
  };
}

const flying: State = { drone: { mode_code: 3 }, dock: { drone_in_dock: 0 } };
const flyingWithFlight = (status: LiveJob['status']): State => ({
  ...flying,
  jobs: [job('takeoff_to_point_progress', status)],
});
const idleDock: State = { dock: { mode_code: 0 } };

/**
 * Every action: one state that allows it and the states that refuse it with the message the server answers
 * and the console shows. The refusals every action of a target shares (no dock, offline, busy, not powered,
 * no camera) are the next table's.
 */
const CASES: Record<RemoteActionName, { allows: State; refuses: Array<[State, string]> }> = {
  debug_mode_open: {
    allows: idleDock,
    refuses: [
      [{}, 'device.already'],
      [{ dock: { mode_code: 4 } }, 'device.dockWorking'],
    ],
  },
  debug_mode_close: { allows: {}, refuses: [[idleDock, 'device.already']] },
  cover_open: {
    allows: {},
    refuses: [
      [{ dock: { cover_state: 1 } }, 'device.already'],
      [idleDock, 'device.remoteDebugRequired'],
    ],
  },
  cover_close: {
    allows: { dock: { cover_state: 1 } },
    refuses: [
      [{}, 'device.already'],
      [{ ...flying, dock: { cover_state: 1, drone_in_dock: 0 } }, 'device.droneFlying'],
      [{ dock: { mode_code: 0, cover_state: 1 } }, 'device.remoteDebugRequired'],
    ],
  },
  putter_open: {
    allows: {},
    refuses: [
      [{ dock: { putter_state: 1 } }, 'device.already'],
      [idleDock, 'device.remoteDebugRequired'],
    ],
  },
  putter_close: {
    allows: { dock: { putter_state: 1 } },
    refuses: [
      [{}, 'device.already'],
      [{ dock: { mode_code: 0, putter_state: 1 } }, 'device.remoteDebugRequired'],
    ],
  },
  charge_open: {
    allows: {},
    refuses: [
      [{ dock: { drone_charge_state: { state: 1 } } }, 'device.already'],
      [{ dock: { drone_in_dock: 0 } }, 'device.droneOutside'],
      [idleDock, 'device.remoteDebugRequired'],
    ],
  },
  charge_close: {
    allows: { dock: { drone_charge_state: { state: 1 } } },
    refuses: [
      [{}, 'device.already'],
      [{ dock: { mode_code: 0, drone_charge_state: { state: 1 } } }, 'device.remoteDebugRequired'],
    ],
  },
  drone_open: {
    allows: { dock: { sub_device: { device_online_status: 0 } }, droneOnline: false },
    refuses: [
      [{}, 'device.already'],
      [
        { dock: { drone_in_dock: 0, sub_device: { device_online_status: 0 } }, droneOnline: false },
        'device.droneOutside',
      ],
      [{ dock: { mode_code: 0, sub_device: {} }, droneOnline: false }, 'device.remoteDebugRequired'],
    ],
  },
  drone_close: {
    allows: {},
    refuses: [
      [{ dock: { sub_device: { device_online_status: 0 } }, droneOnline: false }, 'device.already'],
      [flying, 'device.droneFlying'],
      [idleDock, 'device.remoteDebugRequired'],
    ],
  },
  supplement_light_open: {
    allows: {},
    refuses: [
      [{ dock: { supplement_light_state: 1 } }, 'device.already'],
      [idleDock, 'device.remoteDebugRequired'],
    ],
  },
  supplement_light_close: {
    allows: { dock: { supplement_light_state: 1 } },
    refuses: [
      [{}, 'device.already'],
      [{ dock: { mode_code: 0, supplement_light_state: 1 } }, 'device.remoteDebugRequired'],
    ],
  },
  device_reboot: {
    allows: {},
    refuses: [
      [flying, 'device.droneFlying'],
      [idleDock, 'device.remoteDebugRequired'],
    ],
  },
  takeoff: {
    allows: idleDock,
    refuses: [
      [{ ...flying, dock: { mode_code: 0, drone_in_dock: 0 } }, 'device.droneFlying'],
      [{}, 'device.remoteDebugActive'],
      [{ dock: { mode_code: 4 } }, 'device.dockWorking'],
    ],
  },
  fly_to: { allows: flying, refuses: [[idleDock, 'device.droneGrounded']] },
  return_home: {
    allows: flying,
    refuses: [
      [idleDock, 'device.droneGrounded'],
      [{ ...flying, drone: { mode_code: 9 } }, 'device.already'],
    ],
  },
  pause: {
    allows: flyingWithFlight('in_progress'),
    refuses: [
      [flying, 'device.noFlightToPause'],
      [flyingWithFlight('paused'), 'device.noFlightToPause'],
      [{ ...idleDock, jobs: [job('takeoff_to_point_progress')] }, 'device.noFlightToPause'],
    ],
  },
  resume: {
    allows: flyingWithFlight('paused'),
    refuses: [
      [flyingWithFlight('in_progress'), 'device.noFlightToResume'],
      [flying, 'device.noFlightToResume'],
    ],
  },
  emergency_stop: { allows: flying, refuses: [[idleDock, 'device.droneGrounded']] },
  gimbal: { allows: {}, refuses: [] },
  gimbal_reset: { allows: {}, refuses: [] },
  zoom: { allows: {}, refuses: [] },
  photo: { allows: {}, refuses: [] },
  record_start: {
    allows: {},
    refuses: [
      [{ drone: { cameras: [{ payload_index: '39-0-7', recording_state: 1 }] } }, 'device.recording'],
    ],
  },
  record_stop: {
    allows: { drone: { cameras: [{ payload_index: '39-0-7', recording_state: 1 }] } },
    refuses: [[{}, 'device.notRecording']],
  },
  camera_mode: { allows: {}, refuses: [] },
  lens: { allows: {}, refuses: [] },
};

describe('REMOTE_ACTIONS', () => {
  it('has a case for every action and every action one target and its permissions', () => {
    expect(Object.keys(CASES).sort()).toEqual([...REMOTE_ACTION_NAMES].sort());
    for (const name of REMOTE_ACTION_NAMES) {
      const action = REMOTE_ACTIONS[name];
      expect(action.permissions).toEqual(REMOTE_ACTION_PERMISSIONS[action.target]);
    }
    expect(remoteActionsOf('drone')).toEqual([
      'takeoff',
      'fly_to',
      'return_home',
      'pause',
      'resume',
      'emergency_stop',
    ]);
  });

  for (const name of REMOTE_ACTION_NAMES) {
    const { allows, refuses } = CASES[name];
    it(`${name}: allowed in its state, refused with the reason in the others`, () => {
      expect(remoteActionRefusal(name, context(allows))).toBeNull();
      for (const [state, key] of refuses) {
        expect(remoteActionRefusal(name, context(state)), JSON.stringify(state)).toMatchObject({
          key,
          status: 400,
        });
      }
    });
  }

  it('refuses every action for a dock that is not registered (404) or offline, in that order', () => {
    for (const name of REMOTE_ACTION_NAMES) {
      const allowed = context(CASES[name].allows);
      expect(remoteActionRefusal(name, { ...allowed, dock: null })).toEqual({
        key: 'device.dockNotFound',
        status: 404,
      });
      const offline = { ...allowed, dock: { ...allowed.dock!, online: false } };
      expect(remoteActionRefusal(name, offline)?.key).toBe('device.dockOffline');
    }
  });

  it('refuses a dock action while another job runs, and through vtolHangarControl for another dock type', () => {
    for (const name of remoteActionsOf('dock')) {
      const state = CASES[name].allows;
      const busy = context({ ...state, jobs: [job('cover_open')] });
      expect(remoteActionRefusal(name, busy)).toMatchObject({
        key: 'device.dockBusy',
        params: { job: 'cover_open' },
      });
      expect(remoteActionRefusal(name, context({ ...state, vtol: true }))?.key).toBe('device.notVtol');
      expect(
        remoteActionRefusal(name, { ...context(state), vtol: true, dockType: DOCK_TYPE_VTOL }),
      ).toBeNull();
    }
  });

  it('refuses drone and camera actions while the drone is powered off, and camera actions without a camera', () => {
    const off: State = { dock: { sub_device: { device_online_status: 0 } }, droneOnline: false };
    for (const name of [...remoteActionsOf('drone'), ...remoteActionsOf('pod')]) {
      expect(remoteActionRefusal(name, context({ ...CASES[name].allows, ...off }))?.key).toBe(
        'device.droneNotPowered',
      );
    }
    for (const name of remoteActionsOf('pod')) {
      expect(remoteActionRefusal(name, context({ drone: { cameras: [] } }))?.key).toBe('device.noPayload');
    }
  });

  it('refuses an operator without any of the action’s permissions (403), before the state', () => {
    for (const name of REMOTE_ACTION_NAMES) {
      const { permissions } = REMOTE_ACTIONS[name];
      const allowed = context(CASES[name].allows);
      expect(remoteActionRefusal(name, { ...allowed, dock: null }, { may: () => false })).toEqual({
        key: 'device.noPermission',
        status: 403,
      });
      for (const code of permissions) {
        expect(remoteActionRefusal(name, allowed, { may: (held) => held === code })).toBeNull();
      }
      const others = REMOTE_ACTION_NAMES.flatMap((other) => REMOTE_ACTIONS[other].permissions).filter(
        (code) => !permissions.includes(code),
      );
      expect(remoteActionRefusal(name, allowed, { may: (held) => others.includes(held) })?.status).toBe(403);
    }
  });
});
