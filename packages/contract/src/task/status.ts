/**
 * The task status machine (spec §4 "Task execution statuses"; issue 17). An execution — one flight of a task,
 * one occurrence of a schedule — moves only along these edges; each move is stored with its time, cause and
 * who made it (the task's timeline).
 *
 *   pending ──► received ──► executing ──► completed
 *      │            │             │
 *      ├► expired   ├► expired    ├► failed      (the device's code, as a cause and a remedy)
 *      ├► cancelled ├► cancelled  └► cancelled   (closed by an operator: the aircraft returned home)
 *      └► failed    └► failed
 */
export const TASK_STATUS = {
  /** created, waiting for its time (待执行) */
  PENDING: 0,
  /** the dock accepted `flighttask_prepare` (已接收) */
  RECEIVED: 1,
  /** `flighttask_execute` accepted, the aircraft is flying it (执行中) */
  EXECUTING: 2,
  /** the route flown, the aircraft home (已完成) */
  COMPLETED: 3,
  /** not started within its window (已过期) */
  EXPIRED: 4,
  /** cancelled or closed by an operator (已取消) */
  CANCELLED: 5,
  /** refused or stopped by the dock, a condition or the platform (执行失败) */
  FAILED: 6,
} as const;
export type TaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];
export const TASK_STATUSES = Object.values(TASK_STATUS) as TaskStatus[];

/** The `task_status` dictionary keys' message keys, in status order. */
export const TASK_STATUS_KEYS: Record<TaskStatus, string> = {
  0: 'task.status.pending',
  1: 'task.status.received',
  2: 'task.status.executing',
  3: 'task.status.completed',
  4: 'task.status.expired',
  5: 'task.status.cancelled',
  6: 'task.status.failed',
};

const EDGES: Record<TaskStatus, readonly TaskStatus[]> = {
  0: [1, 2, 4, 5, 6],
  1: [2, 4, 5, 6],
  2: [3, 5, 6],
  3: [],
  4: [],
  5: [],
  6: [],
};

/** Statuses nothing follows. */
export const FINAL_TASK_STATUSES: readonly TaskStatus[] = [3, 4, 5, 6];

export const isFinalStatus = (status: TaskStatus): boolean => FINAL_TASK_STATUSES.includes(status);

/**
 * Whether an execution may go from `from` to `to`. Pending → executing is legal for tasks nobody prepares
 * (a flight task flown with a remote controller, a manual task started by its operator).
 */
export function canMove(from: TaskStatus, to: TaskStatus): boolean {
  return EDGES[from].includes(to);
}

/** The four task types of spec §3 Task (`task_type` dictionary). */
export const TASK_TYPE = {
  /** a fly operator flies with a remote controller; recorded and followed */
  FLIGHT: 1,
  /** a dock flies a route, once */
  HANGAR: 2,
  /** a hangar task that repeats */
  PERIODIC: 3,
  /** an operator's task on the ground, with notices */
  MANUAL: 4,
} as const;
export type TaskType = (typeof TASK_TYPE)[keyof typeof TASK_TYPE];
export const TASK_TYPES = Object.values(TASK_TYPE) as TaskType[];

/** Types a dock flies. */
export const isDockTask = (type: number): boolean => type === TASK_TYPE.HANGAR || type === TASK_TYPE.PERIODIC;

/**
 * DJI's `flighttask_progress` `output.status` → the status it moves an execution to (null: no move).
 * `partially_done` is a flight stopped before its end (low battery, a fault): it failed, and keeps its
 * break point so that it can be resumed.
 */
export function statusOfProgress(status: string): TaskStatus | null {
  switch (status) {
    case 'sent':
    case 'in_progress':
    case 'paused':
      return TASK_STATUS.EXECUTING;
    case 'ok':
      return TASK_STATUS.COMPLETED;
    case 'canceled':
      return TASK_STATUS.CANCELLED;
    case 'failed':
    case 'rejected':
    case 'timeout':
    case 'partially_done':
      return TASK_STATUS.FAILED;
    default:
      return null;
  }
}
