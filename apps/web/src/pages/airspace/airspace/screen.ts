import type { ScreenEntries } from '../../screen-entry';

/** Airspace applications: menu `airspace`. */
export default {
  airspace: () => import('./AirspacePage'),
} satisfies ScreenEntries;
