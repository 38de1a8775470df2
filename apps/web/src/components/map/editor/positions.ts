import type { LonLatPosition } from '@aos/contract';

/** Six decimals (about 0.1 m), what the editor hands back. */
export function roundPosition([longitude, latitude]: readonly number[]): LonLatPosition {
  const round = (value: number) => {
    const rounded = Number(value.toFixed(6));
    return rounded === 0 ? 0 : rounded;
  };
  return [round(longitude!), round(latitude!)];
}

/** A ring as GeoJSON wants it: the last node repeats the first. */
export function closed(ring: LonLatPosition[]): LonLatPosition[] {
  if (ring.length < 2) return ring;
  const [first, last] = [ring[0]!, ring[ring.length - 1]!];
  return first[0] === last[0] && first[1] === last[1] ? ring : [...ring, first];
}
