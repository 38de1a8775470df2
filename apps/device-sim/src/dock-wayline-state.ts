import type { DeviceMessage, JobStatus, WaylineFile } from '@aos/contract';
import type { SimDock } from './dock.js';
import type { AirPoint, Leg } from './flight.js';

/**
 * The state of a dock's wayline flight tasks (dock-wayline.ts): what is prepared, what flies, what was flown,
 * and the shapes they share with the file reader (dock-wayline-file.ts) and the waypoint reader
 * (dock-wayline-points.ts).
 */

export type Data = Record<string, unknown>;

export const PROGRESS_METHOD = 'flighttask_progress';
export const RESOURCE_GET_METHOD = 'flighttask_resource_get';

/** DJI's `wayline_mission_state` values the simulator reports. */
export const MISSION_STATE = {
  PREPARED: 2,
  STARTING: 4,
  TO_FIRST_POINT: 5,
  EXECUTING: 6,
  INTERRUPTED: 7,
  RECOVERING: 8,
  ENDED: 9,
} as const;

/** Where an interrupted wayline stopped (DJI `break_point`): on waypoint `index` (state 1) or after it (state 0). */
export interface BreakPoint {
  index: number;
  /** 0 on the segment after `index`, 1 at waypoint `index` */
  state: 0 | 1;
  /** share of that segment flown, 0..1 */
  progress: number;
  wayline_id: number;
}

/** What one waypoint asks of the aircraft. */
export interface WaylinePoint {
  /** the waypoint's `index` within its wayline */
  index: number;
  /** the `waylineId` of the wayline it belongs to */
  waylineId: number;
  target: AirPoint;
  /** m/s */
  speed: number;
  /** the aircraft's heading from this waypoint on, degrees from north (undefined: along the route) */
  heading?: number;
  /** degrees */
  gimbalPitch?: number;
  photos: number;
  recordStart: boolean;
  recordStop: boolean;
  hoverS: number;
}

/** What the aircraft did at a waypoint, as flown (for tests and the library's users). */
export interface FlownPoint {
  index: number;
  waylineId: number;
  /** metres above the dock, and ellipsoid height */
  elevation: number;
  height: number;
  heading: number;
  gimbalPitch: number;
  speed: number;
  photos: number;
}

export interface PreparedTask {
  flightId: string;
  file: WaylineFile;
  /** the file's waylines in the order they are flown */
  waylineIds: number[];
  /** every waypoint of every wayline, in the order they are flown */
  points: WaylinePoint[];
  fingerprint: string;
  rthAltitude?: number;
  outOfControlAction?: number;
  breakPoint?: BreakPoint;
  readyBattery?: number;
  /** MB the task needs free */
  storageMb?: number;
  takeOffSecurityHeight: number;
  /** DJI `execute_time` of the prepare (ms since the epoch): the take-off does not start before it */
  executeTime?: number;
}

export interface TaskOutcome {
  status: JobStatus;
  result: number;
  breakPoint?: BreakPoint;
}

export interface RunningTask {
  task: PreparedTask;
  bid: string;
  /** position in `task.points` of the first point flown (a resumed task starts at its break point) */
  start: number;
  /** position in `task.points` of the last waypoint reached (-1: none yet) */
  reached: number;
  mediaCount: number;
  recording: boolean;
  missionState: number;
  /** the take-off waits for this time (ms since the epoch, DJI `execute_time`); null once it started */
  waitingUntil: number | null;
  /** the position in `task.points` each waypoint leg of the mission ends at */
  legPoints: Map<Leg, number>;
  /** the flight's track (the aircraft forgets it on landing; the final event still names it) */
  trackId: string;
  flown: FlownPoint[];
  /** how the task ends, once decided; sent when the aircraft is back in the closed dock */
  outcome: TaskOutcome | null;
}

export interface WaylineTasks {
  prepared: Map<string, PreparedTask>;
  running: RunningTask | null;
  /** tasks finished, newest last (their flown points) */
  finished: RunningTask[];
  replies: Map<string, (message: DeviceMessage) => void>;
}

const states = new WeakMap<SimDock, WaylineTasks>();

/** The dock's wayline tasks. */
export function waylineTasks(dock: SimDock): WaylineTasks {
  let state = states.get(dock);
  if (!state) {
    state = { prepared: new Map(), running: null, finished: [], replies: new Map() };
    states.set(dock, state);
  }
  return state;
}

export const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
export const record = (value: unknown): Data | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Data) : undefined;
