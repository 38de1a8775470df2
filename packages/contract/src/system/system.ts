import { z } from 'zod';
import { AuditFields, Id, optionalText, text, num, keyFilter } from '../common/schemas.js';

/** A node of `menu/routes` and `menu/buttons` (PROTOCOLS.md §1). */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  component: string;
  remark: string;
  hasChildren: boolean;
  children: MenuNode[];
}
export const MenuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: Id,
    parentId: z.string(),
    code: z.string(),
    name: z.string(),
    alias: z.string(),
    path: z.string(),
    source: z.string(),
    sort: z.number(),
    category: z.number(),
    action: z.number(),
    isOpen: z.number(),
    component: z.string(),
    remark: z.string(),
    hasChildren: z.boolean(),
    children: z.array(MenuNodeSchema),
  }),
);

export const TopMenuSchema = z.object({
  id: Id,
  code: z.string(),
  name: z.string(),
  source: z.string(),
  path: z.string(),
  sort: z.number(),
});

export const MenuRoutesQuery = z.object({ topMenuId: Id.optional() });

export const DictionaryQuery = z.object({ code: z.string().trim().min(1).max(100) });
export const DictionaryItem = z.object({
  id: Id,
  parentId: z.string(),
  code: z.string(),
  dictKey: z.string(),
  dictValue: z.string(),
  sort: z.number(),
  remark: z.string(),
  isSealed: z.number(),
});

/** Posts (job positions) of a tenant: the first tenant-owned CRUD resource. */
export const PostSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  category: z.number().int(),
  postCode: z.string(),
  postName: z.string(),
  sort: z.number().int(),
  remark: z.string().nullable(),
});
export type Post = z.infer<typeof PostSchema>;

export const PostSubmit = z.object({
  id: Id.optional(),
  category: num(z.number().int().min(1).max(99)),
  postCode: text(64),
  postName: text(64),
  sort: num(z.number().int().min(0).max(9999)),
  remark: optionalText(),
});
export type PostSubmit = z.infer<typeof PostSubmit>;

export const PostPageQuery = z.object({
  postCode: z.string().max(64).optional(),
  postName: z.string().max(64).optional(),
  category: keyFilter(),
});
