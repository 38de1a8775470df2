import type { TreeSelectNode } from '@aos/contract';

/** The category of a scope leaf in the scope grant trees (menus are 1 and 2). */
export const SCOPE_LEAF = 3;

function walk(nodes: TreeSelectNode[], visit: (node: TreeSelectNode, parent?: TreeSelectNode) => void) {
  const go = (list: TreeSelectNode[], parent?: TreeSelectNode) => {
    for (const node of list) {
      visit(node, parent);
      go(node.children, node);
    }
  };
  go(nodes);
}

/**
 * What a checkbox tree shows as checked for the granted ids: the leaves only, so that a parent granted with
 * some of its children shows half-checked (the tree works out the parents' state itself).
 */
export function checkedLeaves(nodes: TreeSelectNode[], granted: string[]): string[] {
  const ids = new Set(granted);
  const out: string[] = [];
  walk(nodes, (node) => {
    if (node.children.length === 0 && ids.has(node.id)) out.push(node.id);
  });
  return out;
}

/** The checked ids plus every ancestor of them: a menu is granted with the menus above it. */
export function withAncestors(nodes: TreeSelectNode[], checked: string[]): string[] {
  const parent = new Map<string, string>();
  walk(nodes, (node, above) => {
    if (above) parent.set(node.id, above.id);
  });
  const out = new Set<string>();
  for (const id of checked) {
    for (let node: string | undefined = id; node && !out.has(node); node = parent.get(node)) out.add(node);
  }
  return [...out];
}

/** The scope ids among the checked keys of a scope tree (its menu nodes are only there to group them). */
export function scopeIds(nodes: TreeSelectNode[], checked: string[]): string[] {
  const scopes = new Set<string>();
  walk(nodes, (node) => {
    if (node.category === SCOPE_LEAF) scopes.add(node.id);
  });
  return checked.filter((id) => scopes.has(id));
}

/** The menus (by id) a scope tree's scopes hang under. */
export function scopeMenus(nodes: TreeSelectNode[], scopeIdList: string[]): string[] {
  const wanted = new Set(scopeIdList);
  const menus = new Set<string>();
  walk(nodes, (node, parent) => {
    if (parent && wanted.has(node.id)) menus.add(parent.id);
  });
  return [...menus];
}
