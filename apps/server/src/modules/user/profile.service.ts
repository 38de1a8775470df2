import type { PasswordChange, Profile, ProfileUpdate } from '@aos/contract';
import { eq } from 'drizzle-orm';
import { user } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { AppError, fieldError, notFound, unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { scope, updateAudit } from '../../lib/tenant-scope.js';
import type { LoginGuard, Refusal } from '../auth/login-guard.js';
import type { PrincipalService } from '../auth/principal.service.js';
import type { SessionService } from '../auth/session.service.js';
import type { FileService } from '../resource/file.service.js';
import { endSessions } from './user-sessions.js';

type UserRow = typeof user.$inferSelect;

/** A locked account (or address) is answered in the BladeX envelope here, not as an OAuth2 error. */
const lockedRefusal: Refusal = ({ messageKey, minutes }) => new AppError(400, messageKey, { minutes });

function toProfile(row: UserRow): Profile {
  return {
    id: row.id,
    tenantId: row.tenantId,
    account: row.account,
    name: row.name,
    realName: row.realName,
    avatar: row.avatar,
    email: row.email,
    phone: row.phone,
    sex: row.sex,
    birthday: row.birthday,
    deptId: row.deptId,
    roleId: row.roleId,
    postId: row.postId,
    userType: row.userType,
  };
}

/** `undefined` keeps a field as it is; an empty value clears it. */
function cleared<T>(value: T | '' | null | undefined): T | null | undefined {
  return value === undefined ? undefined : value === '' || value === null ? null : value;
}

/**
 * The personal center (spec §3 "User profile" and "Password change"): every verb acts on the caller's own
 * row, found by the token's user and tenant; nothing in the input can name another user.
 */
export class ProfileService {
  constructor(
    private readonly passwordHashCost: number,
    private readonly sessions: SessionService,
    private readonly principals: PrincipalService,
    private readonly files: FileService,
    private readonly guard: LoginGuard,
  ) {}

  private me(ctx: Ctx): string {
    if (!ctx.user) throw unauthorized();
    return ctx.user.userId;
  }

  private async row(ctx: Ctx): Promise<UserRow> {
    const [row] = await ctx.db
      .select()
      .from(user)
      .where(scope(ctx, user, eq(user.id, this.me(ctx))))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  async info(ctx: Ctx): Promise<Profile> {
    return toProfile(await this.row(ctx));
  }

  async update(ctx: Ctx, input: ProfileUpdate): Promise<Profile> {
    const current = await this.row(ctx);
    const avatar = cleared(input.avatar);
    // Only a picture uploaded to this tenant, unless the avatar is left as it was.
    if (avatar && avatar !== current.avatar && !(await this.files.isOwnLink(ctx, avatar))) {
      throw fieldError('avatar', 'user.avatarLink');
    }
    const [row] = await ctx.db
      .update(user)
      .set({
        name: input.name,
        realName: cleared(input.realName),
        avatar,
        phone: cleared(input.phone),
        email: cleared(input.email),
        sex: input.sex,
        birthday: input.birthday,
        ...updateAudit(ctx),
      })
      .where(scope(ctx, user, eq(user.id, current.id)))
      .returning();
    if (!row) throw notFound();
    // user-info and every instance's cached principal show the new profile at once.
    await this.principals.invalidate(row.id);
    return toProfile(row);
  }

  /**
   * Verify the old password, store the new one, and end every session of the user (this one included): all
   * refresh tokens are revoked and the access tokens of each live family stop working. The old password is a
   * guess like a sign-in's: a wrong one counts toward the account lockout, and a locked account (or address)
   * cannot change its password either.
   */
  async changePassword(ctx: Ctx, input: PasswordChange, ip: string): Promise<boolean> {
    const current = await this.row(ctx);
    await this.guard.assertOpen(current.tenantId, current.account, ip, lockedRefusal);
    if (!(await verifyPassword(input.oldPassword, current.password))) {
      await this.guard.recordFailure(current.tenantId, current.account, ip, lockedRefusal);
      throw fieldError('oldPassword', 'user.oldPasswordWrong');
    }
    const hash = await hashPassword(input.newPassword, this.passwordHashCost);
    await inTransaction(ctx, async (tx) => {
      const changed = await tx.db
        .update(user)
        .set({ password: hash, passwordChangeRequired: 0, ...updateAudit(tx) })
        .where(scope(tx, user, eq(user.id, current.id)))
        .returning({ id: user.id });
      if (!changed.length) throw notFound();
      await endSessions(tx, this.sessions, [current.id]);
    });
    await this.guard.recordSuccess(current.tenantId, current.account);
    // no instance goes on answering with the old profile (passwordChangeRequired)
    await this.principals.invalidate(current.id);
    return true;
  }
}
