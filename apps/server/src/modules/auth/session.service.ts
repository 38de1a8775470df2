import { randomBytes, randomUUID } from 'node:crypto';
import type { AccessClaims } from '@aos/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { Executor } from '../../db/client.js';
import { refreshToken } from '../../db/schema/index.js';
import type { Cache } from '../../lib/cache.js';
import { newId } from '../../lib/ids.js';
import { sha256 } from '../../lib/password.js';

const REVOKED_PREFIX = 'auth:revoked:';
const REVOKED_CHANNEL = 'auth:revoked';
const ISSUER = 'aos';

export interface VerifiedAccess extends AccessClaims {
  jti: string;
  exp: number;
}

export type RotateResult =
  | { ok: true; row: typeof refreshToken.$inferSelect }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' | 'revoked' | 'client' };

/**
 * Access tokens are HS256 JWTs; refresh tokens are random strings kept as sha-256 digests. A sign-in starts a
 * family (the `sid` claim); revoking a family (logout, reuse of a rotated token) also kills its live access
 * tokens through the revocation list, which every instance mirrors in memory for a constant-time check.
 */
export class SessionService {
  private readonly revoked = new Map<string, number>();
  private readonly sign: (payload: Record<string, unknown>) => string;
  // Synchronous HMAC check with a cache of verified tokens: no thread-pool hop, so password hashing (which
  // does use the pool) never delays ordinary requests, and a repeated token costs a lookup.
  private readonly verify: (token: string) => VerifiedAccess;

  constructor(
    secret: string,
    private readonly cache: Cache,
  ) {
    this.sign = createSigner({ key: secret, algorithm: 'HS256', iss: ISSUER });
    this.verify = createVerifier({
      key: secret,
      algorithms: ['HS256'],
      allowedIss: ISSUER,
      requiredClaims: ['exp', 'sid', 'user_id', 'tenant_id'],
      cache: 10_000,
    }) as (token: string) => VerifiedAccess;
  }

  /**
   * Mirror the revocation list of other instances (Redis) before serving requests, and read it again when
   * the subscription is back after Redis was unreachable (what was published meanwhile is lost).
   */
  async start(): Promise<void> {
    await this.cache.subscribe(REVOKED_CHANNEL, (message) => {
      const [sid, until] = message.split(' ');
      if (sid && until) this.revoked.set(sid, Number(until));
    });
    this.cache.onResubscribed(() => {
      this.readRevocations().catch(() => undefined); // Redis gone again: the next reconnection reads it
    });
    await this.readRevocations();
  }

  private async readRevocations(): Promise<void> {
    for (const key of await this.cache.keys(REVOKED_PREFIX)) {
      const until = await this.cache.get(key);
      if (until) this.revoked.set(key.slice(REVOKED_PREFIX.length), Number(until));
    }
  }

  signAccess(claims: AccessClaims, validitySeconds: number): { token: string; jti: string } {
    const jti = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const token = this.sign({ ...claims, jti, iat: now, exp: now + validitySeconds });
    return { token, jti };
  }

  /** The claims of a valid, unexpired, unrevoked access token; null otherwise. */
  verifyAccess(token: string): VerifiedAccess | null {
    let claims: VerifiedAccess;
    try {
      claims = this.verify(token);
    } catch (error) {
      if (error instanceof TokenError) return null;
      throw error;
    }
    if (typeof claims.sid !== 'string' || typeof claims.user_id !== 'string') return null;
    return this.isRevoked(claims.sid) ? null : claims;
  }

  isRevoked(sessionId: string): boolean {
    const until = this.revoked.get(sessionId);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.revoked.delete(sessionId);
    return false;
  }

  newFamily(): string {
    return randomUUID();
  }

  async issueRefresh(
    db: Executor,
    input: {
      familyId: string;
      tenantId: string;
      userId: string;
      clientId: string;
      roleId: string;
      deptId: string;
    },
    validitySeconds: number,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await db.insert(refreshToken).values({
      id: newId(),
      tokenHash: sha256(token),
      ...input,
      expiresAt: new Date(Date.now() + validitySeconds * 1000),
    });
    return token;
  }

  /**
   * Use a refresh token once. A second use of the same token means it leaked: the caller revokes the family.
   * The update is conditional, so two concurrent uses cannot both succeed.
   */
  async consumeRefresh(db: Executor, token: string, clientId: string): Promise<RotateResult> {
    const [row] = await db
      .select()
      .from(refreshToken)
      .where(eq(refreshToken.tokenHash, sha256(token)))
      .limit(1);
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revokedAt) return { ok: false, reason: 'revoked' };
    if (row.usedAt) return { ok: false, reason: 'reused' };
    if (row.clientId !== clientId) return { ok: false, reason: 'client' };
    if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
    const claimed = await db
      .update(refreshToken)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshToken.id, row.id), isNull(refreshToken.usedAt)))
      .returning({ id: refreshToken.id });
    return claimed.length ? { ok: true, row } : { ok: false, reason: 'reused' };
  }

  familyOf(db: Executor, token: string) {
    return db
      .select({ familyId: refreshToken.familyId })
      .from(refreshToken)
      .where(eq(refreshToken.tokenHash, sha256(token)))
      .limit(1);
  }

  /** Revoke every refresh token of the family and, until they expire, its access tokens. */
  async revokeFamily(db: Executor, familyId: string, accessValiditySeconds: number): Promise<void> {
    await db
      .update(refreshToken)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshToken.familyId, familyId), isNull(refreshToken.revokedAt)));
    const until = Date.now() + accessValiditySeconds * 1000;
    this.revoked.set(familyId, until);
    await this.cache.set(REVOKED_PREFIX + familyId, String(until), accessValiditySeconds);
    await this.cache.publish(REVOKED_CHANNEL, `${familyId} ${until}`);
  }
}
