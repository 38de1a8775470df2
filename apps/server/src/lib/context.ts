import type { Language } from '@aos/contract';
import type { Executor } from '../db/client.js';

/** One data-scope rule granted to a role (PROTOCOLS.md §1 scope_data); enforced per resource code. */
export interface DataScopeRule {
  resourceCode: string;
  scopeColumn: string | null;
  /** 1 all, 2 own, 3 own dept, 4 own dept and below, 5 custom */
  scopeType: number;
  scopeValue: string | null;
}

/**
 * One API-scope rule granted to a role (PROTOCOLS.md §1 scope_api): on the routes whose permission code is in
 * `codes`, only `scopePath` may be called (type 2), or every path (type 1). See lib/api-scope.ts.
 */
export interface ApiScopeRule {
  resourceCode: string;
  scopePath: string;
  /** 1 all paths, 2 the path pattern */
  scopeType: number;
  /** the permission codes the rule covers: its resource code and, for a menu code, that menu's buttons */
  codes: string[];
}

/** The signed-in user as every request sees it, built from the token and the database (cached). */
export interface Principal {
  userId: string;
  tenantId: string;
  tenantName: string;
  account: string;
  name: string;
  realName: string;
  avatar: string;
  email: string;
  phone: string;
  sex: number | null;
  userType: number;
  roleIds: string[];
  roleAliases: string[];
  roleNames: string[];
  deptIds: string[];
  postIds: string[];
  /** the password is the init password: only what changing it needs is allowed (see plugins/auth.ts) */
  passwordChangeRequired: boolean;
  /** menu and button codes granted through the roles */
  permissions: ReadonlySet<string>;
  dataScopes: DataScopeRule[];
  apiScopes: ApiScopeRule[];
  clientId: string;
  sessionId: string;
}

/**
 * What every service verb receives: the tenant (from the verified token, never from input), the user,
 * their roles, depts and data scope, the caller's language, and the executor (database or transaction).
 */
export interface Ctx {
  tenantId: string;
  user: Principal | null;
  roles: string[];
  depts: string[];
  dataScopes: DataScopeRule[];
  language: Language;
  db: Executor;
}

export function userId(ctx: Ctx): string | null {
  return ctx.user?.userId ?? null;
}

/** Run `work` in a transaction: the callback's ctx queries through it. */
export function inTransaction<T>(ctx: Ctx, work: (tx: Ctx) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => work({ ...ctx, db: tx }));
}

/** A tenant as the services see the platform itself acting in it (jobs, events, the demo): no user. */
export function platformCtx(db: Executor, tenantId: string): Ctx {
  return { tenantId, user: null, roles: [], depts: [], dataScopes: [], language: 'zh-CN', db };
}
