import { EventEmitter } from 'node:events';
import {
  COVER_STATE,
  type DeviceMessage,
  DOCK_MODE,
  type JobStatus,
  PUTTER_STATE,
  SWITCH_STATE,
  FLIGHT_AREA_METHODS,
  UPDATE_TOPO_METHOD,
} from '@aos/contract';
import { DeviceClient } from './client.js';
import { applyFault, clearFault } from './dock-faults.js';
import { dockOsd, FIRMWARE_VERSION, STATE_KEYS, STORAGE_TOTAL_KB } from './dock-osd.js';
import type { DockState, FaultKind, FaultOptions, Outcome, SimDockConfig, SimRuntime } from './dock-types.js';
import { FLIGHT, SIM_RESULT } from './codes.js';
import { DockFlightAreas } from './dock-areas.js';
import { debugCommand } from './dock-debug.js';
import { flightCommand, onDroneStep } from './dock-flight.js';
import { onWaylineReply, waylineCommand } from './dock-wayline.js';
import { SimDrone } from './drone.js';
import { clamp } from './random.js';
import { type Scheduler, Stopped } from './scheduler.js';
import { pull, Weather } from './weather.js';

export type { DockState, FaultKind, FaultOptions, Outcome, SimDockConfig, SimRuntime } from './dock-types.js';

/** Longest simulated step of the aircraft's motion, s. */
const MAX_STEP_S = 1;

interface DockEvents {
  /** a services message arrived and was answered (or not: result null when silent) */
  command: [method: string, result: number | null];
  /** a job failed unexpectedly (a bug of the simulator): reported, never thrown into the host process */
  failure: [error: unknown];
}

/**
 * A simulated dock (PROTOCOLS.md §2): its own MQTT client announcing its topology, reporting OSD, state and
 * job progress, answering services; it relays the aircraft's and the camera's commands to its SimDrone.
 * Remote-debug jobs live in dock-debug.ts, flights in dock-flight.ts.
 */
export class SimDock extends EventEmitter<DockEvents> {
  readonly client: DeviceClient;
  readonly drone: SimDrone | null;
  readonly weather: Weather;
  readonly state: DockState;
  /** the custom flight areas it holds and syncs (dock-areas.ts) */
  readonly flightAreas: DockFlightAreas;
  /** the remote-debug job running now */
  job: { method: string; bid: string } | null = null;
  /** bumped to cancel a take-off or landing sequence in progress */
  flightToken = 0;
  readonly faults = {
    refuse: null as null | { code: number; methods: string[] | null },
    silent: null as null | { methods: string[] | null },
    offline: false,
    /** wayline faults, each fired once at its waypoint index (dock-faults.ts) */
    wayline: {
      failAt: null as null | { index: number; code: number },
      linkLostAt: null as null | { index: number; forMs: number },
    },
  };
  private lastState: Record<string, string> = {};
  private lastOsdAt = 0;
  private lastDroneOsdAt = 0;
  private lastTick = Date.now();
  private readonly pending: Array<Parameters<DeviceClient['publish']>> = [];

  constructor(
    readonly config: SimDockConfig,
    readonly runtime: SimRuntime,
  ) {
    super();
    const options = { url: runtime.url, reconnectMs: runtime.reconnectMs };
    this.client = new DeviceClient({
      ...options,
      credentials: config.dock,
      subscribe: ['services', 'status_reply', 'events_reply', 'requests_reply'],
    });
    this.client.on('message', (kind, message) => {
      if (kind === 'services') this.onService(message);
      else if (kind === 'requests_reply') {
        this.flightAreas.onReply(message);
        onWaylineReply(this, message);
      }
    });
    this.client.on('connect', () => this.announce());
    const random = runtime.random;
    this.weather = new Weather({ random, baseTemperature: 20 + random() * 10 });
    this.drone = config.drone
      ? new SimDrone(
          new DeviceClient({ ...options, credentials: config.drone }),
          { latitude: config.latitude, longitude: config.longitude, height: config.height ?? 20 },
          config.droneModel ?? { type: 91, subType: 1 },
          config.payloadIndex ?? '81-0-0',
          config.batteryPercent ?? 70 + random() * 30,
        )
      : null;
    this.flightAreas = new DockFlightAreas(this);
    if (this.drone) this.drone.guard = (from, to) => this.flightAreas.check(from, to);
    this.state = {
      mode: DOCK_MODE.IDLE,
      cover: COVER_STATE.CLOSED,
      putter: PUTTER_STATE.CLOSED,
      light: SWITCH_STATE.OFF,
      alarm: 0,
      charging: false,
      jobNumber: Math.floor(random() * 300),
      storageUsed: Math.floor(STORAGE_TOTAL_KB * (0.1 + random() * 0.2)),
      flightStep: 255,
      batteryTemperature: 24,
    };
  }

  get sn(): string {
    return this.config.dock.sn;
  }

  get scheduler(): Scheduler {
    return this.runtime.scheduler;
  }

  get online(): boolean {
    return this.client.connected;
  }

  /** Connect the dock (and the aircraft when powered on) and start reporting. */
  async start(): Promise<void> {
    if (this.drone && this.config.dronePoweredOn !== false) this.drone.powered = true;
    await this.client.connect();
    if (this.drone?.powered) await this.drone.client.connect();
    this.announce();
    const tickMs = clamp(Math.round(this.runtime.osdIntervalMs / 4), 20, 250);
    this.lastTick = Date.now();
    this.scheduler.every(tickMs, () => {
      try {
        this.tick();
      } catch (error) {
        this.emit('failure', error);
      }
    });
  }

  async stop(): Promise<void> {
    await Promise.all([this.client.end(true), this.drone?.client.end(true)]);
  }

  /** Turn a fault on (dock-faults.ts). */
  fault(kind: FaultKind, options: FaultOptions = {}): void {
    applyFault(this, kind, options);
  }

  clearFault(kind: FaultKind): void {
    clearFault(this, kind);
  }

  /** Close both connections (reboot, offline fault); the state keeps evolving meanwhile. */
  async disconnect(): Promise<void> {
    await Promise.all([this.client.end(true), this.drone?.client.end(true)]);
  }

  async reconnect(): Promise<void> {
    if (!this.scheduler.running) return;
    await this.client.connect();
    if (this.drone?.powered) await this.drone.client.connect();
    this.announce();
  }

  /** The topology: the aircraft is listed while it is powered on. */
  publishTopo(): void {
    const model = this.config.dockModel ?? { type: 2, subType: 0 };
    const drone = this.drone;
    this.client.publish(
      'status',
      {
        domain: 3,
        type: model.type,
        sub_type: model.subType,
        thing_version: '1.2.0',
        sub_devices: drone?.powered
          ? [
              {
                sn: drone.sn,
                domain: 0,
                type: drone.model.type,
                sub_type: drone.model.subType,
                index: 'A',
                thing_version: '1.2.0',
              },
            ]
          : [],
      },
      { method: UPDATE_TOPO_METHOD, qos: 1 },
    );
  }

  /** Progress of a job on the dock's `events`, kept while offline and sent on reconnection. */
  event(
    method: string,
    bid: string,
    status: JobStatus,
    progress: Record<string, unknown>,
    ext?: Record<string, unknown>,
    result = 0,
    needReply = false,
  ): void {
    const args: Parameters<DeviceClient['publish']> = [
      'events',
      { result, output: { status, progress, ...(ext ? { ext } : {}) } },
      { method, bid, qos: 1, ...(needReply ? { needReply } : {}) },
    ];
    if (!this.client.publish(...args)) this.pending.push(args);
    if (this.pending.length > 100) this.pending.shift();
  }

  /** Report the dock's (and the aircraft's) state at once: after every property change. */
  publishNow(): void {
    const osd = this.osd();
    const changed: Record<string, unknown> = {};
    for (const key of STATE_KEYS) {
      const text = JSON.stringify(osd[key]);
      if (this.lastState[key] !== text) changed[key] = osd[key];
      this.lastState[key] = text;
    }
    if (Object.keys(changed).length > 0) this.client.publish('state', changed, { qos: 1 });
    this.client.publish('osd', osd);
    this.lastOsdAt = Date.now();
    this.publishDrone();
  }

  publishDrone(): void {
    const drone = this.drone;
    if (!drone?.powered) return;
    drone.client.publish('osd', drone.osd(this.weather.windSpeed()), { gateway: this.sn });
    this.lastDroneOsdAt = Date.now();
  }

  osd(): Record<string, unknown> {
    return dockOsd(this);
  }

  /** Run a job's timed steps, reporting `in_progress` before each; false when cancelled by stop. */
  async progress(
    method: string,
    bid: string,
    durationMs: number,
    steps: string[],
    onStep?: (index: number) => void,
  ): Promise<boolean> {
    try {
      for (const [index, step] of steps.entries()) {
        onStep?.(index);
        const percent = Math.round((index / steps.length) * 100);
        this.event(method, bid, 'in_progress', {
          percent,
          current_step: index + 1,
          total_steps: steps.length,
          step_key: step,
        });
        await this.scheduler.sleep(durationMs / steps.length);
      }
      return true;
    } catch (error) {
      if (error instanceof Stopped) return false;
      throw error;
    }
  }

  private announce(): void {
    if (!this.client.connected) return;
    this.publishTopo();
    this.client.publish('state', { firmware_version: FIRMWARE_VERSION, compatible_status: 1 }, { qos: 1 });
    this.lastState = {};
    this.publishNow();
    for (const args of this.pending.splice(0)) this.client.publish(...args);
  }

  private onService(message: DeviceMessage): void {
    const method = message.method ?? '';
    const matches = (fault: { methods: string[] | null } | null) =>
      fault !== null && (fault.methods === null || fault.methods.includes(method));
    if (matches(this.faults.silent)) return void this.emit('command', method, null);
    const data = (message.data && typeof message.data === 'object' ? message.data : {}) as Record<
      string,
      unknown
    >;
    const refusal = this.faults.refuse;
    const answer =
      refusal && matches(refusal) ? { result: refusal.code } : this.command(method, data, message.bid);
    // a flight task's prepare answers once its file is downloaded and read
    if (answer instanceof Promise) {
      answer.then(
        (outcome) => this.answer(message, method, outcome),
        (error: unknown) => {
          this.emit('failure', error);
          this.answer(message, method, { result: SIM_RESULT.INTERNAL_ERROR });
        },
      );
    } else this.answer(message, method, answer);
  }

  private answer(message: DeviceMessage, method: string, outcome: Outcome): void {
    this.client.publish(
      'services_reply',
      { result: outcome.result, ...(outcome.output ? { output: outcome.output } : {}) },
      { method, tid: message.tid, bid: message.bid, qos: 1 },
    );
    this.emit('command', method, outcome.result);
    if (outcome.result === SIM_RESULT.OK && outcome.job) {
      outcome.job().catch((error: unknown) => {
        if (!(error instanceof Stopped)) this.emit('failure', error);
      });
    }
  }

  private command(method: string, data: Record<string, unknown>, bid: string): Outcome | Promise<Outcome> {
    if (method === FLIGHT_AREA_METHODS.update)
      return { result: SIM_RESULT.OK, job: () => this.flightAreas.sync() };
    const wayline = waylineCommand(this, method, data, bid);
    if (wayline) return wayline;
    const remote = debugCommand(this, method, data, bid);
    if (remote) return remote;
    const flight = flightCommand(this, method, data, bid);
    if (flight) return flight;
    const drone = this.drone;
    if (drone?.camera.isCameraMethod(method)) {
      if (!drone.powered) return { result: SIM_RESULT.DRONE_NOT_POWERED };
      const answer = drone.camera.handle(method, data);
      if (answer.result === SIM_RESULT.OK && method === 'camera_photo_take') this.state.storageUsed += 6_000;
      this.publishDrone();
      return answer;
    }
    return { result: SIM_RESULT.UNKNOWN_METHOD };
  }

  /** One simulation step: weather, charging, battery temperature, the aircraft; OSD when due. */
  private tick(): void {
    const now = Date.now();
    const dt = (now - this.lastTick) / 1000 / this.scheduler.timeScale;
    this.lastTick = now;
    this.weather.step(dt);
    const drone = this.drone;
    if (drone && this.state.charging) {
      drone.battery = Math.min(100, drone.battery + FLIGHT.chargePerSecond * dt);
      if (drone.battery >= 100 || !drone.inDock) {
        this.state.charging = false;
        this.publishNow();
      }
    }
    const heat = (this.state.charging ? 9 : 0) + (drone?.airborne ? 12 : 0);
    this.state.batteryTemperature = pull(this.state.batteryTemperature, 22 + heat, 0.01, dt);
    if (drone) {
      // Sub-steps of at most MAX_STEP_S: a late timer (busy machine, small time scale) must not skip a leg.
      const parts = Math.max(1, Math.ceil(dt / MAX_STEP_S));
      for (let part = 0; part < parts; part += 1) {
        const step = drone.step(dt / parts);
        if (step) onDroneStep(this, step);
      }
    }
    const interval = this.runtime.osdIntervalMs;
    if (now - this.lastOsdAt >= interval) this.publishNow();
    else if (drone && now - this.lastDroneOsdAt >= (drone.airborne ? interval / 4 : interval / 2))
      this.publishDrone();
  }
}
