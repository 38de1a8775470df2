import type { ScreenEntries } from '../../screen-entry';

/** Administrative divisions: menu `region`. */
export default {
  region: () => import('./RegionPage'),
} satisfies ScreenEntries;
