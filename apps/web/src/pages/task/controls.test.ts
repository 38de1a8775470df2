import { TASK_STATUS, TASK_TYPE, type TaskExecution } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import { currentExecution, taskControls } from './controls';

const run = (id: string, planTime: string, taskStatus: number, startTime: string | null = null) =>
  ({ id, planTime, startTime, taskStatus }) as TaskExecution;

describe('task controls', () => {
  it('offers each command only in the statuses it applies to', () => {
    const hangar = (taskStatus: number) => taskControls({ type: TASK_TYPE.HANGAR, taskStatus });
    const none = { pause: false, resume: false };
    expect(hangar(TASK_STATUS.PENDING)).toEqual({
      ...none,
      close: false,
      cancel: true,
      execute: true,
      edit: true,
    });
    expect(hangar(TASK_STATUS.RECEIVED)).toEqual({
      ...none,
      close: true,
      cancel: false,
      execute: false,
      edit: false,
    });
    expect(hangar(TASK_STATUS.EXECUTING)).toEqual({
      pause: true,
      resume: false,
      close: true,
      cancel: false,
      execute: false,
      edit: false,
    });
    // a paused flight resumes; only a flight in progress pauses
    expect(taskControls({ type: TASK_TYPE.HANGAR, taskStatus: TASK_STATUS.EXECUTING }, true)).toMatchObject({
      pause: false,
      resume: true,
    });
    expect(taskControls({ type: TASK_TYPE.HANGAR, taskStatus: TASK_STATUS.PENDING }, true)).toMatchObject(
      none,
    );
    for (const final of [
      TASK_STATUS.COMPLETED,
      TASK_STATUS.EXPIRED,
      TASK_STATUS.CANCELLED,
      TASK_STATUS.FAILED,
    ])
      expect(Object.values(hangar(final)).every((allowed) => !allowed)).toBe(true);
    // a flight task is flown with a remote controller: no dock to cancel or start
    expect(taskControls({ type: TASK_TYPE.FLIGHT, taskStatus: TASK_STATUS.PENDING })).toEqual({
      pause: false,
      resume: false,
      close: false,
      cancel: false,
      execute: false,
      edit: true,
    });
    expect(taskControls({ type: TASK_TYPE.PERIODIC, taskStatus: TASK_STATUS.PENDING }).execute).toBe(true);
  });

  it('shows the flight in progress or the next one, else the latest', () => {
    const done = run('a', '2026-12-01 08:00:00', TASK_STATUS.COMPLETED, '2026-12-01 08:00:10');
    const failed = run('b', '2026-12-02 08:00:00', TASK_STATUS.FAILED, '2026-12-02 08:00:05');
    const next = run('c', '2026-12-04 08:00:00', TASK_STATUS.PENDING);
    const flying = run('d', '2026-12-03 08:00:00', TASK_STATUS.EXECUTING, '2026-12-03 08:00:07');
    expect(currentExecution([done, next, flying, failed])?.id).toBe('d');
    // a flight still pending from before (it will expire) does not hide the one flying
    const stale = run('e', '2026-11-30 08:00:00', TASK_STATUS.PENDING);
    expect(currentExecution([stale, flying])?.id).toBe('d');
    expect(currentExecution([done, next, failed])?.id).toBe('c');
    expect(currentExecution([failed, done])?.id).toBe('b');
    expect(currentExecution([])).toBeUndefined();
  });
});
