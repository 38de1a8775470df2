import type { ScreenEntries } from '../../screen-entry';

/** Track replay: menu `track`. */
export default {
  track: () => import('./TrackReplayPage'),
} satisfies ScreenEntries;
