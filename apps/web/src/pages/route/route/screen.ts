import type { ScreenEntries } from '../../screen-entry';

/** The route manager: menu `route`. */
export default {
  route: () => import('./RoutePage'),
} satisfies ScreenEntries;
