import type { DictCode } from '@aos/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { dict, tenant, user } from '../db/schema/index.js';
import type { Ctx } from './context.js';
import { scope } from './tenant-scope.js';

// The display labels BladeX's wrappers add to the rows they answer (`sexName`, `deptCategoryName`,
// `tenantName`...): its Saber console shows them in its tables.
/** The label of a key in one of the dictionaries read by {@link dictLabels}; null for an unset or unknown key. */
export type DictLabel = (code: DictCode, key: number | string | null | undefined) => string | null;

/**
 * The labels of every live entry of the platform dictionaries `codes`, in the caller's language (English where
 * the entry has it), in one query: the `xxxName` display fields BladeX's wrappers add to a page (`sexName`,
 * `categoryName`), which its Saber console shows.
 */
export async function dictLabels(ctx: Ctx, codes: DictCode[]): Promise<DictLabel> {
  const rows = await ctx.db
    .select({ code: dict.code, key: dict.dictKey, value: dict.dictValue, valueEn: dict.dictValueEn })
    .from(dict)
    .where(and(inArray(dict.code, codes), ne(dict.parentId, '0'), eq(dict.isDeleted, 0)));
  const english = ctx.language === 'en-US';
  const labels = new Map(
    rows.map((row) => [`${row.code}\u0000${row.key}`, (english && row.valueEn) || row.value]),
  );
  return (code, key) =>
    key === null || key === undefined ? null : (labels.get(`${code}\u0000${key}`) ?? null);
}

/**
 * tenant id → name for the tenants of `ids`: the caller's own from its principal (no query), the others (the
 * platform tenant's lists span tenants) in one query.
 */
export async function tenantLabels(ctx: Ctx, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (ctx.user) names.set(ctx.user.tenantId, ctx.user.tenantName);
  const others = [...new Set(ids)].filter((id) => !names.has(id));
  if (others.length) {
    const rows = await ctx.db
      .select({ id: tenant.tenantId, name: tenant.tenantName })
      .from(tenant)
      .where(and(inArray(tenant.tenantId, others), eq(tenant.isDeleted, 0)));
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}

/** The names of the tenant's users `ids` (empty and repeated ids skipped): real name, else name, else account. */
export async function userNames(
  ctx: Ctx,
  ids: Array<string | null | undefined>,
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const users = await ctx.db
    .select({ id: user.id, realName: user.realName, name: user.name, account: user.account })
    .from(user)
    .where(scope(ctx, user, inArray(user.id, wanted)));
  return new Map(users.map((row) => [row.id, row.realName || row.name || row.account]));
}
