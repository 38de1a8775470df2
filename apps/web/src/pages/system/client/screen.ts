import type { ScreenEntries } from '../../screen-entry';

/** OAuth clients: menu `client`. */
export default {
  client: () => import('./ClientPage'),
} satisfies ScreenEntries;
