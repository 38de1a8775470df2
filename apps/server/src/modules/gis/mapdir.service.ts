import {
  type Bbox,
  DJI_ELEMENT_TYPES,
  type ElementAdd,
  type ElementGroup,
  type ElementGroupAdd,
  type FeatureGeometry,
  geometryBbox,
  type MapDirSubmit,
  type MapDirVisibilityInput,
  type MapElement,
  type MapMarkListQuery,
  type MapMarkSubmit,
  type MapMarkTenantQuery,
  type MarkKind,
  markAsElement,
  TREE_ROOT_ID,
  type TreeSelectNode,
} from '@aos/contract';
import { and, asc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { mapDir, mapMark } from '../../db/schema/index.js';
import { userNames } from '../../lib/labels.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { scope, updateAudit } from '../../lib/tenant-scope.js';
import { assertValidGeometry } from './spatial/validity.js';

const dirs = crud({
  table: mapDir,
  filters: { name: 'like' },
  defaultOrder: [asc(mapDir.sort), asc(mapDir.createTime), asc(mapDir.id)],
});
const marks = crud({
  table: mapMark,
  filters: { name: 'like', kind: 'eq', dirId: 'eq' },
  defaultOrder: [asc(mapMark.createTime), asc(mapMark.id)],
});

type DirRow = typeof mapDir.$inferSelect;
type MarkRow = typeof mapMark.$inferSelect;
export type ShownMark = MarkRow & { createUserName: string | null; updateUserName: string | null };
/** A directory of mapdir/list: its marks and sub-directories. */
export type DirNode = DirRow & { marks: ShownMark[]; children: DirNode[] };

/** The mark input every door takes (mapmark* submit, DJI element add). */
interface MarkInput {
  id?: string;
  dirId: string;
  name: string;
  icon?: string | null;
  color?: string | null;
  clampToGround?: boolean;
  remark?: string | null;
  geometry: FeatureGeometry;
}

const boxOf = (geometry: FeatureGeometry) => {
  const [west, south, east, north] = geometryBbox(geometry);
  return { west, south, east, north };
};

/**
 * Map directories and marks of a tenant (spec §7 mapdir, mapmark, mapmarkpoint/line/polygon) and the same
 * rows as DJI element groups and elements (/api/group_element, /api/element). Rules: a parent is a directory of
 * the tenant and neither the directory nor one below it; a directory is removed only when empty (no
 * sub-directories, no marks); a mark lives in a directory of the tenant and its geometry is its kind's type
 * (polygons valid by JTS); a mark is reached only through its kind's paths.
 */
export class MapDirService {
  // ------------------------------------------------------------------------------------------ directories

  private dirRows(ctx: Ctx): Promise<DirRow[]> {
    return dirs.list(ctx);
  }

  /** mapdir/list: the tree with each directory's marks. */
  async tree(ctx: Ctx): Promise<DirNode[]> {
    const rows = await this.dirRows(ctx);
    const markRows = await this.withNames(ctx, await marks.list(ctx));
    const byDir = new Map<string, ShownMark[]>();
    for (const mark of markRows) byDir.set(mark.dirId, [...(byDir.get(mark.dirId) ?? []), mark]);
    return buildTree<DirNode>(rows, (row, children) => ({
      ...row,
      marks: byDir.get(row.id) ?? [],
      children,
    }));
  }

  /** mapdir/dirs: the directories as tree-select nodes. */
  async dirTree(ctx: Ctx): Promise<TreeSelectNode[]> {
    return buildTree<TreeSelectNode>(await this.dirRows(ctx), (row, children) => ({
      id: row.id,
      parentId: row.parentId,
      title: row.name,
      key: row.id,
      value: row.id,
      hasChildren: children.length > 0,
      children,
    }));
  }

  async dirDetail(ctx: Ctx, id: string): Promise<DirRow> {
    return dirs.detail(ctx, id);
  }

  /** mapdir/submit: add (no id) or update; the parent checked against the tenant's tree; `visible` on add only. */
  async submitDir(ctx: Ctx, input: MapDirSubmit, fields = { parentId: 'parentId' }): Promise<DirRow> {
    return inTransaction(ctx, async (tx) => {
      const rows = await this.dirRows(tx);
      const byId = new Map(rows.map((row) => [row.id, row]));
      if (input.id && !byId.has(input.id)) throw notFound();
      if (input.parentId !== TREE_ROOT_ID) {
        if (!byId.has(input.parentId)) throw fieldError(fields.parentId, 'gis.dirUnknown');
        // walk up from the new parent: meeting the directory itself means a cycle
        for (
          let at: string | undefined = input.parentId;
          at && at !== TREE_ROOT_ID;
          at = byId.get(at)?.parentId
        ) {
          if (at === input.id) throw fieldError(fields.parentId, 'gis.dirCycle');
        }
      }
      const values: Partial<DirRow> = {
        parentId: input.parentId,
        name: input.name,
        sort: input.sort,
        remark: input.remark || null,
      };
      // visibility changes through updateDirVisibility (button mapdir_visibility), not through an edit
      if (input.id) return dirs.update(tx, input.id, values);
      return dirs.insert(tx, { ...values, visible: input.visible ?? 1 });
    });
  }

  /**
   * mapdir/removeDir: every directory named must be empty (its sub-directories not among those removed with it,
   * and no marks); otherwise nothing is removed and the message names the first that is not.
   */
  async removeDirs(ctx: Ctx, ids: string[]): Promise<number> {
    return inTransaction(ctx, async (tx) => {
      const rows = await this.dirRows(tx);
      const removing = new Set(ids);
      const found = rows.filter((row) => removing.has(row.id));
      if (found.length === 0) throw notFound();
      const held = await tx.db
        .selectDistinct({ dirId: mapMark.dirId })
        .from(mapMark)
        .where(
          scope(
            tx,
            mapMark,
            inArray(
              mapMark.dirId,
              found.map((row) => row.id),
            ),
          ),
        );
      const withMarks = new Set(held.map((row) => row.dirId));
      for (const row of found) {
        const hasChildren = rows.some((child) => child.parentId === row.id && !removing.has(child.id));
        if (hasChildren || withMarks.has(row.id)) {
          throw new AppError(400, 'gis.dirNotEmpty', { name: row.name });
        }
      }
      return dirs.remove(
        tx,
        found.map((row) => row.id),
      );
    });
  }

  /** mapdir/updateDirVisibility. */
  async setVisibility(ctx: Ctx, input: MapDirVisibilityInput): Promise<DirRow> {
    return dirs.update(ctx, input.id, { visible: input.visible });
  }

  // ------------------------------------------------------------------------------------------ marks

  /** Creator's and editor's names beside each mark. */
  private async withNames(ctx: Ctx, rows: MarkRow[]): Promise<ShownMark[]> {
    const names = await userNames(
      ctx,
      rows.flatMap((row) => [row.createUser, row.updateUser]),
    );
    const name = (id: string | null) => (id ? (names.get(id) ?? null) : null);
    return rows.map((row) => ({
      ...row,
      createUserName: name(row.createUser),
      updateUserName: name(row.updateUser),
    }));
  }

  private async shown(ctx: Ctx, row: MarkRow): Promise<ShownMark> {
    const [mark] = await this.withNames(ctx, [row]);
    return mark!;
  }

  /** A mark of `kind`; a mark of another kind is not found here. */
  async markDetail(ctx: Ctx, kind: MarkKind, id: string): Promise<ShownMark> {
    const row = await marks.find(ctx, and(eq(mapMark.id, id), eq(mapMark.kind, kind))!);
    if (!row) throw notFound();
    return this.shown(ctx, row);
  }

  /** mapmark<kind>/submit; `kind` undefined (a DJI element update) reaches a mark of any kind. */
  async submitMark(
    ctx: Ctx,
    kind: MarkKind,
    input: MarkInput | MapMarkSubmit,
    fields = { dirId: 'dirId', geometry: 'geometry' },
    anyKind = false,
  ): Promise<ShownMark> {
    assertValidGeometry(input.geometry, fields.geometry);
    const row = await inTransaction(ctx, async (tx) => {
      if (input.id) {
        const condition = anyKind
          ? eq(mapMark.id, input.id)
          : and(eq(mapMark.id, input.id), eq(mapMark.kind, kind))!;
        if (!(await marks.find(tx, condition))) throw notFound();
      }
      if (!(await dirs.find(tx, eq(mapDir.id, input.dirId))))
        throw fieldError(fields.dirId, 'gis.dirUnknown');
      const values: Partial<MarkRow> = {
        dirId: input.dirId,
        kind,
        name: input.name,
        icon: input.icon || null,
        color: input.color || null,
        clampToGround: input.clampToGround ?? false,
        remark: input.remark || null,
        geometry: input.geometry,
        ...boxOf(input.geometry),
      };
      return input.id ? marks.update(tx, input.id, values) : marks.insert(tx, values);
    });
    return this.shown(ctx, row);
  }

  /** mapmark<kind>/remove: only marks of that kind are reached (404 when none is). */
  async removeMarks(ctx: Ctx, kind: MarkKind | undefined, ids: string[]): Promise<number> {
    const removed = await ctx.db
      .update(mapMark)
      .set({ isDeleted: 1, ...updateAudit(ctx) })
      .where(scope(ctx, mapMark, inArray(mapMark.id, ids), kind ? eq(mapMark.kind, kind) : undefined))
      .returning({ id: mapMark.id });
    if (removed.length === 0) throw notFound();
    return removed.length;
  }

  /** mapmark/getList: marks filtered by directory, name and kind. */
  async markList(ctx: Ctx, query: MapMarkListQuery): Promise<ShownMark[]> {
    return this.withNames(ctx, await marks.list(ctx, query));
  }

  /** mapmark/listForTenant: every mark of the tenant, optionally in a box and of shown directories only. */
  async marksForTenant(ctx: Ctx, query: MapMarkTenantQuery): Promise<ShownMark[]> {
    const conditions: SQL[] = [];
    if (query.bbox) conditions.push(...boxMeets(query.bbox));
    if (query.visibleOnly) {
      const shownDirs = visibleDirs(await this.dirRows(ctx));
      if (shownDirs.length === 0) return [];
      conditions.push(inArray(mapMark.dirId, shownDirs));
    }
    return this.withNames(ctx, await marks.list(ctx, {}, conditions.length ? and(...conditions) : undefined));
  }

  // ------------------------------------------------------------------------------------------ DJI shapes

  /** /api/group_element/treeList: directories as element groups, marks as their elements. */
  async groupTree(ctx: Ctx): Promise<ElementGroup[]> {
    const tree = await this.tree(ctx);
    const asGroup = (node: DirNode): ElementGroup => ({
      id: node.id,
      parent_id: node.parentId,
      name: node.name,
      type: 0,
      is_lock: false,
      is_distributed: false,
      visible: node.visible,
      elements: node.marks.map(markAsElement),
      children: node.children.map(asGroup),
    });
    return tree.map(asGroup);
  }

  /** /api/group_element/add: a top-level or sub-directory. */
  async addGroup(ctx: Ctx, input: ElementGroupAdd): Promise<ElementGroup> {
    const row = await this.submitDir(
      ctx,
      { parentId: input.parent_id, name: input.name, sort: 1, visible: 1 },
      { parentId: 'parent_id' },
    );
    return {
      id: row.id,
      parent_id: row.parentId,
      name: row.name,
      type: 0,
      is_lock: false,
      is_distributed: false,
      visible: row.visible,
      elements: [],
      children: [],
    };
  }

  /** /api/element/add: a mark from a DJI element; with `id`, that element (of any kind) replaced. */
  async addElement(ctx: Ctx, input: ElementAdd): Promise<MapElement> {
    const kind = DJI_ELEMENT_TYPES[input.resource.type];
    const { properties, geometry } = input.resource.content;
    const mark = await this.submitMark(
      ctx,
      kind,
      {
        ...(input.id ? { id: input.id } : {}),
        dirId: input.group_id,
        name: input.name,
        color: properties.color ?? null,
        clampToGround: properties.clampToGround ?? false,
        geometry,
      },
      { dirId: 'group_id', geometry: 'resource.content.geometry' },
      true,
    );
    return markAsElement(mark);
  }
}

/** Rows as a tree (children in the rows' order); a row whose parent is missing is a root. */
function buildTree<N>(rows: DirRow[], node: (row: DirRow, children: N[]) => N): N[] {
  const ids = new Set(rows.map((row) => row.id));
  const children = new Map<string, DirRow[]>();
  for (const row of rows) {
    const parent = ids.has(row.parentId) ? row.parentId : TREE_ROOT_ID;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const seen = new Set<string>();
  const build = (parent: string): N[] =>
    (children.get(parent) ?? [])
      .filter((row) => !seen.has(row.id) && seen.add(row.id))
      .map((row) => node(row, build(row.id)));
  return build(TREE_ROOT_ID);
}

/** Ids of the directories shown on the map: visible, and every directory above them visible too. */
function visibleDirs(rows: DirRow[]): string[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const shown = (row: DirRow, depth = 0): boolean =>
    row.visible === 1 &&
    (row.parentId === TREE_ROOT_ID ||
      !byId.has(row.parentId) ||
      depth > rows.length ||
      shown(byId.get(row.parentId)!, depth + 1));
  return rows.filter((row) => shown(row)).map((row) => row.id);
}

/** The marks whose box meets `[west, south, east, north]`. */
function boxMeets([west, south, east, north]: Bbox): SQL[] {
  return [
    lte(mapMark.west, east),
    gte(mapMark.east, west),
    lte(mapMark.south, north),
    gte(mapMark.north, south),
  ];
}
