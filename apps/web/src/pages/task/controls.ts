import {
  isDockTask,
  isFinalStatus,
  TASK_STATUS,
  type Task,
  type TaskExecution,
  type TaskStatus,
} from '@aos/contract';

/** The execution shown: the one flying (or received by the dock), else the next, else the latest. */
export function currentExecution(executions: readonly TaskExecution[]): TaskExecution | undefined {
  const byTime = [...executions].sort((a, b) =>
    (a.startTime ?? a.planTime).localeCompare(b.startTime ?? b.planTime),
  );
  return (
    byTime.find(
      (execution) =>
        execution.taskStatus === TASK_STATUS.EXECUTING || execution.taskStatus === TASK_STATUS.RECEIVED,
    ) ??
    byTime.find((execution) => !isFinalStatus(execution.taskStatus as TaskStatus)) ??
    byTime.at(-1)
  );
}

/** What an operator may do to a task now (by status and type; the buttons also need the permission). */
export function taskControls(task: Pick<Task, 'type' | 'taskStatus'>, paused = false) {
  const status = task.taskStatus;
  const dock = isDockTask(task.type);
  const flying = dock && status === TASK_STATUS.EXECUTING;
  return {
    /** hold the aircraft where it is (a dock's flight in progress), or let it go on */
    pause: flying && !paused,
    resume: flying && paused,
    /** end it: the flight is stopped and the aircraft comes home */
    close: status === TASK_STATUS.RECEIVED || status === TASK_STATUS.EXECUTING,
    /** cancel a hangar task that has not flown */
    cancel: dock && status === TASK_STATUS.PENDING,
    /** fly it now */
    execute: dock && status === TASK_STATUS.PENDING,
    edit: status === TASK_STATUS.PENDING,
  };
}
