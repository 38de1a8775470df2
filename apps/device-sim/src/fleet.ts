import { type FaultKind, type FaultOptions, SimDock, type SimDockConfig } from './dock.js';
import type { SimDrone } from './drone.js';
import { type Random, seededRandom, seedOf } from './random.js';
import { Scheduler } from './scheduler.js';

export interface SimFleetOptions {
  /** the broker, e.g. mqtt://127.0.0.1:1884 */
  url: string;
  docks: SimDockConfig[];
  /** multiplies every duration: 1 real time, 0.05 twenty times faster (tests) */
  timeScale?: number;
  /** dock OSD period in real ms (default 2000); the aircraft reports 2× as often, 4× in flight */
  osdIntervalMs?: number;
  /** reproducible drift when given */
  seed?: number;
  /** wait before reconnecting after an unexpected loss, ms */
  reconnectMs?: number;
  /** the platform's HTTP address, for relative file links (flight areas) */
  apiUrl?: string;
  /** an unexpected failure inside a simulated dock (default: printed on stderr) */
  onError?: (error: unknown, dockSn: string) => void;
}

/** A short view of one dock for status lines and tests. */
export interface DockStatus {
  sn: string;
  online: boolean;
  mode: number;
  cover: number;
  droneSn: string | null;
  dronePowered: boolean;
  droneMode: number | null;
  battery: number | null;
  job: string | null;
}

/**
 * Any number of simulated docks, each with its aircraft, each device its own MQTT client: what tests,
 * the demo and the command line start. `start` connects them all (rejecting when one is refused),
 * `stop` disconnects them and clears every timer.
 */
export class SimFleet {
  readonly docks: SimDock[];
  private readonly scheduler: Scheduler;
  private started = false;

  constructor(readonly options: SimFleetOptions) {
    this.scheduler = new Scheduler(options.timeScale ?? 1);
    const base = options.seed;
    this.docks = options.docks.map((config) => {
      const random: Random = seededRandom(
        base === undefined ? seedOf(config.dock.sn) ^ Date.now() : base + seedOf(config.dock.sn),
      );
      const dock = new SimDock(config, {
        url: options.url,
        scheduler: this.scheduler,
        random,
        osdIntervalMs: options.osdIntervalMs ?? 2000,
        reconnectMs: options.reconnectMs ?? 2000,
        ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}),
      });
      dock.on('failure', (error) =>
        (options.onError ?? ((cause, sn) => console.error(`[sim] ${sn}:`, cause)))(error, dock.sn),
      );
      return dock;
    });
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    try {
      await Promise.all(this.docks.map((dock) => dock.start()));
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  async stop(): Promise<void> {
    this.scheduler.stop();
    await Promise.all(this.docks.map((dock) => dock.stop()));
  }

  /** The dock of serial number `sn`; throws when the fleet has none. */
  dock(sn: string): SimDock {
    const dock = this.docks.find((candidate) => candidate.sn === sn);
    if (!dock) throw new Error(`no simulated dock ${sn}`);
    return dock;
  }

  /** The aircraft of serial number `sn`; throws when the fleet has none. */
  drone(sn: string): SimDrone {
    const drone = this.docks.find((dock) => dock.drone?.sn === sn)?.drone;
    if (!drone) throw new Error(`no simulated aircraft ${sn}`);
    return drone;
  }

  /** Turn a fault on for every dock (or those named). */
  fault(kind: FaultKind, options: FaultOptions = {}, sns?: string[]): void {
    for (const dock of this.docks) if (!sns || sns.includes(dock.sn)) dock.fault(kind, options);
  }

  status(): DockStatus[] {
    return this.docks.map((dock) => ({
      sn: dock.sn,
      online: dock.online,
      mode: dock.state.mode,
      cover: dock.state.cover,
      droneSn: dock.drone?.sn ?? null,
      dronePowered: dock.drone?.powered ?? false,
      droneMode: dock.drone?.mode ?? null,
      battery: dock.drone ? Math.round(dock.drone.battery) : null,
      job: dock.job?.method ?? null,
    }));
  }
}
