import type { ScreenEntries } from '../../screen-entry';

/** Map directories and marks: menu `mapdir`. */
export default {
  mapdir: () => import('./MapDirectoryPage'),
} satisfies ScreenEntries;
