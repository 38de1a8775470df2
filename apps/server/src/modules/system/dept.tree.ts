import { DEPT_ROOT_PARENT } from '@aos/contract';

/** Where a dept sits: its id and the ids from the top (`0`) down to its parent. */
export interface TreePlace {
  id: string;
  ancestors: string;
}

/** The ancestors of a dept placed under `parent` (`0` at the top level). */
export function ancestorsBelow(parent: TreePlace | null): string {
  return parent ? `${parent.ancestors},${parent.id}` : DEPT_ROOT_PARENT;
}

/** True when `node` is the dept `rootId` or lies anywhere below it: such a node cannot become its parent. */
export function isInSubtree(node: TreePlace, rootId: string): boolean {
  return node.id === rootId || node.ancestors.split(',').includes(rootId);
}

/**
 * The ancestors of a descendant once `moved` goes to `newAncestors`: the part down to `moved` is replaced,
 * the part below it kept. Ancestors that do not pass through `moved` are returned unchanged.
 */
export function moveAncestors(ancestors: string, moved: TreePlace, newAncestors: string): string {
  const oldPrefix = `${moved.ancestors},${moved.id}`;
  if (ancestors !== oldPrefix && !ancestors.startsWith(`${oldPrefix},`)) return ancestors;
  return `${newAncestors},${moved.id}${ancestors.slice(oldPrefix.length)}`;
}
