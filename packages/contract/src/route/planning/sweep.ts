import type { Enu } from './geo.js';

/**
 * Lawn-mower lines over a polygon in the plane, in a frame turned so that the lines run along x: each line is
 * y = v, and what of it lies in the margin-buffered polygon is a list of x intervals.
 *
 * The buffer is exact without building the buffered polygon: a point is within `margin` metres of the
 * polygon when it is inside it or within `margin` of an edge, so on a line the buffered polygon is the inside
 * intervals united with each edge's capsule (the edge widened by `margin`, round at its ends); a negative
 * margin takes the capsules (of |margin|) away from the inside instead. Corners come out round, as a
 * buffer's do.
 */

export type Interval = [from: number, to: number];

/** x where the edge a→b meets y = v (half-open in y, so a node on the line counts once). */
function insideIntervals(rings: readonly (readonly Enu[])[], v: number): Interval[] {
  const xs: number[] = [];
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[j]!;
      const b = ring[i]!;
      if (a[1] > v !== b[1] > v) xs.push(a[0] + ((v - a[1]) / (b[1] - a[1])) * (b[0] - a[0]));
    }
  }
  xs.sort((p, q) => p - q);
  const out: Interval[] = [];
  for (let i = 0; i + 1 < xs.length; i += 2) out.push([xs[i]!, xs[i + 1]!]);
  return out;
}

/** The x interval where y = v crosses the capsule of radius r around a–b, if it does. */
function capsuleInterval(a: Enu, b: Enu, r: number, v: number): Interval | undefined {
  let from = Infinity;
  let to = -Infinity;
  for (const [x, y] of [a, b]) {
    const dy = v - y;
    if (Math.abs(dy) <= r) {
      const w = Math.sqrt(r * r - dy * dy);
      from = Math.min(from, x - w);
      to = Math.max(to, x + w);
    }
  }
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length = Math.hypot(dx, dy);
  if (length > 0) {
    // the band: the rectangle a ± n·r, b ± n·r
    const nx = (-dy / length) * r;
    const ny = (dx / length) * r;
    const corners: Enu[] = [
      [a[0] + nx, a[1] + ny],
      [b[0] + nx, b[1] + ny],
      [b[0] - nx, b[1] - ny],
      [a[0] - nx, a[1] - ny],
    ];
    for (let i = 0; i < 4; i++) {
      const p = corners[i]!;
      const q = corners[(i + 1) % 4]!;
      if ((p[1] - v) * (q[1] - v) <= 0 && p[1] !== q[1]) {
        const x = p[0] + ((v - p[1]) / (q[1] - p[1])) * (q[0] - p[0]);
        from = Math.min(from, x);
        to = Math.max(to, x);
      }
    }
  }
  return from <= to ? [from, to] : undefined;
}

function union(intervals: Interval[]): Interval[] {
  intervals.sort((p, q) => p[0] - q[0]);
  const out: Interval[] = [];
  for (const interval of intervals) {
    const last = out[out.length - 1];
    if (last && interval[0] <= last[1]) last[1] = Math.max(last[1], interval[1]);
    else out.push([interval[0], interval[1]]);
  }
  return out;
}

function subtract(from: Interval[], cut: Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const [start, end] of from) {
    let cursor = start;
    for (const [c0, c1] of cut) {
      if (c1 <= cursor) continue;
      if (c0 >= end) break;
      if (c0 > cursor) out.push([cursor, c0]);
      cursor = Math.max(cursor, c1);
      if (cursor >= end) break;
    }
    if (cursor < end) out.push([cursor, end]);
  }
  return out;
}

/** Shorter pieces than this (metres) are slivers of a touching corner, not something to fly. */
const MIN_PIECE_M = 0.01;

/** The intervals of y = v inside the polygon buffered by `margin` (negative: shrunk). */
export function lineIntervals(rings: readonly (readonly Enu[])[], margin: number, v: number): Interval[] {
  const inside = insideIntervals(rings, v);
  if (margin === 0) return inside.filter(([a, b]) => b - a > MIN_PIECE_M);
  const r = Math.abs(margin);
  const capsules: Interval[] = [];
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[j]!;
      const b = ring[i]!;
      if (Math.min(a[1], b[1]) - r > v || Math.max(a[1], b[1]) + r < v) continue;
      const piece = capsuleInterval(a, b, r, v);
      if (piece) capsules.push(piece);
    }
  }
  const result = margin > 0 ? union([...inside, ...capsules]) : subtract(inside, union(capsules));
  return result.filter(([a, b]) => b - a > MIN_PIECE_M);
}

/**
 * The y range the buffered polygon spans: from the ring's extent (grown by a positive margin), walked in from
 * each side in steps of `step` until a line meets the polygon, then narrowed by bisection to a millimetre.
 * Undefined when no line meets it (a negative margin ate the polygon).
 */
export function coveredRange(
  rings: readonly (readonly Enu[])[],
  margin: number,
  step: number,
): [bottom: number, top: number] | undefined {
  let low = Infinity;
  let high = -Infinity;
  for (const [, y] of rings[0]!) {
    low = Math.min(low, y);
    high = Math.max(high, y);
  }
  const grow = Math.max(margin, 0);
  low -= grow;
  high += grow;
  const meets = (v: number) => lineIntervals(rings, margin, v).length > 0;
  const walk = (start: number, end: number, direction: 1 | -1): number | undefined => {
    let outside = start;
    for (let v = start; direction > 0 ? v <= end : v >= end; v += direction * step) {
      if (meets(v)) {
        let hit = v;
        for (let k = 0; k < 40 && Math.abs(hit - outside) > 1e-3; k++) {
          const mid = (hit + outside) / 2;
          if (meets(mid)) hit = mid;
          else outside = mid;
        }
        return hit;
      }
      outside = v;
    }
    return undefined;
  };
  const bottom = walk(low, high, 1);
  if (bottom === undefined) return undefined;
  const top = walk(high, bottom, -1) ?? bottom;
  return [bottom, top];
}

/** One flight line's piece: y, and its x interval. */
export interface Piece {
  v: number;
  from: number;
  to: number;
}

/**
 * Lines `spacing` apart covering the buffered polygon (centred on its y range, so the outermost lines are at
 * most half a spacing inside its edges), each cut into the pieces inside it, grouped into cells: runs of
 * lines whose pieces follow on from one piece of the line before (a concave polygon splits into several
 * cells, each flown as its own lawn-mower). Cells are ordered and each cell's lines alternate in direction,
 * entering each next cell at the corner nearest to where the previous one ended.
 */
export function sweepPieces(
  rings: readonly (readonly Enu[])[],
  margin: number,
  spacing: number,
): { lines: number; path: Array<{ from: Enu; to: Enu }> } | undefined {
  const range = coveredRange(rings, margin, spacing / 8);
  if (!range) return undefined;
  const [bottom, top] = range;
  const count = Math.max(1, Math.ceil((top - bottom) / spacing - 1e-9));
  const middle = (bottom + top) / 2;
  interface Cell {
    pieces: Piece[];
    open: boolean;
  }
  const cells: Cell[] = [];
  let previous: Array<{ piece: Piece; cell: Cell }> = [];
  for (let i = 0; i < count; i++) {
    const v = middle + (i - (count - 1) / 2) * spacing;
    const current: Array<{ piece: Piece; cell: Cell }> = [];
    const pieces = lineIntervals(rings, margin, v).map(([from, to]) => ({ v, from, to }));
    for (const piece of pieces) {
      const touching = previous.filter((p) => p.piece.from <= piece.to && piece.from <= p.piece.to);
      const only = touching.length === 1 ? touching[0]! : undefined;
      const shared =
        only &&
        pieces.filter((other) => only.piece.from <= other.to && other.from <= only.piece.to).length === 1;
      if (only && shared && only.cell.open) {
        only.cell.pieces.push(piece);
        current.push({ piece, cell: only.cell });
      } else {
        for (const p of touching) p.cell.open = false;
        const cell: Cell = { pieces: [piece], open: true };
        cells.push(cell);
        current.push({ piece, cell });
      }
    }
    for (const p of previous) if (!current.some((c) => c.cell === p.cell)) p.cell.open = false;
    previous = current;
  }
  // Order the cells: start with the first, then always the nearest entry of a cell not flown yet.
  const path: Array<{ from: Enu; to: Enu }> = [];
  const left = new Set(cells);
  let here: Enu | undefined;
  while (left.size) {
    let best: { cell: Cell; reverse: boolean; startForward: boolean; distance: number } | undefined;
    for (const cell of left) {
      const first = cell.pieces[0]!;
      const last = cell.pieces[cell.pieces.length - 1]!;
      const options = [
        { reverse: false, startForward: true, at: [first.from, first.v] as Enu },
        { reverse: false, startForward: false, at: [first.to, first.v] as Enu },
        { reverse: true, startForward: true, at: [last.from, last.v] as Enu },
        { reverse: true, startForward: false, at: [last.to, last.v] as Enu },
      ];
      for (const option of options) {
        const distance = here ? Math.hypot(option.at[0] - here[0], option.at[1] - here[1]) : 0;
        if (!best || distance < best.distance) best = { cell, ...option, distance };
      }
      if (!here) break;
    }
    const { cell, reverse, startForward } = best!;
    left.delete(cell);
    const pieces = reverse ? [...cell.pieces].reverse() : cell.pieces;
    pieces.forEach((piece, k) => {
      const forward = k % 2 === 0 ? startForward : !startForward;
      const a: Enu = [piece.from, piece.v];
      const b: Enu = [piece.to, piece.v];
      path.push(forward ? { from: a, to: b } : { from: b, to: a });
    });
    here = path[path.length - 1]!.to;
  }
  return { lines: count, path };
}
