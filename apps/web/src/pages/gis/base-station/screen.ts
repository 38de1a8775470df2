import type { ScreenEntries } from '../../screen-entry';

/** Base stations: menu `basestation`. */
export default {
  basestation: () => import('./BaseStationPage'),
} satisfies ScreenEntries;
