import { describe, expect, it } from 'vitest';
import type { Enu } from './geo.js';
import { lineIntervals, sweepPieces } from './sweep.js';

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

/** Signed distance from a point to a polygon: negative inside. */
function signedDistance(rings: Enu[][], [x, y]: Enu): number {
  let inside = false;
  let nearest = Infinity;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [ax, ay] = ring[j]!;
      const [bx, by] = ring[i]!;
      if (ay > y !== by > y && x < ax + ((y - ay) / (by - ay)) * (bx - ax)) inside = !inside;
      const dx = bx - ax;
      const dy = by - ay;
      const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)));
      nearest = Math.min(nearest, Math.hypot(x - (ax + t * dx), y - (ay + t * dy)));
    }
  }
  return inside ? -nearest : nearest;
}

/** A star-shaped polygon (concave in places) of `nodes` nodes around the origin. */
function star(next: () => number, nodes: number): Enu[] {
  return Array.from({ length: nodes }, (_, i) => {
    const angle = (2 * Math.PI * i) / nodes;
    const radius = 200 + next() * 400;
    return [radius * Math.cos(angle), radius * Math.sin(angle)] as Enu;
  });
}

describe('lawn-mower sweep', () => {
  it('buffers a square exactly: round corners outside, straight sides inside', () => {
    const square: Enu[][] = [
      [
        [0, 0],
        [100, 0],
        [100, 100],
        [0, 100],
      ],
    ];
    expect(lineIntervals(square, 10, 50)).toEqual([[-10, 110]]);
    // 6 m above the top: the corners' circles of 10 m reach ±8 m beyond the sides
    const [[from, to]] = lineIntervals(square, 10, 106) as [[number, number]];
    expect(from).toBeCloseTo(-8, 9);
    expect(to).toBeCloseTo(108, 9);
    expect(lineIntervals(square, -10, 50)).toEqual([[10, 90]]);
    expect(lineIntervals(square, -10, 5)).toEqual([]);
  });

  it('keeps every flown piece within the buffered polygon, for random concave shapes and margins', () => {
    const next = random(16);
    for (let round = 0; round < 40; round++) {
      const rings = [star(next, 5 + Math.floor(next() * 40))];
      const margin = Math.round((next() - 0.5) * 120);
      const spacing = 10 + next() * 60;
      const swept = sweepPieces(rings, margin, spacing);
      if (!swept) continue; // a negative margin may leave nothing
      expect(swept.path.length).toBeGreaterThan(0);
      for (const { from, to } of swept.path) {
        expect(from[1]).toBe(to[1]);
        for (const t of [0, 0.25, 0.5, 0.75, 1]) {
          const point: Enu = [from[0] + t * (to[0] - from[0]), from[1]];
          expect(signedDistance(rings, point), `round ${round}`).toBeLessThanOrEqual(margin + 1e-6);
        }
      }
      // each line is flown once per piece: every piece of every line appears in the path
      const pieces = new Set(swept.path.map(({ from }) => from[1]));
      expect(pieces.size).toBeLessThanOrEqual(swept.lines);
    }
  });
});
