import type { ScreenEntries } from '../../screen-entry';

/** Roles and their grants: menu `role`. */
export default {
  role: () => import('./RolePage'),
} satisfies ScreenEntries;
