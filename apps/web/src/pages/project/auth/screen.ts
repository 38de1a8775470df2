import type { ScreenEntries } from '../../screen-entry';

/** Project authorisation: menu `projectauth`. */
export default {
  projectauth: () => import('./ProjectAuthPage'),
} satisfies ScreenEntries;
