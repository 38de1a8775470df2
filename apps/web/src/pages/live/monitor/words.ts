import type { TFunction } from 'i18next';
import './locale';

/** A device-reported code as a word (`liveMap.droneMode.5`: wayline flight), 'unknown' for codes not listed. */
export function codeWord(t: TFunction, group: 'droneMode', code: unknown): string {
  if (typeof code !== 'number') return '—';
  return t(`liveMap.${group}.${code}`, { defaultValue: t(`liveMap.${group}.unknown`) });
}

/** A number with at most `digits` decimals in a unit (`liveMap.unit.metre`), or a dash when absent. */
export function measure(
  t: TFunction,
  unit: 'metre' | 'speed' | 'degree' | 'percent' | 'minutes',
  value: unknown,
  digits = 1,
): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
  return t(`liveMap.unit.${unit}`, { value: Number(value.toFixed(digits)) });
}
