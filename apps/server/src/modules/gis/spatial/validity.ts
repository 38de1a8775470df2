import type { Geometry } from '@aos/contract';
import GeoJSONReader from 'jsts/org/locationtech/jts/io/GeoJSONReader.js';
import IsValidOp from 'jsts/org/locationtech/jts/operation/valid/IsValidOp.js';
import { fieldError } from '../../../lib/errors.js';

const reader = new GeoJSONReader();

/**
 * The check the contract's schemas leave to the server (spec §5 Geometry, issue 15): a polygon's rings do not
 * cross or touch themselves or each other, holes lie inside the outer ring. JTS's IsValidOp (jsts) decides,
 * which finds collinear overlaps too (a ring that doubles back along itself), in O(n log n). Lines may
 * cross themselves (a route can); points and circles are checked by their schemas alone.
 *
 * Throws a 400 naming `field` with where the fault is, so the editor can show it.
 */
export function assertValidGeometry(geometry: Geometry, field: string): void {
  if (geometry.type !== 'Polygon') return;
  const operation = new IsValidOp(reader.read(geometry));
  if (operation.isValid()) return;
  const error = operation.getValidationError();
  const at = error?.getCoordinate();
  const where = at ? `${round(at.x)},${round(at.y)}` : '?';
  const message = error?.getMessage() ?? '';
  if (/self-intersection|ring self-intersection|nested|interior is disconnected/i.test(message)) {
    throw fieldError(field, 'gis.selfIntersection', { at: where });
  }
  throw fieldError(field, 'gis.invalidGeometry', { reason: `${message} (${where})` });
}

const round = (value: number) => Number(value.toFixed(6));
