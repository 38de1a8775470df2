import type { ScreenEntries } from '../../screen-entry';

/** Devices: menu `device`. */
export default {
  device: () => import('./DevicePage'),
} satisfies ScreenEntries;
