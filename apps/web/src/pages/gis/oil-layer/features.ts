import type { Page, StoredGeometry } from '@aos/contract';
import { formatLength } from '../../../components/map/editor/geometryEdit';

/** One page of `rows` (1-based `current`). */
export function pageOf<T>(rows: T[], current: number, size: number): Page<T> {
  const start = (current - 1) * size;
  return {
    records: rows.slice(start, start + size),
    total: rows.length,
    current,
    size,
    pages: Math.ceil(rows.length / size),
  };
}

const EARTH_RADIUS = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle length of a line of [longitude, latitude] positions, in metres. */
export function lineLength(positions: number[][]): number {
  let metres = 0;
  for (let index = 1; index < positions.length; index++) {
    const [lon1, lat1] = positions[index - 1]!;
    const [lon2, lat2] = positions[index]!;
    const a =
      Math.sin(radians(lat2! - lat1!) / 2) ** 2 +
      Math.cos(radians(lat1!)) * Math.cos(radians(lat2!)) * Math.sin(radians(lon2! - lon1!) / 2) ** 2;
    metres += 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(a)));
  }
  return metres;
}

/** A point as `longitude, latitude`, a line as its length on the ground. */
export function positionText(geometry: StoredGeometry | undefined): string {
  if (geometry?.type === 'Point') return geometry.coordinates.map((value) => value.toFixed(6)).join(', ');
  if (geometry?.type === 'LineString') return formatLength(lineLength(geometry.coordinates));
  return '';
}
