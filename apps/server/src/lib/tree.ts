/** Parent/child trees of rows that carry `id` and `parentId` (`0` or an unknown parent: top level). */
export interface TreeNodeLike {
  id: string;
  parentId: string;
  hasChildren: boolean;
  children?: unknown[];
}

/**
 * Link `nodes` (already in display order) under their parents and return the top-level ones. A node whose
 * parent is not among `nodes` (filtered out, or `0`) is top level; `hasChildren` is set on every node.
 */
export function linkTree<N extends TreeNodeLike>(nodes: N[]): N[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const children = new Map<N, N[]>(nodes.map((node) => [node, []]));
  const roots: N[] = [];
  for (const node of nodes) {
    const parent = byId.get(node.parentId);
    if (parent && parent !== node) children.get(parent)!.push(node);
    else roots.push(node);
  }
  for (const node of nodes) {
    const below = children.get(node)!;
    Object.assign(node, { children: below, hasChildren: below.length > 0 });
  }
  return roots;
}

/** Whether `candidate` is `id` itself or lies below it, following `parentOf` upwards. */
export function isSelfOrBelow(candidate: string, id: string, parentOf: ReadonlyMap<string, string>): boolean {
  const seen = new Set<string>();
  for (let node: string | undefined = candidate; node && node !== '0'; node = parentOf.get(node)) {
    if (node === id) return true;
    if (seen.has(node)) return false;
    seen.add(node);
  }
  return false;
}

/** `id` and every ancestor of it that `parentOf` knows. */
export function withAncestors(ids: Iterable<string>, parentOf: ReadonlyMap<string, string>): Set<string> {
  const out = new Set<string>();
  for (const id of ids) {
    for (
      let node: string | undefined = id;
      node && node !== '0' && !out.has(node);
      node = parentOf.get(node)
    ) {
      out.add(node);
    }
  }
  return out;
}

/** Drop empty `children` lists (a tree table shows an expander wherever a list is present). */
export function pruneEmpty<N extends { children?: unknown[] }>(nodes: N[]): N[] {
  for (const node of nodes) {
    if (node.children?.length) pruneEmpty(node.children as N[]);
    else delete node.children;
  }
  return nodes;
}
