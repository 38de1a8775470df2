import {
  type Page,
  type PageQuery,
  PLATFORM_TENANT_ID,
  REGION_MAX_LEVEL,
  REGION_ROOT_CODE,
  type RegionPageQuery,
  type RegionSubmit,
} from '@aos/contract';
import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { region } from '../../db/schema/index.js';
import { type Ctx, inTransaction, userId } from '../../lib/context.js';
import { sortOrder } from '../../lib/crud.js';
import { AppError, badRequest, fieldError, notFound } from '../../lib/errors.js';

type RegionRow = typeof region.$inferSelect;
/**
 * A division as the API answers it: `id` repeats the code (the CRUD screen's edit key); `parentName` and
 * `regionLevel` (the level) as BladeX answers them, for its Saber console.
 */
export type RegionView = RegionRow & {
  id: string;
  hasChildren: boolean;
  parentName: string | null;
  regionLevel: number;
};

/** The code and name columns each level fills in, for itself and every division below it. */
const LEVEL_COLUMNS = {
  1: ['provinceCode', 'provinceName'],
  2: ['cityCode', 'cityName'],
  3: ['districtCode', 'districtName'],
  4: ['townCode', 'townName'],
  5: ['villageCode', 'villageName'],
} as const satisfies Record<number, readonly [keyof RegionRow, keyof RegionRow]>;
type Level = keyof typeof LEVEL_COLUMNS;

const SORTABLE: Record<string, PgColumn> = {
  code: region.code,
  name: region.name,
  level: region.level,
  sort: region.sort,
  parentCode: region.parentCode,
  createTime: region.createTime,
};

/**
 * Administrative divisions: platform-wide reference data that every signed-in user reads and only the
 * platform tenant changes. Rules: codes nest by prefix under their parent (provinces are 2 digits), five
 * levels at most, code and parent fixed once added, a division with divisions below it cannot be removed.
 */
export class RegionService {
  async page(ctx: Ctx, query: PageQuery & RegionPageQuery): Promise<Page<RegionView>> {
    const conditions: SQL[] = [];
    if (query.code) conditions.push(ilike(region.code, `${escapeLike(query.code)}%`));
    if (query.name) conditions.push(ilike(region.name, `%${escapeLike(query.name)}%`));
    if (query.parentCode) conditions.push(eq(region.parentCode, query.parentCode));
    if (query.level) conditions.push(eq(region.level, query.level));
    const where = and(...conditions);
    const [counted] = await ctx.db.select({ total: count() }).from(region).where(where);
    const rows = await ctx.db
      .select()
      .from(region)
      .where(where)
      .orderBy(...order(query))
      .limit(query.size)
      .offset((query.current - 1) * query.size);
    const total = counted?.total ?? 0;
    return {
      records: await this.view(ctx, rows),
      total,
      size: query.size,
      current: query.current,
      pages: Math.ceil(total / query.size),
    };
  }

  /** The divisions directly under `parentCode` (provinces under `00`), each saying if it has children. */
  async children(ctx: Ctx, parentCode = REGION_ROOT_CODE): Promise<RegionView[]> {
    const rows = await ctx.db
      .select()
      .from(region)
      .where(eq(region.parentCode, parentCode))
      .orderBy(asc(region.sort), asc(region.code));
    return this.view(ctx, rows);
  }

  /** The same level as tree-select nodes. */
  async lazyTree(ctx: Ctx, parentCode = REGION_ROOT_CODE) {
    return (await this.children(ctx, parentCode)).map((row) => ({
      id: row.code,
      parentId: row.parentCode,
      title: row.name,
      key: row.code,
      value: row.code,
      level: row.level,
      hasChildren: row.hasChildren,
    }));
  }

  async detail(ctx: Ctx, code: string): Promise<RegionView> {
    const row = await this.find(ctx, code);
    if (!row) throw notFound();
    const [view] = await this.view(ctx, [row]);
    return view!;
  }

  submit(ctx: Ctx, input: RegionSubmit): Promise<RegionView> {
    assertPlatform(ctx);
    return inTransaction(ctx, async (tx) => {
      // The Saber console keeps the selected division's id when it adds one below it; BladeX tells an edit
      // from an addition by the code, so an id with a code not yet used is an addition.
      if (input.id && (input.id === input.code || (await this.find(tx, input.code)))) {
        return this.update(tx, input.id, input);
      }
      if (await this.find(tx, input.code)) throw fieldError('code', 'region.codeExists');
      const parent = input.parentCode === REGION_ROOT_CODE ? null : await this.find(tx, input.parentCode);
      if (!parent && input.parentCode !== REGION_ROOT_CODE) {
        throw fieldError('parentCode', 'region.parentNotFound');
      }
      if (!parent && input.code.length !== 2) throw fieldError('code', 'region.codeLevel');
      if (parent && (!input.code.startsWith(parent.code) || input.code.length <= parent.code.length)) {
        throw fieldError('code', 'region.codePrefix', { parent: parent.code });
      }
      const level = (parent ? parent.level + 1 : 1) as Level;
      if (level > REGION_MAX_LEVEL) throw fieldError('parentCode', 'region.tooDeep');
      const now = new Date();
      const [codeColumn, nameColumn] = LEVEL_COLUMNS[level];
      const inherited = Object.fromEntries(
        Object.values(LEVEL_COLUMNS).flatMap((pair) =>
          pair.map((column) => [column, parent?.[column] ?? null]),
        ),
      );
      await tx.db.insert(region).values({
        ...inherited,
        [codeColumn]: input.code,
        [nameColumn]: input.name,
        code: input.code,
        parentCode: input.parentCode,
        ancestors: parent ? `${parent.ancestors},${parent.code}` : REGION_ROOT_CODE,
        name: input.name,
        level,
        sort: input.sort,
        remark: input.remark ?? null,
        createUser: userId(tx),
        createTime: now,
        updateUser: userId(tx),
        updateTime: now,
      });
      return this.detail(tx, input.code);
    });
  }

  /** Remove divisions that have no divisions below them (other than ones removed with them). */
  remove(ctx: Ctx, codes: string[]): Promise<number> {
    assertPlatform(ctx);
    return inTransaction(ctx, async (tx) => {
      const rows = await tx.db.select().from(region).where(inArray(region.code, codes));
      if (rows.length === 0) throw notFound();
      const removing = new Set(rows.map((row) => row.code));
      const children = await tx.db
        .select({ code: region.code, parentCode: region.parentCode })
        .from(region)
        .where(inArray(region.parentCode, [...removing]));
      const kept = children.find((child) => !removing.has(child.code));
      if (kept) {
        const name = rows.find((row) => row.code === kept.parentCode)?.name ?? kept.parentCode;
        throw badRequest('region.hasChildren', { name });
      }
      await tx.db.delete(region).where(inArray(region.code, [...removing]));
      return removing.size;
    });
  }

  /** Name, sort and remark change; a new name is copied to the divisions below that carry it. */
  private async update(ctx: Ctx, code: string, input: RegionSubmit): Promise<RegionView> {
    const current = await this.find(ctx, code);
    if (!current) throw notFound();
    if (input.code !== current.code) throw fieldError('code', 'region.immutable');
    if (input.parentCode !== current.parentCode) throw fieldError('parentCode', 'region.immutable');
    await ctx.db
      .update(region)
      .set({
        name: input.name,
        sort: input.sort,
        remark: input.remark ?? null,
        updateUser: userId(ctx),
        updateTime: new Date(),
      })
      .where(eq(region.code, code));
    if (input.name !== current.name && current.level in LEVEL_COLUMNS) {
      const [codeColumn, nameColumn] = LEVEL_COLUMNS[current.level as Level];
      await ctx.db
        .update(region)
        .set({ [nameColumn]: input.name })
        .where(eq(region[codeColumn], code));
    }
    return this.detail(ctx, code);
  }

  private async find(ctx: Ctx, code: string): Promise<RegionRow | undefined> {
    const [row] = await ctx.db.select().from(region).where(eq(region.code, code)).limit(1);
    return row;
  }

  private async view(ctx: Ctx, rows: RegionRow[]): Promise<RegionView[]> {
    if (rows.length === 0) return [];
    const [parents, above] = await Promise.all([
      ctx.db
        .selectDistinct({ parentCode: region.parentCode })
        .from(region)
        .where(
          inArray(
            region.parentCode,
            rows.map((row) => row.code),
          ),
        ),
      ctx.db
        .select({ code: region.code, name: region.name })
        .from(region)
        .where(inArray(region.code, [...new Set(rows.map((row) => row.parentCode))])),
    ]);
    const withChildren = new Set(parents.map((row) => row.parentCode));
    const parentName = new Map(above.map((row) => [row.code, row.name]));
    return rows.map((row) => ({
      ...row,
      id: row.code,
      hasChildren: withChildren.has(row.code),
      parentName: parentName.get(row.parentCode) ?? null,
      regionLevel: row.level,
    }));
  }
}

/** Divisions are shared by every tenant: only the platform tenant may change them. */
function assertPlatform(ctx: Ctx): void {
  if (ctx.tenantId !== PLATFORM_TENANT_ID) throw new AppError(403, 'region.platformOnly');
}

function order(query: Partial<PageQuery>): SQL[] {
  return sortOrder(query, (name) => SORTABLE[name], [asc(region.level), asc(region.sort), asc(region.code)]);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}
