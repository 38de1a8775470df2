import { TASK_STATUS, type TaskExecution } from '@aos/contract';

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
