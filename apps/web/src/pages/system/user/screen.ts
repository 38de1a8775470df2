import type { ScreenEntries } from '../../screen-entry';

/** Users: menu `user`. */
export default {
  user: () => import('./UserPage'),
} satisfies ScreenEntries;
