import type { ScreenEntries } from '../../screen-entry';

/** Top menus: menu `topmenu`. */
export default {
  topmenu: () => import('./TopMenuPage'),
} satisfies ScreenEntries;
