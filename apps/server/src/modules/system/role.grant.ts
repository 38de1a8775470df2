import type { CheckedTree, GrantTree, TreeSelectNode } from '@aos/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  SCOPE_CATEGORY_API,
  SCOPE_CATEGORY_DATA,
  menu,
  role,
  roleMenu,
  roleScope,
  scopeApi,
  scopeData,
} from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { scope } from '../../lib/tenant-scope.js';
import { withAncestors } from '../../lib/tree.js';
import { fullyHeld } from './grant-keys.js';
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
 * What the role grant dialog shows, in BladeX's shapes (menu/grant-tree → GrantTreeVO, menu/role-tree-keys →
 * CheckedTreeVO), which both our console and the BladeX Saber console read: the trees the caller may grant from
 * and the nodes to tick for what the roles hold now. The per-kind scope calls answer one tree or key list each.
 */
export class RoleGrantService {
  /** menu/grant-tree: menus and buttons, data scopes and API scopes the caller may grant. */
  async grantTree(ctx: Ctx): Promise<GrantTree> {
    const menus = await grantableMenus(ctx);
    return {
      menu: menuTreeSelect(ctx, menus),
      dataScope: await this.scopeTreeOf(ctx, menus, SCOPE_CATEGORY_DATA),
      apiScope: await this.scopeTreeOf(ctx, menus, SCOPE_CATEGORY_API),
    };
  }

  /**
   * menu/role-tree-keys: the menus to tick (held with everything below them in the caller's tree: a checkbox
   * tree ticks the children of a ticked menu) and the scopes the roles hold.
   */
  async checkedKeys(ctx: Ctx, roleIds: string[]): Promise<CheckedTree> {
    const ids = await tenantRoles(ctx, roleIds);
    const tree = menuTreeSelect(ctx, await grantableMenus(ctx));
    return {
      menu: fullyHeld(tree, new Set(await this.heldMenus(ctx, ids))),
      dataScope: await this.heldScopes(ctx, SCOPE_CATEGORY_DATA, ids),
      apiScope: await this.heldScopes(ctx, SCOPE_CATEGORY_API, ids),
    };
  }

  /** The data (1) or API (2) scope tree alone (menu/grant-data-scope-tree, grant-api-scope-tree). */
  async scopeTree(ctx: Ctx, category: ScopeCategory): Promise<TreeSelectNode[]> {
    return this.scopeTreeOf(ctx, await grantableMenus(ctx), category);
  }

  /** Data (1) or API (2) scope ids the roles hold (menu/data-scope-tree-keys, api-scope-tree-keys). */
  async scopeKeys(ctx: Ctx, category: ScopeCategory, roleIds: string[]): Promise<string[]> {
    return this.heldScopes(ctx, category, await tenantRoles(ctx, roleIds));
  }

  /** Menu ids the roles (of the tenant) hold, parents included as they were granted. */
  private async heldMenus(ctx: Ctx, roleIds: string[]): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const rows = await ctx.db
      .selectDistinct({ id: roleMenu.menuId })
      .from(roleMenu)
      .innerJoin(menu, eq(menu.id, roleMenu.menuId))
      .where(and(inArray(roleMenu.roleId, roleIds), eq(menu.isDeleted, 0)));
    return rows.map((row) => row.id);
  }

  /**
   * The data (1) or API (2) scopes of `menus`: the menu tree cut down to the menus that have scopes (and
   * their parents), each scope a leaf of category 3 under its menu.
   */
  private async scopeTreeOf(ctx: Ctx, menus: MenuRow[], category: ScopeCategory): Promise<TreeSelectNode[]> {
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

  /** Data (1) or API (2) scope ids the roles (of the tenant) hold. */
  private async heldScopes(ctx: Ctx, category: ScopeCategory, ids: string[]): Promise<string[]> {
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
