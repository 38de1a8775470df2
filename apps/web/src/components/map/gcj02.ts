import gcoord from 'gcoord';
import type { LonLat } from './coordinates';

/**
 * GCJ-02, the shifted coordinate system Chinese map providers (Gaode/AMap, Tencent, Google's China tiles)
 * draw their tiles in: a road on such tiles sits 100 to 700 m from its WGS-84 position. The platform stores
 * and sends WGS-84 only; these convert at the map's edge (gcoord; outside China both are the same).
 */
export function wgs84ToGcj02([longitude, latitude]: LonLat): LonLat {
  const [x, y] = gcoord.transform([longitude, latitude], gcoord.WGS84, gcoord.GCJ02);
  return [x, y];
}

/** The WGS-84 position of a GCJ-02 one (gcoord iterates to well under a millimetre). */
export function gcj02ToWgs84([longitude, latitude]: LonLat): LonLat {
  const [x, y] = gcoord.transform([longitude, latitude], gcoord.GCJ02, gcoord.WGS84);
  return [x, y];
}
