import type { ScreenEntries } from '../../screen-entry';

/** Notices: menu `notice`. */
export default {
  notice: () => import('./NoticePage'),
} satisfies ScreenEntries;
