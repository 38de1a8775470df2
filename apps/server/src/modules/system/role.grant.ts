import type { TreeSelectNode } from '@aos/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { menu, role, roleMenu, roleScope, scopeApi, scopeData } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { scope } from '../../lib/tenant-scope.js';
import { withAncestors } from '../../lib/tree.js';
import { SCOPE_CATEGORY_DATA } from '../auth/principal.service.js';
import { availableTo, liveMenus, menuTreeSelect } from './menu.service.js';

type MenuRow = typeof menu.$inferSelect;
type ScopeCategory = 1 | 2;
/** The category of a scope leaf in a grant tree (menus are 1 and 2). */
export const SCOPE_NODE_CATEGORY = 3;

const scopeTable = (category: ScopeCategory) => (category === SCOPE_CATEGORY_DATA ? scopeData : scopeApi);

/** Menus the caller may grant: those they hold (an administrator holds every menu the tenant may have). */
export async function grantableMenus(ctx: Ctx): Promise<MenuRow[]> {
  const held = ctx.user?.permissions ?? new Set<string>();
  return availableTo(ctx.tenantId, await liveMenus(ctx)).filter((row) => held.has(row.code));
}

/** The live data scopes (1) or API scopes (2) among `ids`, with their menu. */
export async function scopeRows(
  ctx: Ctx,
  category: ScopeCategory,
  ids: string[],
): Promise<Array<{ id: string; menuId: string | null }>> {
  if (ids.length === 0) return [];
  const table = scopeTable(category);
  return ctx.db
    .select({ id: table.id, menuId: table.menuId })
    .from(table)
    .where(and(inArray(table.id, ids), eq(table.isDeleted, 0)));
}

/** The ids among `roleIds` that are roles of the caller's tenant. */
async function tenantRoles(ctx: Ctx, roleIds: string[]): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: role.id })
    .from(role)
    .where(scope(ctx, role, inArray(role.id, roleIds)));
  return rows.map((row) => row.id);
}

/**
 * What the role grant dialog shows (BladeX menu/grant-tree, role-tree-keys, grant-data-scope-tree,
 * grant-api-scope-tree, data-scope-tree-keys, api-scope-tree-keys): the trees the caller may grant from and
 * the ids the roles hold now.
 */
export class RoleGrantService {
  /** Menus and buttons the caller may grant, as a tree. */
  async menuTree(ctx: Ctx): Promise<TreeSelectNode[]> {
    return menuTreeSelect(ctx, await grantableMenus(ctx));
  }

  /** Menu ids the roles hold (parents included, as they were granted). */
  async menuKeys(ctx: Ctx, roleIds: string[]): Promise<string[]> {
    const ids = await tenantRoles(ctx, roleIds);
    if (ids.length === 0) return [];
    const rows = await ctx.db
      .selectDistinct({ id: roleMenu.menuId })
      .from(roleMenu)
      .innerJoin(menu, eq(menu.id, roleMenu.menuId))
      .where(and(inArray(roleMenu.roleId, ids), eq(menu.isDeleted, 0)));
    return rows.map((row) => row.id);
  }

  /**
   * The data (1) or API (2) scopes of the menus the caller may grant: the menu tree cut down to the menus
   * that have scopes (and their parents), each scope a leaf of category 3 under its menu.
   */
  async scopeTree(ctx: Ctx, category: ScopeCategory): Promise<TreeSelectNode[]> {
    const menus = await grantableMenus(ctx);
    const table = scopeTable(category);
    const scopes = menus.length
      ? await ctx.db
          .select({ id: table.id, menuId: table.menuId, scopeName: table.scopeName })
          .from(table)
          .where(
            and(
              eq(table.isDeleted, 0),
              inArray(
                table.menuId,
                menus.map((row) => row.id),
              ),
            ),
          )
          .orderBy(asc(table.createTime), asc(table.id))
      : [];
    const parentOf = new Map(menus.map((row) => [row.id, row.parentId]));
    const keep = withAncestors(
      scopes.map((row) => row.menuId!),
      parentOf,
    );
    const tree = menuTreeSelect(
      ctx,
      menus.filter((row) => keep.has(row.id)),
    );
    const byId = new Map<string, TreeSelectNode>();
    const index = (nodes: TreeSelectNode[]) => {
      for (const node of nodes) {
        byId.set(node.id, node);
        index(node.children);
      }
    };
    index(tree);
    for (const row of scopes) {
      const parent = byId.get(row.menuId!);
      if (!parent) continue;
      parent.children.push({
        id: row.id,
        parentId: row.menuId!,
        title: row.scopeName,
        key: row.id,
        value: row.id,
        category: SCOPE_NODE_CATEGORY,
        hasChildren: false,
        children: [],
      });
      parent.hasChildren = true;
    }
    return tree;
  }

  /** Data (1) or API (2) scope ids the roles hold. */
  async scopeKeys(ctx: Ctx, category: ScopeCategory, roleIds: string[]): Promise<string[]> {
    const ids = await tenantRoles(ctx, roleIds);
    if (ids.length === 0) return [];
    const table = scopeTable(category);
    const rows = await ctx.db
      .selectDistinct({ id: roleScope.scopeId })
      .from(roleScope)
      .innerJoin(table, eq(table.id, roleScope.scopeId))
      .where(
        and(inArray(roleScope.roleId, ids), eq(roleScope.scopeCategory, category), eq(table.isDeleted, 0)),
      );
    return rows.map((row) => row.id);
  }
}
