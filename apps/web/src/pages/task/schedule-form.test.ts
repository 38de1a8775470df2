import { localTimeOf } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import { formOf, previewSchedule, readSchedule, scheduleInputOf } from './schedule-form';

const h = 3_600_000;

describe('schedule form → TaskSchedule', () => {
  it('keeps only the fields of the chosen mode, lists sorted without repeats', () => {
    expect(
      scheduleInputOf({
        mode: 'repeat',
        frequency: 'weekly',
        weekdays: [5, 1, 5],
        monthDays: [3],
        times: ['14:00', '08:30', '14:00'],
        startDate: '2026-12-01',
        endDate: '2026-12-31',
        at: '2026-12-01 08:00',
      }),
    ).toEqual({
      mode: 'repeat',
      frequency: 'weekly',
      interval: 1,
      weekdays: [1, 5],
      monthDays: [],
      times: ['08:30', '14:00'],
      startDate: '2026-12-01',
      endDate: '2026-12-31',
    });
    expect(scheduleInputOf({ mode: 'now', at: '2026-12-01 08:00', times: ['08:00'] })).toEqual({
      mode: 'now',
    });
    expect(
      scheduleInputOf({
        mode: 'dates',
        dates: ['2026-12-03', '2026-12-01'],
        times: ['09:00'],
        from: '08:00',
      }),
    ).toEqual({ mode: 'dates', dates: ['2026-12-01', '2026-12-03'], times: ['09:00'] });
  });

  it('reads a valid form into the contract schedule, defaults filled', () => {
    const result = readSchedule({
      mode: 'continuous',
      startDate: '2026-12-01',
      endDate: '2026-12-05',
      from: '22:00',
      to: '02:00',
    });
    expect(result).toEqual({
      ok: true,
      schedule: {
        mode: 'continuous',
        startDate: '2026-12-01',
        endDate: '2026-12-05',
        from: '22:00',
        to: '02:00',
        minBattery: 90,
      },
    });
    const once = readSchedule({ mode: 'once', at: '2026-12-01 08:00' });
    expect(once.ok && formOf(once.schedule)).toEqual({ mode: 'once', at: '2026-12-01 08:00' });
  });

  it('names each field at fault with the contract message (a list item marks its list)', () => {
    expect(readSchedule({ mode: 'once' })).toEqual({ ok: false, errors: { at: 'task.schedule.dateTime' } });
    expect(
      readSchedule({
        mode: 'repeat',
        frequency: 'weekly',
        times: ['8:00'],
        startDate: '2026-12-10',
        endDate: '2026-12-01',
      }),
    ).toEqual({
      ok: false,
      errors: {
        times: 'task.schedule.time',
        endDate: 'task.schedule.span',
        weekdays: 'task.schedule.weekdays',
      },
    });
    const later = readSchedule({
      mode: 'repeat',
      frequency: 'weekly',
      times: ['08:00'],
      startDate: '2026-12-10',
      endDate: '2026-12-01',
    });
    expect(later).toEqual({
      ok: false,
      errors: { endDate: 'task.schedule.span', weekdays: 'task.schedule.weekdays' },
    });
    expect(readSchedule({ mode: 'dates', dates: [], times: ['08:00'] })).toEqual({
      ok: false,
      errors: { dates: 'task.schedule.dates' },
    });
  });
});

describe('schedule preview', () => {
  const now = Date.parse('2026-12-01T00:00:00Z');

  it('lists the next flights in the dock zone, from now on, at most the limit', () => {
    const read = readSchedule({
      mode: 'repeat',
      frequency: 'daily',
      times: ['06:00', '18:00'],
      startDate: '2026-11-30',
      endDate: '2026-12-31',
    });
    if (!read.ok) throw new Error('valid');
    const preview = previewSchedule(read.schedule, 'Asia/Shanghai', now, [], { limit: 3 });
    // 06:00 on 1 December in Shanghai is 22:00 UTC on 30 November: before now, left out
    expect(preview.next.map((item) => localTimeOf(item.at, 'Asia/Shanghai'))).toEqual([
      '2026-12-01 18:00',
      '2026-12-02 06:00',
      '2026-12-02 18:00',
    ]);
    expect(preview.count).toBe(61);
    expect(preview.close).toEqual([]);
  });

  it('warns of flights closer than 3 hours, its own and the dock’s existing ones', () => {
    const read = readSchedule({ mode: 'dates', dates: ['2026-12-02'], times: ['08:00', '10:00', '16:00'] });
    if (!read.ok) throw new Error('valid');
    const at = (local: string) => Date.parse(`${local}:00Z`);
    const existing = [at('2026-12-02T14:30'), at('2026-12-05T08:00'), at('2026-12-05T09:00')];
    const preview = previewSchedule(read.schedule, 'UTC', now, existing);
    expect(preview.close).toEqual([
      { earlier: at('2026-12-02T08:00'), later: at('2026-12-02T10:00'), existing: null },
      { earlier: at('2026-12-02T14:30'), later: at('2026-12-02T16:00'), existing: at('2026-12-02T14:30') },
    ]);
    expect(preview.close.some((pair) => pair.earlier === 3 * h)).toBe(false);
  });

  it('shows the windows of a continuous schedule', () => {
    const read = readSchedule({
      mode: 'continuous',
      startDate: '2026-12-01',
      endDate: '2026-12-02',
      from: '09:00',
      to: '11:00',
      minBattery: 80,
    });
    if (!read.ok) throw new Error('valid');
    const preview = previewSchedule(read.schedule, 'UTC', now);
    expect(preview.next).toEqual([]);
    expect(preview.windows.map((w) => [w.start, w.end])).toEqual([
      [Date.parse('2026-12-01T09:00:00Z'), Date.parse('2026-12-01T11:00:00Z')],
      [Date.parse('2026-12-02T09:00:00Z'), Date.parse('2026-12-02T11:00:00Z')],
    ]);
  });
});
