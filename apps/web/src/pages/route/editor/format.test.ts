import { describe, expect, it } from 'vitest';
import { formatArea, formatDuration, formatLength, formatTick } from './format';

const t = (key: string, values?: Record<string, unknown>) => `${key}:${JSON.stringify(values)}`;

describe('figure formats', () => {
  it('chooses the unit by size', () => {
    expect(formatLength(t, 1234.56)).toBe('routeEditor.units.m:{"value":"1,234.6"}');
    expect(formatLength(t, 12_345)).toBe('routeEditor.units.km:{"value":"12.35"}');
    expect(formatArea(t, 2_500_000)).toBe('routeEditor.units.km2:{"value":"2.5"}');
    expect(formatDuration(t, 59.4)).toBe('routeEditor.units.s:{"value":59}');
    expect(formatDuration(t, 125)).toBe('routeEditor.units.min:{"m":2,"s":5}');
    expect(formatDuration(t, 7325)).toBe('routeEditor.units.h:{"h":2,"m":2}');
    expect(formatTick(2_000_000, 6_000_000)).toBe('2,000 km');
    expect(formatTick(250, 900)).toBe('250 m');
  });
});
