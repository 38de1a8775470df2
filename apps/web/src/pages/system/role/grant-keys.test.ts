import type { TreeSelectNode } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import { checkedLeaves, scopeIds, scopeMenus, withAncestors } from './grant-keys';

const node = (id: string, children: TreeSelectNode[] = [], category = 1): TreeSelectNode => ({
  id,
  parentId: '0',
  title: id,
  key: id,
  value: id,
  hasChildren: children.length > 0,
  children,
  category,
});
// system ─┬─ post ─┬─ post_add
//         │        └─ post_edit
//         └─ role
const tree = [
  node('system', [node('post', [node('post_add', [], 2), node('post_edit', [], 2)]), node('role')]),
  node('home'),
];

describe('grant keys', () => {
  it('checks the granted leaves only, so a partly granted parent shows half-checked', () => {
    expect(checkedLeaves(tree, ['system', 'post', 'post_add', 'home'])).toEqual(['post_add', 'home']);
  });

  it('grants the checked menus with every menu above them', () => {
    expect(withAncestors(tree, ['post_add', 'role']).sort()).toEqual(['post', 'post_add', 'role', 'system']);
  });

  it('keeps only scope leaves from a scope tree, and finds their menus', () => {
    const scopes = [node('system', [node('post', [node('s1', [], 3), node('s2', [], 3)])])];
    expect(scopeIds(scopes, ['system', 'post', 's1', 's2'])).toEqual(['s1', 's2']);
    expect(scopeMenus(scopes, ['s2'])).toEqual(['post']);
  });
});
