import {
  PLATFORM_TENANT_ID,
  type RoleGrant,
  type RoleListQuery,
  type RoleSubmit,
  type TreeSelectNode,
} from '@aos/contract';
import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SCOPE_CATEGORY_API,
  SCOPE_CATEGORY_DATA,
  role,
  roleMenu,
  roleScope,
  user,
} from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { badRequest, fieldError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { scope } from '../../lib/tenant-scope.js';
import { isSelfOrBelow, linkTree, pruneEmpty, withAncestors } from '../../lib/tree.js';
import type { PrincipalService } from '../auth/principal.service.js';
import { grantableMenus, scopeRows } from './role.grant.js';

type RoleRow = typeof role.$inferSelect;
/** A role in the list tree (RoleNodeSchema on the wire). */
export type RoleNode = RoleRow & { parentName: string; hasChildren: boolean; children?: RoleNode[] };

const roles = crud({
  table: role,
  filters: { roleName: 'like', roleAlias: 'like' },
  defaultOrder: [asc(role.sort), asc(role.id)],
});

const unique = (ids: string[]) => [...new Set(ids)];

/**
 * Roles of a tenant (spec §3, §5, §6): a tree by parent role, an alias unique in the tenant, preset roles that
 * stay, and the grant of menus, data scopes and API scopes. Every change refreshes the cached principals.
 */
export class RoleService {
  constructor(private readonly principals: PrincipalService) {}

  /** role/list: the tenant's roles as a tree; with a filter, the matching roles (under matching parents). */
  async list(ctx: Ctx, query: z.infer<typeof RoleListQuery>): Promise<RoleNode[]> {
    const all = await roles.list(ctx);
    const rows = query.roleName || query.roleAlias ? await roles.list(ctx, query) : all;
    const names = new Map(all.map((row) => [row.id, row.roleName]));
    return pruneEmpty(
      linkTree(
        rows.map((row) => ({
          ...row,
          parentName: names.get(row.parentId) ?? '',
          hasChildren: false,
          children: [],
        })),
      ) as RoleNode[],
    );
  }

  async detail(ctx: Ctx, id: string): Promise<RoleRow & { parentName: string }> {
    const row = await roles.detail(ctx, id);
    const parent = row.parentId !== '0' ? await roles.find(ctx, eq(role.id, row.parentId)) : undefined;
    return { ...row, parentName: parent?.roleName ?? '' };
  }

  /** role/tree: a tree select of a tenant's roles; only the platform tenant may name another tenant. */
  async tree(ctx: Ctx, tenantId?: string): Promise<TreeSelectNode[]> {
    const target = ctx.tenantId === PLATFORM_TENANT_ID && tenantId ? tenantId : ctx.tenantId;
    const rows = await ctx.db
      .select({ id: role.id, parentId: role.parentId, roleName: role.roleName })
      .from(role)
      .where(and(eq(role.tenantId, target), eq(role.isDeleted, 0)))
      .orderBy(asc(role.sort), asc(role.id));
    return linkTree(
      rows.map((row) => ({
        id: row.id,
        parentId: row.parentId,
        title: row.roleName,
        key: row.id,
        value: row.id,
        hasChildren: false,
        children: [] as TreeSelectNode[],
      })),
    );
  }

  async submit(ctx: Ctx, input: RoleSubmit): Promise<RoleRow> {
    const row = await inTransaction(ctx, async (tx) => {
      const existing = input.id ? await roles.detail(tx, input.id) : undefined;
      const clash = await roles.find(
        tx,
        and(eq(role.roleAlias, input.roleAlias), input.id ? ne(role.id, input.id) : undefined)!,
      );
      if (clash) throw fieldError('roleAlias', 'role.aliasExists');
      if (existing?.isPreset === 1 && existing.roleAlias !== input.roleAlias) {
        throw fieldError('roleAlias', 'role.presetAlias');
      }
      if (input.parentId !== '0') {
        const parent = await roles.find(tx, eq(role.id, input.parentId));
        if (!parent) throw fieldError('parentId', 'role.parentMissing');
        if (existing) {
          const all = await roles.list(tx);
          const parentOf = new Map(all.map((item) => [item.id, item.parentId]));
          if (isSelfOrBelow(input.parentId, existing.id, parentOf)) {
            throw fieldError('parentId', 'role.parentCycle');
          }
        }
      }
      const values = {
        parentId: input.parentId,
        roleName: input.roleName,
        roleAlias: input.roleAlias,
        sort: input.sort,
      };
      return existing ? roles.update(tx, existing.id, values) : roles.insert(tx, values);
    });
    // Names and aliases are part of the principal (the administrator alias grants every menu).
    if (input.id) await this.principals.invalidate('*');
    return row;
  }

  /**
   * Remove roles of the tenant. Refused for a preset role, a role with child roles, and a role that users
   * still hold (blade_user.role_id is a comma-separated list). The roles' grants go with them.
   */
  async remove(ctx: Ctx, ids: string[]): Promise<number> {
    const count = await inTransaction(ctx, async (tx) => {
      const rows = await roles.list(tx, {}, inArray(role.id, ids));
      if (rows.length === 0) throw notFound();
      const preset = rows.find((row) => row.isPreset === 1);
      if (preset) throw badRequest('role.presetRemove');
      const liveIds = rows.map((row) => row.id);
      const [child] = await roles.list(
        tx,
        {},
        and(inArray(role.parentId, liveIds), notInArray(role.id, liveIds)),
      );
      if (child) {
        const parent = rows.find((row) => row.id === child.parentId);
        throw badRequest('role.hasChildren', { name: parent?.roleName ?? '' });
      }
      for (const row of rows) {
        const [holders] = await tx.db
          .select({ count: sql<number>`count(*)::int` })
          .from(user)
          .where(scope(tx, user, sql`${row.id} = any(string_to_array(${user.roleId}, ','))`));
        if (holders && holders.count > 0) {
          throw badRequest('role.inUse', { name: row.roleName, count: holders.count });
        }
      }
      const removed = await roles.remove(tx, liveIds);
      await tx.db.delete(roleMenu).where(inArray(roleMenu.roleId, liveIds));
      await tx.db.delete(roleScope).where(inArray(roleScope.roleId, liveIds));
      return removed;
    });
    await this.principals.invalidate('*');
    return count;
  }

  /**
   * role/grant: the given roles get exactly these menus (with the menus above them), data scopes and API
   * scopes. A caller may grant only menus they hold (an administrator holds every menu the tenant may have:
   * platform-only menus stay with the platform tenant), and a scope only together with its menu. The BladeX
   * Saber console sends the ticked nodes of its trees: no half-ticked parents (added here), and in the scope
   * lists the menus whose scopes are all ticked (dropped here: a menu groups scopes, it is not one).
   */
  async grant(ctx: Ctx, input: RoleGrant): Promise<void> {
    const roleIds = unique(input.roleIds);
    await inTransaction(ctx, async (tx) => {
      const found = await roles.list(tx, {}, inArray(role.id, roleIds));
      if (found.length !== roleIds.length) throw notFound();
      const menus = await grantableMenus(tx);
      const grantable = new Set(menus.map((row) => row.id));
      if (input.menuIds.some((id) => !grantable.has(id)))
        throw fieldError('menuIds', 'role.menuNotGrantable');
      const parentOf = new Map(menus.map((row) => [row.id, row.parentId]));
      const menuIds = [...withAncestors(input.menuIds, parentOf)].filter((id) => grantable.has(id));
      const scopesOnly = (ids: string[]) => unique(ids).filter((id) => !grantable.has(id));
      const dataScopeIds = scopesOnly(input.dataScopeIds);
      const apiScopeIds = scopesOnly(input.apiScopeIds);
      const granted = new Set(menuIds);
      for (const [field, category, ids] of [
        ['dataScopeIds', SCOPE_CATEGORY_DATA, dataScopeIds],
        ['apiScopeIds', SCOPE_CATEGORY_API, apiScopeIds],
      ] as const) {
        const rows = await scopeRows(tx, category, ids);
        if (rows.length !== ids.length) throw fieldError(field, 'role.scopeMissing');
        if (rows.some((row) => !row.menuId || !granted.has(row.menuId))) {
          throw fieldError(field, 'role.scopeMenuNotGranted');
        }
      }
      await tx.db.delete(roleMenu).where(inArray(roleMenu.roleId, roleIds));
      await tx.db.delete(roleScope).where(inArray(roleScope.roleId, roleIds));
      const menuRows = roleIds.flatMap((roleId) =>
        menuIds.map((menuId) => ({ id: newId(), roleId, menuId })),
      );
      if (menuRows.length) await tx.db.insert(roleMenu).values(menuRows);
      const scopeLinks = roleIds.flatMap((roleId) => [
        ...dataScopeIds.map((scopeId) => ({
          id: newId(),
          roleId,
          scopeId,
          scopeCategory: SCOPE_CATEGORY_DATA,
        })),
        ...apiScopeIds.map((scopeId) => ({
          id: newId(),
          roleId,
          scopeId,
          scopeCategory: SCOPE_CATEGORY_API,
        })),
      ]);
      if (scopeLinks.length) await tx.db.insert(roleScope).values(scopeLinks);
    });
    await this.principals.invalidate('*');
  }
}
