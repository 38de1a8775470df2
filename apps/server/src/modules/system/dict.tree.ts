/** Pure tree helpers of the dictionaries: entries point at their parent by id. */

export interface Linked {
  id: string;
  parentId: string;
}

export type Nested<T> = T & { hasChildren: boolean; children: Nested<T>[] };

/**
 * The entries under `rootId`, nested, in the order given (callers sort by sort, then id). Entries whose parent
 * is not reachable from `rootId` are left out; a cycle cannot loop because each entry is placed once.
 */
export function nest<T extends Linked>(rows: T[], rootId: string): Nested<T>[] {
  const byParent = new Map<string, T[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parentId);
    if (siblings) siblings.push(row);
    else byParent.set(row.parentId, [row]);
  }
  const placed = new Set<string>();
  const build = (parentId: string): Nested<T>[] =>
    (byParent.get(parentId) ?? []).flatMap((row) => {
      if (placed.has(row.id)) return [];
      placed.add(row.id);
      const children = build(row.id);
      return [{ ...row, hasChildren: children.length > 0, children }];
    });
  return build(rootId);
}

/** Ids of `id` and every entry below it. */
export function subtreeIds(rows: Linked[], id: string): Set<string> {
  const byParent = new Map<string, string[]>();
  for (const row of rows) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row.id]);
  const found = new Set<string>([id]);
  const queue = [id];
  while (queue.length) {
    for (const child of byParent.get(queue.pop()!) ?? []) {
      if (!found.has(child)) {
        found.add(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/** Map every node of a nested tree, keeping the shape. */
export function mapTree<T, U>(nodes: Nested<T>[], map: (node: T) => U): Nested<U>[] {
  return nodes.map((node) => {
    const { children, hasChildren, ...rest } = node;
    return { ...map(rest as T), hasChildren, children: mapTree(children, map) };
  });
}
