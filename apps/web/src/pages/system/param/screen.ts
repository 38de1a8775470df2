import type { ScreenEntries } from '../../screen-entry';

/** Parameters: menu `param`. */
export default {
  param: () => import('./ParamPage'),
} satisfies ScreenEntries;
