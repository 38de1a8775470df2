import {
  LOGIN_RESULT,
  type LoginLog,
  type LoginLogQuery,
  type Page,
  type SignInEvent,
  translate,
} from '@aos/contract';
import { desc, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginLog } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { scope } from '../../lib/tenant-scope.js';
import { crud } from '../../lib/crud.js';
import { newId } from '../../lib/ids.js';

/** A login log entry before the envelope writes its time. */
type LoginLogRow = Omit<LoginLog, 'createTime'> & { createTime: Date };

const logs = crud({
  table: loginLog,
  filters: { userId: 'eq', account: 'like', ip: 'like', result: 'eq' },
  defaultOrder: [desc(loginLog.createTime), desc(loginLog.id)],
});

/**
 * The login log: every password sign-in, good or refused, with time, account, address and browser. Written
 * off the sign-in's path (the answer does not wait for the insert); read per tenant by `loginLogList`.
 */
export class LoginLogService {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly db: Db) {}

  /** `auth.signedIn`: start the insert and return at once. */
  record(outcome: SignInEvent): void {
    const write = this.write(outcome)
      .catch((error: unknown) => {
        // A lost log row must never fail a sign-in.
        process.emitWarning(`login log not written: ${String(error)}`);
      })
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
  }

  /** Wait for the inserts under way (shutdown, tests). */
  async flush(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  private async write(outcome: SignInEvent): Promise<void> {
    const now = new Date();
    await this.db.insert(loginLog).values({
      id: newId(),
      tenantId: outcome.tenantId.slice(0, 12),
      userId: outcome.userId,
      account: outcome.account.slice(0, 45),
      ip: outcome.ip.slice(0, 64),
      userAgent: outcome.userAgent.slice(0, 500),
      result: outcome.ok ? LOGIN_RESULT.success : LOGIN_RESULT.failure,
      message: outcome.messageKey.slice(0, 100),
      createUser: outcome.userId,
      createTime: now,
      updateTime: now,
    });
  }

  async page(ctx: Ctx, query: LoginLogQuery): Promise<Page<LoginLogRow>> {
    const page = await logs.page(ctx, query);
    return {
      ...page,
      records: page.records.map((row) => ({
        id: row.id,
        tenantId: row.tenantId,
        userId: row.userId,
        account: row.account,
        ip: row.ip,
        userAgent: row.userAgent,
        result: row.result,
        message: translate(ctx.language, row.message),
        createTime: row.createTime,
      })),
    };
  }

  /** The last successful sign-in of each of `userIds` (the user page's "last login"). */
  async lastSignIns(ctx: Ctx, userIds: string[]): Promise<Map<string, Date>> {
    if (userIds.length === 0) return new Map();
    const rows = await ctx.db
      .select({ userId: loginLog.userId, last: max(loginLog.createTime) })
      .from(loginLog)
      .where(
        scope(ctx, loginLog, inArray(loginLog.userId, userIds), eq(loginLog.result, LOGIN_RESULT.success)),
      )
      .groupBy(loginLog.userId);
    return new Map(rows.flatMap((row) => (row.userId && row.last ? [[row.userId, row.last]] : [])));
  }
}
