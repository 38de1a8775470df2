import { BUILT_IN_PARAM_KEYS, type PageQuery, type ParamSubmit, PLATFORM_TENANT_ID } from '@aos/contract';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { param } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { AppError, badRequest, fieldError, notFound } from '../../lib/errors.js';

const params = crud({
  table: param,
  filters: { paramName: 'like', paramKey: 'like' },
  defaultOrder: [asc(param.paramKey), asc(param.id)],
});

/**
 * System parameters (spec §3): settings of the whole platform read by key, such as `account.initPassword`
 * (the password a reset sets). The table has no tenant: every tenant's users holding the `param` menu may
 * read them, and only the platform tenant may change them, since a change reaches every tenant.
 * Rules: a key is unique; the keys the server reads (BUILT_IN_PARAM_KEYS) cannot be removed or renamed.
 */
export class ParamService {
  page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    return params.page(ctx, query);
  }

  detail(ctx: Ctx, id: string) {
    return params.detail(ctx, id);
  }

  /** The value of parameter `key`, or `fallback` when there is none: what other services call. */
  async value(ctx: Ctx, key: string, fallback: string | null = null): Promise<string | null> {
    const row = await params.find(ctx, eq(param.paramKey, key));
    return row ? row.paramValue : fallback;
  }

  async submit(ctx: Ctx, input: ParamSubmit) {
    assertPlatform(ctx);
    return inTransaction(ctx, async (tx) => {
      const existing = input.id ? await params.detail(tx, input.id) : undefined;
      if (
        existing &&
        existing.paramKey !== input.paramKey &&
        BUILT_IN_PARAM_KEYS.includes(existing.paramKey)
      ) {
        throw fieldError('paramKey', 'param.builtIn');
      }
      const clash = await params.find(
        tx,
        and(eq(param.paramKey, input.paramKey), input.id ? ne(param.id, input.id) : undefined)!,
      );
      if (clash) throw fieldError('paramKey', 'param.keyExists');
      const values = {
        paramName: input.paramName,
        paramKey: input.paramKey,
        paramValue: input.paramValue,
        remark: input.remark ?? null,
      };
      return existing ? params.update(tx, existing.id, values) : params.insert(tx, values);
    });
  }

  async remove(ctx: Ctx, ids: string[]) {
    assertPlatform(ctx);
    return inTransaction(ctx, async (tx) => {
      const rows = await params.list(tx, {}, inArray(param.id, ids));
      if (rows.length !== new Set(ids).size) throw notFound();
      if (rows.some((row) => BUILT_IN_PARAM_KEYS.includes(row.paramKey))) throw badRequest('param.builtIn');
      return params.remove(tx, ids);
    });
  }
}

function assertPlatform(ctx: Ctx): void {
  if (ctx.tenantId !== PLATFORM_TENANT_ID) throw new AppError(403, 'param.platformOnly');
}
