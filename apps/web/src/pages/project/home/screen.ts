import type { ScreenEntries } from '../../screen-entry';

/** The project home: menu `project_home`. */
export default {
  project_home: () => import('./ProjectPage'),
} satisfies ScreenEntries;
