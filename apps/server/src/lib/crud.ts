import type { Page, PageQuery } from '@aos/contract';
import { asc, desc, eq, getTableColumns, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Ctx } from './context.js';
import { type DataScopeTarget, dataScopeCondition } from './data-scope.js';
import { fieldError, notFound } from './errors.js';
import { newId } from './ids.js';
import { parseDateTime } from './time.js';
import { type AuditedTable, insertAudit, scope, updateAudit } from './tenant-scope.js';

export type FilterMode = 'like' | 'eq';

export interface CrudOptions<T extends AuditedTable> {
  table: T;
  /** which page-query fields filter, and how */
  filters?: Partial<Record<keyof T['$inferSelect'] & string, FilterMode>>;
  /** order when the caller gives no ascs/descs */
  defaultOrder?: SQL[];
  /** rows restricted by the caller's data scope (spec §6) on page, list, find and detail */
  dataScope?: DataScopeTarget;
}

type Row<T extends AuditedTable> = T['$inferSelect'];

/**
 * The one reader of a page query's `ascs`/`descs` (comma-separated column names, ascending ones first): each
 * name must be one `column` knows (a field or column name), or the request is a 400 on that parameter.
 */
export function sortOrder(
  query: Partial<Pick<PageQuery, 'ascs' | 'descs'>>,
  column: (name: string) => PgColumn | undefined,
  fallback: SQL[],
): SQL[] {
  const parts: SQL[] = [];
  for (const [list, direction, field] of [
    [query.ascs, asc, 'ascs'],
    [query.descs, desc, 'descs'],
  ] as const) {
    for (const name of list?.split(',') ?? []) {
      const found = column(name);
      if (!found) throw fieldError(field, 'validation.sortColumns');
      parts.push(direction(found));
    }
  }
  return parts.length ? parts : fallback;
}

/**
 * The small CRUD contract of spec §7 shared by every resource: page, list, detail, insert, update and
 * soft-delete, always inside the tenant scope with audit columns written. Domain rules (uniqueness, who may
 * change what) stay explicit in each resource's service.
 */
export function crud<T extends AuditedTable>(options: CrudOptions<T>) {
  const { table } = options;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const byName = new Map<string, PgColumn>();
  for (const [key, column] of Object.entries(columns)) {
    byName.set(key, column);
    byName.set(column.name, column);
  }
  const defaultOrder = options.defaultOrder ?? [desc(table.createTime), desc(table.id)];

  function filterConditions(query: Record<string, unknown>): SQL[] {
    const conditions: SQL[] = [];
    if (typeof query.createTimeBegin === 'string') {
      conditions.push(gte(table.createTime, parseDateTime(query.createTimeBegin)));
    }
    if (typeof query.createTimeEnd === 'string') {
      conditions.push(lte(table.createTime, parseDateTime(query.createTimeEnd)));
    }
    for (const [field, mode] of Object.entries(options.filters ?? {}) as Array<[string, FilterMode]>) {
      const value = query[field];
      const column = columns[field];
      if (value === undefined || value === null || value === '' || !column) continue;
      conditions.push(mode === 'like' ? ilike(column, `%${escapeLike(String(value))}%`) : eq(column, value));
    }
    return conditions;
  }

  const order = (query: Partial<PageQuery>) => sortOrder(query, (name) => byName.get(name), defaultOrder);

  function restrict(ctx: Ctx): SQL | undefined {
    return options.dataScope ? dataScopeCondition(ctx, options.dataScope) : undefined;
  }

  return {
    table,
    filterConditions,

    async page(ctx: Ctx, query: PageQuery & Record<string, unknown>, extra?: SQL): Promise<Page<Row<T>>> {
      const where = scope(ctx, table, ...filterConditions(query), extra, restrict(ctx));
      const counted = await ctx.db
        .select({ total: sql<number>`count(*)::int` })
        .from(table as AuditedTable)
        .where(where);
      const total = counted[0]?.total ?? 0;
      const records = (await ctx.db
        .select()
        .from(table as AuditedTable)
        .where(where)
        .orderBy(...order(query))
        .limit(query.size)
        .offset((query.current - 1) * query.size)) as Row<T>[];
      return {
        records,
        total,
        size: query.size,
        current: query.current,
        pages: Math.ceil(total / query.size),
      };
    },

    async list(ctx: Ctx, query: Record<string, unknown> = {}, extra?: SQL): Promise<Row<T>[]> {
      return (await ctx.db
        .select()
        .from(table as AuditedTable)
        .where(scope(ctx, table, ...filterConditions(query), extra, restrict(ctx)))
        .orderBy(...order(query))) as Row<T>[];
    },

    async find(ctx: Ctx, condition: SQL): Promise<Row<T> | undefined> {
      const [row] = await ctx.db
        .select()
        .from(table as AuditedTable)
        .where(scope(ctx, table, condition, restrict(ctx)))
        .limit(1);
      return row as Row<T> | undefined;
    },

    async detail(ctx: Ctx, id: string): Promise<Row<T>> {
      const row = await this.find(ctx, eq(table.id, id));
      if (!row) throw notFound();
      return row;
    },

    async insert(ctx: Ctx, values: Partial<Row<T>>): Promise<Row<T>> {
      const { id: _ignored, tenantId: _tenant, ...rest } = values as Record<string, unknown>;
      const [row] = await ctx.db
        .insert(table)
        .values({ ...rest, ...insertAudit(ctx, table), id: newId() } as never)
        .returning();
      return row as Row<T>;
    },

    async update(ctx: Ctx, id: string, values: Partial<Row<T>>): Promise<Row<T>> {
      const {
        id: _id,
        tenantId: _tenant,
        createUser: _u,
        createDept: _d,
        createTime: _t,
        isDeleted: _del,
        ...rest
      } = values as Record<string, unknown>;
      const updated = (await ctx.db
        .update(table as AuditedTable)
        .set({ ...rest, ...updateAudit(ctx) } as never)
        .where(scope(ctx, table, eq(table.id, id)))
        .returning()) as Row<T>[];
      const [row] = updated;
      if (!row) throw notFound();
      return row;
    },

    /** Soft-delete the rows among `ids` that the caller's scope reaches; 404 when it reaches none. */
    async remove(ctx: Ctx, ids: string[]): Promise<number> {
      const removed = await ctx.db
        .update(table)
        .set({ isDeleted: 1, ...updateAudit(ctx) } as never)
        .where(scope(ctx, table, inArray(table.id, ids)))
        .returning({ id: table.id });
      if (removed.length === 0) throw notFound();
      return removed.length;
    },
  };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}
