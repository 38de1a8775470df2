import {
  type MenuListQuery,
  type MenuNode,
  type MenuSubmit,
  PLATFORM_TENANT_ID,
  type TreeSelectNode,
} from '@aos/contract';
import { and, asc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { menu, roleMenu, topMenu, topMenuSetting } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { AppError, badRequest, fieldError, notFound } from '../../lib/errors.js';
import { scope } from '../../lib/tenant-scope.js';
import { isSelfOrBelow, linkTree, pruneEmpty, withAncestors } from '../../lib/tree.js';
import type { PrincipalService } from '../auth/principal.service.js';

type MenuRow = typeof menu.$inferSelect;
type ListQuery = z.infer<typeof MenuListQuery>;
/** A menu row in the administration tree (MenuAdminNodeSchema on the wire). */
export type MenuAdminNode = MenuRow & {
  parentName: string;
  hasChildren: boolean;
  children?: MenuAdminNode[];
};

const menus = crud({ table: menu, defaultOrder: [asc(menu.sort), asc(menu.id)] });

/** The caller's label of a menu or top menu: the English name in en-US when there is one. */
export function menuLabel(ctx: Ctx, name: string, nameEn: string | null): string {
  return ctx.language === 'en-US' && nameEn ? nameEn : name;
}

/** Menus as tree-select nodes (title in the caller's language), linked under their parents. */
export function menuTreeSelect(ctx: Ctx, rows: MenuRow[]): TreeSelectNode[] {
  return linkTree(
    rows.map((row) => ({
      id: row.id,
      parentId: row.parentId,
      title: menuLabel(ctx, row.name, row.nameEn),
      key: row.id,
      value: row.id,
      category: row.category,
      hasChildren: false,
      children: [],
    })),
  ) as TreeSelectNode[];
}

/** Every live menu, in display order. */
export async function liveMenus(ctx: Ctx, condition?: SQL): Promise<MenuRow[]> {
  return ctx.db
    .select()
    .from(menu)
    .where(and(eq(menu.isDeleted, 0), condition))
    .orderBy(asc(menu.sort), asc(menu.id));
}

/** The menus a tenant may have: platform-only menus belong to the platform tenant alone. */
export function availableTo(tenantId: string, rows: MenuRow[]): MenuRow[] {
  return tenantId === PLATFORM_TENANT_ID ? rows : rows.filter((row) => row.platformOnly !== 1);
}

/**
 * Menus (spec §6, MENUS.md): the signed-in user's menus, buttons and top menus, and the administration of
 * the global menu tree, which only the platform tenant may change (every tenant reads it).
 */
export class MenuService {
  constructor(private readonly principals: PrincipalService) {}

  private async grantedMenus(ctx: Ctx): Promise<MenuRow[]> {
    const granted = ctx.user?.permissions ?? new Set<string>();
    return (await liveMenus(ctx)).filter((row) => granted.has(row.code));
  }

  /** Menu tree (category 1) of the user, optionally only under the menus a top menu shows. */
  async routes(ctx: Ctx, topMenuId?: string): Promise<MenuNode[]> {
    const rows = (await this.grantedMenus(ctx)).filter((row) => row.category === 1);
    let roots: Set<string> | undefined;
    if (topMenuId) {
      const [owner] = await ctx.db
        .select({ id: topMenu.id })
        .from(topMenu)
        .where(scope(ctx, topMenu, eq(topMenu.id, topMenuId)));
      if (!owner) throw notFound();
      const settings = await ctx.db
        .select({ menuId: topMenuSetting.menuId })
        .from(topMenuSetting)
        .where(eq(topMenuSetting.topMenuId, topMenuId));
      roots = new Set(settings.map((row) => row.menuId));
    }
    return this.tree(ctx, rows, roots);
  }

  /** Granted buttons (category 2) under their menus; branches without a button are left out. */
  async buttons(ctx: Ctx): Promise<MenuNode[]> {
    const granted = await this.grantedMenus(ctx);
    const parentOf = new Map(granted.map((row) => [row.id, row.parentId]));
    const keep = withAncestors(
      granted.filter((row) => row.category === 2).map((row) => row.id),
      parentOf,
    );
    return this.tree(
      ctx,
      granted.filter((row) => keep.has(row.id)),
    );
  }

  async topMenus(ctx: Ctx) {
    const rows = await ctx.db.select().from(topMenu).where(scope(ctx, topMenu)).orderBy(asc(topMenu.sort));
    return rows.map((row) => ({
      id: row.id,
      code: row.code,
      name: menuLabel(ctx, row.name, row.nameEn),
      source: row.source ?? '',
      path: row.path ?? '',
      sort: row.sort,
    }));
  }

  /**
   * Build the tree; with `roots`, only the top-most of those menus and what lies below them (a top menu's
   * grant may name a menu and some of its children: the children stay under their parent).
   */
  private tree(ctx: Ctx, rows: MenuRow[], roots?: Set<string>): MenuNode[] {
    const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
    const shown = (id: string): boolean => {
      for (let node: string | undefined = id; node && node !== '0'; node = parentOf.get(node)) {
        if (roots!.has(node)) return true;
      }
      return false;
    };
    const kept = roots ? rows.filter((row) => shown(row.id)) : rows;
    return linkTree(
      kept.map((row): MenuNode => ({
        id: row.id,
        parentId: row.parentId,
        code: row.code,
        name: menuLabel(ctx, row.name, row.nameEn),
        alias: row.alias ?? '',
        path: row.path ?? '',
        source: row.source ?? '',
        sort: row.sort,
        category: row.category,
        action: row.action,
        isOpen: row.isOpen,
        component: row.component ?? '',
        remark: row.remark ?? '',
        hasChildren: false,
        children: [],
      })),
    );
  }

  // ---- administration -------------------------------------------------------------------------------------

  private filters(query: ListQuery, menusOnly: boolean): SQL | undefined {
    return and(
      query.code ? ilike(menu.code, `%${escapeLike(query.code)}%`) : undefined,
      query.name ? ilike(menu.name, `%${escapeLike(query.name)}%`) : undefined,
      query.alias ? ilike(menu.alias, `%${escapeLike(query.alias)}%`) : undefined,
      query.category ? eq(menu.category, query.category) : undefined,
      menusOnly ? eq(menu.category, 1) : undefined,
    );
  }

  private adminNodes(ctx: Ctx, rows: MenuRow[], all: MenuRow[]): MenuAdminNode[] {
    const byId = new Map(all.map((row) => [row.id, row]));
    return rows.map((row) => {
      const parent = byId.get(row.parentId);
      return {
        ...row,
        parentName: parent ? menuLabel(ctx, parent.name, parent.nameEn) : '',
        hasChildren: false,
      };
    });
  }

  /** menu/list (every menu and button) and menu/menu-list (menus only): the whole tree, or the matches. */
  async list(ctx: Ctx, query: ListQuery, menusOnly = false): Promise<MenuAdminNode[]> {
    const all = await liveMenus(ctx);
    const rows = await liveMenus(ctx, this.filters(query, menusOnly));
    return pruneEmpty(linkTree(this.adminNodes(ctx, rows, all)));
  }

  /**
   * menu/lazy-list and menu/lazy-menu-list: the children of `parentId`, each saying whether it has children
   * of its own; with a search filter, every match at any depth.
   */
  async lazyList(
    ctx: Ctx,
    query: ListQuery & { parentId: string },
    menusOnly = false,
  ): Promise<MenuAdminNode[]> {
    const all = (await liveMenus(ctx)).filter((row) => !menusOnly || row.category === 1);
    const searching = Boolean(query.code || query.name || query.alias || query.category);
    const rows = searching
      ? await liveMenus(ctx, this.filters(query, menusOnly))
      : all.filter((row) => row.parentId === query.parentId);
    const parents = new Set(all.map((row) => row.parentId));
    return this.adminNodes(ctx, rows, all).map((node) => {
      const lazy: MenuAdminNode = { ...node, hasChildren: parents.has(node.id) };
      delete lazy.children;
      return lazy;
    });
  }

  /** menu/tree: the menus (not buttons) a tenant may have, as a tree select; the platform may name a tenant. */
  async menuTree(ctx: Ctx, tenantId?: string): Promise<TreeSelectNode[]> {
    const target = ctx.tenantId === PLATFORM_TENANT_ID && tenantId ? tenantId : ctx.tenantId;
    const rows = availableTo(target, await liveMenus(ctx, eq(menu.category, 1)));
    return menuTreeSelect(ctx, rows);
  }

  async detail(ctx: Ctx, id: string): Promise<MenuAdminNode> {
    const row = await menus.detail(ctx, id);
    const [parent] = row.parentId !== '0' ? await liveMenus(ctx, eq(menu.id, row.parentId)) : [];
    return {
      ...row,
      parentName: parent ? menuLabel(ctx, parent.name, parent.nameEn) : '',
      hasChildren: false,
    };
  }

  /** Add or edit a menu or button: platform tenant only; the rules of MenuSubmit. */
  async submit(ctx: Ctx, input: MenuSubmit): Promise<MenuRow> {
    assertPlatform(ctx);
    const row = await inTransaction(ctx, async (tx) => {
      const existing = input.id ? await menus.detail(tx, input.id) : undefined;
      const clash = await menus.find(tx, eq(menu.code, input.code));
      if (clash && clash.id !== input.id) throw fieldError('code', 'menu.codeExists');
      if (input.category === 1 && !input.path) throw fieldError('path', 'menu.pathRequired');
      if (input.category === 2 && !(input.action >= 1 && input.action <= 3)) {
        throw fieldError('action', 'menu.actionRequired');
      }
      let parent: MenuRow | undefined;
      if (input.parentId !== '0') {
        parent = await menus.find(tx, eq(menu.id, input.parentId));
        if (!parent) throw fieldError('parentId', 'menu.parentMissing');
        if (parent.category === 2) throw fieldError('parentId', 'menu.parentButton');
        if (input.id) {
          const all = await liveMenus(tx);
          const parentOf = new Map(all.map((item) => [item.id, item.parentId]));
          if (isSelfOrBelow(input.parentId, input.id, parentOf)) {
            throw fieldError('parentId', 'menu.parentCycle');
          }
        }
      }
      if (existing && input.category === 2 && existing.category === 1) {
        const [child] = await liveMenus(tx, eq(menu.parentId, existing.id));
        if (child) throw fieldError('category', 'menu.parentButton');
      }
      const values = {
        parentId: input.parentId,
        code: input.code,
        name: input.name,
        nameEn: input.nameEn ?? null,
        alias: input.alias ?? null,
        path: input.path ?? null,
        source: input.source ?? null,
        sort: input.sort,
        category: input.category,
        action: input.category === 2 ? input.action : 0,
        isOpen: input.isOpen,
        component: input.component ?? null,
        remark: input.remark ?? null,
        // Below a platform-only menu everything is platform-only; otherwise as given, or as it was.
        platformOnly: parent?.platformOnly === 1 ? 1 : (input.platformOnly ?? existing?.platformOnly ?? 0),
      };
      return existing ? menus.update(tx, existing.id, values) : menus.insert(tx, values);
    });
    // Codes, categories and platform-only flags are part of every signed-in user's permissions.
    await this.principals.invalidate('*');
    return row;
  }

  /** Remove menus (platform tenant only); a menu that still has children is refused. */
  async remove(ctx: Ctx, ids: string[]): Promise<number> {
    assertPlatform(ctx);
    const count = await inTransaction(ctx, async (tx) => {
      const children = await liveMenus(tx, inArray(menu.parentId, ids));
      const orphan = children.find((child) => !ids.includes(child.id));
      if (orphan) {
        const [parent] = await liveMenus(tx, eq(menu.id, orphan.parentId));
        throw badRequest('menu.hasChildren', {
          name: parent ? menuLabel(ctx, parent.name, parent.nameEn) : '',
        });
      }
      const removed = await menus.remove(tx, ids);
      await tx.db.delete(roleMenu).where(inArray(roleMenu.menuId, ids));
      await tx.db.delete(topMenuSetting).where(inArray(topMenuSetting.menuId, ids));
      return removed;
    });
    await this.principals.invalidate('*');
    return count;
  }
}

/** Menus and scopes are shared by every tenant: only the platform tenant changes them. */
export function assertPlatform(
  ctx: Ctx,
  key: 'menu.platformOnly' | 'scope.platformOnly' = 'menu.platformOnly',
) {
  if (ctx.tenantId !== PLATFORM_TENANT_ID) throw new AppError(403, key);
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}
