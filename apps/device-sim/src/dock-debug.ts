import { COVER_STATE, DOCK_MODE, PUTTER_STATE, REMOTE_DEBUG_METHODS, SWITCH_STATE } from '@aos/contract';
import { DURATIONS_MS, SIM_RESULT } from './codes.js';
import type { Outcome, SimDock } from './dock.js';

type Data = Record<string, unknown>;

/**
 * The remote-debug services of a dock (PROTOCOLS.md §2): refused outside remote debug mode (but for opening
 * it), refused while another one runs; each answers at once and then reports its progress under its own
 * method with the command's bid, `in_progress` per step and `ok` once the hardware has moved.
 */
export function debugCommand(dock: SimDock, method: string, data: Data, bid: string): Outcome | null {
  if (!(REMOTE_DEBUG_METHODS as readonly string[]).includes(method)) return null;
  if (dock.job) return { result: SIM_RESULT.DOCK_BUSY };
  const { state, drone } = dock;
  const flying = Boolean(drone?.airborne) || state.mode === DOCK_MODE.WORKING;
  if (method === 'debug_mode_open') {
    if (flying) return { result: SIM_RESULT.FLIGHT_IN_PROGRESS };
    return run(dock, method, bid, DURATIONS_MS.debugMode, ['open_debug_mode'], () => {
      state.mode = DOCK_MODE.REMOTE_DEBUG;
    });
  }
  if (state.mode !== DOCK_MODE.REMOTE_DEBUG) return { result: SIM_RESULT.NOT_IN_DEBUG_MODE };
  switch (method) {
    case 'debug_mode_close':
      return run(dock, method, bid, DURATIONS_MS.debugMode, ['close_debug_mode'], () => {
        state.mode = DOCK_MODE.IDLE;
      });
    case 'cover_open':
      return run(
        dock,
        method,
        bid,
        DURATIONS_MS.cover,
        ['unlock_cover', 'open_cover', 'open_cover'],
        () => {
          state.cover = COVER_STATE.OPEN;
        },
        () => {
          state.cover = COVER_STATE.HALF_OPEN;
        },
      );
    case 'cover_close':
      if (drone?.airborne) return { result: SIM_RESULT.FLIGHT_IN_PROGRESS };
      return run(
        dock,
        method,
        bid,
        DURATIONS_MS.cover,
        ['close_cover', 'close_cover', 'lock_cover'],
        () => {
          state.cover = COVER_STATE.CLOSED;
        },
        () => {
          state.cover = COVER_STATE.HALF_OPEN;
        },
      );
    case 'putter_open':
      return run(
        dock,
        method,
        bid,
        DURATIONS_MS.putter,
        ['open_putter', 'open_putter'],
        () => {
          state.putter = PUTTER_STATE.OPEN;
        },
        () => {
          state.putter = PUTTER_STATE.HALF_OPEN;
        },
      );
    case 'putter_close':
      return run(
        dock,
        method,
        bid,
        DURATIONS_MS.putter,
        ['close_putter', 'close_putter'],
        () => {
          state.putter = PUTTER_STATE.CLOSED;
        },
        () => {
          state.putter = PUTTER_STATE.HALF_OPEN;
        },
      );
    case 'drone_open':
      if (!drone?.inDock) return { result: SIM_RESULT.DRONE_NOT_IN_DOCK };
      return run(
        dock,
        method,
        bid,
        DURATIONS_MS.droneOpen,
        ['power_on', 'power_on', 'connect_drone', 'connect_drone'],
        async () => {
          drone.powered = true;
          await drone.client.connect().catch(() => undefined);
          dock.publishTopo();
        },
      );
    case 'drone_close':
      if (!drone?.inDock || drone.airborne) return { result: SIM_RESULT.FLIGHT_IN_PROGRESS };
      return run(dock, method, bid, DURATIONS_MS.droneClose, ['power_off'], () => {
        drone.powerOff();
        dock.publishTopo();
        // The aircraft's connection closes on its own time: the job's 'ok' never waits for it (waiting held
        // the 'ok' back on a loaded machine). Forced: a powered-off aircraft has nothing left to deliver.
        void drone.client.end(true).catch(() => undefined);
      });
    case 'charge_open':
      if (!drone?.inDock) return { result: SIM_RESULT.DRONE_NOT_IN_DOCK };
      return run(dock, method, bid, DURATIONS_MS.charge, ['start_charge'], () => {
        if (!state.charging) state.jobNumber += 1;
        state.charging = true;
      });
    case 'charge_close':
      return run(dock, method, bid, DURATIONS_MS.charge, ['stop_charge'], () => {
        state.charging = false;
      });
    case 'supplement_light_open':
    case 'supplement_light_close': {
      const on = method === 'supplement_light_open';
      return run(dock, method, bid, DURATIONS_MS.light, ['switch_light'], () => {
        state.light = on ? SWITCH_STATE.ON : SWITCH_STATE.OFF;
      });
    }
    case 'alarm_state_switch': {
      const action = data.action;
      if (action !== 0 && action !== 1) return { result: SIM_RESULT.INVALID_PARAMETER };
      return run(dock, method, bid, DURATIONS_MS.light, ['switch_alarm'], () => {
        state.alarm = action;
      });
    }
    case 'device_reboot':
      if (drone?.airborne) return { result: SIM_RESULT.FLIGHT_IN_PROGRESS };
      return { result: SIM_RESULT.OK, output: { status: 'in_progress' }, job: () => reboot(dock, bid) };
    default:
      return { result: SIM_RESULT.UNKNOWN_METHOD };
  }
}

/**
 * A timed job: `begin` on the first step (the hatch starts moving), `finish` at the end; the state is
 * reported before the final `ok`, so the platform reads the new value when the job ends.
 */
function run(
  dock: SimDock,
  method: string,
  bid: string,
  durationMs: number,
  steps: string[],
  finish: () => void | Promise<void>,
  begin?: () => void,
): Outcome {
  return {
    result: SIM_RESULT.OK,
    output: { status: 'in_progress' },
    job: async () => {
      dock.job = { method, bid };
      try {
        const done = await dock.progress(method, bid, durationMs, steps, (index) => {
          if (index === 0 && begin) {
            begin();
            dock.publishNow();
          }
        });
        if (!done) return;
        try {
          await finish();
        } catch (error) {
          // A job always ends: the platform hears it failed rather than waiting for it for ever.
          dock.publishNow();
          dock.event(method, bid, 'failed', { percent: 100 }, undefined, SIM_RESULT.INTERNAL_ERROR);
          throw error;
        }
        dock.publishNow();
        dock.event(method, bid, 'ok', {
          percent: 100,
          current_step: steps.length,
          total_steps: steps.length,
        });
      } finally {
        if (dock.job?.bid === bid) dock.job = null;
      }
    },
  };
}

/** Reboot: answered, then offline for the reboot's duration, back idle (remote debug closed), then `ok`. */
async function reboot(dock: SimDock, bid: string): Promise<void> {
  const method = 'device_reboot';
  dock.job = { method, bid };
  try {
    dock.event(method, bid, 'in_progress', {
      percent: 0,
      current_step: 1,
      total_steps: 2,
      step_key: 'reboot',
    });
    await dock.scheduler.sleep(500);
    await dock.disconnect();
    await dock.scheduler.sleep(DURATIONS_MS.reboot);
    dock.state.mode = DOCK_MODE.IDLE;
    dock.state.charging = false;
    if (!dock.faults.offline) await dock.reconnect();
    dock.event(method, bid, 'ok', { percent: 100, current_step: 2, total_steps: 2, step_key: 'reboot' });
  } finally {
    if (dock.job?.bid === bid) dock.job = null;
  }
}
