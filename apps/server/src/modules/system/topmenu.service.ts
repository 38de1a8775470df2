import type { PageQuery, TopCheckedTree, TopGrantTree, TopMenuGrant, TopMenuSubmit } from '@aos/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { menu, topMenu, topMenuSetting } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { availableTo, liveMenus, menuTreeSelect } from './menu.service.js';

const topMenus = crud({
  table: topMenu,
  filters: { code: 'like', name: 'like' },
  defaultOrder: [asc(topMenu.sort), asc(topMenu.id)],
});

/**
 * The header top menus of a tenant and their grant: which side menus (with what lies below them) each one
 * shows in `menu/routes?topMenuId=` (blade_top_menu_setting). Rule: a code is unique within the tenant.
 */
export class TopMenuService {
  page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    return topMenus.page(ctx, query);
  }

  detail(ctx: Ctx, id: string) {
    return topMenus.detail(ctx, id);
  }

  async submit(ctx: Ctx, input: TopMenuSubmit) {
    return inTransaction(ctx, async (tx) => {
      const clash = await topMenus.find(tx, eq(topMenu.code, input.code));
      if (clash && clash.id !== input.id) throw fieldError('code', 'menu.topCodeExists');
      const values = {
        code: input.code,
        name: input.name,
        nameEn: input.nameEn ?? null,
        source: input.source ?? null,
        path: input.path ?? null,
        sort: input.sort,
      };
      return input.id ? topMenus.update(tx, input.id, values) : topMenus.insert(tx, values);
    });
  }

  async remove(ctx: Ctx, ids: string[]) {
    return inTransaction(ctx, async (tx) => {
      const rows = await topMenus.list(tx, {}, inArray(topMenu.id, ids));
      const count = await topMenus.remove(tx, ids);
      const removed = rows.map((row) => row.id);
      if (removed.length)
        await tx.db.delete(topMenuSetting).where(inArray(topMenuSetting.topMenuId, removed));
      return count;
    });
  }

  /**
   * menu/grant-top-tree: the side menus (not buttons) a top menu may show, those the tenant may have, in
   * BladeX's GrantTreeVO shape (`menu` only) that both consoles read.
   */
  async grantTree(ctx: Ctx): Promise<TopGrantTree> {
    const rows = availableTo(ctx.tenantId, await liveMenus(ctx, eq(menu.category, 1)));
    return { menu: menuTreeSelect(ctx, rows) };
  }

  /**
   * menu/top-tree-keys (BladeX CheckedTreeVO, `menu` only): the menus the top menus show now, as they were
   * granted: the ticked nodes of the tree, so a checkbox tree shows them as they were ticked.
   */
  async treeKeys(ctx: Ctx, topMenuIds: string[]): Promise<TopCheckedTree> {
    return { menu: await this.shownMenus(ctx, topMenuIds) };
  }

  private async shownMenus(ctx: Ctx, topMenuIds: string[]): Promise<string[]> {
    const owned = await topMenus.list(ctx, {}, inArray(topMenu.id, topMenuIds));
    if (owned.length === 0) return [];
    const rows = await ctx.db
      .selectDistinct({ id: topMenuSetting.menuId })
      .from(topMenuSetting)
      .innerJoin(menu, eq(menu.id, topMenuSetting.menuId))
      .where(
        and(
          inArray(
            topMenuSetting.topMenuId,
            owned.map((row) => row.id),
          ),
          eq(menu.isDeleted, 0),
        ),
      );
    return rows.map((row) => row.id);
  }

  /** topmenu/grant: the top menus show exactly these menus (of the tenant's menus, not buttons). */
  async grant(ctx: Ctx, input: TopMenuGrant): Promise<void> {
    const topMenuIds = [...new Set(input.topMenuIds)];
    const menuIds = [...new Set(input.menuIds)];
    await inTransaction(ctx, async (tx) => {
      const owned = await topMenus.list(tx, {}, inArray(topMenu.id, topMenuIds));
      if (owned.length !== topMenuIds.length) throw notFound();
      const available = new Set(
        availableTo(ctx.tenantId, await liveMenus(tx, eq(menu.category, 1))).map((row) => row.id),
      );
      if (menuIds.some((id) => !available.has(id))) throw fieldError('menuIds', 'menu.notGrantable');
      await tx.db.delete(topMenuSetting).where(inArray(topMenuSetting.topMenuId, topMenuIds));
      const rows = topMenuIds.flatMap((topMenuId) =>
        menuIds.map((menuId) => ({ id: newId(), topMenuId, menuId })),
      );
      if (rows.length) await tx.db.insert(topMenuSetting).values(rows);
    });
  }
}
