import { DATA_SCOPE_TYPES, splitIds } from '@aos/contract';
import { eq, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { dept } from '../db/schema/index.js';
import type { Ctx, DataScopeRule } from './context.js';
import { scope } from './tenant-scope.js';

/**
 * Where a resource's rows say who owns them, for the data scopes of spec §6 (all, own, own dept, own dept
 * and below, custom). `code` is the resource code the data-scope rules name (e.g. 'user').
 */
export interface DataScopeTarget {
  code: string;
  /** a single dept id column; default (when neither dept nor deptList is given) create_dept */
  dept?: PgColumn;
  /** a comma-separated dept id list column (blade_user.dept_id) */
  deptList?: PgColumn;
  /** the owner column; default create_user */
  user?: PgColumn;
}

const isId = (value: string) => /^[1-9]\d{0,18}$/.test(value);

/** The ids of a custom rule's value: comma-separated dept ids (anything else in it is ignored). */
export function customDeptIds(value: string | null): string[] {
  return splitIds(value).filter(isId);
}

/** A constant array for PostgreSQL, one parameter per element. */
function constantArray(values: string[], type: 'text' | 'bigint'): SQL {
  const elements = sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
  return type === 'text' ? sql`array[${elements}]::text[]` : sql`array[${elements}]::bigint[]`;
}

/** blade_dept under its own name in the sub-select, apart from the outer query (which may be on depts too). */
const scopeDept = alias(dept, 'scope_dept');

/**
 * The caller's depts and every dept below them (blade_dept.ancestors holds the ids above a dept). An
 * uncorrelated sub-select: the database resolves it once per query, from the tenant's dept index.
 */
function deptSubtree(ctx: Ctx, depts: string[], as: 'text' | 'bigint'): SQL {
  const id = as === 'text' ? sql`${scopeDept.id}::text` : sql`${scopeDept.id}`;
  const inTree = sql`(${scopeDept.id} = any(${constantArray(depts, 'bigint')})
    or string_to_array(${scopeDept.ancestors}, ',') && ${constantArray(depts, 'text')})`;
  return sql`select ${id} from ${dept} as ${scopeDept} where ${scope(ctx, scopeDept, inTree)}`;
}

/**
 * Rows whose dept is among `depts` — the depts themselves, or with `below` also every dept under them —
 * looking at the target's dept column, its dept-list column, or else create_dept.
 */
function deptCondition(ctx: Ctx, target: DataScopeTarget, depts: string[], below: boolean): SQL {
  const parts: SQL[] = [];
  const column = target.dept ?? (target.deptList ? undefined : sql.identifier('create_dept'));
  if (column) {
    parts.push(
      below
        ? sql`${column} in (${deptSubtree(ctx, depts, 'bigint')})`
        : sql`${column} = any(${constantArray(depts, 'bigint')})`,
    );
  }
  if (target.deptList) {
    const list = below ? sql`array(${deptSubtree(ctx, depts, 'text')})` : constantArray(depts, 'text');
    parts.push(sql`string_to_array(${target.deptList}, ',') && ${list}`);
  }
  return or(...parts)!;
}

function ruleCondition(ctx: Ctx, target: DataScopeTarget, rule: DataScopeRule): SQL | 'all' {
  switch (rule.scopeType) {
    case DATA_SCOPE_TYPES.all:
      return 'all';
    case DATA_SCOPE_TYPES.own: {
      const userId = ctx.user?.userId;
      if (!userId) return sql`false`;
      return target.user ? eq(target.user, userId) : sql`${sql.identifier('create_user')} = ${userId}`;
    }
    case DATA_SCOPE_TYPES.ownDept:
    case DATA_SCOPE_TYPES.ownDeptAndBelow: {
      const depts = ctx.depts.filter(isId);
      if (depts.length === 0) return sql`false`;
      return deptCondition(ctx, target, depts, rule.scopeType === DATA_SCOPE_TYPES.ownDeptAndBelow);
    }
    case DATA_SCOPE_TYPES.custom: {
      const depts = customDeptIds(rule.scopeValue);
      return depts.length ? deptCondition(ctx, target, depts, false) : sql`false`;
    }
    default:
      return sql`false`;
  }
}

/**
 * The condition the caller's data-scope rules add for `target`, or undefined when they see everything.
 * Only rules naming `target.code` count; with none, every row is visible (BladeX). The rules of all the
 * caller's roles add up (union): a row is visible when any rule lets it through, and a rule of type
 * "all" lifts the restriction. The administrator role has no rules (see PrincipalService.grants).
 */
export function dataScopeCondition(ctx: Ctx, target: DataScopeTarget): SQL | undefined {
  if (ctx.dataScopes.length === 0) return undefined;
  const rules = ctx.dataScopes.filter((rule) => rule.resourceCode === target.code);
  if (rules.length === 0) return undefined;
  const parts: SQL[] = [];
  for (const rule of rules) {
    const condition = ruleCondition(ctx, target, rule);
    if (condition === 'all') return undefined;
    parts.push(condition);
  }
  return sql`(${or(...parts)})`;
}

/**
 * Rows whose `column` (a dept id) is one of the caller's depts or below them (false for a caller without a
 * dept): what a resource visible to "its dept and the depts above it" asks, apart from the data-scope rules.
 */
export function inCallerDeptsOrBelow(ctx: Ctx, column: PgColumn): SQL {
  const depts = ctx.depts.filter(isId);
  if (depts.length === 0) return sql`false`;
  return deptCondition(ctx, { code: '', dept: column }, depts, true);
}
