import {
  DICT,
  STATUS_FROZEN,
  type Page,
  type UserOptionQuery,
  type UserPageQuery,
  type UserPlatformQuery,
  type UserSubmit,
  type UserUpdate,
  splitIds,
} from '@aos/contract';
import { and, asc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { dept, param, post, role, user } from '../../db/schema/index.js';
import { DEFAULT_INIT_PASSWORD } from '../../db/provision.js';
import type { Cache } from '../../lib/cache.js';
import { dictLabels, tenantLabels } from '../../lib/labels.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { badRequest, fieldError, notFound, unauthorized } from '../../lib/errors.js';
import { hashPassword, md5Hex } from '../../lib/password.js';
import { scope, updateAudit } from '../../lib/tenant-scope.js';
import type { PrincipalService } from '../auth/principal.service.js';
import type { SessionService } from '../auth/session.service.js';
import { LoginLogService } from './login-log.service.js';
import { UserTransfer } from './user-import.js';
import type { TenantService } from '../system/tenant.service.js';
import { assertAdministratorRemains, assertMayAssign, assertReferences, lockTenant } from './user-rules.js';
import { endSessions } from './user-sessions.js';

export type UserRow = typeof user.$inferSelect;
/** What the management screens get: no password, no platform settings; id lists with their names. */
export type UserView = Omit<UserRow, 'password' | 'userExt'> & {
  roleName: string;
  deptName: string;
  postName: string;
  lastLoginTime: Date | null;
  /** labels BladeX's wrapper adds (its Saber console shows them): `sex` and `user_type` entries, the tenant */
  sexName: string | null;
  userTypeName: string | null;
  tenantName: string | null;
};
/** The edited fields of a user, parsed by the contract (ids as arrays). */
export type UserInput = Omit<UserUpdate, 'id'>;

/** The parameter a password reset reads, and the password it sets when the parameter is missing. */
export const INIT_PASSWORD_KEY = 'account.initPassword';

const users = crud({
  table: user,
  filters: {
    account: 'like',
    name: 'like',
    realName: 'like',
    phone: 'like',
    email: 'like',
    code: 'like',
    status: 'eq',
    userType: 'eq',
    sex: 'eq',
  },
  dataScope: { code: 'user', deptList: user.deptId, user: user.id },
});

/** Users whose dept list holds `deptId` or a dept below it (blade_dept.ancestors), within the tenant. */
export function inDeptTree(ctx: Ctx, deptId: string): SQL {
  const below = `%,${deptId},%`;
  const inTree = sql`(${dept.id} = ${deptId} or (',' || ${dept.ancestors} || ',') like ${below})`;
  return sql`string_to_array(${user.deptId}, ',') && array(select ${dept.id}::text from ${dept} where ${scope(ctx, dept, inTree)})`;
}

const unique = (values: string[]) => [...new Set(values)];
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));
/** `undefined` keeps a field as it is; an empty value clears it. */
const cleared = <T>(value: T | '' | null | undefined): T | null | undefined =>
  value === undefined ? undefined : value === '' || value === null ? null : value;

function columns(input: UserInput) {
  return {
    account: input.account,
    name: input.name,
    realName: cleared(input.realName),
    code: cleared(input.code),
    email: cleared(input.email),
    phone: cleared(input.phone),
    sex: input.sex,
    birthday: input.birthday,
    education: cleared(input.education),
    roleId: input.roleId.join(','),
    deptId: input.deptId.join(','),
    postId: input.postId.join(','),
    userType: input.userType,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * User management (spec §3 User, §4, §7 /api/blade-user). Rules, each explicit below: an account is unique
 * within its tenant; role, dept and post ids must be the tenant's; the tenant's account quota holds; nobody
 * removes or freezes themselves; the tenant keeps an enabled administrator; only an administrator hands out
 * the administrator role. Every change reaches the user's live sessions: the cached principal is dropped,
 * and where the user must not go on as before (frozen, removed, new roles, new password) the sessions end.
 */
export class UserService {
  readonly logs: LoginLogService;
  /** import, its template and error report, export */
  readonly transfer: UserTransfer;

  constructor(
    db: Db,
    private readonly settings: { passwordHashCost: number; tenantMode: boolean },
    private readonly sessions: SessionService,
    private readonly principals: PrincipalService,
    cache: Cache,
    /** the system area's tenants: the account limit */
    private readonly tenants: Pick<TenantService, 'assertAccountQuota'>,
  ) {
    this.logs = new LoginLogService(db);
    this.transfer = new UserTransfer(this, cache);
  }

  async page(ctx: Ctx, query: UserPageQuery): Promise<Page<UserView>> {
    const { deptId, ...filters } = query;
    const page = await users.page(ctx, filters, deptId ? inDeptTree(ctx, deptId) : undefined);
    return { ...page, records: await this.views(ctx, page.records) };
  }

  /** Users for an export: the page's filters, at most `limit` of them (the total tells whether more matched). */
  async pick(ctx: Ctx, query: Omit<UserPageQuery, 'current' | 'size'>, limit: number) {
    return this.page(ctx, { ...query, current: 1, size: limit });
  }

  /** `user-list`, `projectUserList`: every user of the tenant, small, for pickers. */
  async options(ctx: Ctx, query: UserOptionQuery) {
    const keyword = query.keyword ? `%${query.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : undefined;
    return ctx.db
      .select({
        id: user.id,
        account: user.account,
        name: user.name,
        realName: user.realName,
        avatar: user.avatar,
        phone: user.phone,
        deptId: user.deptId,
        status: user.status,
      })
      .from(user)
      .where(
        scope(
          ctx,
          user,
          query.deptId ? inDeptTree(ctx, query.deptId) : undefined,
          keyword
            ? or(ilike(user.account, keyword), ilike(user.name, keyword), ilike(user.realName, keyword))
            : undefined,
        ),
      )
      .orderBy(asc(user.account));
  }

  async detail(ctx: Ctx, id: string): Promise<UserView> {
    return this.view(ctx, await users.detail(ctx, id));
  }

  async platformDetail(ctx: Ctx, id: string) {
    const row = await users.detail(ctx, id);
    return {
      id: row.id,
      account: row.account,
      name: row.name,
      realName: row.realName,
      userType: row.userType,
      userExt: row.userExt,
    };
  }

  async submit(ctx: Ctx, input: UserSubmit): Promise<UserView> {
    const { id, password, password2: _confirmation, ...fields } = input;
    if (id) return this.update(ctx, { id, ...fields });
    if (!password) throw fieldError('password', 'user.passwordRequired');
    return this.view(ctx, await this.insertRow(ctx, fields, password));
  }

  async update(ctx: Ctx, input: UserUpdate): Promise<UserView> {
    return this.view(ctx, await this.updateRow(ctx, input));
  }

  /**
   * Add a user with an md5 password (hashed here) or an existing hash (`{hash}`, imports: the init password,
   * which must be changed at the first sign-in).
   */
  async insertRow(ctx: Ctx, input: UserInput, password: string | { hash: string }): Promise<UserRow> {
    // Cheap refusals first: the hash takes a good part of a second.
    await this.assertAccountFree(ctx, input.account);
    await assertReferences(ctx, input);
    await assertMayAssign(ctx, input.roleId);
    const hash =
      typeof password === 'string'
        ? await hashPassword(password, this.settings.passwordHashCost)
        : password.hash;
    return inTransaction(ctx, async (tx) => {
      await this.tenants.assertAccountQuota(tx, 1);
      await assertReferences(tx, input);
      const passwordChangeRequired = typeof password === 'string' ? 0 : 1;
      return this.writing(() =>
        users.insert(tx, { ...columns(input), password: hash, passwordChangeRequired }),
      );
    });
  }

  /** Change a user (never the password); one transaction. */
  async updateRow(ctx: Ctx, input: UserUpdate): Promise<UserRow> {
    const { id, ...fields } = input;
    const row = await inTransaction(ctx, async (tx) => {
      await lockTenant(tx);
      const before = await users.detail(tx, id);
      await assertReferences(tx, fields);
      await assertMayAssign(tx, fields.roleId, [splitIds(before.roleId)]);
      if (fields.account !== before.account) await this.assertAccountFree(tx, fields.account, id);
      const after = await this.writing(() => users.update(tx, id, columns(fields)));
      if (!sameSet(splitIds(before.roleId), fields.roleId)) {
        await assertAdministratorRemains(tx, [before]);
        // A session keeps the roles it signed in with: it must sign in again to get the new ones.
        await endSessions(tx, this.sessions, [id]);
      }
      return after;
    });
    await this.principals.invalidate(id);
    return row;
  }

  async remove(ctx: Ctx, ids: string[]): Promise<number> {
    if (ctx.user && ids.includes(ctx.user.userId)) throw badRequest('user.removeSelf');
    const removed = await inTransaction(ctx, async (tx) => {
      await lockTenant(tx);
      const rows = await this.reachable(tx, ids, false);
      await users.remove(
        tx,
        rows.map((row) => row.id),
      );
      await assertAdministratorRemains(tx, rows);
      await endSessions(
        tx,
        this.sessions,
        rows.map((row) => row.id),
      );
      return rows.map((row) => row.id);
    });
    await this.forget(removed);
    return removed.length;
  }

  /** `grant`: the roles replace the roles of each user. */
  async grant(ctx: Ctx, userIds: string[], roleIds: string[]): Promise<number> {
    const granted = unique(roleIds);
    const changed = await inTransaction(ctx, async (tx) => {
      await lockTenant(tx);
      const rows = await this.reachable(tx, userIds, true);
      await assertReferences(tx, { roleId: granted, deptId: [], postId: [] });
      await assertMayAssign(
        tx,
        granted,
        rows.map((row) => splitIds(row.roleId)),
      );
      const changing = rows.filter((row) => !sameSet(splitIds(row.roleId), granted)).map((row) => row.id);
      if (changing.length === 0) return [];
      await tx.db
        .update(user)
        .set({ roleId: granted.join(','), ...updateAudit(tx) })
        .where(scope(tx, user, inArray(user.id, changing)));
      await assertAdministratorRemains(tx, rows);
      await endSessions(tx, this.sessions, changing);
      return changing;
    });
    await this.forget(changed);
    return userIds.length;
  }

  /** The `account.initPassword` parameter (blade_param, platform-wide), else the seeded default. */
  async initPassword(ctx: Ctx): Promise<string> {
    const [row] = await ctx.db
      .select({ value: param.paramValue })
      .from(param)
      .where(and(eq(param.paramKey, INIT_PASSWORD_KEY), eq(param.isDeleted, 0)))
      .limit(1);
    return row?.value || DEFAULT_INIT_PASSWORD;
  }

  /** The init password's hash, computed once for a batch (a reset or an import). */
  async initPasswordHash(ctx: Ctx): Promise<string> {
    return hashPassword(md5Hex(await this.initPassword(ctx)), this.settings.passwordHashCost);
  }

  /**
   * `reset-password`: the users' password becomes the init password and their sessions end; each must change
   * it at the next sign-in.
   */
  async resetPassword(ctx: Ctx, userIds: string[]): Promise<number> {
    await this.reachable(ctx, userIds, true);
    const hash = await this.initPasswordHash(ctx);
    const reset = await inTransaction(ctx, async (tx) => {
      const rows = await this.reachable(tx, userIds, true);
      const ids = rows.map((row) => row.id);
      await tx.db
        .update(user)
        .set({ password: hash, passwordChangeRequired: 1, ...updateAudit(tx) })
        .where(scope(tx, user, inArray(user.id, ids)));
      await endSessions(tx, this.sessions, ids);
      return ids;
    });
    await this.forget(reset);
    return reset.length;
  }

  async updatePlatform(ctx: Ctx, input: UserPlatformQuery): Promise<boolean> {
    await users.detail(ctx, input.userId);
    await users.update(ctx, input.userId, {
      userType: input.userType,
      ...(input.userExt === undefined ? {} : { userExt: input.userExt }),
    });
    await this.principals.invalidate(input.userId);
    return true;
  }

  /** `cloud-user/status`: 2 freezes (sign-in and every request refused, sessions ended), 1 enables again. */
  async setStatus(ctx: Ctx, ids: string[], status: number): Promise<number> {
    const freezing = status === STATUS_FROZEN;
    if (freezing && ctx.user && ids.includes(ctx.user.userId)) throw badRequest('user.freezeSelf');
    const changed = await inTransaction(ctx, async (tx) => {
      await lockTenant(tx);
      const rows = await this.reachable(tx, ids, true);
      const changing = rows.map((row) => row.id);
      await tx.db
        .update(user)
        .set({ status, ...(freezing ? {} : { cancelTime: null }), ...updateAudit(tx) })
        .where(scope(tx, user, inArray(user.id, changing)));
      if (freezing) {
        await assertAdministratorRemains(tx, rows);
        await endSessions(tx, this.sessions, changing);
      }
      return changing;
    });
    await this.forget(changed);
    return changed.length;
  }

  async setNoFlyAuthority(ctx: Ctx, ids: string[], noFlyAuthority: number): Promise<number> {
    return inTransaction(ctx, async (tx) => {
      const rows = await this.reachable(tx, ids, true);
      await tx.db
        .update(user)
        .set({ noFlyAuthority, ...updateAudit(tx) })
        .where(
          scope(
            tx,
            user,
            inArray(
              user.id,
              rows.map((row) => row.id),
            ),
          ),
        );
      return rows.length;
    });
  }

  /** `cancellation`: the caller deactivates their own account; this session and every other one end. */
  async cancel(ctx: Ctx): Promise<boolean> {
    const me = ctx.user?.userId;
    if (!me) throw unauthorized();
    await inTransaction(ctx, async (tx) => {
      await lockTenant(tx);
      const [row] = await tx.db
        .select()
        .from(user)
        .where(scope(tx, user, eq(user.id, me)));
      if (!row) throw notFound();
      await tx.db
        .update(user)
        .set({ status: STATUS_FROZEN, cancelTime: new Date(), ...updateAudit(tx) })
        .where(scope(tx, user, eq(user.id, me)));
      await assertAdministratorRemains(tx, [row]);
      await endSessions(tx, this.sessions, [me]);
    });
    await this.principals.invalidate(me);
    return true;
  }

  /** The live user of the tenant (any data scope) holding `account`, except `exceptId`. */
  async findByAccount(ctx: Ctx, account: string, exceptId?: string): Promise<UserRow | undefined> {
    const [row] = await ctx.db
      .select()
      .from(user)
      .where(scope(ctx, user, eq(user.account, account), exceptId ? ne(user.id, exceptId) : undefined))
      .limit(1);
    return row;
  }

  private async assertAccountFree(ctx: Ctx, account: string, exceptId?: string): Promise<void> {
    if (await this.findByAccount(ctx, account, exceptId)) throw fieldError('account', 'user.accountExists');
  }

  /** Two concurrent inserts of one account: the unique index refuses the second, with the same message. */
  private async writing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('account', 'user.accountExists');
      throw error;
    }
  }

  /**
   * The rows of `ids` the caller may act on (tenant and data scope). `all`: every id must be reachable, else
   * 404; otherwise the reachable ones, 404 when there are none (like crud remove).
   */
  private async reachable(ctx: Ctx, ids: string[], all: boolean): Promise<UserRow[]> {
    const wanted = unique(ids);
    const rows = await users.list(ctx, {}, inArray(user.id, wanted));
    if (rows.length === 0 || (all && rows.length !== wanted.length)) throw notFound();
    return rows;
  }

  private async forget(ids: string[]): Promise<void> {
    for (const id of ids) await this.principals.invalidate(id);
  }

  async view(ctx: Ctx, row: UserRow): Promise<UserView> {
    const [view] = await this.views(ctx, [row]);
    return view!;
  }

  /** Rows with their role, dept and post names and last sign-in: four small queries for a whole page. */
  async views(ctx: Ctx, rows: UserRow[]): Promise<UserView[]> {
    if (rows.length === 0) return [];
    const ids = (pick: (row: UserRow) => string) => unique(rows.flatMap((row) => splitIds(pick(row))));
    const [roles, depts, posts, last, label, tenants] = await Promise.all([
      names(
        ctx,
        role,
        role.roleName,
        ids((row) => row.roleId),
      ),
      names(
        ctx,
        dept,
        dept.deptName,
        ids((row) => row.deptId),
      ),
      names(
        ctx,
        post,
        post.postName,
        ids((row) => row.postId),
      ),
      this.logs.lastSignIns(
        ctx,
        rows.map((row) => row.id),
      ),
      dictLabels(ctx, [DICT.sex, DICT.user_type]),
      tenantLabels(
        ctx,
        rows.map((row) => row.tenantId),
      ),
    ]);
    const join = (list: string, found: Map<string, string>) =>
      splitIds(list)
        .flatMap((id) => found.get(id) ?? [])
        .join(',');
    return rows.map(({ password: _password, userExt: _ext, ...row }) => ({
      ...row,
      roleName: join(row.roleId, roles),
      deptName: join(row.deptId, depts),
      postName: join(row.postId, posts),
      lastLoginTime: last.get(row.id) ?? null,
      sexName: label(DICT.sex, row.sex),
      userTypeName: label(DICT.user_type, row.userType),
      tenantName: tenants.get(row.tenantId) ?? null,
    }));
  }
}

type NamedTable = typeof role | typeof dept | typeof post;

async function names(
  ctx: Ctx,
  table: NamedTable,
  column: PgColumn,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: table.id, name: column })
    .from(table)
    .where(scope(ctx, table, inArray(table.id, ids)));
  return new Map(rows.map((row) => [row.id, String(row.name)]));
}
