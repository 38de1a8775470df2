import { ENTITY_MODELS, type DeviceKind } from '@aos/contract';
import { eq, inArray } from 'drizzle-orm';
import { brand } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { fieldError } from '../../lib/errors.js';
import { type AuditedTable, scope } from '../../lib/tenant-scope.js';

// Rules shared by the device and dock registers.

/**
 * The brand must be a live brand of the caller's tenant whose entity-center signs cover `kind` (a brand says
 * which kinds of thing it makes, fleet.ts ENTITY_MODELS).
 */
export async function checkBrand(ctx: Ctx, manufacturerId: string, kind: DeviceKind): Promise<void> {
  const [found] = await ctx.db
    .select({ signs: brand.entitySigns })
    .from(brand)
    .where(scope(ctx, brand, eq(brand.id, manufacturerId)))
    .limit(1);
  if (!found) throw fieldError('manufacturerId', 'fleet.brandUnknown');
  if (!found.signs.split(',').includes(kind)) {
    const entity = ENTITY_MODELS.find((model) => model.sign === kind);
    const name = ctx.language === 'en-US' ? entity?.nameEn : entity?.name;
    throw fieldError('manufacturerId', 'fleet.brandKind', { kind: name ?? kind });
  }
}

type NamedTable = AuditedTable & { name: AuditedTable['id'] };

/** id → name of the live rows of `table` among `ids`, in the caller's scope (brands, devices, docks). */
export async function namesById(
  ctx: Ctx,
  table: NamedTable,
  ids: Array<string | null>,
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = (await ctx.db
    .select({ id: table.id, name: table.name })
    .from(table as AuditedTable)
    .where(scope(ctx, table, inArray(table.id, wanted)))) as Array<{ id: string; name: string }>;
  return new Map(rows.map((row) => [row.id, row.name]));
}
