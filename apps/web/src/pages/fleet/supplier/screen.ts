import type { ScreenEntries } from '../../screen-entry';

/** Supplier configurations: menu `supplier`. */
export default {
  supplier: () => import('./SupplierPage'),
} satisfies ScreenEntries;
