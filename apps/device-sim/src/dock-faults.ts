import { SIM_RESULT } from './codes.js';
import type { SimDock } from './dock.js';
import type { FaultKind, FaultOptions } from './dock-types.js';

/**
 * Faults on demand: go offline (both connections closed, back after `forMs` or when cleared), refuse
 * commands with a non-zero result, stay silent (no reply: the platform's timeout), flood, heavy rain.
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
  }
}
