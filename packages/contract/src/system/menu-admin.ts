/** Schemas of menu and top-menu administration (spec §6, §7 menu, topmenu, topmenu/grant; MENUS.md). */
import { z } from 'zod';
import { AuditFields, Id, optionalText, text, num } from '../common/schemas.js';
import { IdArray, ParentRef, RequiredIds, TREE_ROOT_ID, TreeSelectNodeSchema } from '../common/tree-ids.js';

/** Menu and button codes are permission codes: letters, digits, `_`, `-`, `:` and `.`. */
const Code = text(64).regex(/^[A-Za-z][\w:.-]*$/, { message: 'menu.codeFormat' });

export const MenuSchema = AuditFields.extend({
  id: Id,
  parentId: z.string(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  alias: z.string().nullable(),
  path: z.string().nullable(),
  source: z.string().nullable(),
  sort: z.number().int(),
  /** 1 menu, 2 button */
  category: z.number().int(),
  /** buttons: 1 toolbar, 2 row, 3 both (0 for menus) */
  action: z.number().int(),
  /** 1 no, 2 keep alive */
  isOpen: z.number().int(),
  component: z.string().nullable(),
  remark: z.string().nullable(),
  /** 1 = only the platform tenant may hold it */
  platformOnly: z.number().int(),
});
export type Menu = z.infer<typeof MenuSchema>;

/** A menu in the administration tree: the row, its parent's name, and children (list) or a flag (lazy). */
export interface MenuAdminNode extends Menu {
  parentName: string;
  hasChildren: boolean;
  children?: MenuAdminNode[];
}
export const MenuAdminNodeSchema: z.ZodType<MenuAdminNode> = z.lazy(() =>
  MenuSchema.extend({
    parentName: z.string(),
    hasChildren: z.boolean(),
    children: z.array(MenuAdminNodeSchema).optional(),
  }),
);

/**
 * Add or edit a menu or button (platform tenant only). Rules in the service: code unique; a menu needs a
 * path; a button needs an action 1–3; the parent exists, is not a button, not itself nor below itself.
 */
export const MenuSubmit = z.object({
  id: Id.optional(),
  parentId: ParentRef.default(TREE_ROOT_ID),
  code: Code,
  name: text(64),
  nameEn: optionalText(64),
  alias: optionalText(64),
  path: optionalText(255),
  source: optionalText(64),
  sort: num(z.number().int().min(0).max(99999)),
  category: num(z.number().int().min(1).max(2)),
  action: num(z.number().int().min(0).max(3).default(0)),
  isOpen: num(z.number().int().min(1).max(2).default(1)),
  component: optionalText(255),
  remark: optionalText(255),
  platformOnly: num(z.number().int().min(0).max(1).optional()),
});
export type MenuSubmit = z.infer<typeof MenuSubmit>;

export const MenuListQuery = z.object({
  code: z.string().max(64).optional(),
  name: z.string().max(64).optional(),
  alias: z.string().max(64).optional(),
  category: num(z.number().int().min(1).max(2).optional()),
});

export const MenuLazyQuery = MenuListQuery.extend({ parentId: ParentRef.default(TREE_ROOT_ID) });

/** menu/tree: the menus a tenant may have (the platform tenant may name another tenant). */
export const MenuTreeQuery = z.object({ tenantId: z.string().trim().max(12).optional() });

export const TopMenuAdminSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  source: z.string().nullable(),
  path: z.string().nullable(),
  sort: z.number().int(),
});
export type TopMenuAdmin = z.infer<typeof TopMenuAdminSchema>;

/** Add or edit a header top menu of the tenant; the code is unique within the tenant. */
export const TopMenuSubmit = z.object({
  id: Id.optional(),
  code: Code,
  name: text(64),
  nameEn: optionalText(64),
  source: optionalText(64),
  path: optionalText(255),
  sort: num(z.number().int().min(0).max(99999)),
});
export type TopMenuSubmit = z.infer<typeof TopMenuSubmit>;

export const TopMenuPageQuery = z.object({
  code: z.string().max(64).optional(),
  name: z.string().max(64).optional(),
});

/** topmenu/grant: which side menus (and what lies below them) each top menu shows. */
export const TopMenuGrant = z.object({
  topMenuIds: RequiredIds,
  menuIds: IdArray.default([]),
});
export type TopMenuGrant = z.infer<typeof TopMenuGrant>;

export const TopMenuIdsQuery = z.object({ topMenuIds: RequiredIds });

/** `menu/grant-top-tree` (BladeX GrantTreeVO with its menu tree only): the menus a top menu may show. */
export const TopGrantTreeSchema = z.object({ menu: z.array(TreeSelectNodeSchema) });
export type TopGrantTree = z.infer<typeof TopGrantTreeSchema>;
/** `menu/top-tree-keys` (BladeX CheckedTreeVO with its menu keys only): the menus the top menus show. */
export const TopCheckedTreeSchema = z.object({ menu: z.array(z.string()) });
export type TopCheckedTree = z.infer<typeof TopCheckedTreeSchema>;
