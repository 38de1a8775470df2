import { z } from 'zod';
import { AuditFields, Id, optionalText, text, num, keyFilter } from '../common/schemas.js';

/** The parent id of a top-level dept (BladeX). */
export const DEPT_ROOT_PARENT = '0';

/** A parent reference: `0` (top level) or a dept id. */
const ParentId = z.union([z.literal(DEPT_ROOT_PARENT), Id], { message: 'validation.id' });

/**
 * A dept (team) of a tenant (spec §3 "Team", PROTOCOLS.md §1 dept): name, parent organisation, type
 * (dictionary `org_category`), member count (users whose dept list holds it), manager, description (remark).
 */
export const DeptSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  parentId: z.string(),
  /** comma-separated ids from the top (`0`) down to the parent */
  ancestors: z.string(),
  deptCategory: z.number().int(),
  deptName: z.string(),
  fullName: z.string().nullable(),
  sort: z.number().int(),
  remark: z.string().nullable(),
  managerId: z.string().nullable(),
  /** real name (else account) of the manager */
  managerName: z.string().nullable(),
  parentName: z.string().nullable(),
  memberCount: z.number().int(),
  /** the label of `deptCategory` (dictionary `org_category`) and the tenant's name, as BladeX answers them */
  deptCategoryName: z.string().nullable(),
  tenantName: z.string().nullable(),
});
export type Dept = z.infer<typeof DeptSchema>;

/** A dept as a tree node (tree, lazy-tree): the row plus `title/key/value` for tree selects. */
export interface DeptNode extends Dept {
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children?: DeptNode[];
}
export const DeptNodeSchema: z.ZodType<DeptNode> = z.lazy(() =>
  DeptSchema.extend({
    title: z.string(),
    key: z.string(),
    value: z.string(),
    hasChildren: z.boolean(),
    children: z.array(DeptNodeSchema).optional(),
  }),
);

export const DeptSubmit = z.object({
  id: Id.optional(),
  parentId: ParentId.default(DEPT_ROOT_PARENT),
  deptName: text(45),
  fullName: optionalText(45),
  /** dictionary `org_category`: 1 company, 2 department, 3 team */
  deptCategory: num(z.number().int().min(1).max(99)),
  sort: num(z.number().int().min(0).max(9999).default(1)),
  /** a user of the same tenant; empty clears it */
  managerId: z
    .union([Id, z.literal('')], { message: 'validation.id' })
    .nullish()
    .transform((value) => value || null),
  remark: optionalText(255),
});
export type DeptSubmit = z.infer<typeof DeptSubmit>;

export const DeptPageQuery = z.object({
  parentId: ParentId.optional(),
  deptName: z.string().max(45).optional(),
  fullName: z.string().max(45).optional(),
  deptCategory: keyFilter(),
});
export type DeptPageQuery = z.infer<typeof DeptPageQuery>;

/**
 * `dept/lazy-list` (BladeX; the Saber dept screen): the children of `parentId` matching the filters, or without
 * a parent the matches at any depth (the top level when nothing is searched); `tenantId` for the platform only.
 */
export const DeptLazyQuery = DeptPageQuery.extend({ tenantId: z.string().trim().max(12).optional() });
export type DeptLazyQuery = z.infer<typeof DeptLazyQuery>;

export const DeptParentQuery = z.object({ parentId: ParentId.optional() });
export const DeptTreeQuery = z.object({ tenantId: z.string().trim().max(12).optional() });
export const DeptTenantQuery = z.object({ tenantId: z.string().trim().min(1).max(12) });
