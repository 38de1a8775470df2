import type { ScreenEntries } from '../../screen-entry';

/** Takeoff/landing points and civil airports: menu `airport`. */
export default {
  airport: () => import('./AirportPage'),
} satisfies ScreenEntries;
