import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Ctx } from './context.js';

/** Any business table: audit columns and soft delete (ARCHITECTURE.md). */
export type AuditedTable = PgTable & {
  id: PgColumn;
  isDeleted: PgColumn;
  createUser: PgColumn;
  createDept: PgColumn;
  createTime: PgColumn;
  updateUser: PgColumn;
  updateTime: PgColumn;
};
/** A tenant-owned table has a `tenant_id` column as well. */
export type TenantTable = AuditedTable & { tenantId: PgColumn };

export function isTenantTable(table: AuditedTable): table is TenantTable {
  return 'tenantId' in table;
}

/**
 * The one place that scopes a query: live rows only, and for tenant-owned tables only the caller's tenant.
 * Every read, update and delete of a business table goes through this condition.
 */
export function scope(ctx: Ctx, table: AuditedTable, ...conditions: Array<SQL | undefined>): SQL {
  const tenant = isTenantTable(table) ? eq(table.tenantId, ctx.tenantId) : undefined;
  return and(eq(table.isDeleted, 0), tenant, ...conditions)!;
}

/** Columns written on insert: tenant from ctx (never from input) and the audit trail. */
export function insertAudit(ctx: Ctx, table: AuditedTable): Record<string, unknown> {
  const now = new Date();
  const audit: Record<string, unknown> = {
    createUser: ctx.user?.userId ?? null,
    createDept: ctx.depts[0] ?? null,
    createTime: now,
    updateUser: ctx.user?.userId ?? null,
    updateTime: now,
    isDeleted: 0,
  };
  if (isTenantTable(table)) audit.tenantId = ctx.tenantId;
  return audit;
}

/** Columns written on update. */
export function updateAudit(ctx: Ctx): { updateUser: string | null; updateTime: Date } {
  return { updateUser: ctx.user?.userId ?? null, updateTime: new Date() };
}
