import type { ScreenEntries } from '../../screen-entry';

/** Business dictionaries: menu `dict_biz`. */
export default {
  dict_biz: () => import('./DictBizPage'),
} satisfies ScreenEntries;
