import type { Geometry } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import {
  UNDO_LIMIT,
  type UndoStack,
  formatArea,
  formatLength,
  popUndo,
  pushUndo,
  radiusProblem,
  removalRefusal,
  removeNode,
} from './geometryEdit';

const triangle: Geometry = {
  type: 'Polygon',
  coordinates: [
    [
      [116.3, 39.9],
      [116.4, 39.9],
      [116.35, 40],
      [116.3, 39.9],
    ],
  ],
};
const square: Geometry = {
  type: 'Polygon',
  coordinates: [
    [
      [116.3, 39.9],
      [116.4, 39.9],
      [116.4, 40],
      [116.3, 40],
      [116.3, 39.9],
    ],
  ],
};
const segment: Geometry = {
  type: 'LineString',
  coordinates: [
    [116.3, 39.9],
    [116.4, 39.9],
  ],
};
const path: Geometry = {
  type: 'LineString',
  coordinates: [
    [116.3, 39.9],
    [116.4, 39.9],
    [116.5, 40],
  ],
};

describe('deleting a node (spec §5: a line keeps 2 endpoints, a polygon 3 nodes)', () => {
  it('refuses on a triangle and on a two-point line, with the contract’s message keys', () => {
    expect(removalRefusal(triangle)).toBe('gis.polygonMin');
    expect(removeNode(triangle, 1)).toEqual({ error: 'gis.polygonMin' });
    expect(removalRefusal(segment)).toBe('gis.lineMin');
    expect(removeNode(segment, 0)).toEqual({ error: 'gis.lineMin' });
  });

  it('takes a node from a square (the ring stays closed) and from a three-point line', () => {
    expect(removalRefusal(square)).toBeUndefined();
    expect(removeNode(square, 0)).toEqual({
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [116.4, 39.9],
            [116.4, 40],
            [116.3, 40],
            [116.4, 39.9],
          ],
        ],
      },
    });
    expect(removeNode(path, 1)).toEqual({
      geometry: {
        type: 'LineString',
        coordinates: [
          [116.3, 39.9],
          [116.5, 40],
        ],
      },
    });
  });

  it('counts distinct nodes: a repeated closing node does not make a triangle a square', () => {
    const repeated: Geometry = {
      type: 'Polygon',
      coordinates: [
        [
          [116.3, 39.9],
          [116.4, 39.9],
          [116.4, 39.9],
          [116.35, 40],
          [116.3, 39.9],
        ],
      ],
    };
    expect(removalRefusal(repeated)).toBe('gis.polygonMin');
  });

  it('has nothing to refuse on points, circles and no value', () => {
    expect(removalRefusal({ type: 'Point', coordinates: [116.3, 39.9] })).toBeUndefined();
    expect(removalRefusal({ type: 'Circle', center: [116.3, 39.9], radius: 50 })).toBeUndefined();
    expect(removalRefusal(null)).toBeUndefined();
    expect(removeNode(square, 9)).toEqual({ geometry: square });
  });
});

describe('a circle’s typed radius (spec §5: not empty, not under 5)', () => {
  it('refuses an empty radius and one under 5 m with the spec’s two messages', () => {
    expect(radiusProblem(null)).toEqual({ error: 'validation.radiusEmpty' });
    expect(radiusProblem(undefined)).toEqual({ error: 'validation.radiusEmpty' });
    expect(radiusProblem('')).toEqual({ error: 'validation.radiusEmpty' });
    expect(radiusProblem(4.9)).toEqual({ error: 'validation.radiusMin' });
    expect(radiusProblem(0)).toEqual({ error: 'validation.radiusMin' });
    expect(radiusProblem(-20)).toEqual({ error: 'validation.radiusMin' });
    expect(radiusProblem(1_000_001)).toEqual({ error: 'gis.radiusMax' });
  });

  it('takes 5 m and more', () => {
    expect(radiusProblem(5)).toEqual({ radius: 5 });
    expect(radiusProblem('250.5')).toEqual({ radius: 250.5 });
  });
});

describe('the undo stack', () => {
  it('goes back through the values, newest first, to nothing drawn', () => {
    let stack: UndoStack = [];
    stack = pushUndo(stack, null, triangle);
    stack = pushUndo(stack, triangle, square);
    stack = pushUndo(stack, square, path);
    const first = popUndo(stack)!;
    expect(first.value).toEqual(square);
    const second = popUndo(first.stack)!;
    expect(second.value).toEqual(triangle);
    const third = popUndo(second.stack)!;
    expect(third.value).toBeNull();
    expect(popUndo(third.stack)).toBeUndefined();
  });

  it('does not record a change to the same value, and keeps at most UNDO_LIMIT steps', () => {
    expect(pushUndo([], square, structuredClone(square))).toEqual([]);
    let stack: UndoStack = [];
    for (let step = 0; step < UNDO_LIMIT + 20; step++)
      stack = pushUndo(stack, { type: 'Circle', center: [116, 39], radius: step + 5 }, null);
    expect(stack).toHaveLength(UNDO_LIMIT);
    expect(stack[0]).toEqual({ type: 'Circle', center: [116, 39], radius: 25 });
  });
});

describe('measures as text', () => {
  it('writes metres under a kilometre and kilometres above', () => {
    expect(formatLength(8.44)).toBe('8.4 m');
    expect(formatLength(850.4)).toBe('850 m');
    expect(formatLength(12_345)).toBe('12.35 km');
    expect(formatArea(5_400.4)).toBe('5,400 m²');
    expect(formatArea(3_250_000)).toBe('3.25 km²');
  });
});
