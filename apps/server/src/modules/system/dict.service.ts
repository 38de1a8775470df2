import { aliasedTable, and, asc, eq } from 'drizzle-orm';
import type { dict, dictBiz } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { scope } from '../../lib/tenant-scope.js';

type DictTable = typeof dict | typeof dictBiz;

/** Dictionary look-ups the console uses everywhere (PROTOCOLS.md §1): entries of a code, in the caller's language. */
export class DictService {
  /** The entries under dictionary `code`: system-wide (`dict`) or the tenant's own (`dict-biz`). */
  async dictionary(ctx: Ctx, table: DictTable, code: string) {
    const root = aliasedTable(table, 'root');
    const rows = await ctx.db
      .select({ entry: table })
      .from(table)
      .innerJoin(root, and(eq(root.id, table.parentId), eq(root.parentId, '0'), eq(root.isDeleted, 0)))
      .where(scope(ctx, table, eq(table.code, code)))
      .orderBy(asc(table.sort), asc(table.id));
    return rows.map(({ entry }) => ({
      id: entry.id,
      parentId: entry.parentId,
      code: entry.code,
      dictKey: entry.dictKey,
      dictValue: ctx.language === 'en-US' && entry.dictValueEn ? entry.dictValueEn : entry.dictValue,
      sort: entry.sort,
      remark: entry.remark ?? '',
      isSealed: entry.isSealed,
    }));
  }
}
