export { roundPosition } from './positions';
import {
  CircleRadius,
  type Geometry,
  type GeometryType,
  closeRing,
  nodeCount,
  nodeRemovalError,
  ringNodes,
} from '@aos/contract';

/**
 * The editor's rules without a map (and without OpenLayers, so the screen's chunk may hold them): deleting a
 * node (refused under spec §5's minimums with the contract's message) and the undo stack.
 */

/** The contract's message key refusing to take one more node from this geometry, or undefined. */
export function removalRefusal(
  geometry: Geometry | null | undefined,
): 'gis.lineMin' | 'gis.polygonMin' | undefined {
  if (!geometry) return undefined;
  return nodeRemovalError(geometry.type, nodeCount(geometry));
}

/**
 * The geometry without its node `index` (a line's node, a polygon outer ring's distinct node), or the key of
 * the message that refuses it. Points and circles have no node to delete: they are left as they are.
 */
export function removeNode(
  geometry: Geometry,
  index: number,
): { geometry: Geometry } | { error: 'gis.lineMin' | 'gis.polygonMin' } {
  const refused = removalRefusal(geometry);
  if (refused) return { error: refused };
  if (geometry.type === 'LineString') {
    if (index < 0 || index >= geometry.coordinates.length) return { geometry };
    return { geometry: { ...geometry, coordinates: geometry.coordinates.filter((_, at) => at !== index) } };
  }
  if (geometry.type === 'Polygon') {
    const [outer, ...holes] = geometry.coordinates;
    const nodes = ringNodes(outer!);
    if (index < 0 || index >= nodes.length) return { geometry };
    return {
      geometry: { ...geometry, coordinates: [closeRing(nodes.filter((_, at) => at !== index)), ...holes] },
    };
  }
  return { geometry };
}

/**
 * The message key refusing a typed radius (spec §5: not empty, not under 5 m; the contract also stops at
 * 1,000 km), or undefined with the radius in metres.
 */
export function radiusProblem(
  input: number | string | null | undefined,
): { error: string } | { radius: number } {
  const checked = CircleRadius.safeParse(input ?? undefined);
  if (!checked.success) return { error: checked.error.issues[0]?.message ?? 'validation.radiusEmpty' };
  return { radius: checked.data };
}

// ---------------------------------------------------------------------------------------------- undo

/** The values before each change, newest last; at most UNDO_LIMIT of them. */
export type UndoStack = ReadonlyArray<Geometry | null>;

export const UNDO_LIMIT = 100;

/** The stack after a change away from `previous` (a change to the same value is not a step). */
export function pushUndo(stack: UndoStack, previous: Geometry | null, next: Geometry | null): UndoStack {
  if (sameGeometry(previous, next)) return stack;
  const grown = [...stack, previous];
  return grown.length > UNDO_LIMIT ? grown.slice(grown.length - UNDO_LIMIT) : grown;
}

/** The value to go back to and the stack without it; nothing to undo: undefined. */
export function popUndo(stack: UndoStack): { value: Geometry | null; stack: UndoStack } | undefined {
  if (!stack.length) return undefined;
  return { value: stack[stack.length - 1]!, stack: stack.slice(0, -1) };
}

export function sameGeometry(a: Geometry | null | undefined, b: Geometry | null | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

// ---------------------------------------------------------------------------------------------- measures

/** What `measure` (measure.ts, with OpenLayers' geodesic sums) tells of a shape. */
export interface Measures {
  /** a line's length, metres */
  length?: number;
  /** a polygon's or a circle's perimeter, metres */
  perimeter?: number;
  /** square metres on the ground */
  area?: number;
}

/** `850 m`, `12.35 km`. */
export function formatLength(metres: number): string {
  return metres < 1000 ? `${metres.toFixed(metres < 10 ? 1 : 0)} m` : `${(metres / 1000).toFixed(2)} km`;
}

/** `5,400 m²`, `3.25 km²`. */
export function formatArea(squareMetres: number): string {
  return squareMetres < 1_000_000
    ? `${Math.round(squareMetres).toLocaleString('en-US')} m²`
    : `${(squareMetres / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 2 })} km²`;
}

// ---------------------------------------------------------------------------------------------- small helpers

/** The types an area field allows by default: a range is a polygon or a circle. */
export const AREA_TYPES: readonly GeometryType[] = ['Polygon', 'Circle'];
