import type { ScreenEntries } from '../../screen-entry';

/** SMS configurations: menu `sms`. */
export default {
  sms: () => import('./SmsPage'),
} satisfies ScreenEntries;
