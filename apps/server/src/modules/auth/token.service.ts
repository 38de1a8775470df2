import {
  DEFAULT_TENANT_ID,
  GRANT_TYPES,
  type GrantType,
  type SignInEvent,
  STATUS_ENABLED,
  type TokenParams,
  type TokenResponse,
  splitIds,
} from '@aos/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { client, refreshToken, tenant, user } from '../../db/schema/index.js';
import type { EventBus } from '../../events/bus.js';
import { OAuthError } from '../../lib/errors.js';
import { hashPassword, md5Hex, sameDigest, sha256, verifyPassword } from '../../lib/password.js';
import type { CaptchaService } from './captcha.service.js';
import type { LoginGuard } from './login-guard.js';
import type { PrincipalService } from './principal.service.js';
import type { SessionService } from './session.service.js';

export interface TokenRequest {
  params: TokenParams;
  /** `Authorization: Basic base64(client_id:client_secret)` */
  authorization: string | undefined;
  headers: {
    tenantId?: string;
    captchaKey?: string;
    captchaCode?: string;
    deptId?: string;
    roleId?: string;
    userAgent?: string;
  };
  ip: string;
}

type ClientRow = typeof client.$inferSelect;
type UserRow = typeof user.$inferSelect;
/** What a grant relied on, checked again as its session is stored: the verified hash, or the refreshed family. */
type Basis = { password: string } | { familyId: string };

/** `POST /api/blade-auth/oauth/token`: the OAuth2 grants of PROTOCOLS.md §1 and their exact bodies. */
export class TokenService {
  /** verified against when the account does not exist, so timing does not reveal which accounts exist */
  private dummyHash: Promise<string>;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly sessions: SessionService,
    private readonly principals: PrincipalService,
    private readonly captcha: CaptchaService,
    private readonly guard: LoginGuard,
    private readonly events: EventBus,
  ) {
    this.dummyHash = hashPassword(md5Hex('not-a-password'), config.PASSWORD_HASH_COST);
  }

  async grant(request: TokenRequest): Promise<TokenResponse> {
    const oauthClient = await this.authenticateClient(request.authorization);
    const grant = request.params.grant_type ?? '';
    if (!(GRANT_TYPES as readonly string[]).includes(grant)) {
      throw new OAuthError(400, 'unsupported_grant_type', 'auth.unsupportedGrant', { grant: grant || '-' });
    }
    if (!splitIds(oauthClient.authorizedGrantTypes).includes(grant)) {
      throw new OAuthError(400, 'unsupported_grant_type', 'auth.grantNotAllowed', { grant });
    }
    switch (grant as GrantType) {
      case 'password':
      case 'captcha':
        return this.told(
          request,
          this.passwordGrant(request, oauthClient, grant === 'captcha' || this.config.CAPTCHA_ENABLED),
        );
      case 'refresh_token':
        return this.refreshGrant(request, oauthClient);
      case 'social':
        throw new OAuthError(400, 'invalid_request', 'auth.socialUnavailable');
      case 'sms_code':
        throw new OAuthError(400, 'invalid_request', 'auth.smsUnavailable');
    }
  }

  /** Tell the other areas (`auth.signedIn`: the sign-in log) of every password sign-in, good or refused. */
  private async told(request: TokenRequest, grant: Promise<TokenResponse>): Promise<TokenResponse> {
    try {
      const response = await grant;
      await this.signedIn(request, {
        tenantId: response.tenant_id,
        userId: response.user_id,
        account: response.account,
        ok: true,
        messageKey: 'user.signedIn',
      });
      return response;
    } catch (error) {
      if (error instanceof OAuthError) {
        const asked = request.params.tenantId || request.headers.tenantId || DEFAULT_TENANT_ID;
        await this.signedIn(request, {
          tenantId: this.config.TENANT_MODE ? asked.trim() : DEFAULT_TENANT_ID,
          userId: null,
          account: request.params.username ?? '',
          ok: false,
          messageKey: error.messageKey,
        });
      }
      throw error;
    }
  }

  /** A lost log row must never fail a sign-in: a handler's failure is only reported. */
  private async signedIn(
    request: TokenRequest,
    outcome: Pick<SignInEvent, 'tenantId' | 'userId' | 'account' | 'ok' | 'messageKey'>,
  ): Promise<void> {
    const account = outcome.account.trim();
    if (!account) return;
    await this.events
      .emit('auth.signedIn', {
        ...outcome,
        account,
        ip: request.ip,
        userAgent: request.headers.userAgent ?? '',
      })
      .catch((error: unknown) => process.emitWarning(`sign-in not told: ${String(error)}`));
  }

  private async authenticateClient(authorization: string | undefined): Promise<ClientRow> {
    const match = /^Basic\s+(.+)$/i.exec(authorization ?? '');
    const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
    const separator = decoded.indexOf(':');
    if (separator <= 0) throw new OAuthError(401, 'invalid_client', 'auth.badClient');
    const clientId = decoded.slice(0, separator);
    const secret = decoded.slice(separator + 1);
    const [row] = await this.db
      .select()
      .from(client)
      .where(and(eq(client.clientId, clientId), eq(client.isDeleted, 0)))
      .limit(1);
    if (!row || row.status !== STATUS_ENABLED || !sameDigest(row.clientSecret, sha256(secret))) {
      throw new OAuthError(401, 'invalid_client', 'auth.badClient');
    }
    return row;
  }

  private async passwordGrant(request: TokenRequest, oauthClient: ClientRow, needsCaptcha: boolean) {
    const { params, headers, ip } = request;
    const tenantId = this.config.TENANT_MODE
      ? (params.tenantId || headers.tenantId || DEFAULT_TENANT_ID).trim()
      : DEFAULT_TENANT_ID;
    const account = (params.username ?? '').trim();
    const password = params.password ?? '';
    if (!account) throw new OAuthError(400, 'invalid_request', 'auth.missingParams', { field: 'username' });
    if (!password) throw new OAuthError(400, 'invalid_request', 'auth.missingParams', { field: 'password' });
    if (needsCaptcha) {
      if (!headers.captchaKey || !headers.captchaCode) {
        throw new OAuthError(400, 'invalid_grant', 'auth.captchaRequired');
      }
      if (!(await this.captcha.verify(headers.captchaKey, headers.captchaCode))) {
        throw new OAuthError(400, 'invalid_grant', 'auth.captchaInvalid');
      }
    }
    await this.guard.assertOpen(tenantId, account, ip);

    const [owner] = await this.db
      .select()
      .from(tenant)
      .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)))
      .limit(1);
    const [row] = owner
      ? await this.db
          .select()
          .from(user)
          .where(and(eq(user.tenantId, tenantId), eq(user.account, account), eq(user.isDeleted, 0)))
          .limit(1)
      : [];
    const passwordOk = await verifyPassword(password, row?.password ?? (await this.dummyHash));
    // An unknown or deleted tenant answers exactly as a wrong password (and counts the same), so tenant ids
    // cannot be enumerated.
    if (!row || !passwordOk) {
      await this.guard.recordFailure(tenantId, account, ip);
      throw new OAuthError(400, 'invalid_grant', 'auth.badCredentials');
    }
    this.assertTenantUsable(owner!);
    if (row.status !== STATUS_ENABLED) throw new OAuthError(400, 'invalid_grant', 'auth.accountFrozen');
    await this.guard.recordSuccess(tenantId, account);

    const roleIds = pick(splitIds(row.roleId), headers.roleId);
    const deptIds = pick(splitIds(row.deptId), headers.deptId);
    const familyId = this.sessions.newFamily();
    return this.issue(row, oauthClient, familyId, roleIds, deptIds, { password: row.password });
  }

  private async refreshGrant(request: TokenRequest, oauthClient: ClientRow) {
    const token = request.params.refresh_token;
    if (!token)
      throw new OAuthError(400, 'invalid_request', 'auth.missingParams', { field: 'refresh_token' });
    const result = await this.sessions.consumeRefresh(this.db, token, oauthClient.clientId);
    if (!result.ok) {
      if (result.reason === 'reused') {
        const [family] = await this.sessions.familyOf(this.db, token);
        if (family)
          await this.sessions.revokeFamily(this.db, family.familyId, oauthClient.accessTokenValidity);
        throw new OAuthError(400, 'invalid_grant', 'auth.refreshReused');
      }
      throw new OAuthError(400, 'invalid_grant', 'auth.refreshInvalid');
    }
    const { row: previous } = result;
    const [owner] = await this.db
      .select()
      .from(tenant)
      .where(and(eq(tenant.tenantId, previous.tenantId), eq(tenant.isDeleted, 0)))
      .limit(1);
    const [row] = await this.db
      .select()
      .from(user)
      .where(and(eq(user.id, previous.userId), eq(user.tenantId, previous.tenantId), eq(user.isDeleted, 0)))
      .limit(1);
    if (!owner || !row) throw new OAuthError(400, 'invalid_grant', 'auth.refreshInvalid');
    this.assertTenantUsable(owner);
    if (row.status !== STATUS_ENABLED) throw new OAuthError(400, 'invalid_grant', 'auth.accountFrozen');
    // Keep the role and dept selection of the sign-in, less anything taken away since.
    const roleIds = splitIds(previous.roleId).filter((id) => splitIds(row.roleId).includes(id));
    const deptIds = splitIds(previous.deptId).filter((id) => splitIds(row.deptId).includes(id));
    return this.issue(row, oauthClient, previous.familyId, roleIds, deptIds, { familyId: previous.familyId });
  }

  /**
   * A sign-in racing a password change (or reset) cannot outlive it. The change updates the user row and ends
   * the user's sessions in one transaction; the grant stores its session under a share lock of that row, after
   * checking that the password it verified is still the stored one (a refresh: that its family was not ended
   * meanwhile). So either the change comes first and the grant is refused, or the grant's session is committed
   * before the change takes the row and the change ends it.
   */
  private async assertStillValid(tx: Executor, row: UserRow, basis: Basis): Promise<void> {
    const [current] = await tx
      .select({ password: user.password })
      .from(user)
      .where(and(eq(user.id, row.id), eq(user.tenantId, row.tenantId), eq(user.isDeleted, 0)))
      .for('share');
    if ('password' in basis) {
      if (current?.password !== basis.password) {
        throw new OAuthError(400, 'invalid_grant', 'auth.badCredentials');
      }
      return;
    }
    const [ended] = current
      ? await tx
          .select({ id: refreshToken.id })
          .from(refreshToken)
          .where(and(eq(refreshToken.familyId, basis.familyId), isNotNull(refreshToken.revokedAt)))
          .limit(1)
      : [undefined];
    if (!current || ended) throw new OAuthError(400, 'invalid_grant', 'auth.refreshInvalid');
  }

  private assertTenantUsable(owner: typeof tenant.$inferSelect): void {
    if (owner.status !== STATUS_ENABLED) throw new OAuthError(400, 'invalid_grant', 'auth.tenantFrozen');
    if (owner.expireTime && owner.expireTime.getTime() <= Date.now()) {
      throw new OAuthError(400, 'invalid_grant', 'auth.tenantExpired');
    }
  }

  private async issue(
    row: UserRow,
    oauthClient: ClientRow,
    familyId: string,
    roleIds: string[],
    deptIds: string[],
    basis: Basis,
  ): Promise<TokenResponse> {
    const grants = await this.principals.grants(row.tenantId, roleIds);
    const roleId = grants.roleIds.join(',');
    const deptId = deptIds.join(',');
    const { token, jti } = this.sessions.signAccess(
      {
        tenant_id: row.tenantId,
        user_id: row.id,
        account: row.account,
        role_id: roleId,
        role_name: grants.roleAliases.join(','),
        dept_id: deptId,
        client_id: oauthClient.clientId,
        sid: familyId,
      },
      oauthClient.accessTokenValidity,
    );
    const refresh = await this.db.transaction(async (tx) => {
      await this.assertStillValid(tx, row, basis);
      return this.sessions.issueRefresh(
        tx,
        { familyId, tenantId: row.tenantId, userId: row.id, clientId: oauthClient.clientId, roleId, deptId },
        oauthClient.refreshTokenValidity,
      );
    });
    return {
      access_token: token,
      token_type: 'bearer',
      refresh_token: refresh,
      expires_in: oauthClient.accessTokenValidity,
      scope: oauthClient.scope,
      jti,
      tenant_id: row.tenantId,
      user_id: row.id,
      dept_id: deptId,
      post_id: row.postId,
      role_id: roleId,
      oauth_id: '',
      account: row.account,
      user_name: row.account,
      nick_name: row.name ?? row.account,
      real_name: row.realName ?? '',
      role_name: grants.roleAliases.join(','),
      avatar: row.avatar ?? '',
      detail: { type: 'web' },
      password_change_required: row.passwordChangeRequired === 1,
    };
  }
}

/** `Role-Id` / `Dept-Id` headers choose one of the user's own roles or depts; anything else is ignored. */
function pick(owned: string[], chosen: string | undefined): string[] {
  return chosen && owned.includes(chosen) ? [chosen] : owned;
}
