import { PLATFORM_TENANT_ID, type UserInfo } from '@aos/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { client, user } from '../../db/schema/index.js';
import { ADMINISTRATOR_ALIAS } from '../../db/provision.js';
import type { Principal } from '../../lib/context.js';
import type { PrincipalService } from './principal.service.js';
import type { SessionService } from './session.service.js';

const MAX_ACCESS_VALIDITY_SECONDS = 86_400;

/** The signed-in user's own calls: who am I, sign out, clear cache. */
export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly principals: PrincipalService,
  ) {}

  /** Built once per cached profile (the permission set is shared by every request of that profile). */
  private readonly infos = new WeakMap<ReadonlySet<string>, UserInfo>();

  userInfo(principal: Principal): UserInfo {
    const known = this.infos.get(principal.permissions);
    if (known) return known;
    const info: UserInfo = {
      id: principal.userId,
      tenantId: principal.tenantId,
      account: principal.account,
      name: principal.name,
      realName: principal.realName,
      avatar: principal.avatar,
      email: principal.email,
      phone: principal.phone,
      sex: principal.sex,
      userType: principal.userType,
      deptId: principal.deptIds.join(','),
      postId: principal.postIds.join(','),
      roleId: principal.roleIds.join(','),
      roleName: principal.roleAliases.join(','),
      roles: principal.roleAliases,
      permissions: [...principal.permissions],
      tenantName: principal.tenantName,
      passwordChangeRequired: principal.passwordChangeRequired,
    };
    this.infos.set(principal.permissions, info);
    return info;
  }

  /**
   * End the session. A refresh racing the logout cannot outlive it: the refresh stores its new token under a
   * share lock of the user row after checking that its family was not ended (token.service.ts
   * `assertStillValid`), and the logout ends the family under an update lock of the same row. So either the
   * refresh commits first and the logout's revocation (a statement started after the lock) ends its new
   * token too, or the logout commits first and the refresh is refused.
   */
  async logout(principal: Principal): Promise<boolean> {
    const [row] = await this.db
      .select({ validity: client.accessTokenValidity })
      .from(client)
      .where(eq(client.clientId, principal.clientId))
      .limit(1);
    await this.db.transaction(async (tx) => {
      await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.id, principal.userId), eq(user.tenantId, principal.tenantId)))
        .for('update');
      // The revocation must outlive every access token of the session: their lifetime is the client's.
      await this.sessions.revokeFamily(tx, principal.sessionId, row?.validity ?? MAX_ACCESS_VALIDITY_SECONDS);
    });
    return true;
  }

  async clearCache(principal: Principal): Promise<boolean> {
    const platformAdmin =
      principal.tenantId === PLATFORM_TENANT_ID && principal.roleAliases.includes(ADMINISTRATOR_ALIAS);
    await this.principals.invalidate(platformAdmin ? '*' : principal.userId);
    return true;
  }
}
