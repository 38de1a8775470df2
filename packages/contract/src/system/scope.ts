/**
 * Data scopes and API scopes (spec §6, §7 data-scope, api-scope; PROTOCOLS.md §1 scope_data, scope_api):
 * rules tied to a menu and a resource code, granted to roles, enforced by the server.
 */
import { z } from 'zod';
import { AuditFields, Id, optionalText, text, num } from '../common/schemas.js';

/** Data-scope types (dictionary data_scope_type). */
export const DATA_SCOPE_TYPES = {
  all: 1,
  own: 2,
  ownDept: 3,
  ownDeptAndBelow: 4,
  custom: 5,
} as const;

/** API-scope types (dictionary api_scope_type): every path of the resource, or the rule's path pattern. */
export const API_SCOPE_TYPES = { all: 1, path: 2 } as const;

const ResourceCode = text(64).regex(/^[A-Za-z][\w:.-]*$/, { message: 'scope.resourceCodeFormat' });

export const DataScopeSchema = AuditFields.extend({
  id: Id,
  menuId: z.string().nullable(),
  resourceCode: z.string(),
  scopeName: z.string(),
  scopeField: z.string().nullable(),
  scopeClass: z.string().nullable(),
  scopeColumn: z.string().nullable(),
  scopeType: z.number().int(),
  /** custom (5): comma-separated dept ids */
  scopeValue: z.string().nullable(),
  remark: z.string().nullable(),
});
export type DataScope = z.infer<typeof DataScopeSchema>;

/**
 * A data-scope rule. `scopeValue` matters for the custom type only: the comma-separated ids of the depts
 * whose rows the role sees. `scopeField`, `scopeClass` and `scopeColumn` are kept for BladeX compatibility
 * and shown to operators; the columns that hold a row's owner and dept are declared by each resource.
 */
export const DataScopeSubmit = z.object({
  id: Id.optional(),
  menuId: Id,
  resourceCode: ResourceCode,
  scopeName: text(64),
  scopeField: optionalText(64),
  scopeClass: optionalText(255),
  scopeColumn: optionalText(64),
  scopeType: num(z.number().int().min(1).max(5)),
  scopeValue: optionalText(2000),
  remark: optionalText(255),
});
export type DataScopeSubmit = z.infer<typeof DataScopeSubmit>;

export const ScopePageQuery = z.object({
  menuId: Id.optional(),
  resourceCode: z.string().max(64).optional(),
  scopeName: z.string().max(64).optional(),
});

export const ApiScopeSchema = AuditFields.extend({
  id: Id,
  menuId: z.string().nullable(),
  resourceCode: z.string(),
  scopeName: z.string(),
  /** `/api/...` or `/blade-...` (BladeX, `/api` implied); may end in `*` (one segment) or `**` (any depth) */
  scopePath: z.string(),
  scopeType: z.number().int(),
  remark: z.string().nullable(),
});
export type ApiScope = z.infer<typeof ApiScopeSchema>;

export const ApiScopeSubmit = z.object({
  id: Id.optional(),
  menuId: Id,
  resourceCode: ResourceCode,
  scopeName: text(64),
  scopePath: text(255).regex(/^\/[\w\-./*]*$/, { message: 'scope.pathFormat' }),
  scopeType: num(z.number().int().min(1).max(2)),
  remark: optionalText(255),
});
export type ApiScopeSubmit = z.infer<typeof ApiScopeSubmit>;
