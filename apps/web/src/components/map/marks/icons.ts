/**
 * The icons a point mark can carry, drawn as SVG in the mark's colour (white outline, readable on every base
 * layer). Used by the map's style and by the dialog's icon picker, so both show the same picture.
 */
export const MARK_ICONS = ['pin', 'flag', 'star', 'camera', 'warning'] as const;
export type MarkIcon = (typeof MARK_ICONS)[number];

export const DEFAULT_MARK_COLOR = '#1677ff';

const PATHS: Record<MarkIcon, string> = {
  pin: 'M14 2C8.5 2 4.5 6 4.5 11.2 4.5 18 14 27 14 27s9.5-9 9.5-15.8C23.5 6 19.5 2 14 2Zm0 13.2a4 4 0 1 1 0-8 4 4 0 0 1 0 8Z',
  flag: 'M6 26V3.5M6 4.5h15l-3.5 5 3.5 5H6',
  star: 'M14 2.5l3.5 7.3 8 1.1-5.8 5.6 1.4 7.9L14 20.6l-7.1 3.8 1.4-7.9-5.8-5.6 8-1.1Z',
  camera:
    'M4 9.5A2.5 2.5 0 0 1 6.5 7h3l2-3h5l2 3h3A2.5 2.5 0 0 1 24 9.5v11a2.5 2.5 0 0 1-2.5 2.5h-15A2.5 2.5 0 0 1 4 20.5Zm10 10a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Z',
  warning: 'M14 3 26 24H2Zm-1.3 7v7h2.6v-7Zm0 9v2.6h2.6V19Z',
};

/** An icon's SVG in `color`; an unknown icon name draws the pin. */
export function markIconSvg(icon: string | null | undefined, color: string): string {
  const name: MarkIcon = MARK_ICONS.includes(icon as MarkIcon) ? (icon as MarkIcon) : 'pin';
  const line = name === 'flag';
  const shape = line
    ? `<path d="${PATHS.flag}" fill="${color}" stroke="#ffffff" stroke-width="2" stroke-linejoin="round"/>` +
      `<path d="M6 26V3.5" stroke="${color}" stroke-width="2.6" stroke-linecap="round"/>`
    : `<path d="${PATHS[name]}" fill="${color}" fill-rule="evenodd" stroke="#ffffff" stroke-width="1.8" stroke-linejoin="round"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="28" height="28" viewBox="0 0 28 28">${shape}</svg>`;
}

export const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** Where an icon stands on its position: a pin and a flag on their foot, the others on their middle. */
export function iconAnchor(icon: string | null | undefined): [number, number] {
  if (icon === 'flag') return [6 / 28, 26 / 28];
  if (!icon || icon === 'pin' || !MARK_ICONS.includes(icon as MarkIcon)) return [0.5, 27 / 28];
  return [0.5, 0.5];
}
