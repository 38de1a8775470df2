import type { ScreenEntries } from '../../screen-entry';

/** API scopes of the menus: menu `api_scope`. */
export default {
  api_scope: () => import('./ApiScopePage'),
} satisfies ScreenEntries;
