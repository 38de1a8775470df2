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

/**
 * Any table `scope` can narrow: one with a `tenant_id` column (link tables such as dock_drone, device
 * credentials, refresh tokens, telemetry), one with an `is_deleted` column (platform tables such as menus and
 * clients), or both (every tenant-owned business table).
 */
export type ScopedTable = PgTable & ({ tenantId: PgColumn } | { isDeleted: PgColumn });

export function isTenantTable<T extends PgTable>(table: T): table is T & { tenantId: PgColumn } {
  return 'tenantId' in table;
}

function isSoftDeleted<T extends PgTable>(table: T): table is T & { isDeleted: PgColumn } {
  return 'isDeleted' in table;
}

/**
 * The one place that scopes a query to the caller: live rows only where the table soft-deletes, and the
 * caller's tenant where the table has a tenant column. Every read, update and delete of a table reached
 * through the caller's ctx goes through this condition, link tables included.
 */
export function scope(ctx: Ctx, table: ScopedTable, ...conditions: Array<SQL | undefined>): SQL {
  const live = isSoftDeleted(table) ? eq(table.isDeleted, 0) : undefined;
  const tenant = isTenantTable(table) ? eq(table.tenantId, ctx.tenantId) : undefined;
  // The type already refuses such a table; a cast must not turn the scope into "every row".
  if (!live && !tenant) throw new Error('scope: the table has neither tenant_id nor is_deleted');
  return and(live, tenant, ...conditions)!;
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
