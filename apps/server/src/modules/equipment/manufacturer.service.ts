import { DICT, ENTITY_MODELS, type Language, type ManufacturerSubmit, type PageQuery } from '@aos/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { dict, manufacturer } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { scope } from '../../lib/tenant-scope.js';
import { ManufacturerUsage } from './manufacturer.usage.js';

const brands = crud({
  table: manufacturer,
  filters: { name: 'like', code: 'like', type: 'eq' },
});

type BrandRow = typeof manufacturer.$inferSelect;

/** `getEmBySign`: the entity center's models of a sign (every model without one), named in `language`. */
export function entityModels(language: Language, sign?: string) {
  return ENTITY_MODELS.filter((model) => !sign || model.sign === sign).map((model) => ({
    sign: model.sign,
    name: language === 'en-US' ? model.nameEn : model.name,
  }));
}

/**
 * Manufacturers (brands) of a tenant (spec §7 cloud-equipment manufacturer). Rules: the type is an entry of
 * the `manufacturer_type` dictionary; the code is unique in the tenant; the associated entity models are
 * signs of the entity center; a brand in use (see `usage`) cannot be removed.
 */
export class ManufacturerService {
  /** the registers that reference brands add their checkers here */
  readonly usage = new ManufacturerUsage();

  page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    return brands.page(ctx, query);
  }

  detail(ctx: Ctx, id: string) {
    return brands.detail(ctx, id);
  }

  async add(ctx: Ctx, input: ManufacturerSubmit) {
    return inTransaction(ctx, async (tx) => {
      await this.check(tx, input, undefined);
      return brands.insert(tx, this.values(input));
    });
  }

  async update(ctx: Ctx, input: ManufacturerSubmit) {
    if (!input.id) throw fieldError('id', 'validation.required');
    const id = input.id;
    return inTransaction(ctx, async (tx) => {
      await brands.detail(tx, id);
      await this.check(tx, input, id);
      return brands.update(tx, id, this.values(input));
    });
  }

  /** Remove brands; refused as a whole (nothing removed) when one of them is in use. */
  async remove(ctx: Ctx, ids: string[]) {
    return inTransaction(ctx, async (tx) => {
      const rows = await tx.db
        .select({ id: manufacturer.id, name: manufacturer.name })
        .from(manufacturer)
        .where(scope(tx, manufacturer, inArray(manufacturer.id, ids)));
      if (rows.length === 0) throw notFound();
      const names = new Map(rows.map((row) => [row.id, row.name]));
      await this.usage.assertUnused(
        tx,
        rows.map((row) => row.id),
        (id) => names.get(id) ?? id,
      );
      return brands.remove(tx, ids);
    });
  }

  private values(input: ManufacturerSubmit): Partial<BrandRow> {
    return {
      name: input.name,
      code: input.code,
      type: input.type,
      address: input.address || null,
      phone: input.phone || null,
      entitySigns: input.entitySigns,
      remark: input.remark || null,
    };
  }

  private async check(ctx: Ctx, input: ManufacturerSubmit, id: string | undefined) {
    const [type] = await ctx.db
      .select({ id: dict.id })
      .from(dict)
      .where(
        and(
          eq(dict.code, DICT.manufacturer_type),
          ne(dict.parentId, '0'),
          eq(dict.dictKey, String(input.type)),
          eq(dict.isDeleted, 0),
        ),
      )
      .limit(1);
    if (!type) throw fieldError('type', 'fleet.typeUnknown');
    const clash = await brands.find(
      ctx,
      and(eq(manufacturer.code, input.code), id ? ne(manufacturer.id, id) : undefined)!,
    );
    if (clash) throw fieldError('code', 'fleet.codeExists');
  }
}
