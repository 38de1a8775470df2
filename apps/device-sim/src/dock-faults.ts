import { SIM_RESULT, WAYLINE_RESULT } from './codes.js';
import type { SimDock } from './dock.js';
import type { FaultKind, FaultOptions } from './dock-types.js';

/**
 * Faults on demand: go offline (both connections closed, back after `forMs` or when cleared), refuse
 * commands with a non-zero result, stay silent (no reply: the platform's timeout), flood, heavy rain, strong
 * wind; and for wayline tasks (dock-wayline.ts): refuse `flighttask_prepare` with a code, fail at waypoint N
 * with a code (the aircraft comes home, the task `failed`), lose the link at waypoint N for `forMs` (the
 * flight goes on, its progress is sent on reconnection), and a low battery to start with.
 */
export function applyFault(dock: SimDock, kind: FaultKind, options: FaultOptions = {}): void {
  switch (kind) {
    case 'offline':
      dock.faults.offline = true;
      dock.disconnect().catch((error: unknown) => dock.emit('failure', error));
      if (options.forMs !== undefined) dock.scheduler.after(options.forMs, () => clearFault(dock, 'offline'));
      return;
    case 'refuse':
      dock.faults.refuse = {
        code: options.code ?? SIM_RESULT.REFUSED_BY_FAULT,
        methods: options.methods ?? null,
      };
      return;
    case 'silent':
      dock.faults.silent = { methods: options.methods ?? null };
      return;
    case 'flood':
      dock.weather.flood = true;
      return dock.publishNow();
    case 'heavy_rain':
      dock.weather.heavyRain = true;
      return dock.publishNow();
    case 'high_wind':
      dock.weather.forcedWind = options.windSpeed ?? 15;
      return dock.publishNow();
    case 'refuse_prepare':
      dock.faults.refuse = {
        code: options.code ?? WAYLINE_RESULT.DEVICE_BUSY,
        methods: ['flighttask_prepare'],
      };
      return;
    case 'fail_midroute':
      dock.faults.wayline.failAt = {
        index: options.atWaypoint ?? 1,
        code: options.code ?? SIM_RESULT.INTERNAL_ERROR,
      };
      return;
    case 'link_lost':
      dock.faults.wayline.linkLostAt = { index: options.atWaypoint ?? 1, forMs: options.forMs ?? 3000 };
      return;
    case 'low_battery':
      if (!dock.drone) return;
      dock.drone.battery = Math.min(100, Math.max(0, options.battery ?? 27));
      dock.state.charging = false;
      return dock.publishNow();
  }
}

export function clearFault(dock: SimDock, kind: FaultKind): void {
  switch (kind) {
    case 'offline':
      if (!dock.faults.offline) return;
      dock.faults.offline = false;
      void dock.reconnect().catch(() => undefined);
      return;
    case 'refuse':
      dock.faults.refuse = null;
      return;
    case 'silent':
      dock.faults.silent = null;
      return;
    case 'flood':
      dock.weather.flood = false;
      return dock.publishNow();
    case 'heavy_rain':
      dock.weather.heavyRain = false;
      return dock.publishNow();
    case 'high_wind':
      dock.weather.forcedWind = null;
      return dock.publishNow();
    case 'refuse_prepare':
      dock.faults.refuse = null;
      return;
    case 'fail_midroute':
      dock.faults.wayline.failAt = null;
      return;
    case 'link_lost':
      dock.faults.wayline.linkLostAt = null;
      return;
    case 'low_battery':
      // the battery charges back in the dock
      return;
  }
}
