import type { CameraSpec } from '../camera.js';

/**
 * Photogrammetry of a frame camera looking straight down over flat ground (pinhole model). The image's long
 * side (width) lies across the track, as DJI's mapping routes fly it, so the side overlap spaces the lines
 * with the footprint's width and the front overlap spaces the photos with its height.
 */
type Sensor = Pick<
  CameraSpec,
  'sensorWidthMm' | 'sensorHeightMm' | 'focalLengthMm' | 'imageWidthPx' | 'imageHeightPx'
>;

/** Ground sample distance in cm/px at `heightM` above the ground: sensorWidth·H / (focal·imageWidth). */
export function gsd(heightM: number, camera: Sensor): number {
  return ((camera.sensorWidthMm * heightM) / (camera.focalLengthMm * camera.imageWidthPx)) * 100;
}

/** The height in metres above the ground that gives `gsdCm` cm/px. */
export function heightForGsd(gsdCm: number, camera: Sensor): number {
  return (gsdCm / 100) * ((camera.focalLengthMm * camera.imageWidthPx) / camera.sensorWidthMm);
}

/** Ground footprint of one photo in metres: `across` the track (image width), `along` it (image height). */
export function footprint(heightM: number, camera: Sensor): { across: number; along: number } {
  return {
    across: (camera.sensorWidthMm * heightM) / camera.focalLengthMm,
    along: (camera.sensorHeightMm * heightM) / camera.focalLengthMm,
  };
}

/** Distance in metres between neighbouring lines for a side overlap in percent (0–95). */
export function lineSpacing(sideOverlapPercent: number, heightM: number, camera: Sensor): number {
  return footprint(heightM, camera).across * (1 - sideOverlapPercent / 100);
}

/**
 * Distance in metres between photos along a line for a front overlap in percent (0–95), and the time between
 * them in seconds at `speedMS`.
 */
export function photoInterval(
  frontOverlapPercent: number,
  speedMS: number,
  heightM: number,
  camera: Sensor,
): { distanceM: number; timeS: number } {
  const distanceM = footprint(heightM, camera).along * (1 - frontOverlapPercent / 100);
  return { distanceM, timeS: distanceM / speedMS };
}

/** Photos a camera takes along `lengthM` every `intervalM`, one at each end included. */
export function photosAlong(lengthM: number, intervalM: number): number {
  return Math.floor(lengthM / intervalM + 1e-9) + 1;
}
