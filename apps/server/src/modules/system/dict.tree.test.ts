import { describe, expect, it } from 'vitest';
import { mapTree, nest, subtreeIds } from './dict.tree.js';

const rows = [
  { id: '1', parentId: '0', name: 'root' },
  { id: '2', parentId: '1', name: 'a' },
  { id: '3', parentId: '1', name: 'b' },
  { id: '4', parentId: '2', name: 'a1' },
  { id: '9', parentId: '8', name: 'orphan' },
];

describe('dictionary trees', () => {
  it('nests entries under a root in the given order, marking which have children', () => {
    const tree = nest(rows, '1');
    expect(tree.map((node) => [node.name, node.hasChildren])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    expect(tree[0]!.children.map((node) => node.name)).toEqual(['a1']);
    expect(JSON.stringify(nest(rows, '0'))).not.toContain('orphan');
  });

  it('does not loop on a cycle', () => {
    const cyclic = [
      { id: '1', parentId: '2' },
      { id: '2', parentId: '1' },
    ];
    expect(nest(cyclic, '1')).toHaveLength(1);
    expect([...subtreeIds(cyclic, '1')].sort()).toEqual(['1', '2']);
  });

  it('finds an entry and everything below it', () => {
    expect([...subtreeIds(rows, '2')].sort()).toEqual(['2', '4']);
    expect([...subtreeIds(rows, '1')].sort()).toEqual(['1', '2', '3', '4']);
  });

  it('maps nodes keeping the shape', () => {
    const mapped = mapTree(nest(rows, '0'), (node) => ({ title: node.name.toUpperCase() }));
    expect(mapped[0]).toMatchObject({ title: 'ROOT', hasChildren: true });
    expect(mapped[0]!.children[0]!.children[0]).toEqual({ title: 'A1', hasChildren: false, children: [] });
  });
});
