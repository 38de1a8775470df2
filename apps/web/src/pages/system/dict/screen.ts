import type { ScreenEntries } from '../../screen-entry';

/** System dictionaries: menu `dict`. */
export default {
  dict: () => import('./DictPage'),
} satisfies ScreenEntries;
