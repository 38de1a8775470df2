import { DICT, ENTITY_MODELS, type Language, type BrandSubmit, type PageQuery } from '@aos/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { brand } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { checkDictKey } from '../../lib/dict-entry.js';
import { crud } from '../../lib/crud.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { scope } from '../../lib/tenant-scope.js';
import type { EventBus } from '../../events/bus.js';

const brands = crud({
  table: brand,
  filters: { name: 'like', code: 'like', type: 'eq' },
});

type BrandRow = typeof brand.$inferSelect;

/** `getEmBySign`: the entity center's models of a sign (every model without one), named in `language`. */
export function entityModels(language: Language, sign?: string) {
  return ENTITY_MODELS.filter((model) => !sign || model.sign === sign).map((model) => ({
    sign: model.sign,
    name: language === 'en-US' ? model.nameEn : model.name,
  }));
}

/**
 * Manufacturers (brands) of a tenant (spec §7 cloud-equipment brand). Rules: the type is an entry of
 * the `manufacturer_type` dictionary; the code is unique in the tenant; the associated entity models are
 * signs of the entity center; a brand still referenced by a register (devices, docks: they answer the
 * `fleet.brandsRemoving` event) cannot be removed.
 */
export class BrandService {
  constructor(private readonly events: EventBus) {}

  page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    return brands.page(ctx, query);
  }

  detail(ctx: Ctx, id: string) {
    return brands.detail(ctx, id);
  }

  async add(ctx: Ctx, input: BrandSubmit) {
    return inTransaction(ctx, async (tx) => {
      await this.check(tx, input, undefined);
      return brands.insert(tx, this.values(input));
    });
  }

  async update(ctx: Ctx, input: BrandSubmit) {
    if (!input.id) throw fieldError('id', 'validation.required');
    const id = input.id;
    return inTransaction(ctx, async (tx) => {
      await brands.detail(tx, id);
      await this.check(tx, input, id);
      return brands.update(tx, id, this.values(input));
    });
  }

  /**
   * Remove brands; refused as a whole (nothing removed) when one of them is in use. The registers are asked
   * before the transaction: they query through the app's database, which on PGlite (one connection) would
   * wait for this transaction for ever.
   */
  async remove(ctx: Ctx, ids: string[]) {
    const rows = await ctx.db
      .select({ id: brand.id, name: brand.name })
      .from(brand)
      .where(scope(ctx, brand, inArray(brand.id, ids)));
    if (rows.length === 0) throw notFound();
    const replies = await this.events.emit('fleet.brandsRemoving', {
      tenantId: ctx.tenantId,
      ids: rows.map((row) => row.id),
    });
    const used = new Set(replies.flat());
    if (used.size) {
      const names = rows.filter((row) => used.has(row.id)).map((row) => row.name);
      throw new AppError(400, 'fleet.brandInUse', { names: names.join(', ') });
    }
    return brands.remove(ctx, ids);
  }

  private values(input: BrandSubmit): Partial<BrandRow> {
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

  private async check(ctx: Ctx, input: BrandSubmit, id: string | undefined) {
    await checkDictKey(ctx, DICT.manufacturer_type, input.type, 'type', 'fleet.typeUnknown');
    const clash = await brands.find(ctx, and(eq(brand.code, input.code), id ? ne(brand.id, id) : undefined)!);
    if (clash) throw fieldError('code', 'fleet.codeExists');
  }
}
