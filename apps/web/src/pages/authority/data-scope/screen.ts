import type { ScreenEntries } from '../../screen-entry';

/** Data scopes of the menus: menu `data_scope`. */
export default {
  data_scope: () => import('./DataScopePage'),
} satisfies ScreenEntries;
