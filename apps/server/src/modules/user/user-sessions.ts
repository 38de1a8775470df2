import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { client, refreshToken } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { scope } from '../../lib/tenant-scope.js';
import type { SessionService } from '../auth/session.service.js';

/** Revocations outlive every access token of a family; this bounds a client row that has gone missing. */
const MAX_ACCESS_VALIDITY_SECONDS = 86_400;

/**
 * End every session of some users of the caller's tenant: all their refresh tokens are revoked and the
 * access tokens of each live family stop working at once, on every instance (password change or reset,
 * freeze, removal, new roles, cancellation). Runs in the caller's transaction.
 */
export async function endSessions(ctx: Ctx, sessions: SessionService, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const theirs = scope(ctx, refreshToken, inArray(refreshToken.userId, userIds));
  const families = await ctx.db
    .selectDistinct({ familyId: refreshToken.familyId, validity: client.accessTokenValidity })
    .from(refreshToken)
    .leftJoin(client, and(eq(client.clientId, refreshToken.clientId), eq(client.isDeleted, 0)))
    .where(and(theirs, isNull(refreshToken.revokedAt), gt(refreshToken.expiresAt, new Date())));
  for (const family of families) {
    await sessions.revokeFamily(ctx.db, family.familyId, family.validity ?? MAX_ACCESS_VALIDITY_SECONDS);
  }
  // Expired families too, so no refresh token of the users is left unrevoked.
  await ctx.db
    .update(refreshToken)
    .set({ revokedAt: new Date() })
    .where(and(theirs, isNull(refreshToken.revokedAt)));
}
