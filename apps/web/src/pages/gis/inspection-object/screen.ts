import type { ScreenEntries } from '../../screen-entry';

/** Inspection objects: menu `inspection_object`. */
export default {
  inspection_object: () => import('./InspectionObjectPage'),
} satisfies ScreenEntries;
