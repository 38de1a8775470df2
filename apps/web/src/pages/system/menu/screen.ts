import type { ScreenEntries } from '../../screen-entry';

/** Menus and buttons: menu `menu`. */
export default {
  menu: () => import('./MenuPage'),
} satisfies ScreenEntries;
