/** The colours the airport map draws with and its legend shows (one place, so the two agree). */
export const AIRPORT_COLORS = {
  runway: '#262626',
  buffer: '#f5222d',
  heightLimit: '#fa8c16',
} as const;

/** The areas' fills: the buffer (no flight at any height) stronger than the height-limit area. */
export const AIRPORT_FILLS = {
  buffer: 'rgba(245, 34, 45, 0.16)',
  heightLimit: 'rgba(250, 140, 22, 0.08)',
} as const;
