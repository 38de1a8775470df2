import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dept, menu, role, user } from '../src/db/schema/index.js';
import { newId } from '../src/lib/ids.js';
import { hashPassword, md5Hex } from '../src/lib/password.js';
import { ADMIN_PASSWORD } from './helper.js';

/** Ids of menus by code, in the order asked. */
export async function menuIds(app: FastifyInstance, codes: string[]): Promise<string[]> {
  const rows = await app.database.db
    .select({ id: menu.id, code: menu.code })
    .from(menu)
    .where(and(inArray(menu.code, codes), eq(menu.isDeleted, 0)));
  return codes.map((code) => {
    const row = rows.find((item) => item.code === code);
    if (!row) throw new Error(`no menu ${code}`);
    return row.id;
  });
}

/** A screen's menu id and the ids of its buttons (the usual grant of a CRUD screen). */
export async function screenMenuIds(app: FastifyInstance, code: string): Promise<string[]> {
  const [screen] = await menuIds(app, [code]);
  const buttons = await app.database.db
    .select({ id: menu.id })
    .from(menu)
    .where(and(eq(menu.parentId, screen!), eq(menu.isDeleted, 0)));
  return [screen!, ...buttons.map((row) => row.id)];
}

export async function roleIdOf(app: FastifyInstance, tenantId: string, alias: string): Promise<string> {
  const [row] = await app.database.db
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.tenantId, tenantId), eq(role.roleAlias, alias), eq(role.isDeleted, 0)));
  if (!row) throw new Error(`no role ${alias} in ${tenantId}`);
  return row.id;
}

/** The tenant's top dept (created with the tenant). */
export async function rootDept(app: FastifyInstance, tenantId: string): Promise<string> {
  const [row] = await app.database.db
    .select({ id: dept.id })
    .from(dept)
    .where(and(eq(dept.tenantId, tenantId), eq(dept.parentId, '0')));
  return row!.id;
}

/** A dept under `parentId` with its ancestors list, written directly (depts are another area's screen). */
export async function addDept(
  app: FastifyInstance,
  tenantId: string,
  deptName: string,
  parentId: string,
): Promise<string> {
  const [parent] = await app.database.db
    .select({ ancestors: dept.ancestors })
    .from(dept)
    .where(eq(dept.id, parentId));
  const id = newId();
  await app.database.db.insert(dept).values({
    id,
    tenantId,
    parentId,
    ancestors: `${parent!.ancestors},${parentId}`,
    deptName,
    sort: 1,
  });
  return id;
}

/** A user that signs in with ADMIN_PASSWORD, written directly (users are another area's screen). */
export async function addUser(
  app: FastifyInstance,
  tenantId: string,
  account: string,
  roleIds: string[],
  deptIds: string[] = [],
): Promise<string> {
  const id = newId();
  await app.database.db.insert(user).values({
    id,
    tenantId,
    account,
    password: await hashPassword(md5Hex(ADMIN_PASSWORD), 10),
    name: account,
    realName: account,
    roleId: roleIds.join(','),
    deptId: deptIds.join(','),
  });
  return id;
}
