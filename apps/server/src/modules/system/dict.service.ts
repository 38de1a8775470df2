import {
  DICT_ROOT_KEY,
  DICT_ROOT_PARENT_ID,
  DICT_TREE_EVERY,
  type DictSubmit,
  type PageQuery,
  PLATFORM_TENANT_ID,
} from '@aos/contract';
import { aliasedTable, and, asc, eq, inArray, ne } from 'drizzle-orm';
import { dict, dictBiz } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { AppError, badRequest, fieldError, notFound } from '../../lib/errors.js';
import { scope, updateAudit } from '../../lib/tenant-scope.js';
import { mapTree, nest, subtreeIds } from './dict.tree.js';

type DictTable = typeof dict | typeof dictBiz;
/** A row of either table (dict-biz rows carry tenantId as well). */
export type DictRow = typeof dict.$inferSelect & { tenantId?: string };

const isPlatform = (ctx: Ctx) => ctx.tenantId === PLATFORM_TENANT_ID;

/**
 * Who may change a dictionary table. System dictionaries (`dict`) are one copy for every tenant, so only the
 * platform tenant changes them. Business dictionaries (`dict-biz`) are each tenant's own; a sealed entry
 * (isSealed 1, e.g. the seeded dictionaries whose codes the product reads) cannot be changed or removed by a
 * tenant other than the platform, and only the platform may seal (a tenant could never unseal it again).
 */
interface WriteRules {
  assertMayWrite(ctx: Ctx): void;
  assertMayTouch(ctx: Ctx, row: DictRow): void;
  assertMaySeal(ctx: Ctx, isSealed: number, row?: DictRow): void;
}

const systemRules: WriteRules = {
  assertMayWrite(ctx) {
    if (!isPlatform(ctx)) throw new AppError(403, 'dict.platformOnly');
  },
  assertMayTouch() {},
  assertMaySeal() {},
};

const bizRules: WriteRules = {
  assertMayWrite() {},
  assertMayTouch(ctx, row) {
    if (row.isSealed === 1 && !isPlatform(ctx)) throw badRequest('dict.sealed');
  },
  assertMaySeal(ctx, isSealed, row) {
    if (isSealed === 1 && row?.isSealed !== 1 && !isPlatform(ctx)) {
      throw fieldError('isSealed', 'dict.sealByPlatform');
    }
  },
};

/** What the `dictionary` calls answer: an entry in the caller's language. */
function item(ctx: Ctx, row: DictRow) {
  return {
    id: row.id,
    parentId: row.parentId,
    code: row.code,
    dictKey: row.dictKey,
    dictValue: localized(ctx, row),
    sort: row.sort,
    remark: row.remark ?? '',
    isSealed: row.isSealed,
  };
}

function localized(ctx: Ctx, row: DictRow): string {
  return ctx.language === 'en-US' && row.dictValueEn ? row.dictValueEn : row.dictValue;
}

/**
 * One dictionary table (system or business) with the calls of spec §7: pages of dictionaries and of their
 * entries, the entries as a tree, tree-select nodes, the `dictionary` look-ups, submit and remove. Rules:
 * a dictionary's code is unique; an entry's code is its dictionary's; a key is unique among its siblings;
 * an entry with entries under it cannot be removed; plus the table's write rules above.
 */
export class DictionaryStore {
  private readonly table: typeof dict;
  private readonly entries;

  constructor(
    source: DictTable,
    private readonly rules: WriteRules,
  ) {
    // Both tables share every column but dict-biz's tenant_id, which the tenant scope handles at run time.
    this.table = source as typeof dict;
    this.entries = crud({
      table: this.table,
      filters: { code: 'like', dictValue: 'like' },
      defaultOrder: [asc(this.table.sort), asc(this.table.id)],
    });
  }

  /** list: dictionaries (parents), or with parentId the direct entries of that entry. */
  page(ctx: Ctx, query: PageQuery & { parentId?: string } & Record<string, unknown>) {
    return this.entries.page(ctx, query, eq(this.table.parentId, query.parentId ?? DICT_ROOT_PARENT_ID));
  }

  async detail(ctx: Ctx, id: string) {
    const row = await this.entries.detail(ctx, id);
    const parent = row.parentId === DICT_ROOT_PARENT_ID ? undefined : await this.find(ctx, row.parentId);
    return { ...row, parentName: parent ? localized(ctx, parent) : '' };
  }

  /** child-list: every entry under `parentId`, nested. */
  async children(ctx: Ctx, parentId: string) {
    const parent = await this.find(ctx, parentId);
    if (!parent) throw notFound();
    return nest(await this.ofCode(ctx, parent.code), parentId);
  }

  /**
   * tree: every entry (or one dictionary's) as tree-select nodes {id, parentId, title, key, value}; the code
   * `DICT` (DICT_TREE_EVERY, what the Saber console sends) is every entry, as in BladeX.
   */
  async tree(ctx: Ctx, code?: string) {
    const one = code && code !== DICT_TREE_EVERY ? eq(this.table.code, code) : undefined;
    const rows = await this.entries.list(ctx, {}, one);
    return mapTree(nest(rows, DICT_ROOT_PARENT_ID), (row) => ({
      id: row.id,
      parentId: row.parentId,
      title: localized(ctx, row),
      key: row.id,
      value: row.id,
      code: row.code,
      dictKey: row.dictKey,
    }));
  }

  /** dictionary: the direct entries of dictionary `code`, in the caller's language. */
  async dictionary(ctx: Ctx, code: string) {
    const { table } = this;
    const root = aliasedTable(table, 'root');
    const rows = await ctx.db
      .select({ entry: table })
      .from(table)
      .innerJoin(
        root,
        and(eq(root.id, table.parentId), eq(root.parentId, DICT_ROOT_PARENT_ID), eq(root.isDeleted, 0)),
      )
      .where(scope(ctx, table, eq(table.code, code)))
      .orderBy(asc(table.sort), asc(table.id));
    return rows.map(({ entry }) => item(ctx, entry));
  }

  /** dictionary-tree: every entry of dictionary `code`, nested, in the caller's language. */
  async dictionaryTree(ctx: Ctx, code: string) {
    const rows = await this.ofCode(ctx, code);
    const root = rows.find((row) => row.parentId === DICT_ROOT_PARENT_ID);
    if (!root) return [];
    return mapTree(nest(rows, root.id), (row) => {
      const entry = item(ctx, row);
      return { ...entry, title: entry.dictValue, key: row.dictKey, value: row.dictKey };
    });
  }

  /** The direct entries under the entry keyed `parentKey` in dictionary `code`. */
  async byParentKey(ctx: Ctx, code: string, parentKey: string) {
    const rows = await this.ofCode(ctx, code);
    const parents = new Set(
      rows
        .filter((row) => row.parentId !== DICT_ROOT_PARENT_ID && row.dictKey === parentKey)
        .map((row) => row.id),
    );
    return rows.filter((row) => parents.has(row.parentId)).map((row) => item(ctx, row));
  }

  async submit(ctx: Ctx, input: DictSubmit) {
    this.rules.assertMayWrite(ctx);
    return inTransaction(ctx, async (tx) => {
      const existing = input.id ? await this.find(tx, input.id) : undefined;
      if (input.id && !existing) throw notFound();
      if (existing) this.rules.assertMayTouch(tx, existing);
      this.rules.assertMaySeal(tx, input.isSealed, existing);
      // No parentId on an update keeps the entry where it is.
      const parentId = input.parentId ?? existing?.parentId ?? DICT_ROOT_PARENT_ID;
      const values = {
        parentId,
        dictValue: input.dictValue,
        dictValueEn: input.dictValueEn || null,
        sort: input.sort,
        isSealed: input.isSealed,
        remark: input.remark ?? null,
      };
      if (parentId === DICT_ROOT_PARENT_ID) {
        if (existing && existing.parentId !== DICT_ROOT_PARENT_ID) {
          throw fieldError('parentId', 'dict.otherDictionary');
        }
        return this.saveDictionary(tx, { ...values, code: input.code, dictKey: DICT_ROOT_KEY }, existing);
      }
      if (!input.dictKey) throw fieldError('dictKey', 'dict.keyRequired');
      const parent = await this.find(tx, parentId);
      if (!parent) throw fieldError('parentId', 'dict.parentNotFound');
      if (existing) await this.checkMove(tx, existing, parent);
      await this.checkKeyFree(tx, parentId, input.dictKey, existing?.id);
      // An entry's code is always its dictionary's, whatever the form sent.
      const row = { ...values, code: parent.code, dictKey: input.dictKey };
      return existing ? this.entries.update(tx, existing.id, row) : this.entries.insert(tx, row);
    });
  }

  /** Remove entries; refused as a whole when one is sealed or still has entries left under it. */
  async remove(ctx: Ctx, ids: string[]) {
    this.rules.assertMayWrite(ctx);
    const wanted = new Set(ids);
    return inTransaction(ctx, async (tx) => {
      const rows = await this.entries.list(tx, {}, inArray(this.table.id, [...wanted]));
      if (rows.length !== wanted.size) throw notFound();
      for (const row of rows) this.rules.assertMayTouch(tx, row);
      const children = await this.entries.list(tx, {}, inArray(this.table.parentId, [...wanted]));
      if (children.some((child) => !wanted.has(child.id))) throw badRequest('dict.hasChildren');
      return this.entries.remove(tx, [...wanted]);
    });
  }

  private async saveDictionary(ctx: Ctx, row: Partial<DictRow> & { code: string }, existing?: DictRow) {
    const clash = await this.entries.find(
      ctx,
      and(
        eq(this.table.parentId, DICT_ROOT_PARENT_ID),
        eq(this.table.code, row.code),
        existing ? ne(this.table.id, existing.id) : undefined,
      )!,
    );
    if (clash) throw fieldError('code', 'dict.codeExists');
    if (!existing) return this.entries.insert(ctx, row);
    if (existing.code !== row.code) {
      // Renaming a dictionary renames the code its entries carry.
      await ctx.db
        .update(this.table)
        .set({ code: row.code, ...updateAudit(ctx) })
        .where(scope(ctx, this.table, eq(this.table.code, existing.code), ne(this.table.id, existing.id)));
    }
    return this.entries.update(ctx, existing.id, row);
  }

  /** An entry moves only within its own dictionary, never under itself or its own entries. */
  private async checkMove(ctx: Ctx, entry: DictRow, parent: DictRow) {
    if (entry.parentId === DICT_ROOT_PARENT_ID || parent.code !== entry.code) {
      throw fieldError('parentId', 'dict.otherDictionary');
    }
    if (parent.id === entry.parentId) return;
    if (subtreeIds(await this.ofCode(ctx, entry.code), entry.id).has(parent.id)) {
      throw fieldError('parentId', 'dict.parentCycle');
    }
  }

  private async checkKeyFree(ctx: Ctx, parentId: string, dictKey: string, exceptId?: string) {
    const clash = await this.entries.find(
      ctx,
      and(
        eq(this.table.parentId, parentId),
        eq(this.table.dictKey, dictKey),
        exceptId ? ne(this.table.id, exceptId) : undefined,
      )!,
    );
    if (clash) throw fieldError('dictKey', 'dict.keyExists');
  }

  private find(ctx: Ctx, id: string): Promise<DictRow | undefined> {
    return this.entries.find(ctx, eq(this.table.id, id));
  }

  /** Every live entry of dictionary `code` (the dictionary itself included), in display order. */
  private ofCode(ctx: Ctx, code: string): Promise<DictRow[]> {
    return this.entries.list(ctx, {}, eq(this.table.code, code));
  }
}

/**
 * The dictionaries of spec §7: `system` (blade-system/dict, one copy for the platform, any tenant reads) and
 * `biz` (blade-system/dict-biz, each tenant's own). There is no server-side cache: every `dictionary` call
 * reads the database, so a change is seen by the next call; the console's own five-minute cache of
 * dictionaries is dropped by the dictionary screens after each change.
 */
export class DictService {
  readonly system = new DictionaryStore(dict, systemRules);
  readonly biz = new DictionaryStore(dictBiz, bizRules);

  /** The entries under dictionary `code` of either table (kept for callers that name the table). */
  dictionary(ctx: Ctx, table: DictTable, code: string) {
    return (table === dictBiz ? this.biz : this.system).dictionary(ctx, code);
  }
}
