import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Ctx } from './context.js';

/**
 * Where a resource's rows say who owns them, for the data scopes of spec §6 (all, own, own dept, own dept
 * and below, custom). `code` is the resource code the data-scope rules name (e.g. 'user').
 */
export interface DataScopeTarget {
  code: string;
  /** a single dept id column */
  dept?: PgColumn;
  /** a comma-separated dept id list column (blade_user.dept_id) */
  deptList?: PgColumn;
  /** the owner column; default create_user */
  user?: PgColumn;
}

/** The condition the caller's data-scope rules add for `target`, or undefined when they see everything. */
export function dataScopeCondition(_ctx: Ctx, _target: DataScopeTarget): SQL | undefined {
  return undefined;
}
