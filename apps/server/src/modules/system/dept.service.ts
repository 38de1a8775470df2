import {
  DEPT_ROOT_PARENT,
  DICT,
  type DeptLazyQuery,
  type DeptSubmit,
  type PageQuery,
  PLATFORM_TENANT_ID,
  splitIds,
} from '@aos/contract';
import { asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import { dept, user } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { AppError, badRequest, fieldError, notFound } from '../../lib/errors.js';
import { dictLabels, tenantLabels } from '../../lib/labels.js';
import { scope } from '../../lib/tenant-scope.js';
import { ancestorsBelow, isInSubtree, moveAncestors } from './dept.tree.js';

type DeptRow = typeof dept.$inferSelect;
/** A dept as the API answers it: the row with its parent's and manager's names and its member count. */
export type DeptView = DeptRow & {
  parentName: string | null;
  managerName: string | null;
  memberCount: number;
  /** BladeX's labels (its Saber console shows them): the `org_category` entry, the tenant */
  deptCategoryName: string | null;
  tenantName: string | null;
};
/** A dept in a tree (contract `DeptNode`): `title/key/value` for tree selects, `hasChildren` for lazy loading. */
export type DeptTreeNode = DeptView & {
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children?: DeptTreeNode[];
};

/** The `ancestors` column's length limit (schema). */
const ANCESTORS_MAX = 2000;

const depts = crud({
  table: dept,
  filters: { parentId: 'eq', deptName: 'like', fullName: 'like', deptCategory: 'eq' },
  defaultOrder: [asc(dept.sort), asc(dept.id)],
});

/**
 * Depts (teams) of a tenant: a tree kept by `parentId` and `ancestors` (ids from the top down to the parent).
 * Rules: the parent is a dept of the same tenant and never the dept itself or one below it; moving a dept
 * rewrites the ancestors of its whole subtree; the manager is a user of the tenant; a dept with child depts
 * or with users cannot be removed. The member count is the number of users whose dept list holds the dept.
 */
export class DeptService {
  async page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    const page = await depts.page(ctx, query);
    return { ...page, records: await this.describe(ctx, page.records) };
  }

  /** The children of `parentId` (all depts when absent), unpaged, as pickers need them. */
  simpleList(ctx: Ctx, parentId?: string) {
    return depts.list(ctx, { parentId });
  }

  /**
   * The whole tree of a tenant for tree selects. Only the platform tenant may name another tenant; anyone
   * else asking for a tenant not their own is refused.
   */
  async tree(ctx: Ctx, tenantId?: string): Promise<DeptTreeNode[]> {
    const target = this.tenantCtx(ctx, tenantId);
    const nodes = (await this.describe(target, await depts.list(target))).map(toNode);
    const byId = new Map(nodes.map((node) => [node.id, node]));
    const roots: DeptTreeNode[] = [];
    for (const node of nodes) {
      const parent = byId.get(node.parentId);
      if (parent) (parent.children ??= []).push(node);
      else roots.push(node);
    }
    for (const node of nodes) node.hasChildren = Boolean(node.children?.length);
    return roots;
  }

  /** One level of the tree: the children of `parentId` (top level by default), each saying if it has any. */
  async lazyTree(ctx: Ctx, parentId = DEPT_ROOT_PARENT): Promise<DeptTreeNode[]> {
    return this.lazyNodes(ctx, await depts.list(ctx, { parentId }));
  }

  /**
   * `lazy-list` (BladeX, the Saber dept screen): the children of `parentId` matching the filters; without a
   * parent, the matches at any depth, or the top level when nothing is searched. Each node says if it has
   * children. Another tenant's depts for the platform tenant only.
   */
  async lazyList(ctx: Ctx, query: DeptLazyQuery): Promise<DeptTreeNode[]> {
    const { tenantId, ...filters } = query;
    const target = this.tenantCtx(ctx, tenantId);
    const searching = Boolean(filters.deptName || filters.fullName || filters.deptCategory !== undefined);
    const parentId = filters.parentId ?? (searching ? undefined : DEPT_ROOT_PARENT);
    return this.lazyNodes(target, await depts.list(target, { ...filters, parentId }));
  }

  private async lazyNodes(ctx: Ctx, rows: DeptRow[]): Promise<DeptTreeNode[]> {
    const views = await this.describe(ctx, rows);
    const parents = await this.parentsAmong(
      ctx,
      rows.map((row) => row.id),
    );
    return views.map((row) => ({ ...toNode(row), hasChildren: parents.has(row.id) }));
  }

  /** Every dept of a tenant, flat (`getDeptByTenantID`); another tenant's for the platform tenant only. */
  async byTenant(ctx: Ctx, tenantId: string) {
    const target = this.tenantCtx(ctx, tenantId);
    return this.describe(target, await depts.list(target));
  }

  async detail(ctx: Ctx, id: string): Promise<DeptView> {
    const [row] = await this.describe(ctx, [await depts.detail(ctx, id)]);
    return row!;
  }

  submit(ctx: Ctx, input: DeptSubmit): Promise<DeptView> {
    return inTransaction(ctx, async (tx) => {
      if (input.managerId) await this.assertMember(tx, input.managerId);
      const parent =
        input.parentId === DEPT_ROOT_PARENT
          ? null
          : ((await depts.find(tx, eq(dept.id, input.parentId))) ?? null);
      if (input.parentId !== DEPT_ROOT_PARENT && !parent) throw fieldError('parentId', 'dept.parentNotFound');
      const ancestors = ancestorsBelow(parent);
      const values = {
        parentId: input.parentId,
        ancestors,
        deptName: input.deptName,
        fullName: input.fullName ?? null,
        deptCategory: input.deptCategory,
        sort: input.sort,
        managerId: input.managerId,
        remark: input.remark ?? null,
      };
      if (!input.id) {
        if (ancestors.length > ANCESTORS_MAX) throw fieldError('parentId', 'dept.tooDeep');
        return this.detail(tx, (await depts.insert(tx, values)).id);
      }
      const current = await depts.detail(tx, input.id);
      if (parent && isInSubtree(parent, current.id)) throw fieldError('parentId', 'dept.parentCycle');
      if (ancestors !== current.ancestors) await this.moveSubtree(tx, current, ancestors);
      await depts.update(tx, current.id, values);
      return this.detail(tx, current.id);
    });
  }

  /** Remove depts that have neither child depts (other than ones removed with them) nor users. */
  remove(ctx: Ctx, ids: string[]): Promise<number> {
    return inTransaction(ctx, async (tx) => {
      const rows = await depts.list(tx, {}, inArray(dept.id, ids));
      if (rows.length === 0) throw notFound();
      const removing = new Set(rows.map((row) => row.id));
      const children = await tx.db
        .select({ id: dept.id, parentId: dept.parentId })
        .from(dept)
        .where(scope(tx, dept, inArray(dept.parentId, [...removing])));
      const kept = children.find((child) => !removing.has(child.id));
      if (kept) {
        const name = rows.find((row) => row.id === kept.parentId)?.deptName ?? '';
        throw badRequest('dept.hasChildren', { name });
      }
      const members = await this.memberCounts(tx, [...removing]);
      for (const row of rows) {
        const count = members.get(row.id) ?? 0;
        if (count > 0) throw badRequest('dept.hasUsers', { name: row.deptName, count });
      }
      return depts.remove(tx, [...removing]);
    });
  }

  /** How many live users of the tenant list each dept (a user may belong to several). */
  async memberCounts(ctx: Ctx, ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const member = sql`string_to_array(${user.deptId}, ',') && array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::text[]`;
    const rows = await ctx.db
      .select({ deptId: user.deptId })
      .from(user)
      .where(scope(ctx, user, member));
    const counts = new Map<string, number>();
    const wanted = new Set(ids);
    for (const row of rows) {
      for (const id of new Set(splitIds(row.deptId))) {
        if (wanted.has(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    }
    return counts;
  }

  /** Rewrite the ancestors of `current` and of everything below it for its new place in the tree. */
  private async moveSubtree(ctx: Ctx, current: DeptRow, ancestors: string): Promise<void> {
    const oldPrefix = `${current.ancestors},${current.id}`;
    const below = or(eq(dept.ancestors, oldPrefix), like(dept.ancestors, `${oldPrefix},%`));
    const descendants = await ctx.db
      .select({ id: dept.id, ancestors: dept.ancestors })
      .from(dept)
      .where(scope(ctx, dept, below));
    const deepest = Math.max(
      ancestors.length,
      ...descendants.map((row) => moveAncestors(row.ancestors, current, ancestors).length),
    );
    if (deepest > ANCESTORS_MAX) throw fieldError('parentId', 'dept.tooDeep');
    if (descendants.length === 0) return;
    const newPrefix = `${ancestors},${current.id}`;
    await ctx.db
      .update(dept)
      .set({ ancestors: sql`${newPrefix} || substr(${dept.ancestors}, ${oldPrefix.length + 1})` })
      .where(scope(ctx, dept, below));
  }

  private async assertMember(ctx: Ctx, userId: string): Promise<void> {
    const [found] = await ctx.db
      .select({ id: user.id })
      .from(user)
      .where(scope(ctx, user, eq(user.id, userId)))
      .limit(1);
    if (!found) throw fieldError('managerId', 'dept.managerNotFound');
  }

  /** Which of `ids` have live children. */
  private async parentsAmong(ctx: Ctx, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await ctx.db
      .selectDistinct({ parentId: dept.parentId })
      .from(dept)
      .where(scope(ctx, dept, inArray(dept.parentId, ids)));
    return new Set(rows.map((row) => row.parentId));
  }

  /** Add the parent's and manager's names and the member count to each row (three queries in all). */
  private async describe(ctx: Ctx, rows: DeptRow[]): Promise<DeptView[]> {
    if (rows.length === 0) return [];
    const parentIds = [...new Set(rows.map((row) => row.parentId).filter((id) => id !== DEPT_ROOT_PARENT))];
    const managerIds = [...new Set(rows.flatMap((row) => (row.managerId ? [row.managerId] : [])))];
    const [parents, managers, members, label, tenants] = await Promise.all([
      parentIds.length
        ? ctx.db
            .select({ id: dept.id, name: dept.deptName })
            .from(dept)
            .where(scope(ctx, dept, inArray(dept.id, parentIds)))
        : [],
      managerIds.length
        ? ctx.db
            .select({ id: user.id, realName: user.realName, name: user.name, account: user.account })
            .from(user)
            .where(scope(ctx, user, inArray(user.id, managerIds)))
        : [],
      this.memberCounts(
        ctx,
        rows.map((row) => row.id),
      ),
      dictLabels(ctx, [DICT.org_category]),
      tenantLabels(
        ctx,
        rows.map((row) => row.tenantId),
      ),
    ]);
    const parentName = new Map(parents.map((row) => [row.id, row.name]));
    const managerName = new Map(managers.map((row) => [row.id, row.realName || row.name || row.account]));
    return rows.map((row) => ({
      ...row,
      parentName: parentName.get(row.parentId) ?? null,
      managerName: row.managerId ? (managerName.get(row.managerId) ?? null) : null,
      memberCount: members.get(row.id) ?? 0,
      deptCategoryName: label(DICT.org_category, row.deptCategory),
      tenantName: tenants.get(row.tenantId) ?? null,
    }));
  }

  /** The ctx to read another tenant's depts with: the platform tenant only, or one's own tenant. */
  private tenantCtx(ctx: Ctx, tenantId?: string): Ctx {
    if (!tenantId || tenantId === ctx.tenantId) return ctx;
    if (ctx.tenantId !== PLATFORM_TENANT_ID) throw new AppError(403, 'dept.otherTenant');
    return { ...ctx, tenantId };
  }
}

function toNode(row: DeptView): DeptTreeNode {
  return { ...row, title: row.deptName, key: row.id, value: row.id, hasChildren: false };
}
