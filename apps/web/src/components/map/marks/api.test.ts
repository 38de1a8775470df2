import type { MapDirNode, MapMark } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import { countMarks, dirShown, flattenDirs, shownMarks } from './api';

const mark = (id: string, dirId: string) => ({ id, dirId, name: id }) as MapMark;
const dir = (id: string, visible: number, marks: MapMark[], children: MapDirNode[] = []) =>
  ({ id, parentId: '0', name: id, visible, marks, children }) as unknown as MapDirNode;

// top (shown) holds a; below it: hidden (hidden, holds b, and under it shownChild holding c), open (holds d)
const tree = [
  dir(
    'top',
    1,
    [mark('a', 'top')],
    [
      dir('hidden', 0, [mark('b', 'hidden')], [dir('shownChild', 1, [mark('c', 'shownChild')])]),
      dir('open', 1, [mark('d', 'open')]),
    ],
  ),
];

describe('marks of the directory tree', () => {
  it('draws the marks of shown directories whose parents are all shown', () => {
    expect(shownMarks(tree).map((m) => m.id)).toEqual(['a', 'd']);
    expect(shownMarks(tree, new Set(['open'])).map((m) => m.id)).toEqual(['a']);
  });

  it('knows whether a directory is drawn, counts marks below a directory, lists every directory', () => {
    expect(dirShown(tree, 'open')).toBe(true);
    expect(dirShown(tree, 'shownChild')).toBe(false);
    expect(dirShown(tree, 'hidden')).toBe(false);
    expect(countMarks(tree[0]!)).toBe(4);
    expect(flattenDirs(tree).map((node) => node.id)).toEqual(['top', 'hidden', 'shownChild', 'open']);
  });
});
