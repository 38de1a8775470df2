import { describe, expect, it } from 'vitest';
import { canMove, FINAL_TASK_STATUSES, statusOfProgress, TASK_STATUS, TASK_STATUSES } from './status.js';

describe('task status machine', () => {
  it('moves only along the edges of spec §4', () => {
    const legal = TASK_STATUSES.flatMap((from) =>
      TASK_STATUSES.filter((to) => canMove(from, to)).map((to) => `${from}>${to}`),
    );
    expect(legal).toEqual([
      '0>1',
      '0>2',
      '0>4',
      '0>5',
      '0>6',
      '1>2',
      '1>4',
      '1>5',
      '1>6',
      '2>3',
      '2>5',
      '2>6',
    ]);
  });

  it('nothing leaves a final status, and a task never goes back to pending', () => {
    for (const from of FINAL_TASK_STATUSES)
      for (const to of TASK_STATUSES) expect(canMove(from, to)).toBe(false);
    for (const from of TASK_STATUSES) expect(canMove(from, TASK_STATUS.PENDING)).toBe(false);
    expect(canMove(TASK_STATUS.EXECUTING, TASK_STATUS.EXPIRED)).toBe(false);
  });

  it("reads DJI's flighttask_progress statuses", () => {
    expect(statusOfProgress('in_progress')).toBe(TASK_STATUS.EXECUTING);
    expect(statusOfProgress('paused')).toBe(TASK_STATUS.EXECUTING);
    expect(statusOfProgress('ok')).toBe(TASK_STATUS.COMPLETED);
    expect(statusOfProgress('canceled')).toBe(TASK_STATUS.CANCELLED);
    expect(statusOfProgress('partially_done')).toBe(TASK_STATUS.FAILED);
    expect(statusOfProgress('timeout')).toBe(TASK_STATUS.FAILED);
    expect(statusOfProgress('whatever')).toBeNull();
  });
});
