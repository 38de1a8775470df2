import type { ScreenEntries } from '../../screen-entry';

/** The usual, API and error logs: menu `log_usual`, `log_api`, `log_error`. */
export default {
  log_usual: () => import('./UsualLogPage'),
  log_api: () => import('./ApiLogPage'),
  log_error: () => import('./ErrorLogPage'),
} satisfies ScreenEntries;
