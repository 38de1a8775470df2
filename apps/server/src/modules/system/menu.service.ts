import type { MenuNode } from '@aos/contract';
import { and, asc, eq } from 'drizzle-orm';
import { menu, topMenu, topMenuSetting } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { scope } from '../../lib/tenant-scope.js';

type MenuRow = typeof menu.$inferSelect;

/** The signed-in user's menus, buttons and top menus (spec §6), names in the caller's language. */
export class MenuService {
  private async grantedMenus(ctx: Ctx): Promise<MenuRow[]> {
    const rows = await ctx.db
      .select()
      .from(menu)
      .where(eq(menu.isDeleted, 0))
      .orderBy(asc(menu.sort), asc(menu.id));
    const granted = ctx.user?.permissions ?? new Set<string>();
    return rows.filter((row) => granted.has(row.code));
  }

  /** Menu tree (category 1) of the user, optionally only under the menus a top menu shows. */
  async routes(ctx: Ctx, topMenuId?: string): Promise<MenuNode[]> {
    const menus = (await this.grantedMenus(ctx)).filter((row) => row.category === 1);
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
    return this.tree(ctx, menus, roots);
  }

  /** Granted buttons (category 2) under their menus; branches without a button are left out. */
  async buttons(ctx: Ctx): Promise<MenuNode[]> {
    const granted = await this.grantedMenus(ctx);
    const byId = new Map(granted.map((row) => [row.id, row]));
    const keep = new Set<string>();
    for (const row of granted) {
      if (row.category !== 2) continue;
      for (let node: MenuRow | undefined = row; node && !keep.has(node.id); node = byId.get(node.parentId)) {
        keep.add(node.id);
      }
    }
    return this.tree(
      ctx,
      granted.filter((row) => keep.has(row.id)),
    );
  }

  async topMenus(ctx: Ctx) {
    const rows = await ctx.db
      .select()
      .from(topMenu)
      .where(and(scope(ctx, topMenu)))
      .orderBy(asc(topMenu.sort));
    return rows.map((row) => ({
      id: row.id,
      code: row.code,
      name: this.label(ctx, row.name, row.nameEn),
      source: row.source ?? '',
      path: row.path ?? '',
      sort: row.sort,
    }));
  }

  private label(ctx: Ctx, name: string, nameEn: string | null): string {
    return ctx.language === 'en-US' && nameEn ? nameEn : name;
  }

  /** Build the tree; with `roots`, only those menus and what lies below them. */
  private tree(ctx: Ctx, rows: MenuRow[], roots?: Set<string>): MenuNode[] {
    const nodes = new Map<string, MenuNode>();
    for (const row of rows) {
      nodes.set(row.id, {
        id: row.id,
        parentId: row.parentId,
        code: row.code,
        name: this.label(ctx, row.name, row.nameEn),
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
      });
    }
    const top: MenuNode[] = [];
    for (const node of nodes.values()) {
      const parent = nodes.get(node.parentId);
      const isRoot = roots ? roots.has(node.id) : !parent;
      if (isRoot) top.push(node);
      else if (parent) parent.children.push(node);
    }
    for (const node of nodes.values()) node.hasChildren = node.children.length > 0;
    return top;
  }
}
