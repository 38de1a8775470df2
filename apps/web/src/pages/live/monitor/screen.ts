import type { ScreenEntries } from '../../screen-entry';

/** Real-time monitoring: the live map: menu `realtime`. */
export default {
  realtime: () => import('./LiveMonitorPage'),
} satisfies ScreenEntries;
