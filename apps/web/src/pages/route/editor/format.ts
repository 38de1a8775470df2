/** Figures as the editor shows them, with the unit strings of the active language (`routeEditor.units`). */
type Translate = (key: string, values?: Record<string, unknown>) => string;

const number = (value: number, digits: number) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });

export function formatLength(t: Translate, metres: number): string {
  return metres >= 10_000
    ? t('routeEditor.units.km', { value: number(metres / 1000, 2) })
    : t('routeEditor.units.m', { value: number(metres, 1) });
}

export function formatArea(t: Translate, squareMetres: number): string {
  return squareMetres >= 1_000_000
    ? t('routeEditor.units.km2', { value: number(squareMetres / 1_000_000, 3) })
    : t('routeEditor.units.m2', { value: number(squareMetres, 0) });
}

export function formatDuration(t: Translate, seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return t('routeEditor.units.s', { value: whole });
  if (whole < 3600) return t('routeEditor.units.min', { m: Math.floor(whole / 60), s: whole % 60 });
  return t('routeEditor.units.h', { h: Math.floor(whole / 3600), m: Math.floor((whole % 3600) / 60) });
}

export const formatGsd = (t: Translate, cm: number) => t('routeEditor.units.cm', { value: number(cm, 2) });

/** An axis tick of distance: metres, or kilometres on a long route. */
export function formatTick(metres: number, spanM: number): string {
  return spanM >= 10_000 ? `${number(metres / 1000, 1)} km` : `${number(metres, 0)} m`;
}
