import { z } from 'zod';

/** Longitude −180..180 and latitude −90..90, as a pair. */
export function isLonLat(longitude: number, latitude: number): boolean {
  return (
    Number.isFinite(longitude) &&
    Number.isFinite(latitude) &&
    longitude >= -180 &&
    longitude <= 180 &&
    latitude >= -90 &&
    latitude <= 90
  );
}

/**
 * Spec §5 "Geometry": base-station coordinates are entered as `longitude,latitude` (decimal degrees);
 * anything else is refused with the message asking for correct coordinates. Returns `[longitude, latitude]`.
 */
export function parseLonLat(value: unknown): [number, number] | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(value);
  if (!match) return undefined;
  const longitude = Number(match[1]);
  const latitude = Number(match[2]);
  return isLonLat(longitude, latitude) ? [longitude, latitude] : undefined;
}

export const LonLatText = z
  .string({ message: 'validation.coordinates' })
  .refine((value) => parseLonLat(value) !== undefined, { message: 'validation.coordinates' });
