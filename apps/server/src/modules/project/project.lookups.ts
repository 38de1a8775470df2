import { type Page, type PageQuery } from '@aos/contract';
import { asc, eq, inArray, ne } from 'drizzle-orm';
import { dept, dictBiz, user } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { fieldError } from '../../lib/errors.js';
import { scope } from '../../lib/tenant-scope.js';

/** Reads and checks every part of the project area uses: dictionaries, depts and users of the tenant, pages. */

/** A 400 naming `field` unless every id is a dept of the tenant. */
export async function checkDepts(ctx: Ctx, ids: string[], field: string) {
  if (!ids.length) return;
  const found = await ctx.db
    .select({ id: dept.id })
    .from(dept)
    .where(scope(ctx, dept, inArray(dept.id, ids)));
  if (found.length !== new Set(ids).size) throw fieldError(field, 'project.dept');
}

/** A 400 naming `field` unless every id is a user of the tenant. */
export async function checkUsers(ctx: Ctx, ids: string[], field: string) {
  if (!ids.length) return;
  const found = await ctx.db
    .select({ id: user.id })
    .from(user)
    .where(scope(ctx, user, inArray(user.id, ids)));
  if (found.length !== new Set(ids).size) throw fieldError(field, 'project.user');
}

/** The names of the tenant's depts `ids`, id → name. */
export async function deptNames(ctx: Ctx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .select({ id: dept.id, name: dept.deptName })
    .from(dept)
    .where(scope(ctx, dept, inArray(dept.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The live entries of the tenant's business dictionary `code`, key → label in the caller's language, by sort. */
export async function bizDict(ctx: Ctx, code: string): Promise<Map<string, string>> {
  const rows = await ctx.db
    .select({ key: dictBiz.dictKey, value: dictBiz.dictValue, valueEn: dictBiz.dictValueEn })
    .from(dictBiz)
    .where(scope(ctx, dictBiz, eq(dictBiz.code, code), ne(dictBiz.parentId, '0')))
    .orderBy(asc(dictBiz.sort), asc(dictBiz.id));
  const english = ctx.language === 'en-US';
  return new Map(rows.map((row) => [row.key, (english && row.valueEn) || row.value]));
}

/** A page of a list already read (members and machines of one project: small). */
export function pageOfList<T>(all: T[], query: PageQuery): Page<T> {
  return {
    records: all.slice((query.current - 1) * query.size, query.current * query.size),
    total: all.length,
    size: query.size,
    current: query.current,
    pages: Math.ceil(all.length / query.size),
  };
}
