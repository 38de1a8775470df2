import { describe, expect, it } from 'vitest';
import { addDays, byDay, byHour, countByStatus, daysOf, rangeOf, shift, weekdayOf } from './calendar';

const run = (id: string, planTime: string, taskStatus = 0, startTime: string | null = null) => ({
  id,
  planTime,
  startTime,
  taskStatus,
});

describe('task calendar', () => {
  it('knows weekdays, weeks from Monday and the six-week month grid', () => {
    expect(weekdayOf('2026-11-30')).toBe(1); // a Monday
    expect(weekdayOf('2026-12-06')).toBe(7);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysOf('week', '2026-12-03')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    const month = daysOf('month', '2026-12-17');
    // December 2026 begins on a Tuesday: the grid from Sunday 29 November (English weeks) or Monday 30
    expect(month).toHaveLength(43);
    expect(month[0]).toBe('2026-11-29');
    expect(month.at(-1)).toBe('2027-01-10');
    // November 2026 begins on a Sunday: a Chinese grid starts on the Monday before, an English one on it
    const november = daysOf('month', '2026-11-20');
    expect([november[0], november.at(-1), november.length]).toEqual(['2026-10-26', '2026-12-12', 48]);
    expect(rangeOf('day', '2026-12-03')).toEqual({
      startTime: '2026-12-03 00:00:00',
      endTime: '2026-12-03 23:59:59',
    });
    expect(rangeOf('month', '2026-03-10')).toEqual({
      // 1 March 2026 is a Sunday: from Monday 23 February (Chinese grid) to Saturday 11 April (English grid)
      startTime: '2026-02-23 00:00:00',
      endTime: '2026-04-11 23:59:59',
    });
    expect(shift('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(shift('month', '2026-01-31', -1)).toBe('2025-12-01');
    expect(shift('week', '2026-12-03', -1)).toBe('2026-11-26');
  });

  it('buckets executions by day and by hour in time order, a started one at its start', () => {
    const executions = [
      run('c', '2026-12-03 14:10:00', 3),
      run('a', '2026-12-03 08:00:00', 0),
      run('d', '2026-12-04 00:00:00', 6),
      run('b', '2026-12-03 08:30:00', 2),
      run('e', '2026-12-02 23:50:00', 3, '2026-12-03 00:05:00'),
    ];
    const days = byDay(executions);
    expect([...days.keys()]).toEqual(['2026-12-03', '2026-12-04']);
    expect(days.get('2026-12-03')!.map((e) => e.id)).toEqual(['e', 'a', 'b', 'c']);
    const hours = byHour(executions, '2026-12-03');
    expect([...hours.entries()].map(([hour, list]) => [hour, list.map((e) => e.id)])).toEqual([
      [0, ['e']],
      [8, ['a', 'b']],
      [14, ['c']],
    ]);
    expect(byHour(executions, '2026-12-05').size).toBe(0);
    expect([...countByStatus(executions).entries()].sort()).toEqual([
      [0, 1],
      [2, 1],
      [3, 2],
      [6, 1],
    ]);
  });
});
