/** Schemas of the role area (spec §3 Role, §5 Role, §6, §7 role and role/grant). */
import { z } from 'zod';
import { AuditFields, Id, text, num } from '../common/schemas.js';

import { IdArray, ParentRef, RequiredIds, TREE_ROOT_ID, TreeSelectNodeSchema } from '../common/tree-ids.js';

export * from './menu-admin.js';
export * from './scope.js';
export * from '../common/tree-ids.js';

export const RoleSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  parentId: z.string(),
  roleName: z.string(),
  sort: z.number().int(),
  roleAlias: z.string(),
  /** 1 = system preset: cannot be removed, its alias cannot change */
  isPreset: z.number().int(),
});
export type Role = z.infer<typeof RoleSchema>;

/** A role in the list tree: the row, its parent's name and its child roles. */
export interface RoleNode extends Role {
  parentName: string;
  hasChildren: boolean;
  /** absent on a role without child roles */
  children?: RoleNode[];
}
export const RoleNodeSchema: z.ZodType<RoleNode> = z.lazy(() =>
  RoleSchema.extend({
    parentName: z.string(),
    hasChildren: z.boolean(),
    children: z.array(RoleNodeSchema).optional(),
  }),
);

export const RoleDetailSchema = RoleSchema.extend({ parentName: z.string() });

/** Spec §5: name and sort are required. The alias is unique within the tenant. */
export const RoleSubmit = z.object({
  id: Id.optional(),
  parentId: ParentRef.default(TREE_ROOT_ID),
  roleName: text(64),
  roleAlias: text(64).regex(/^[A-Za-z][\w-]*$/, { message: 'role.aliasFormat' }),
  sort: num(z.number().int().min(0).max(99999)),
});
export type RoleSubmit = z.infer<typeof RoleSubmit>;

export const RoleListQuery = z.object({
  roleName: z.string().max(64).optional(),
  roleAlias: z.string().max(64).optional(),
});

/** Only the platform tenant may name another tenant; others always get their own roles. */
export const RoleTreeQuery = z.object({ tenantId: z.string().trim().max(12).optional() });

/** role/grant: replaces the menus, data scopes and API scopes of the given roles. */
export const RoleGrant = z.object({
  roleIds: RequiredIds,
  menuIds: IdArray.default([]),
  dataScopeIds: IdArray.default([]),
  apiScopeIds: IdArray.default([]),
});
export type RoleGrant = z.infer<typeof RoleGrant>;

/** `roleIds=1,2` of the grant-key calls. */
export const RoleIdsQuery = z.object({ roleIds: RequiredIds });

/**
 * `menu/grant-tree` (BladeX GrantTreeVO, read by both consoles): what the caller may grant, as three checkbox
 * trees. The scope trees hold the menus that have scopes, each scope a leaf of category 3 under its menu.
 */
export const GrantTreeSchema = z.object({
  menu: z.array(TreeSelectNodeSchema),
  dataScope: z.array(TreeSelectNodeSchema),
  apiScope: z.array(TreeSelectNodeSchema),
});
export type GrantTree = z.infer<typeof GrantTreeSchema>;

/**
 * `menu/role-tree-keys` (BladeX CheckedTreeVO): the nodes to tick in each tree of `menu/grant-tree`. A checkbox
 * tree ticks everything below a ticked node, so a menu is listed only when the roles hold all of it.
 */
export const CheckedTreeSchema = z.object({
  menu: z.array(z.string()),
  dataScope: z.array(z.string()),
  apiScope: z.array(z.string()),
});
export type CheckedTree = z.infer<typeof CheckedTreeSchema>;
