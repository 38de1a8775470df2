import type { ScreenEntries } from '../../screen-entry';

/** Docks: menu `hangar`. */
export default {
  hangar: () => import('./DockPage'),
} satisfies ScreenEntries;
