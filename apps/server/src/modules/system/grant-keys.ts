import type { TreeSelectNode } from '@aos/contract';

/**
 * The nodes of a checkbox tree to tick so that it shows what is `held`. Both consoles' trees (antd Tree,
 * element-ui el-tree) tick everything below a ticked node, so a node is ticked only when it is held and so is
 * everything below it; a node held with only some of its children shows half-ticked by itself.
 */
export function fullyHeld(tree: TreeSelectNode[], held: ReadonlySet<string>): string[] {
  const ticked: string[] = [];
  const visit = (node: TreeSelectNode): boolean => {
    const below = node.children.map(visit);
    const whole = held.has(node.id) && below.every(Boolean);
    if (whole) ticked.push(node.id);
    return whole;
  };
  for (const node of tree) visit(node);
  return ticked;
}
