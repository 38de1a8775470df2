import type { MapDir, MapDirNode, MapMark } from '@aos/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { requestData } from '../../../api/http';

const GIS = '/api/aos-gisservice';

/** The react-query key of the directory tree with its marks (the directory screen and every map share it). */
export const MAP_DIR_TREE_KEY = ['mapdir-tree'] as const;

/** mapdir/list: every directory of the tenant with its marks and sub-directories. */
export const getDirTree = () => requestData<MapDirNode[]>({ url: `${GIS}/mapdir/list` });

/** mapdir/updateDirVisibility: show (1) or hide (0) a directory; the ones below it follow on the map. */
export const setDirVisibility = (id: string, visible: 0 | 1) =>
  requestData<MapDir>({ url: `${GIS}/mapdir/updateDirVisibility`, method: 'POST', data: { id, visible } });

/** The tree, read once and shared; `refresh` reads it again (after a save, a delete, a toggle). */
export function useDirTree(enabled = true) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: MAP_DIR_TREE_KEY, queryFn: getDirTree, enabled });
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: MAP_DIR_TREE_KEY }), [client]);
  return { ...query, refresh };
}

/** Each directory once, depth first, with its parent's id. */
export function flattenDirs(tree: readonly MapDirNode[]): MapDirNode[] {
  return tree.flatMap((node) => [node, ...flattenDirs(node.children)]);
}

/** Marks of a directory and of every directory below it. */
export function countMarks(node: MapDirNode): number {
  return node.marks.length + node.children.reduce((sum, child) => sum + countMarks(child), 0);
}

/**
 * The marks a map draws: those of directories shown, whose every parent is shown too (hiding a directory hides
 * what is below it). `hidden` adds directories hidden on this map only.
 */
export function shownMarks(tree: readonly MapDirNode[], hidden: ReadonlySet<string> = new Set()): MapMark[] {
  const visit = (nodes: readonly MapDirNode[]): MapMark[] =>
    nodes.flatMap((node) =>
      node.visible === 1 && !hidden.has(node.id) ? [...node.marks, ...visit(node.children)] : [],
    );
  return visit(tree);
}

/** Whether a directory is drawn: itself and every directory above it shown. */
export function dirShown(tree: readonly MapDirNode[], id: string): boolean {
  const path = (nodes: readonly MapDirNode[]): MapDirNode[] | undefined => {
    for (const node of nodes) {
      if (node.id === id) return [node];
      const below = path(node.children);
      if (below) return [node, ...below];
    }
    return undefined;
  };
  return (path(tree) ?? []).every((node) => node.visible === 1);
}
