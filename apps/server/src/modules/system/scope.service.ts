import { type ApiScopeSubmit, DATA_SCOPE_TYPES, type DataScopeSubmit, type PageQuery } from '@aos/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  SCOPE_CATEGORY_API,
  SCOPE_CATEGORY_DATA,
  menu,
  roleScope,
  scopeApi,
  scopeData,
} from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { customDeptIds } from '../../lib/data-scope.js';
import { fieldError } from '../../lib/errors.js';
import type { PrincipalService } from '../auth/principal.service.js';
import { assertPlatform, liveMenus } from './menu.service.js';

const dataScopes = crud({
  table: scopeData,
  filters: { menuId: 'eq', resourceCode: 'like', scopeName: 'like' },
  defaultOrder: [asc(scopeData.createTime), asc(scopeData.id)],
});
const apiScopes = crud({
  table: scopeApi,
  filters: { menuId: 'eq', resourceCode: 'like', scopeName: 'like' },
  defaultOrder: [asc(scopeApi.createTime), asc(scopeApi.id)],
});

async function assertMenu(ctx: Ctx, menuId: string): Promise<void> {
  const [row] = await liveMenus(ctx, eq(menu.id, menuId));
  if (!row) throw fieldError('menuId', 'scope.menuMissing');
}

/**
 * Data scopes and API scopes (blade_scope_data, blade_scope_api): rules tied to a menu and a resource code,
 * shared by every tenant (only the platform tenant changes them), granted to roles through role/grant and
 * enforced by lib/data-scope.ts and lib/api-scope.ts. A change refreshes every cached principal.
 */
export class ScopeService {
  constructor(private readonly principals: PrincipalService) {}

  dataPage(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    return dataScopes.page(ctx, query);
  }

  dataDetail(ctx: Ctx, id: string) {
    return dataScopes.detail(ctx, id);
  }

  /** The custom type (5) needs its value: comma-separated dept ids, and nothing else. */
  async dataSubmit(ctx: Ctx, input: DataScopeSubmit) {
    assertPlatform(ctx, 'scope.platformOnly');
    if (input.scopeType === DATA_SCOPE_TYPES.custom) {
      const parts = (input.scopeValue ?? '').split(',').map((part) => part.trim());
      if (customDeptIds(input.scopeValue ?? null).length !== parts.length) {
        throw fieldError('scopeValue', 'scope.customDepts');
      }
    }
    const row = await inTransaction(ctx, async (tx) => {
      await assertMenu(tx, input.menuId);
      const values = {
        menuId: input.menuId,
        resourceCode: input.resourceCode,
        scopeName: input.scopeName,
        scopeField: input.scopeField ?? null,
        scopeClass: input.scopeClass ?? null,
        scopeColumn: input.scopeColumn ?? null,
        scopeType: input.scopeType,
        scopeValue:
          input.scopeType === DATA_SCOPE_TYPES.custom
            ? customDeptIds(input.scopeValue ?? null).join(',')
            : (input.scopeValue ?? null),
        remark: input.remark ?? null,
      };
      return input.id ? dataScopes.update(tx, input.id, values) : dataScopes.insert(tx, values);
    });
    if (input.id) await this.principals.invalidate('*');
    return row;
  }

  async dataRemove(ctx: Ctx, ids: string[]) {
    assertPlatform(ctx, 'scope.platformOnly');
    return this.removeScopes(ctx, ids, SCOPE_CATEGORY_DATA);
  }

  apiPage(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    return apiScopes.page(ctx, query);
  }

  apiDetail(ctx: Ctx, id: string) {
    return apiScopes.detail(ctx, id);
  }

  async apiSubmit(ctx: Ctx, input: ApiScopeSubmit) {
    assertPlatform(ctx, 'scope.platformOnly');
    const row = await inTransaction(ctx, async (tx) => {
      await assertMenu(tx, input.menuId);
      const values = {
        menuId: input.menuId,
        resourceCode: input.resourceCode,
        scopeName: input.scopeName,
        scopePath: input.scopePath,
        scopeType: input.scopeType,
        remark: input.remark ?? null,
      };
      return input.id ? apiScopes.update(tx, input.id, values) : apiScopes.insert(tx, values);
    });
    if (input.id) await this.principals.invalidate('*');
    return row;
  }

  async apiRemove(ctx: Ctx, ids: string[]) {
    assertPlatform(ctx, 'scope.platformOnly');
    return this.removeScopes(ctx, ids, SCOPE_CATEGORY_API);
  }

  private async removeScopes(ctx: Ctx, ids: string[], category: 1 | 2): Promise<number> {
    const count = await inTransaction(ctx, async (tx) => {
      const removed =
        category === SCOPE_CATEGORY_DATA ? await dataScopes.remove(tx, ids) : await apiScopes.remove(tx, ids);
      await tx.db
        .delete(roleScope)
        .where(and(eq(roleScope.scopeCategory, category), inArray(roleScope.scopeId, ids)));
      return removed;
    });
    await this.principals.invalidate('*');
    return count;
  }
}
