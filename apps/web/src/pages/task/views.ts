import {
  type JobStatus,
  type LiveDevice,
  type LiveJob,
  TASK_STATUS,
  type TaskExecution,
} from '@aos/contract';

/** The results a flight of the history can have (historicalRoutePage): completed, expired, cancelled, failed. */
export const HISTORY_RESULTS = [
  TASK_STATUS.COMPLETED,
  TASK_STATUS.EXPIRED,
  TASK_STATUS.CANCELLED,
  TASK_STATUS.FAILED,
] as const;

/**
 * The box `[minLon, minLat, maxLon, maxLat]` taking in a flight's planned route and its flown track, widened a
 * little so a single point or a straight line still makes a map; null when there is nothing to show.
 */
export function trackBox(
  planned: ReadonlyArray<ReadonlyArray<readonly [number, number, ...number[]]>>,
  flown: ReadonlyArray<readonly [number, number, ...number[]]>,
): [number, number, number, number] | null {
  let box: [number, number, number, number] | null = null;
  for (const [lon, lat] of [...planned.flat(), ...flown]) {
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) continue;
    box = box
      ? [Math.min(box[0], lon), Math.min(box[1], lat), Math.max(box[2], lon), Math.max(box[3], lat)]
      : [lon, lat, lon, lat];
  }
  if (!box) return null;
  const margin = Math.max((box[2] - box[0]) * 0.1, (box[3] - box[1]) * 0.1, 0.0005);
  return [box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin];
}

/**
 * What the running view says of a flight's progress: the percent (0–100, rounded) when the dock reported
 * one, the waypoint reached (1-based, as operators count) and whether it still waits to take off.
 */
export function progressOf(execution: Pick<TaskExecution, 'taskStatus' | 'percent' | 'waypointIndex'>) {
  const waiting = execution.taskStatus === TASK_STATUS.RECEIVED;
  const percent =
    execution.percent === null || !Number.isFinite(execution.percent)
      ? null
      : Math.round(Math.min(100, Math.max(0, execution.percent)));
  const waypoint = execution.waypointIndex === null ? null : execution.waypointIndex + 1;
  return { waiting, percent: waiting ? (percent ?? 0) : percent, waypoint };
}

/** What of a flight the list shows and the live feed may bring newer: its dock, status, percent and pause. */
export interface LiveFlight {
  hangarSn: string | null;
  taskStatus: number;
  percent: number | null;
  paused: boolean;
}

/** The job statuses of a dock still flying its flight (`sent`, `in_progress`, `paused`); others are over. */
const FLYING_JOB: ReadonlySet<JobStatus> = new Set(['sent', 'in_progress', 'paused']);

/** The flight job a dock runs now (its last running `flighttask_progress`), as the live feed knows it. */
export function flightJobOf(dock: Pick<LiveDevice, 'jobs'> | undefined): LiveJob | undefined {
  return dock?.jobs.findLast((job) => job.method === 'flighttask_progress' && FLYING_JOB.has(job.status));
}

/**
 * A flight received or in progress as the list answered it, brought up to date by its dock's running flight
 * job from the live feed (a dock flies one flight at a time): the job's percent, in progress once the dock
 * reports it, paused while the job says so. `live` says the feed's job was applied. A flight that is not
 * received or in progress, or a dock with no running flight job, is answered as it was.
 */
export function withLiveProgress<T extends LiveFlight>(
  flight: T,
  job: LiveJob | undefined,
): T & { live: boolean } {
  const current = flight.taskStatus === TASK_STATUS.RECEIVED || flight.taskStatus === TASK_STATUS.EXECUTING;
  if (!job || !current || !FLYING_JOB.has(job.status)) return { ...flight, live: false };
  const started = job.status !== 'sent';
  return {
    ...flight,
    taskStatus: started ? TASK_STATUS.EXECUTING : flight.taskStatus,
    percent: job.percent ?? flight.percent,
    paused: job.status === 'paused' ? true : flight.paused,
    live: true,
  };
}
