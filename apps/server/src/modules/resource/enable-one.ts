import { RESOURCE_DISABLED, RESOURCE_ENABLED } from '@aos/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { oss, sms } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import type { crud } from '../../lib/crud.js';
import { updateAudit } from '../../lib/tenant-scope.js';

type Table = typeof oss | typeof sms;

/** True for a unique-index violation (PostgreSQL 23505), wherever the driver puts the code. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Make `id` the tenant's one enabled configuration: the others are switched off in the same transaction.
 * A partial unique index backs the rule; two enables racing in one tenant make one of them retry.
 */
export async function enableOne<T extends Table>(
  ctx: Ctx,
  table: T,
  rows: ReturnType<typeof crud<T>>,
  id: string,
): Promise<T['$inferSelect']> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(ctx, async (tx) => {
        const target = await rows.detail(tx, id);
        await tx.db
          .update(table)
          .set({ status: RESOURCE_DISABLED, ...updateAudit(tx) } as never)
          .where(and(eq(table.tenantId, tx.tenantId), eq(table.status, RESOURCE_ENABLED), ne(table.id, id)));
        return rows.update(tx, target.id, { status: RESOURCE_ENABLED } as never);
      });
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}
