import type { DeviceCredentials } from './client.js';
import type { Random } from './random.js';
import type { Scheduler } from './scheduler.js';

/** One dock of a simulated fleet and its aircraft. */
export interface SimDockConfig {
  dock: DeviceCredentials;
  /** the aircraft bound to the dock; none: an empty dock */
  drone?: DeviceCredentials;
  longitude: number;
  latitude: number;
  /** ellipsoid height of the dock, m */
  height?: number;
  /** DJI type and sub type the dock and aircraft report (Dock 2 with a Matrice 3TD by default) */
  dockModel?: { type: number; subType: number };
  droneModel?: { type: number; subType: number };
  payloadIndex?: string;
  /** the aircraft starts powered on (default true) */
  dronePoweredOn?: boolean;
  batteryPercent?: number;
}

export interface SimRuntime {
  url: string;
  scheduler: Scheduler;
  random: Random;
  /** dock OSD period (real ms); the aircraft reports twice as often on the ground and 4× in flight */
  osdIntervalMs: number;
  reconnectMs: number;
  /** the platform's HTTP address: what relative file links (flight areas) are resolved against */
  apiUrl?: string;
}

/** Faults on demand (library API and the CLI's flags). */
export type FaultKind =
  | 'offline'
  | 'refuse'
  | 'silent'
  | 'flood'
  | 'heavy_rain'
  | 'high_wind'
  | 'refuse_prepare'
  | 'fail_midroute'
  | 'link_lost'
  | 'low_battery';
export interface FaultOptions {
  /** offline: come back after this many real ms (default: stay offline until cleared); link_lost: the
   * same, default 3000 */
  forMs?: number;
  /** refuse: the result code answered (default SIM_RESULT.REFUSED_BY_FAULT) */
  code?: number;
  /** refuse / silent: only these methods (default: every method) */
  methods?: string[];
  /** fail_midroute / link_lost: at this waypoint index of the next wayline flown (default 1) */
  atWaypoint?: number;
  /** low_battery: the aircraft's battery, percent (default 27) */
  battery?: number;
  /** high_wind: the wind the dock measures, m/s (default 15) */
  windSpeed?: number;
}

/** What a command handler answers: the reply's result and output, and the job to run once replied. */
export interface Outcome {
  result: number;
  output?: Record<string, unknown>;
  job?: () => Promise<void>;
}

export interface DockState {
  mode: number;
  cover: number;
  putter: number;
  light: number;
  alarm: number;
  charging: boolean;
  jobNumber: number;
  storageUsed: number;
  flightStep: number;
  batteryTemperature: number;
}
