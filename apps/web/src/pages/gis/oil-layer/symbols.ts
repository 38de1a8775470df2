import type { OilFeature, OilLayerSettings } from '@aos/contract';

/**
 * The point symbols a layer's `icon` may name (the advanced settings offer them); anything else that looks
 * like a link (`http…`, `/…`) is drawn as that picture, and no icon is a circle.
 */
export const POINT_SYMBOLS = ['circle', 'square', 'triangle', 'diamond', 'star'] as const;
export type PointSymbol = (typeof POINT_SYMBOLS)[number];

export const isImageLink = (icon: string | null | undefined): icon is string =>
  Boolean(icon && /^(https?:\/\/|\/)/.test(icon));

export function pointSymbol(icon: string | null | undefined): PointSymbol {
  return (POINT_SYMBOLS as readonly string[]).includes(icon ?? '') ? (icon as PointSymbol) : 'circle';
}

/** What the map writes beside a feature: its name, its code or one of its attributes (the layer's `labelField`). */
export function labelOf(feature: Pick<OilFeature, 'name' | 'code' | 'attributes'>, field: string): string {
  if (field === 'name') return feature.name;
  if (field === 'code') return feature.code ?? '';
  const value = feature.attributes[field];
  return value === undefined ? '' : String(value);
}

/** A point's radius in pixels: the layer's line width makes its symbols bigger too. */
export const pointRadius = (settings: Pick<OilLayerSettings, 'lineWidth'>) => 4 + settings.lineWidth;
