import type { ScreenEntries } from '../../screen-entry';

/** Object storage configurations: menu `oss`. */
export default {
  oss: () => import('./OssPage'),
} satisfies ScreenEntries;
