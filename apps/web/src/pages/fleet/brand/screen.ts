import type { ScreenEntries } from '../../screen-entry';

/** Brands: menu `manufacturer`. */
export default {
  manufacturer: () => import('./BrandPage'),
} satisfies ScreenEntries;
