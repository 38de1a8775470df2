import type { ScreenEntries } from '../../screen-entry';

/** Fly operators: menu `fly_operator`. */
export default {
  fly_operator: () => import('./FlyOperatorPage'),
} satisfies ScreenEntries;
