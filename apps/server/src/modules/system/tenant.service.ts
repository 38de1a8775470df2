import { randomInt } from 'node:crypto';
import {
  type Page,
  type PageQuery,
  PLATFORM_TENANT_ID,
  TENANT_ADMIN_ACCOUNT,
  type TenantInfo,
  type TenantOption,
  type TenantSettingQuery,
  type TenantSubmit,
} from '@aos/contract';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { param, tenant, user } from '../../db/schema/index.js';
import { DEFAULT_INIT_PASSWORD, provisionTenant } from '../../db/provision.js';
import { type Ctx, inTransaction, userId } from '../../lib/context.js';
import { scope } from '../../lib/tenant-scope.js';
import { AppError, badRequest, fieldError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { parseDateTime } from '../../lib/time.js';
import type { PrincipalService } from '../auth/principal.service.js';

type TenantRow = typeof tenant.$inferSelect;
export type TenantQuery = PageQuery & {
  tenantId?: string;
  tenantName?: string;
  linkman?: string;
  contactNumber?: string;
};

/** The parameter holding the password of new accounts and of password resets. */
export const INIT_PASSWORD_PARAM = 'account.initPassword';

/**
 * Tenants, managed by the platform tenant only (every verb checks, whatever the roles grant). Creating a
 * tenant provisions it in the same transaction (admin account, preset roles and grants, root dept, top menus,
 * business dictionaries). Rules: a tenant id is never reused (a removed tenant's rows still carry it), a
 * domain belongs to one tenant, the platform tenant is neither removed nor given an expiry, and changes that
 * lock users out (removal, expiry) apply to signed-in sessions at once.
 */
export class TenantService {
  constructor(
    private readonly passwordHashCost: number,
    private readonly principals: PrincipalService,
  ) {}

  async page(ctx: Ctx, query: TenantQuery): Promise<Page<TenantRow>> {
    assertPlatform(ctx);
    const conditions: SQL[] = [eq(tenant.isDeleted, 0)];
    for (const field of ['tenantId', 'tenantName', 'linkman', 'contactNumber'] as const) {
      const value = query[field];
      if (value) conditions.push(ilike(tenant[field], `%${escapeLike(value)}%`));
    }
    const where = and(...conditions);
    const [counted] = await ctx.db.select({ total: count() }).from(tenant).where(where);
    const records = await ctx.db
      .select()
      .from(tenant)
      .where(where)
      // the platform tenant first, then the newest
      .orderBy(desc(sql`${tenant.tenantId} = ${PLATFORM_TENANT_ID}`), desc(tenant.createTime), asc(tenant.id))
      .limit(query.size)
      .offset((query.current - 1) * query.size);
    const total = counted?.total ?? 0;
    return { records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
  }

  /**
   * `select` (pickers; the Saber console's tenant column on the user, role, dept... screens): every live tenant
   * for the platform tenant, the caller's own tenant for anyone else (BladeX).
   */
  async select(ctx: Ctx): Promise<TenantOption[]> {
    const own = ctx.tenantId === PLATFORM_TENANT_ID ? undefined : eq(tenant.tenantId, ctx.tenantId);
    return ctx.db
      .select({ id: tenant.id, tenantId: tenant.tenantId, tenantName: tenant.tenantName })
      .from(tenant)
      .where(and(eq(tenant.isDeleted, 0), own))
      .orderBy(asc(tenant.tenantId));
  }

  async detail(ctx: Ctx, id: string): Promise<TenantRow> {
    assertPlatform(ctx);
    const [row] = await ctx.db
      .select()
      .from(tenant)
      .where(and(eq(tenant.id, id), eq(tenant.isDeleted, 0)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  /** Add (provisioning the tenant) or update. Adding answers the administrator account and its password. */
  async submit(
    ctx: Ctx,
    input: TenantSubmit,
  ): Promise<TenantRow & { adminAccount?: string; adminPassword?: string }> {
    assertPlatform(ctx);
    const saved = await inTransaction(ctx, async (tx) => {
      if (input.domain) await this.assertDomainFree(tx, input.domain, input.id);
      const values = {
        tenantName: input.tenantName,
        domain: input.domain || null,
        backgroundUrl: input.backgroundUrl || null,
        linkman: input.linkman || null,
        contactNumber: input.contactNumber || null,
        address: input.address || null,
        accountNumber: input.accountNumber,
        expireTime: input.expireTime ? parseDateTime(input.expireTime) : null,
        licenseKey: input.licenseKey || null,
      };
      if (input.id) {
        const current = await this.detail(tx, input.id);
        if (input.tenantId && input.tenantId !== current.tenantId) {
          throw fieldError('tenantId', 'tenant.idImmutable');
        }
        if (current.tenantId === PLATFORM_TENANT_ID && values.expireTime) {
          throw fieldError('expireTime', 'tenant.expirePlatform');
        }
        const [row] = await tx.db
          .update(tenant)
          .set({ ...values, updateUser: userId(tx), updateTime: new Date() })
          .where(and(eq(tenant.id, current.id), eq(tenant.isDeleted, 0)))
          .returning();
        return row!;
      }
      const tenantId = input.tenantId ?? (await this.freeTenantId(tx));
      if (await this.tenantIdUsed(tx, tenantId)) throw fieldError('tenantId', 'tenant.idExists');
      const now = new Date();
      const [row] = await tx.db
        .insert(tenant)
        .values({
          ...values,
          id: newId(),
          tenantId,
          createUser: userId(tx),
          createDept: tx.depts[0] ?? null,
          createTime: now,
          updateUser: userId(tx),
          updateTime: now,
        })
        .returning();
      const adminPassword = await this.initPassword(tx);
      await provisionTenant(tx.db, {
        tenantId,
        tenantName: input.tenantName,
        adminAccount: TENANT_ADMIN_ACCOUNT,
        adminPassword,
        adminPasswordChangeRequired: true,
        passwordHashCost: this.passwordHashCost,
        accountNumber: input.accountNumber,
        expireTime: values.expireTime,
      });
      return { ...row!, adminAccount: TENANT_ADMIN_ACCOUNT, adminPassword };
    });
    // an expiry or limit change must reach sessions that are signed in now, not in a minute
    if (input.id) await this.principals.invalidate('*');
    return saved;
  }

  /** Remove tenants: their users can no longer sign in, and signed-in sessions end at their next call. */
  async remove(ctx: Ctx, ids: string[]): Promise<number> {
    assertPlatform(ctx);
    const removed = await inTransaction(ctx, async (tx) => {
      const rows = await this.live(tx, ids);
      if (rows.length === 0) throw notFound();
      if (rows.some((row) => row.tenantId === PLATFORM_TENANT_ID)) throw badRequest('tenant.removePlatform');
      await tx.db
        .update(tenant)
        .set({ isDeleted: 1, updateUser: userId(tx), updateTime: new Date() })
        .where(
          inArray(
            tenant.id,
            rows.map((row) => row.id),
          ),
        );
      return rows.length;
    });
    await this.principals.invalidate('*');
    return removed;
  }

  /** `tenant/setting`: the account limit and the expiry of the chosen tenants. */
  async setting(ctx: Ctx, input: TenantSettingQuery): Promise<number> {
    assertPlatform(ctx);
    const changed = await inTransaction(ctx, async (tx) => {
      const rows = await this.live(tx, input.ids);
      if (rows.length === 0) throw notFound();
      if (input.expireTime && rows.some((row) => row.tenantId === PLATFORM_TENANT_ID)) {
        throw fieldError('expireTime', 'tenant.expirePlatform');
      }
      await tx.db
        .update(tenant)
        .set({
          accountNumber: input.accountNumber,
          expireTime: input.expireTime ? parseDateTime(input.expireTime) : null,
          updateUser: userId(tx),
          updateTime: new Date(),
        })
        .where(
          inArray(
            tenant.id,
            rows.map((row) => row.id),
          ),
        );
      return rows.length;
    });
    await this.principals.invalidate('*');
    return changed;
  }

  /** `tenant/datasource`: which datasource (develop area) holds the tenant's data; empty = the main one. */
  async datasource(ctx: Ctx, tenantId: string, datasourceId: string | null): Promise<TenantRow> {
    assertPlatform(ctx);
    const [row] = await ctx.db
      .update(tenant)
      .set({ datasourceId, updateUser: userId(ctx), updateTime: new Date() })
      .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)))
      .returning();
    if (!row) throw notFound();
    return row;
  }

  /**
   * `tenant/info` (public): the tenant whose domain is the host the sign-in page was opened on, so the page
   * can fill in the tenant and show its background; `{}` when no tenant claims that host (BladeX).
   */
  async info(ctx: Ctx, domain: string): Promise<TenantInfo | Record<string, never>> {
    const host = hostOf(domain);
    if (!host) return {};
    const rows = await ctx.db
      .select({
        tenantId: tenant.tenantId,
        tenantName: tenant.tenantName,
        backgroundUrl: tenant.backgroundUrl,
        domain: tenant.domain,
      })
      .from(tenant)
      .where(and(eq(tenant.isDeleted, 0), sql`coalesce(${tenant.domain}, '') <> ''`));
    const found = rows.find((row) => hostOf(row.domain ?? '') === host);
    return found
      ? {
          tenantId: found.tenantId,
          tenantName: found.tenantName,
          backgroundUrl: found.backgroundUrl ?? '',
          domain: found.domain ?? '',
        }
      : {};
  }

  /** See {@link assertAccountQuota}. */
  assertAccountQuota(ctx: Ctx, adding = 1): Promise<void> {
    return assertAccountQuota(ctx, adding);
  }

  private live(ctx: Ctx, ids: string[]): Promise<TenantRow[]> {
    return ctx.db
      .select()
      .from(tenant)
      .where(and(inArray(tenant.id, ids), eq(tenant.isDeleted, 0)));
  }

  /** Ever used, removed tenants included: their users, roles and depts still carry the id. */
  private async tenantIdUsed(ctx: Ctx, tenantId: string): Promise<boolean> {
    const [row] = await ctx.db
      .select({ id: tenant.id })
      .from(tenant)
      .where(eq(tenant.tenantId, tenantId))
      .limit(1);
    if (row) return true;
    const [member] = await ctx.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.tenantId, tenantId))
      .limit(1);
    return Boolean(member);
  }

  /** A random six-digit id not used before (BladeX style). */
  private async freeTenantId(ctx: Ctx): Promise<string> {
    for (;;) {
      const candidate = String(randomInt(100_000, 1_000_000));
      if (!(await this.tenantIdUsed(ctx, candidate))) return candidate;
    }
  }

  private async assertDomainFree(ctx: Ctx, domain: string, ownId?: string): Promise<void> {
    const host = hostOf(domain);
    const rows = await ctx.db
      .select({ id: tenant.id, domain: tenant.domain })
      .from(tenant)
      .where(and(eq(tenant.isDeleted, 0), sql`coalesce(${tenant.domain}, '') <> ''`));
    if (rows.some((row) => row.id !== ownId && hostOf(row.domain ?? '') === host)) {
      throw fieldError('domain', 'tenant.domainExists');
    }
  }

  private async initPassword(ctx: Ctx): Promise<string> {
    const [row] = await ctx.db
      .select({ value: param.paramValue })
      .from(param)
      .where(and(eq(param.paramKey, INIT_PASSWORD_PARAM), eq(param.isDeleted, 0)))
      .limit(1);
    return row?.value.trim() || DEFAULT_INIT_PASSWORD;
  }
}

/**
 * Refuse adding `adding` accounts to the caller's tenant when that would pass its account limit
 * (`accountNumber`, -1 = unlimited). Call it inside the transaction that inserts the users: the tenant row
 * is locked until that transaction ends, so two concurrent additions cannot both take the last place.
 */
export async function assertAccountQuota(ctx: Ctx, adding = 1): Promise<void> {
  const [owner] = await ctx.db
    .select({ accountNumber: tenant.accountNumber })
    .from(tenant)
    .where(scope(ctx, tenant))
    .limit(1)
    .for('update');
  if (!owner || owner.accountNumber < 0) return;
  const [counted] = await ctx.db.select({ total: count() }).from(user).where(scope(ctx, user));
  if ((counted?.total ?? 0) + adding > owner.accountNumber) {
    throw badRequest('tenant.accountQuota', { limit: owner.accountNumber });
  }
}

/** Only the platform tenant manages tenants and clients, whatever a role of another tenant was granted. */
export function assertPlatform(ctx: Ctx): void {
  if (ctx.tenantId !== PLATFORM_TENANT_ID) throw new AppError(403, 'tenant.platformOnly');
}

/** `https://Console.Example.com:8443/login#x` → `console.example.com:8443`: how domains are compared. */
export function hostOf(domain: string): string {
  const text = domain.trim().toLowerCase();
  if (!text) return '';
  const withoutScheme = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  return withoutScheme.split(/[/?#]/)[0] ?? '';
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}
