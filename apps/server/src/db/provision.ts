import { BIZ_DICTS, type DictItemSeed, SYSTEM_DICTS, TOP_MENUS } from '@aos/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { newId } from '../lib/ids.js';
import { hashPassword, md5Hex } from '../lib/password.js';
import type { Executor } from './client.js';
import {
  dept,
  dict,
  dictBiz,
  menu,
  role,
  roleMenu,
  tenant,
  topMenu,
  topMenuSetting,
  user,
} from './schema/index.js';

/**
 * What every tenant starts with (its presets), used at the platform's first start (db/seed.ts) and by the
 * tenant area when a tenant is added. Areas may import this file, never db/seed.ts.
 */

/** The role every tenant's first account holds: all menus the tenant may have (PROTOCOLS.md, BladeX). */
export const ADMINISTRATOR_ALIAS = 'administrator';
export const USER_ALIAS = 'user';
/** Default of the `account.initPassword` parameter: what a password reset sets. */
export const DEFAULT_INIT_PASSWORD = '123456';
/** Menus granted to the preset ordinary-user role of a new tenant. */
const USER_ROLE_MENUS = ['home'];

export async function seedDicts(tx: Executor, tenantId?: string): Promise<void> {
  const table = tenantId ? dictBiz : dict;
  const seeds = tenantId ? BIZ_DICTS : SYSTEM_DICTS;
  const present = new Set(
    (
      await tx
        .select({ code: table.code })
        .from(table)
        .where(
          tenantId ? and(eq(dictBiz.tenantId, tenantId), eq(dictBiz.parentId, '0')) : eq(dict.parentId, '0'),
        )
    ).map((row) => row.code),
  );
  const rows: Array<typeof dictBiz.$inferInsert> = [];
  const add = (code: string, parentId: string, items: DictItemSeed[]) => {
    items.forEach((item, index) => {
      const id = newId();
      rows.push({
        id,
        parentId,
        code,
        dictKey: item.key,
        dictValue: item.value,
        dictValueEn: item.valueEn,
        sort: index + 1,
        tenantId: tenantId ?? '',
      });
      add(code, id, item.children ?? []);
    });
  };
  seeds.forEach((seed, index) => {
    if (present.has(seed.code)) return;
    const rootId = newId();
    rows.push({
      id: rootId,
      parentId: '0',
      code: seed.code,
      dictKey: '-1',
      dictValue: seed.name,
      dictValueEn: seed.nameEn,
      sort: index + 1,
      // The seeded dictionaries are the ones the product reads by code: sealed, a tenant cannot change them.
      isSealed: 1,
      tenantId: tenantId ?? '',
    });
    add(seed.code, rootId, seed.items);
  });
  if (!rows.length) return;
  if (tenantId) await tx.insert(dictBiz).values(rows);
  else await tx.insert(dict).values(rows.map(({ tenantId: _omit, ...row }) => row));
}

export interface ProvisionTenant {
  tenantId: string;
  tenantName: string;
  adminAccount: string;
  /** plain text; stored as scrypt(md5(plain)) like every password */
  adminPassword: string;
  /** the admin must change the password at the first sign-in (it is the shared init password) */
  adminPasswordChangeRequired?: boolean;
  passwordHashCost: number;
  expireTime?: Date | null;
  accountNumber?: number;
}

/**
 * Create a tenant with what it needs to sign in and work: the tenant row, a root dept, the preset
 * administrator and user roles, the admin account, the header top menus and the business dictionaries.
 * Does nothing for the parts that exist, so it doubles as the platform tenant's first-start seed.
 */
export async function provisionTenant(
  tx: Executor,
  input: ProvisionTenant,
): Promise<{ adminUserId: string }> {
  const { tenantId } = input;
  const [existingTenant] = await tx
    .select({ id: tenant.id })
    .from(tenant)
    .where(eq(tenant.tenantId, tenantId));
  if (!existingTenant) {
    await tx.insert(tenant).values({
      id: newId(),
      tenantId,
      tenantName: input.tenantName,
      accountNumber: input.accountNumber ?? -1,
      expireTime: input.expireTime ?? null,
    });
  }

  let [rootDept] = await tx
    .select({ id: dept.id })
    .from(dept)
    .where(and(eq(dept.tenantId, tenantId), eq(dept.parentId, '0')));
  if (!rootDept) {
    rootDept = { id: newId() };
    await tx.insert(dept).values({
      id: rootDept.id,
      tenantId,
      parentId: '0',
      ancestors: '0',
      deptCategory: 1,
      deptName: input.tenantName,
      fullName: input.tenantName,
      sort: 1,
    });
  }

  const roles = await tx
    .select({ id: role.id, alias: role.roleAlias })
    .from(role)
    .where(eq(role.tenantId, tenantId));
  let adminRoleId = roles.find((row) => row.alias === ADMINISTRATOR_ALIAS)?.id;
  if (!adminRoleId) {
    adminRoleId = newId();
    const userRoleId = newId();
    await tx.insert(role).values([
      {
        id: adminRoleId,
        tenantId,
        parentId: '0',
        roleName: '管理员',
        roleAlias: ADMINISTRATOR_ALIAS,
        sort: 1,
        isPreset: 1,
      },
      {
        id: userRoleId,
        tenantId,
        parentId: '0',
        roleName: '普通用户',
        roleAlias: USER_ALIAS,
        sort: 2,
        isPreset: 1,
      },
    ]);
    const userMenus = await tx.select({ id: menu.id }).from(menu).where(inArray(menu.code, USER_ROLE_MENUS));
    if (userMenus.length) {
      await tx
        .insert(roleMenu)
        .values(userMenus.map((row) => ({ id: newId(), roleId: userRoleId, menuId: row.id })));
    }
  }

  let [admin] = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.account, input.adminAccount)));
  if (!admin) {
    admin = { id: newId() };
    await tx.insert(user).values({
      id: admin.id,
      tenantId,
      account: input.adminAccount,
      password: await hashPassword(md5Hex(input.adminPassword), input.passwordHashCost),
      passwordChangeRequired: input.adminPasswordChangeRequired ? 1 : 0,
      name: input.adminAccount,
      realName: '管理员',
      userType: 1,
      roleId: adminRoleId,
      deptId: rootDept.id,
    });
  }

  await seedTopMenus(tx, tenantId);
  await seedDicts(tx, tenantId);
  return { adminUserId: admin.id };
}

async function seedTopMenus(tx: Executor, tenantId: string): Promise<void> {
  const present = new Set(
    (await tx.select({ code: topMenu.code }).from(topMenu).where(eq(topMenu.tenantId, tenantId))).map(
      (row) => row.code,
    ),
  );
  const menuIds = new Map(
    (await tx.select({ id: menu.id, code: menu.code }).from(menu)).map((row) => [row.code, row.id]),
  );
  for (const seed of TOP_MENUS) {
    if (present.has(seed.code)) continue;
    const id = newId();
    await tx.insert(topMenu).values({
      id,
      tenantId,
      code: seed.code,
      name: seed.name,
      nameEn: seed.nameEn,
      source: seed.source,
      path: seed.path,
      sort: seed.sort,
    });
    const settings = seed.menuCodes.flatMap((code) => {
      const menuId = menuIds.get(code);
      return menuId ? [{ id: newId(), topMenuId: id, menuId }] : [];
    });
    if (settings.length) await tx.insert(topMenuSetting).values(settings);
  }
}
