import { STATUS_ENABLED, splitIds } from '@aos/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { dept, post, role, tenant, user } from '../../db/schema/index.js';
import { ADMINISTRATOR_ALIAS } from '../../db/provision.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, badRequest, fieldError } from '../../lib/errors.js';
import { scope } from '../../lib/tenant-scope.js';

/** Domain rules of user management that touch other tables: references, quota, the last administrator. */

/** Every id of `ids` must be a live role / dept / post of the caller's tenant. */
export async function assertReferences(
  ctx: Ctx,
  input: { roleId: string[]; deptId: string[]; postId: string[] },
): Promise<void> {
  const checks = [
    { field: 'roleId', ids: input.roleId, table: role, key: 'user.roleMissing' },
    { field: 'deptId', ids: input.deptId, table: dept, key: 'user.deptMissing' },
    { field: 'postId', ids: input.postId, table: post, key: 'user.postMissing' },
  ] as const;
  for (const check of checks) {
    if (check.ids.length === 0) continue;
    const found = await ctx.db
      .select({ id: check.table.id })
      .from(check.table)
      .where(scope(ctx, check.table, inArray(check.table.id, check.ids)));
    if (found.length !== check.ids.length) throw fieldError(check.field, check.key);
  }
}

/** Ids of the tenant's administrator role(s). */
export async function administratorRoleIds(ctx: Ctx): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: role.id })
    .from(role)
    .where(scope(ctx, role, eq(role.roleAlias, ADMINISTRATOR_ALIAS)));
  return rows.map((row) => row.id);
}

/**
 * Only an administrator may hand out the administrator role: otherwise anyone allowed to edit users could
 * make themselves one.
 */
export async function assertMayAssign(
  ctx: Ctx,
  roleIds: string[],
  previous: string[][] = [[]],
): Promise<void> {
  const admin = await administratorRoleIds(ctx);
  const giving = roleIds.filter((id) => admin.includes(id));
  if (giving.length === 0) return;
  const newly = previous.some((held) => giving.some((id) => !held.includes(id)));
  if (newly && !ctx.user?.roleAliases.includes(ADMINISTRATOR_ALIAS)) {
    throw new AppError(403, 'user.assignAdministrator');
  }
}

/** The comma-separated id list `column` holds at least one of `ids`. */
export function holdsAny(column: typeof user.roleId, ids: string[]): SQL {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`string_to_array(${column}, ',') && array[${list}]::text[]`;
}

/**
 * Lock the caller's tenant row until the transaction ends. Rules that count users (the account quota, the
 * last administrator) take it first, so two concurrent requests cannot both pass a count that only one may.
 */
export async function lockTenant(ctx: Ctx): Promise<{ accountNumber: number }> {
  const [row] = await ctx.db
    .select({ accountNumber: tenant.accountNumber })
    .from(tenant)
    .where(scope(ctx, tenant))
    .for('update');
  return row ?? { accountNumber: -1 };
}

/**
 * Call inside the transaction, after a change to `affected` users (removed, frozen, roles replaced): when one
 * of them was an enabled administrator, the tenant must still have one, else the change is refused (and
 * rolled back). Without an administrator nobody could manage the tenant any more.
 */
export async function assertAdministratorRemains(
  ctx: Ctx,
  before: Array<{ roleId: string; status: number }>,
): Promise<void> {
  const admin = await administratorRoleIds(ctx);
  if (admin.length === 0) return;
  const wasAdministrator = before.some(
    (row) => row.status === STATUS_ENABLED && splitIds(row.roleId).some((id) => admin.includes(id)),
  );
  if (!wasAdministrator) return;
  const [left] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(user)
    .where(scope(ctx, user, eq(user.status, STATUS_ENABLED), holdsAny(user.roleId, admin)));
  if ((left?.total ?? 0) === 0) throw badRequest('user.lastAdministrator');
}
