import type { TreeSelectNode } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import { fullyHeld } from './grant-keys.js';

const node = (id: string, children: TreeSelectNode[] = []): TreeSelectNode => ({
  id,
  parentId: '0',
  title: id,
  key: id,
  value: id,
  hasChildren: children.length > 0,
  children,
});
// system > (post > post_add, role), home
const tree = [node('system', [node('post', [node('post_add')]), node('role')]), node('home')];

describe('fullyHeld', () => {
  it('ticks a node only when it and everything below it are held', () => {
    expect(fullyHeld(tree, new Set(['system', 'post', 'post_add']))).toEqual(['post_add', 'post']);
    expect(fullyHeld(tree, new Set(['system', 'post', 'post_add', 'role', 'home']))).toEqual([
      'post_add',
      'post',
      'role',
      'system',
      'home',
    ]);
    // a parent held without any child held shows unticked (its children are not granted)
    expect(fullyHeld(tree, new Set(['system']))).toEqual([]);
    expect(fullyHeld(tree, new Set())).toEqual([]);
  });
});
