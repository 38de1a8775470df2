import { DEVICE_TYPE_AIRCRAFT, type DictCode, type MessageKey } from '@aos/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { device, dictBiz } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { fieldError } from '../../lib/errors.js';
import { type AuditedTable, scope, type TenantTable } from '../../lib/tenant-scope.js';

/**
 * Reference fields of the GIS resources (aircraft, takeoff/landing points, approval files, business
 * dictionary keys): each checked against the caller's tenant, so another tenant's id is refused as a bad
 * value of its field (400), never followed.
 */

type NamedTable = TenantTable & { name: PgColumn };

/** The names of the tenant's live rows of `table` among `ids`. */
export async function namesById(
  ctx: Ctx,
  table: NamedTable,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = (await ctx.db
    .select({ id: table.id, name: table.name })
    .from(table as AuditedTable)
    .where(scope(ctx, table, inArray(table.id, wanted)))) as Array<{ id: string; name: string }>;
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Refuses (400 on `field`) unless every id is a live row of the tenant's `table`. */
export async function assertOwnRows(
  ctx: Ctx,
  table: TenantTable,
  ids: readonly string[],
  field: string,
  message: MessageKey,
): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const rows = await ctx.db
    .select({ id: table.id })
    .from(table as AuditedTable)
    .where(scope(ctx, table, inArray(table.id, wanted)));
  if (rows.length !== wanted.length) throw fieldError(field, message);
}

/**
 * Refuses (400 on `field`) unless every id is an aircraft of the tenant; answers them by id. A device of
 * another type is named in the message.
 */
export async function aircraftOf(
  ctx: Ctx,
  ids: readonly string[],
  field: string,
  messages: { invalid: MessageKey; notAircraft: MessageKey },
): Promise<Map<string, { id: string; name: string; serialNumber: string }>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: device.id, name: device.name, serialNumber: device.serialNumber, type: device.type })
    .from(device)
    .where(scope(ctx, device, inArray(device.id, wanted)));
  if (rows.length !== wanted.length) throw fieldError(field, messages.invalid);
  const others = rows.filter((row) => row.type !== DEVICE_TYPE_AIRCRAFT);
  if (others.length)
    throw fieldError(field, messages.notAircraft, { names: others.map((row) => row.name).join(', ') });
  return new Map(rows.map((row) => [row.id, row]));
}

/** Refuses (400 on `field`) a key that is no entry of the tenant's business dictionary `code`. */
export async function assertBizDictKey(
  ctx: Ctx,
  code: DictCode,
  key: number | string,
  field: string,
  message: MessageKey,
): Promise<void> {
  const [entry] = await ctx.db
    .select({ id: dictBiz.id })
    .from(dictBiz)
    .where(
      scope(
        ctx,
        dictBiz,
        and(eq(dictBiz.code, code), ne(dictBiz.parentId, '0'), eq(dictBiz.dictKey, String(key))),
      ),
    )
    .limit(1);
  if (!entry) throw fieldError(field, message);
}
