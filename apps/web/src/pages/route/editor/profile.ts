import { haversineM, type LonLatPosition } from '@aos/contract';

/**
 * The height profile (distance along the route × height): each waypoint a dot at its distance from the start
 * and its height, the passes of an oblique route one after the other, and the scale that puts it in an SVG.
 */

export interface ProfilePoint {
  /** wayline and index of the waypoint */
  wayline: number;
  index: number;
  distanceM: number;
  heightM: number;
}

export interface Profile {
  points: ProfilePoint[];
  lengthM: number;
  minHeightM: number;
  maxHeightM: number;
}

/** The profile of planned waylines (each point `[lon, lat]` + height). */
export function profileOf(
  waylines: readonly (readonly { position: LonLatPosition; heightM: number }[])[],
): Profile {
  const points: ProfilePoint[] = [];
  let distance = 0;
  let min = Infinity;
  let max = -Infinity;
  waylines.forEach((line, wayline) => {
    line.forEach((point, index) => {
      const previous = index > 0 ? line[index - 1] : undefined;
      if (previous) distance += haversineM(previous.position, point.position);
      points.push({ wayline, index, distanceM: distance, heightM: point.heightM });
      min = Math.min(min, point.heightM);
      max = Math.max(max, point.heightM);
    });
  });
  if (points.length === 0) return { points, lengthM: 0, minHeightM: 0, maxHeightM: 0 };
  return { points, lengthM: distance, minHeightM: min, maxHeightM: max };
}

export interface ProfileScale {
  width: number;
  height: number;
  /** the heights shown: the profile's and the reference lines', with a margin, from 0 when all are above */
  low: number;
  high: number;
  x: (distanceM: number) => number;
  y: (heightM: number) => number;
  /** the height at a y (dragging a dot) */
  heightAt: (y: number) => number;
}

/** The scale of a profile in a `width` × `height` box with `pad` pixels round it, reference heights included. */
export function profileScale(
  profile: Profile,
  width: number,
  height: number,
  references: readonly number[] = [],
  pad = 24,
): ProfileScale {
  const heights = [profile.minHeightM, profile.maxHeightM, ...references];
  let low = Math.min(0, ...heights);
  let high = Math.max(...heights);
  if (high - low < 10) high = low + 10;
  const margin = (high - low) * 0.08;
  high += margin;
  if (low < 0) low -= margin;
  const spanX = profile.lengthM > 0 ? profile.lengthM : 1;
  const innerW = Math.max(1, width - 2 * pad);
  const innerH = Math.max(1, height - 2 * pad);
  const y = (h: number) => pad + innerH * (1 - (h - low) / (high - low));
  return {
    width,
    height,
    low,
    high,
    x: (d) => pad + (innerW * d) / spanX,
    y,
    heightAt: (py) => low + (high - low) * (1 - (py - pad) / innerH),
  };
}

/** The polyline of the profile in SVG coordinates, one `points` attribute per wayline. */
export function profilePolylines(profile: Profile, scale: ProfileScale): string[] {
  const lines: string[][] = [];
  for (const point of profile.points) {
    (lines[point.wayline] ??= []).push(
      `${scale.x(point.distanceM).toFixed(1)},${scale.y(point.heightM).toFixed(1)}`,
    );
  }
  return lines.map((line) => line.join(' '));
}

/** Tick values for an axis from low to high: about `count` round numbers. */
export function ticks(low: number, high: number, count = 4): number[] {
  const span = high - low;
  if (!(span > 0)) return [low];
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const values: number[] = [];
  for (let v = Math.ceil(low / step) * step; v <= high + 1e-9; v += step)
    values.push(Math.round(v * 1e6) / 1e6);
  return values;
}
