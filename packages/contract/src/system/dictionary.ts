import { z } from 'zod';
import { AuditFields, Id, optionalText, num } from '../common/schemas.js';
import { DictionaryItem } from './system.js';

/**
 * Schemas of the dictionary area (spec §3 Dictionary parent/child, §5, §7): system dictionaries
 * (`blade-system/dict`, one copy for the whole platform) and business dictionaries (`blade-system/dict-biz`,
 * one copy per tenant). A dictionary is a parent entry (parentId 0) whose children, possibly nested, are its
 * key/value entries; a child's code is always its parent's code.
 */

/** parentId of a dictionary (a parent entry) */
export const DICT_ROOT_PARENT_ID = '0';
/** dictKey stored on a parent entry, which has no key of its own (BladeX) */
export const DICT_ROOT_KEY = '-1';
export const DICT_TEXT_MAX = 200;
export const DICT_SORT_MAX = 99999;

/** Required text whose missing, empty or all-space value gets the field's own "please enter" message. */
function enterText(message: string, max = DICT_TEXT_MAX) {
  return z.preprocess(
    (value) => value ?? '',
    z.string().trim().min(1, { message }).max(max, { message: 'validation.textMax' }),
  );
}

/** A whole number from 0 to DICT_SORT_MAX; missing or not a number gets the "please enter" message. */
export const DictSort = num(
  z
    .number({ message: 'dict.sortRequired' })
    .int({ message: 'dict.sortRange' })
    .min(0, { message: 'dict.sortRange' })
    .max(DICT_SORT_MAX, { message: 'dict.sortRange' }),
  { ownMessage: true },
);

/** Sealed: 0 no, 1 yes (spec §3, default 0 in the form; the choice is required, spec §5). */
export const DictSealed = num(
  z
    .number({ message: 'dict.sealedRequired' })
    .int({ message: 'dict.sealedRequired' })
    .min(0, { message: 'dict.sealedRequired' })
    .max(1, { message: 'dict.sealedRequired' }),
  { ownMessage: true },
);

/** The parent of an entry: 0 or none (the entry is a dictionary), or an entry's id (spec §5: optional). */
export const DictParentId = z
  .union([z.literal(DICT_ROOT_PARENT_ID), Id], { message: 'validation.id' })
  .optional()
  .nullable();

/** A dictionary code: letters, digits and _ . - (it travels in URLs: `dictionary?code=`). */
export const DictCodeSchema = z.preprocess(
  (value) => value ?? '',
  z
    .string()
    .trim()
    .min(1, { message: 'dict.codeRequired' })
    .max(100, { message: 'validation.textMax' })
    .regex(/^[A-Za-z0-9_.-]+$/, { message: 'dict.codeFormat' }),
);
/** The key of an entry (a child), required there (spec §5). */
export const DictKey = enterText('dict.keyRequired');

/** One entry, parent or child, as list/detail answer it. */
export const DictSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string().optional(),
  parentId: z.string(),
  code: z.string(),
  dictKey: z.string(),
  dictValue: z.string(),
  dictValueEn: z.string().nullable(),
  sort: z.number().int(),
  remark: z.string().nullable(),
  isSealed: z.number().int(),
});
export type Dict = z.infer<typeof DictSchema>;

/** detail adds the parent's name (the child form shows it) */
export const DictDetailSchema = DictSchema.extend({ parentName: z.string() });

/** An entry with its nested entries (child-list). */
export type DictNode = Dict & { hasChildren: boolean; children: DictNode[] };
export const DictNodeSchema: z.ZodType<DictNode> = z.lazy(() =>
  DictSchema.extend({ hasChildren: z.boolean(), children: z.array(DictNodeSchema) }),
);

/** Add (no id) or update (with id) a dictionary or one of its entries (spec §5 required fields). */
export const DictSubmit = z.object({
  id: Id.optional(),
  parentId: DictParentId,
  code: DictCodeSchema,
  /** required for an entry (a child: DictKey); a dictionary (parent) has none and keeps "-1" */
  dictKey: z.string().trim().max(DICT_TEXT_MAX, { message: 'validation.textMax' }).optional().nullable(),
  dictValue: enterText('dict.valueRequired'),
  dictValueEn: optionalText(),
  sort: DictSort,
  isSealed: DictSealed,
  remark: optionalText(),
});
export type DictSubmit = z.infer<typeof DictSubmit>;

/** list: a page of dictionaries (parents), or with parentId a page of that entry's direct children. */
export const DictPageQuery = z.object({
  parentId: Id.optional(),
  code: z.string().max(DICT_TEXT_MAX).optional(),
  dictValue: z.string().max(DICT_TEXT_MAX).optional(),
});
/** parent-list: a page of dictionaries (parents). */
export const DictParentPageQuery = DictPageQuery.omit({ parentId: true });
export const DictChildQuery = z.object({ parentId: Id });
/**
 * The `tree?code=` value that means every dictionary: the BladeX Saber console sends `code=DICT`, a code
 * BladeX's tree ignores (it takes no parameter and answers every entry).
 */
export const DICT_TREE_EVERY = 'DICT';
/** tree: every entry as tree-select nodes, optionally one dictionary's only (`DICT`: every entry) */
export const DictTreeQuery = z.object({ code: z.string().trim().min(1).max(100).optional() });
/** getDictBizByParentKey: the entries under the entry with key `parentKey` of dictionary `code` */
export const DictParentKeyQuery = z.object({
  code: z.string().trim().min(1).max(100).describe('the business dictionary code, e.g. task_nature'),
  parentKey: z
    .string()
    .trim()
    .min(1)
    .max(DICT_TEXT_MAX)
    .describe('the dictKey of the entry whose direct entries are wanted'),
});

/** A tree-select node (PROTOCOLS.md §1): title = name, key and value = id. */
export interface DictTreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  code: string;
  dictKey: string;
  hasChildren: boolean;
  children: DictTreeNode[];
}
export const DictTreeNodeSchema: z.ZodType<DictTreeNode> = z.lazy(() =>
  z.object({
    id: Id,
    parentId: z.string(),
    title: z.string(),
    key: z.string(),
    value: z.string(),
    code: z.string(),
    dictKey: z.string(),
    hasChildren: z.boolean(),
    children: z.array(DictTreeNodeSchema),
  }),
);

/**
 * dictionary-tree: a dictionary's entries nested, in the caller's language; title = name and key/value =
 * dictKey so that a tree select stores the key, as the flat `dictionary` call's users do.
 */
export type DictionaryTreeItem = z.infer<typeof DictionaryItem> & {
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children: DictionaryTreeItem[];
};
export const DictionaryTreeItemSchema: z.ZodType<DictionaryTreeItem> = z.lazy(() =>
  DictionaryItem.extend({
    title: z.string(),
    key: z.string(),
    value: z.string(),
    hasChildren: z.boolean(),
    children: z.array(DictionaryTreeItemSchema),
  }),
);
