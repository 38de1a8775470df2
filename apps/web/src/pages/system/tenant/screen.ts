import type { ScreenEntries } from '../../screen-entry';

/** Tenants (platform tenant only): menu `tenant`. */
export default {
  tenant: () => import('./TenantPage'),
} satisfies ScreenEntries;
