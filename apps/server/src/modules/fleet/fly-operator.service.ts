import { FLY_OPERATOR_OFF, FLY_OPERATOR_ON, type FlyOperatorSubmit, type PageQuery } from '@aos/contract';
import { and, eq, inArray, lt, ne } from 'drizzle-orm';
import { flyOperator, user } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { badRequest, fieldError, notFound } from '../../lib/errors.js';
import { scope, updateAudit } from '../../lib/tenant-scope.js';

const operators = crud({
  table: flyOperator,
  filters: { name: 'like', phone: 'like', licenceNumber: 'like', status: 'eq' },
});

type OperatorRow = typeof flyOperator.$inferSelect;

/** Today as `yyyy-MM-dd` in the server's time zone. */
export function today(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** A licence is valid through its expiry day. */
export function licenceExpired(expiry: string, on = today()): boolean {
  return expiry < on;
}

/**
 * Fly operators of a tenant (spec §7 /api/cloud-user/fly-operator). Rules: the linked user is a live user of
 * the same tenant and is linked to one operator only; the licence number is unique in the tenant; a licence
 * that has expired cannot be saved and its operator cannot be turned on; turnOn/turnOff act on every id in
 * one statement, and only on the caller's tenant (404 when none is reached).
 */
export class FlyOperatorService {
  async page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    const page = await operators.page(ctx, query);
    return { ...page, records: await this.withAccounts(ctx, page.records) };
  }

  async detail(ctx: Ctx, id: string) {
    const [row] = await this.withAccounts(ctx, [await operators.detail(ctx, id)]);
    return row!;
  }

  async add(ctx: Ctx, input: FlyOperatorSubmit) {
    return inTransaction(ctx, async (tx) => {
      await this.check(tx, input, undefined);
      return operators.insert(tx, { ...this.values(input), status: FLY_OPERATOR_ON });
    });
  }

  async update(ctx: Ctx, input: FlyOperatorSubmit) {
    if (!input.id) throw fieldError('id', 'validation.required');
    const id = input.id;
    return inTransaction(ctx, async (tx) => {
      await operators.detail(tx, id);
      await this.check(tx, input, id);
      return operators.update(tx, id, this.values(input));
    });
  }

  remove(ctx: Ctx, ids: string[]) {
    return operators.remove(ctx, ids);
  }

  /** Turn every operator of `ids` on; refused (nothing changed) when one of them holds an expired licence. */
  async turnOn(ctx: Ctx, ids: string[]) {
    return inTransaction(ctx, async (tx) => {
      const expired = await tx.db
        .select({ name: flyOperator.name })
        .from(flyOperator)
        .where(scope(tx, flyOperator, inArray(flyOperator.id, ids), lt(flyOperator.licenceExpiry, today())));
      if (expired.length) {
        throw badRequest('fleet.licenceExpiredOn', { names: expired.map((row) => row.name).join(', ') });
      }
      return this.setStatus(tx, ids, FLY_OPERATOR_ON);
    });
  }

  turnOff(ctx: Ctx, ids: string[]) {
    return this.setStatus(ctx, ids, FLY_OPERATOR_OFF);
  }

  private async setStatus(ctx: Ctx, ids: string[], status: number) {
    const changed = await ctx.db
      .update(flyOperator)
      .set({ status, ...updateAudit(ctx) })
      .where(scope(ctx, flyOperator, inArray(flyOperator.id, ids)))
      .returning({ id: flyOperator.id });
    if (changed.length === 0) throw notFound();
    return changed.length;
  }

  private values(input: FlyOperatorSubmit): Partial<OperatorRow> {
    return {
      userId: input.userId,
      name: input.name,
      phone: input.phone.trim(),
      licenceNumber: input.licenceNumber,
      licenceExpiry: input.licenceExpiry,
      remark: input.remark || null,
    };
  }

  private async check(ctx: Ctx, input: FlyOperatorSubmit, id: string | undefined) {
    if (licenceExpired(input.licenceExpiry)) throw fieldError('licenceExpiry', 'fleet.licenceExpired');
    const [linked] = await ctx.db
      .select({ id: user.id })
      .from(user)
      .where(scope(ctx, user, eq(user.id, input.userId)))
      .limit(1);
    if (!linked) throw fieldError('userId', 'fleet.userUnknown');
    const other = id ? ne(flyOperator.id, id) : undefined;
    if (await operators.find(ctx, and(eq(flyOperator.userId, input.userId), other)!)) {
      throw fieldError('userId', 'fleet.userTaken');
    }
    if (await operators.find(ctx, and(eq(flyOperator.licenceNumber, input.licenceNumber), other)!)) {
      throw fieldError('licenceNumber', 'fleet.licenceExists');
    }
  }

  private async withAccounts(ctx: Ctx, rows: OperatorRow[]) {
    const ids = [...new Set(rows.map((row) => row.userId))];
    const accounts = ids.length
      ? await ctx.db
          .select({ id: user.id, account: user.account, realName: user.realName })
          .from(user)
          .where(scope(ctx, user, inArray(user.id, ids)))
      : [];
    const byId = new Map(accounts.map((row) => [row.id, row]));
    return rows.map((row) => ({
      ...row,
      userAccount: byId.get(row.userId)?.account ?? null,
      userRealName: byId.get(row.userId)?.realName ?? null,
    }));
  }
}
