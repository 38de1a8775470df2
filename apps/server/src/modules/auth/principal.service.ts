import { PLATFORM_TENANT_ID, STATUS_ENABLED, splitIds } from '@aos/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  SCOPE_CATEGORY_API,
  SCOPE_CATEGORY_DATA,
  menu,
  role,
  roleMenu,
  roleScope,
  scopeApi,
  scopeData,
  tenant,
  user,
} from '../../db/schema/index.js';
import { ADMINISTRATOR_ALIAS } from '../../db/provision.js';
import type { Cache } from '../../lib/cache.js';
import type { ApiScopeRule, DataScopeRule, Principal } from '../../lib/context.js';
import type { VerifiedAccess } from './session.service.js';

const INVALIDATE_CHANNEL = 'auth:invalidate';
const TTL_MS = 60_000;
/** beyond this many cached users the least recently loaded are dropped */
const MAX_ENTRIES = 10_000;

type Profile = Omit<Principal, 'clientId' | 'sessionId'>;
export type ProfileProblem = 'missing' | 'frozen' | 'tenantMissing' | 'tenantExpired' | 'tenantFrozen';

interface CacheEntry {
  profile: Profile | ProfileProblem;
  /** the profile narrowed to the role subsets that tokens selected at sign-in, by role-id list */
  narrowed: Map<string, Profile>;
  expiresAt: number;
}

/**
 * Who a token's bearer is, right now: the user row, roles, permission codes, data scopes and tenant status.
 * Kept per user in memory for a minute; a change anywhere (role grant, freeze, logout elsewhere) publishes an
 * invalidation that every instance applies at once.
 */
export class PrincipalService {
  private readonly entries = new Map<string, CacheEntry>();
  /** loads under way, so a burst of requests for one user after expiry makes one load, not one each */
  private readonly loading = new Map<string, Promise<CacheEntry>>();
  /** bumped by every invalidation: a load that started before it is not cached */
  private epoch = 0;

  constructor(
    private readonly db: Db,
    private readonly cache: Cache,
  ) {}

  async start(): Promise<void> {
    await this.cache.subscribe(INVALIDATE_CHANNEL, (userId) => this.forget(userId));
  }

  private forget(userId: string): void {
    this.epoch++;
    if (userId === '*') this.entries.clear();
    else this.entries.delete(userId);
  }

  /** Forget cached profiles (one user, or everyone with '*') on this and every other instance. */
  async invalidate(userId: string | '*'): Promise<void> {
    this.forget(userId);
    await this.cache.publish(INVALIDATE_CHANNEL, userId);
  }

  private refresh(tenantId: string, userId: string): Promise<CacheEntry> {
    const pending = this.loading.get(userId);
    if (pending) return pending;
    const startedAt = this.epoch;
    const promise = this.load(tenantId, userId)
      .then((profile) => {
        const entry: CacheEntry = { profile, narrowed: new Map(), expiresAt: Date.now() + TTL_MS };
        if (startedAt === this.epoch) {
          this.entries.delete(userId);
          this.entries.set(userId, entry);
          for (const key of this.entries.keys()) {
            if (this.entries.size <= MAX_ENTRIES) break;
            this.entries.delete(key);
          }
        }
        return entry;
      })
      .finally(() => this.loading.delete(userId));
    this.loading.set(userId, promise);
    return promise;
  }

  async resolve(claims: VerifiedAccess): Promise<Principal | ProfileProblem> {
    let entry = this.entries.get(claims.user_id);
    if (!entry || entry.expiresAt <= Date.now()) entry = await this.refresh(claims.tenant_id, claims.user_id);
    const { profile } = entry;
    if (typeof profile === 'string') return profile;
    if (profile.tenantId !== claims.tenant_id) return 'missing';
    // A token selected a subset of roles at sign-in (Role-Id header); roles removed since then no longer count.
    const tokenRoles = splitIds(claims.role_id);
    let base = profile;
    if (tokenRoles.length && tokenRoles.length < profile.roleIds.length) {
      const key = tokenRoles.join(',');
      base = entry.narrowed.get(key) ?? (await this.narrow(profile, tokenRoles));
      entry.narrowed.set(key, base);
    }
    return { ...base, clientId: claims.client_id, sessionId: claims.sid };
  }

  private async narrow(profile: Profile, roleIds: string[]): Promise<Profile> {
    const kept = profile.roleIds.filter((id) => roleIds.includes(id));
    const grants = await this.grants(profile.tenantId, kept);
    return { ...profile, ...grants, roleIds: kept };
  }

  /** Load a user's profile from the database; a problem name when the user may not act. */
  async load(tenantId: string, userId: string): Promise<Profile | ProfileProblem> {
    const [row] = await this.db
      .select()
      .from(user)
      .where(and(eq(user.id, userId), eq(user.tenantId, tenantId), eq(user.isDeleted, 0)))
      .limit(1);
    if (!row) return 'missing';
    if (row.status !== STATUS_ENABLED) return 'frozen';
    const [owner] = await this.db
      .select()
      .from(tenant)
      .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)))
      .limit(1);
    if (!owner) return 'tenantMissing';
    if (owner.status !== STATUS_ENABLED) return 'tenantFrozen';
    if (owner.expireTime && owner.expireTime.getTime() <= Date.now()) return 'tenantExpired';
    return {
      userId: row.id,
      tenantId,
      tenantName: owner.tenantName,
      account: row.account,
      name: row.name ?? '',
      realName: row.realName ?? '',
      avatar: row.avatar ?? '',
      email: row.email ?? '',
      phone: row.phone ?? '',
      sex: row.sex,
      userType: row.userType,
      deptIds: splitIds(row.deptId),
      postIds: splitIds(row.postId),
      passwordChangeRequired: row.passwordChangeRequired === 1,
      ...(await this.grants(tenantId, splitIds(row.roleId))),
    };
  }

  /**
   * Role names and aliases, permission codes, data scopes and API scopes of a set of roles within one tenant.
   * The administrator role holds every menu the tenant may have and is bound by no data or API scope.
   */
  async grants(
    tenantId: string,
    roleIds: string[],
  ): Promise<
    Pick<Profile, 'roleIds' | 'roleAliases' | 'roleNames' | 'permissions' | 'dataScopes' | 'apiScopes'>
  > {
    if (roleIds.length === 0) {
      return {
        roleIds,
        roleAliases: [],
        roleNames: [],
        permissions: new Set(),
        dataScopes: [],
        apiScopes: [],
      };
    }
    const roles = await this.db
      .select({ id: role.id, alias: role.roleAlias, name: role.roleName })
      .from(role)
      .where(and(inArray(role.id, roleIds), eq(role.tenantId, tenantId), eq(role.isDeleted, 0)));
    const liveIds = roles.map((row) => row.id);
    const isAdministrator = roles.some((row) => row.alias === ADMINISTRATOR_ALIAS);
    const codes = isAdministrator
      ? await this.db
          .select({ code: menu.code, platformOnly: menu.platformOnly })
          .from(menu)
          .where(eq(menu.isDeleted, 0))
      : liveIds.length
        ? await this.db
            .selectDistinct({ code: menu.code, platformOnly: menu.platformOnly })
            .from(roleMenu)
            .innerJoin(menu, eq(menu.id, roleMenu.menuId))
            .where(and(inArray(roleMenu.roleId, liveIds), eq(menu.isDeleted, 0)))
        : [];
    const platform = tenantId === PLATFORM_TENANT_ID;
    const permissions = new Set(codes.filter((row) => platform || !row.platformOnly).map((row) => row.code));
    const scoped = !isAdministrator && liveIds.length > 0;
    return {
      roleIds: liveIds,
      roleAliases: roles.map((row) => row.alias),
      roleNames: roles.map((row) => row.name),
      permissions,
      dataScopes: scoped ? await this.dataScopes(liveIds) : [],
      apiScopes: scoped ? await this.apiScopes(liveIds) : [],
    };
  }

  private dataScopes(roleIds: string[]): Promise<DataScopeRule[]> {
    return this.db
      .selectDistinct({
        resourceCode: scopeData.resourceCode,
        scopeColumn: scopeData.scopeColumn,
        scopeType: scopeData.scopeType,
        scopeValue: scopeData.scopeValue,
      })
      .from(roleScope)
      .innerJoin(scopeData, eq(scopeData.id, roleScope.scopeId))
      .where(
        and(
          inArray(roleScope.roleId, roleIds),
          eq(roleScope.scopeCategory, SCOPE_CATEGORY_DATA),
          eq(scopeData.isDeleted, 0),
        ),
      );
  }

  /** API-scope rules, each with the permission codes it covers (a menu code covers that menu's buttons). */
  private async apiScopes(roleIds: string[]): Promise<ApiScopeRule[]> {
    const rows = await this.db
      .selectDistinct({
        resourceCode: scopeApi.resourceCode,
        scopePath: scopeApi.scopePath,
        scopeType: scopeApi.scopeType,
      })
      .from(roleScope)
      .innerJoin(scopeApi, eq(scopeApi.id, roleScope.scopeId))
      .where(
        and(
          inArray(roleScope.roleId, roleIds),
          eq(roleScope.scopeCategory, SCOPE_CATEGORY_API),
          eq(scopeApi.isDeleted, 0),
        ),
      );
    if (rows.length === 0) return [];
    const parent = alias(menu, 'parent_menu');
    const buttons = await this.db
      .select({ parentCode: parent.code, code: menu.code })
      .from(menu)
      .innerJoin(parent, eq(parent.id, menu.parentId))
      .where(
        and(
          inArray(parent.code, [...new Set(rows.map((row) => row.resourceCode))]),
          eq(menu.category, 2),
          eq(menu.isDeleted, 0),
          eq(parent.isDeleted, 0),
        ),
      );
    return rows.map((row) => ({
      ...row,
      codes: [
        row.resourceCode,
        ...buttons.filter((button) => button.parentCode === row.resourceCode).map((button) => button.code),
      ],
    }));
  }
}
