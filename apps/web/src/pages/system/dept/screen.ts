import type { ScreenEntries } from '../../screen-entry';

/** Depts (the organisation tree): menu `dept`. */
export default {
  dept: () => import('./DeptPage'),
} satisfies ScreenEntries;
