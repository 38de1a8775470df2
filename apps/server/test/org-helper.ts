import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { menu, role, roleMenu, user } from '../src/db/schema/index.js';
import { newId } from '../src/lib/ids.js';
import { hashPassword, md5Hex } from '../src/lib/password.js';
import { ADMIN_PASSWORD, login } from './helper.js';

/** A user row of `tenantId` (password Admin@123), in the given depts and roles. */
export async function addUser(
  app: FastifyInstance,
  tenantId: string,
  account: string,
  options: { roleId?: string; deptIds?: string[]; realName?: string } = {},
): Promise<string> {
  const id = newId();
  await app.database.db.insert(user).values({
    id,
    tenantId,
    account,
    password: await hashPassword(md5Hex(ADMIN_PASSWORD), 10),
    name: account,
    realName: options.realName ?? account,
    roleId: options.roleId ?? '',
    deptId: (options.deptIds ?? []).join(','),
  });
  return id;
}

/**
 * Sign in as a new user of `tenantId` whose only role is granted exactly `codes` (menu and button codes),
 * however the seeded menus mark them: a forged grant, as a careless or malicious role edit would make.
 */
export async function signInWithGrants(
  app: FastifyInstance,
  tenantId: string,
  account: string,
  codes: string[],
): Promise<string> {
  const db = app.database.db;
  const roleId = newId();
  await db.insert(role).values({ id: roleId, tenantId, roleName: account, roleAlias: account });
  const granted = await db.select({ id: menu.id }).from(menu).where(inArray(menu.code, codes));
  if (granted.length) {
    await db.insert(roleMenu).values(granted.map((row) => ({ id: newId(), roleId, menuId: row.id })));
  }
  await addUser(app, tenantId, account, { roleId });
  return (await login(app, tenantId, account)).access_token;
}

/** The id of the preset administrator role of a tenant. */
export async function adminRoleOf(app: FastifyInstance, tenantId: string): Promise<string> {
  const rows = await app.database.db.select().from(role).where(eq(role.tenantId, tenantId));
  return rows.find((row) => row.roleAlias === 'administrator')!.id;
}
