import type { ScreenEntries } from '../../screen-entry';

/** Attachments: menu `attach`. */
export default {
  attach: () => import('./AttachPage'),
} satisfies ScreenEntries;
