/**
 * Flight limits of the catalogue's models (DEVICE_MODELS ids), for the route checks (issue 16): each aircraft's
 * rated flight time and each dock's operating radius. Maker figures, as stated below; a model missing here has
 * no published figure we could confirm, and its check says so instead of guessing.
 *
 * Flight times ("最长飞行时间": forward flight without payload and wind until 0 % battery): DJI Payload SDK
 * documentation, "选购硬件平台" (developer.dji.com/doc/payload-sdk-tutorial/cn/model-instruction/
 * choose-hardware-platform.html, 2025-03-10): Matrice 4D/4TD 54 min, Matrice 3D/3TD 50 min, Mavic 3E/3T
 * 45 min, Matrice 30/30T 41 min, M300 RTK 55 min, M350 RTK 55 min (M30's 41 min also in a CAA CAP722A
 * extract of DJI's spec sheet).
 * Dock operating radius ("Max Operating Radius" of DJI's dock spec pages): DJI Dock (with M30/M30T) 7 km,
 * DJI Dock 2 (M3D/M3TD) 10 km, DJI Dock 3 (M4D/M4TD) 10 km: NOT confirmed from a stored copy of DJI's pages
 * (the figures DJI publishes as we know them; check them against the spec pages).
 */

/** Rated flight time of each aircraft model, minutes. */
export const AIRCRAFT_FLIGHT_TIME_MIN: Readonly<Record<string, number>> = {
  'dji-m30': 41,
  'dji-m30t': 41,
  'dji-m3d': 50,
  'dji-m3td': 50,
  'dji-m4d': 54,
  'dji-m4td': 54,
  'dji-m3e': 45,
  'dji-m3t': 45,
  'dji-m300': 55,
  'dji-m350': 55,
};

/** Operating radius of each dock model around the dock, metres. */
export const DOCK_OPERATING_RADIUS_M: Readonly<Record<string, number>> = {
  'dji-dock': 7_000,
  'dji-dock2': 10_000,
  'dji-dock3': 10_000,
};

/** The rated flight time of an aircraft model, seconds; null when the catalogue has none. */
export function ratedFlightTimeS(modelId: string): number | null {
  const minutes = AIRCRAFT_FLIGHT_TIME_MIN[modelId];
  return minutes === undefined ? null : minutes * 60;
}

/** The operating radius of a dock model, metres; null when the catalogue has none. */
export function dockOperatingRadiusM(modelId: string): number | null {
  return DOCK_OPERATING_RADIUS_M[modelId] ?? null;
}
