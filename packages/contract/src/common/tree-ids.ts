/** Ids, parent references and tree-select nodes shared by roles, menus, top menus and scopes. */
import { z } from 'zod';
import { Id } from './schemas.js';

/** The parent id of a top-level role, menu or top menu (BladeX). */
export const TREE_ROOT_ID = '0';

/** A parent reference: `0` (top level) or an id. */
export const ParentRef = z.union([z.literal(TREE_ROOT_ID), Id], { message: 'validation.id' });

/** A list of ids sent as a JSON array (the console) or as a comma-separated string (BladeX forms). */
export const IdArray = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
      : value,
  z.array(Id, { message: 'validation.ids' }),
);

/** At least one id. */
export const RequiredIds = IdArray.pipe(z.array(Id).min(1, { message: 'validation.ids' }));

/** A tree-select node (PROTOCOLS.md §1: id, parentId, children, hasChildren, title, key, value). */
export interface TreeSelectNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children: TreeSelectNode[];
  /** menus: 1 menu, 2 button; scope trees: 3 for a scope leaf (the only nodes a grant sends) */
  category?: number;
}
export const TreeSelectNodeSchema: z.ZodType<TreeSelectNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    title: z.string(),
    key: z.string(),
    value: z.string(),
    hasChildren: z.boolean(),
    children: z.array(TreeSelectNodeSchema),
    category: z.number().int().optional(),
  }),
);
