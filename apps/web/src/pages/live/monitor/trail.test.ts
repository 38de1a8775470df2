import { describe, expect, it } from 'vitest';
import { appendTrail, pruneTrail, trailSegments } from './trail';

const MINUTE = 60_000;

describe('drone trail', () => {
  it('keeps the last minutes (and the point just before them) and skips points that did not move', () => {
    let trail = appendTrail([], { x: 0, y: 0, t: 0 }, 5 * MINUTE);
    trail = appendTrail(trail, { x: 0.1, y: 0, t: MINUTE }, 5 * MINUTE);
    expect(trail).toHaveLength(1);
    trail = appendTrail(trail, { x: 10, y: 0, t: 2 * MINUTE }, 5 * MINUTE);
    trail = appendTrail(trail, { x: 20, y: 0, t: 6 * MINUTE }, 5 * MINUTE);
    trail = appendTrail(trail, { x: 30, y: 0, t: 8 * MINUTE }, 5 * MINUTE);
    expect(trail.map((point) => point.x)).toEqual([10, 20, 30]);
    expect(pruneTrail(trail, 20 * MINUTE, 5 * MINUTE)).toEqual([]);
  });

  it('cuts the trail by age into continuous segments, older ones fainter', () => {
    const trail = Array.from({ length: 7 }, (_, index) => ({ x: index, y: 0, t: index * MINUTE }));
    const segments = trailSegments(trail, 6 * MINUTE, 6 * MINUTE, 3);
    // a segment belongs to the age of its newer end: minutes 0-1, 1-3, 3-6
    expect(segments.map((segment) => segment.coordinates.map(([x]) => x))).toEqual([
      [0, 1],
      [1, 2, 3],
      [3, 4, 5, 6],
    ]);
    const opacities = segments.map((segment) => segment.opacity);
    expect(opacities).toEqual([...opacities].sort((a, b) => a - b));
    expect(opacities[0]).toBeLessThan(opacities[2]!);
    expect(trailSegments(trail.slice(0, 1), MINUTE)).toEqual([]);
  });
});
