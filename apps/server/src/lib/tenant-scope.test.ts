import { eq } from 'drizzle-orm';
import { PgDialect, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { dockDrone, menu, user } from '../db/schema/index.js';
import { platformCtx } from './context.js';
import { scope } from './tenant-scope.js';

const ctx = platformCtx(undefined as never, '100001');
const dialect = new PgDialect();
const render = (condition: ReturnType<typeof scope>) => {
  const { sql, params } = dialect.sqlToQuery(condition);
  return { sql, params };
};

const onlyTenant = pgTable('only_tenant', {
  code: varchar('code', { length: 20 }),
  tenantId: varchar('tenant_id', { length: 12 }).notNull(),
});
const onlyDeleted = pgTable('only_deleted', {
  code: varchar('code', { length: 20 }),
  isDeleted: smallint('is_deleted').notNull().default(0),
});
const both = pgTable('both_columns', {
  code: varchar('code', { length: 20 }),
  tenantId: varchar('tenant_id', { length: 12 }).notNull(),
  isDeleted: smallint('is_deleted').notNull().default(0),
});
const neither = pgTable('neither_column', { code: varchar('code', { length: 20 }) });

describe('scope', () => {
  it('narrows a table with only a tenant column to the caller’s tenant', () => {
    expect(render(scope(ctx, onlyTenant))).toEqual({
      sql: '"only_tenant"."tenant_id" = $1',
      params: ['100001'],
    });
    expect(render(scope(ctx, dockDrone, eq(dockDrone.dockId, '7')))).toEqual({
      sql: '("aos_dock_drone"."tenant_id" = $1 and "aos_dock_drone"."dock_id" = $2)',
      params: ['100001', '7'],
    });
  });

  it('narrows a table with only a soft-delete column to live rows, whatever the tenant', () => {
    expect(render(scope(ctx, onlyDeleted))).toEqual({ sql: '"only_deleted"."is_deleted" = $1', params: [0] });
    expect(render(scope(ctx, menu, eq(menu.code, 'post')))).toEqual({
      sql: '("blade_menu"."is_deleted" = $1 and "blade_menu"."code" = $2)',
      params: [0, 'post'],
    });
  });

  it('narrows a table with both to the caller’s live rows, with the extra conditions (undefined skipped)', () => {
    expect(render(scope(ctx, both, undefined, eq(both.code, 'x')))).toEqual({
      sql: '("both_columns"."is_deleted" = $1 and "both_columns"."tenant_id" = $2 and "both_columns"."code" = $3)',
      params: [0, '100001', 'x'],
    });
    expect(render(scope(ctx, user))).toEqual({
      sql: '("blade_user"."is_deleted" = $1 and "blade_user"."tenant_id" = $2)',
      params: [0, '100001'],
    });
  });

  it('refuses a table it could not narrow at all, by type and at run time', () => {
    // @ts-expect-error a table with neither column has no scope
    expect(() => scope(ctx, neither)).toThrow(/neither tenant_id nor is_deleted/);
  });
});
