import type { ScreenEntries } from '../../screen-entry';

/** No-fly zones, fly zones and electronic fences: menus `noflyzone`, `flyzone`, `fence`. */
export default {
  noflyzone: () => import('./NoFlyZonePage'),
  flyzone: () => import('./FlyZonePage'),
  fence: () => import('./FencePage'),
} satisfies ScreenEntries;
