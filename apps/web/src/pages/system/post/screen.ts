import type { ScreenEntries } from '../../screen-entry';

/** Posts: menu `post`. */
export default {
  post: () => import('./PostPage'),
} satisfies ScreenEntries;
