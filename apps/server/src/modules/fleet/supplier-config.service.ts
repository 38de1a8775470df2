import { type PageQuery, SECRET_MASK, type SupplierConfigSubmit } from '@aos/contract';
import { and, eq, ne } from 'drizzle-orm';
import { supplierConfig } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { fieldError } from '../../lib/errors.js';
import { keepsSecret } from '../../lib/secrets.js';
import type { NetworkGuard } from '../../storage/network-guard.js';

const configs = crud({
  table: supplierConfig,
  filters: { name: 'like', code: 'like' },
});

type ConfigRow = typeof supplierConfig.$inferSelect;

/** A configuration as the API shows it: the secret never leaves the server. */
function masked(row: ConfigRow): ConfigRow {
  return { ...row, appSecret: row.appSecret ? SECRET_MASK : '' };
}

/**
 * Supplier API settings of a tenant (spec §7 cloud-equipment supplier-config). Rules: the code is unique in
 * the tenant; the base URL is a tenant URL (contract tenantUrl) whose host is not our own network (unless
 * the platform allows private networks); the app secret is required when adding, answered masked, and
 * kept when an update sends the mask or nothing.
 */
export class SupplierConfigService {
  constructor(private readonly guard: NetworkGuard) {}

  async page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    const page = await configs.page(ctx, query);
    return { ...page, records: page.records.map(masked) };
  }

  async detail(ctx: Ctx, id: string) {
    return masked(await configs.detail(ctx, id));
  }

  async add(ctx: Ctx, input: SupplierConfigSubmit) {
    if (keepsSecret(input.appSecret)) throw fieldError('appSecret', 'validation.required');
    this.checkBaseUrl(input.baseUrl);
    return inTransaction(ctx, async (tx) => {
      await this.checkCode(tx, input.code, undefined);
      return masked(await configs.insert(tx, { ...this.values(input), appSecret: input.appSecret! }));
    });
  }

  async update(ctx: Ctx, input: SupplierConfigSubmit) {
    if (!input.id) throw fieldError('id', 'validation.required');
    const id = input.id;
    this.checkBaseUrl(input.baseUrl);
    return inTransaction(ctx, async (tx) => {
      const existing = await configs.detail(tx, id);
      await this.checkCode(tx, input.code, id);
      const appSecret = keepsSecret(input.appSecret) ? existing.appSecret : input.appSecret!;
      return masked(await configs.update(tx, id, { ...this.values(input), appSecret }));
    });
  }

  remove(ctx: Ctx, ids: string[]) {
    return configs.remove(ctx, ids);
  }

  private values(input: SupplierConfigSubmit): Partial<ConfigRow> {
    return {
      name: input.name,
      code: input.code,
      baseUrl: input.baseUrl,
      appKey: input.appKey,
      remark: input.remark || null,
    };
  }

  /** The server will call this address: it may not name our own network (NetworkGuard, issue 14). */
  private checkBaseUrl(baseUrl: string) {
    if (this.guard.refuses(baseUrl)) throw fieldError('baseUrl', 'validation.urlPrivate');
  }

  private async checkCode(ctx: Ctx, code: string, id: string | undefined) {
    const clash = await configs.find(
      ctx,
      and(eq(supplierConfig.code, code), id ? ne(supplierConfig.id, id) : undefined)!,
    );
    if (clash) throw fieldError('code', 'fleet.supplierCodeExists');
  }
}
