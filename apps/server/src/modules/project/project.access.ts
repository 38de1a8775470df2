import { type PageQuery, PROJECT_ROLES } from '@aos/contract';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { ADMINISTRATOR_ALIAS } from '../../db/provision.js';
import { dept, project, projectAuth, projectMember } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { dataScopeCondition, inCallerDeptsOrBelow } from '../../lib/data-scope.js';
import { fieldError, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { userNames } from '../../lib/labels.js';
import { pageAnswer } from '../../lib/page.js';
import { insertAudit, scope, updateAudit } from '../../lib/tenant-scope.js';
import { checkDepts, checkUsers, deptNames } from './project.lookups.js';

export type ProjectRow = typeof project.$inferSelect;

/** A constant text array, one parameter per element. */
function textArray(values: string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

export const isAdmin = (ctx: Ctx) => !ctx.user || ctx.user.roleAliases.includes(ADMINISTRATOR_ALIAS);

/**
 * Who sees and who manages a project, and the authorisations (projectauth) that widen who sees it. Rules:
 * - visible to the tenant's administrators, its creator and leader, its members, the users of its team (dept)
 *   and the depts above it, and the depts (with their sub-depts) and users its authorisation names; the role
 *   data scopes of `project_home` (on the team) apply on top;
 * - managed (members and machines bound and unbound, by users granted `project_members`) by the tenant's
 *   administrators, its creator and leader, and its members in the project administrator role.
 */
export class ProjectAccess {
  /** Who sees which projects (the rule above), as a condition on aos_project; none for administrators. */
  async visible(ctx: Ctx): Promise<SQL | undefined> {
    const scoped = dataScopeCondition(ctx, { code: 'project_home', dept: project.deptId });
    if (isAdmin(ctx)) return scoped;
    const userId = ctx.user!.userId;
    const depts = await this.deptsAndAbove(ctx);
    const byAuth = [sql`string_to_array(${projectAuth.userIds}, ',') @> ${textArray([userId])}`];
    if (depts.length) byAuth.push(sql`string_to_array(${projectAuth.deptIds}, ',') && ${textArray(depts)}`);
    const rule = or(
      eq(project.createUser, userId),
      eq(project.leaderId, userId),
      inCallerDeptsOrBelow(ctx, project.deptId),
      sql`exists (select 1 from ${projectMember} where ${projectMember.projectId} = ${project.id}
        and ${projectMember.userId} = ${userId})`,
      sql`exists (select 1 from ${projectAuth} where ${projectAuth.projectId} = ${project.id}
        and ${projectAuth.isDeleted} = 0 and ${projectAuth.tenantId} = ${ctx.tenantId} and (${or(...byAuth)}))`,
    );
    return scoped ? and(rule, scoped) : rule;
  }

  /** The caller's depts and every dept above them (an authorised dept covers its sub-depts). */
  private async deptsAndAbove(ctx: Ctx): Promise<string[]> {
    const own = ctx.depts.filter((id) => /^[1-9]\d{0,18}$/.test(id));
    if (!own.length) return [];
    const rows = await ctx.db
      .select({ ancestors: dept.ancestors })
      .from(dept)
      .where(scope(ctx, dept, inArray(dept.id, own)));
    const all = new Set(own);
    for (const row of rows) for (const id of row.ancestors.split(',')) if (id && id !== '0') all.add(id);
    return [...all];
  }

  async where(ctx: Ctx, ...more: Array<SQL | undefined>) {
    return scope(ctx, project, await this.visible(ctx), ...more);
  }

  /** The project `id` when the caller sees it; 404 otherwise. */
  async row(ctx: Ctx, id: string): Promise<ProjectRow> {
    const [row] = await ctx.db
      .select()
      .from(project)
      .where(await this.where(ctx, eq(project.id, id)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  /** The ids of every project the caller sees (the task area's lists and checks). */
  async visibleIds(ctx: Ctx): Promise<string[]> {
    const rows = await ctx.db
      .select({ id: project.id })
      .from(project)
      .where(await this.where(ctx));
    return rows.map((row) => row.id);
  }

  /** A reference to a project in another area's input: a 400 naming `field` unless the caller sees it. */
  async require(ctx: Ctx, id: string, field = 'projectId'): Promise<void> {
    const [row] = await ctx.db
      .select({ id: project.id })
      .from(project)
      .where(await this.where(ctx, eq(project.id, id)))
      .limit(1);
    if (!row) throw fieldError(field, 'project.project');
  }

  /** The caller may bind and unbind the project's members and machines (see the class rules). */
  async manages(ctx: Ctx, row: ProjectRow): Promise<boolean> {
    if (isAdmin(ctx)) return true;
    const userId = ctx.user!.userId;
    if (row.createUser === userId || row.leaderId === userId) return true;
    const [member] = await ctx.db
      .select({ role: projectMember.role })
      .from(projectMember)
      .where(
        scope(ctx, projectMember, eq(projectMember.projectId, row.id), eq(projectMember.userId, userId)),
      );
    return member?.role === PROJECT_ROLES.admin;
  }

  async managed(ctx: Ctx, projectId: string): Promise<ProjectRow> {
    const row = await this.row(ctx, projectId);
    if (!(await this.manages(ctx, row))) throw forbidden('project.notManager');
    return row;
  }

  private async authShown(ctx: Ctx, rows: Array<typeof projectAuth.$inferSelect>) {
    const deptIds = rows.flatMap((row) => row.deptIds.split(',').filter(Boolean));
    const userIds = rows.flatMap((row) => row.userIds.split(',').filter(Boolean));
    const [depts, users, projects] = await Promise.all([
      deptNames(ctx, deptIds),
      userNames(ctx, userIds),
      rows.length
        ? ctx.db
            .select({ id: project.id, name: project.name })
            .from(project)
            .where(
              scope(
                ctx,
                project,
                inArray(
                  project.id,
                  rows.map((row) => row.projectId),
                ),
              ),
            )
        : [],
    ]);
    const names = new Map(projects.map((row) => [row.id, row.name]));
    return rows.map((row) => {
      const dIds = row.deptIds.split(',').filter(Boolean);
      const uIds = row.userIds.split(',').filter(Boolean);
      return {
        ...row,
        deptIds: dIds,
        userIds: uIds,
        projectName: names.get(row.projectId) ?? null,
        deptNames: dIds.map((id) => depts.get(id) ?? id),
        userNames: uIds.map((id) => users.get(id) ?? id),
      };
    });
  }

  /** projectauth/page: the authorisations of the projects the caller sees. */
  async authPage(ctx: Ctx, query: PageQuery & { projectId?: string; projectName?: string }) {
    const visible = await this.visible(ctx);
    const name = query.projectName ? `%${query.projectName.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const where = scope(
      ctx,
      projectAuth,
      query.projectId ? eq(projectAuth.projectId, query.projectId) : undefined,
      sql`exists (select 1 from ${project} where ${project.id} = ${projectAuth.projectId} and ${project.isDeleted} = 0
        and ${project.tenantId} = ${ctx.tenantId}${visible ? sql` and ${visible}` : sql``}${
          name ? sql` and ${project.name} ilike ${name}` : sql``
        })`,
    );
    const [counted] = await ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(projectAuth)
      .where(where);
    const total = counted?.total ?? 0;
    const rows = await ctx.db
      .select()
      .from(projectAuth)
      .where(where)
      .orderBy(desc(projectAuth.createTime), desc(projectAuth.id))
      .limit(query.size)
      .offset((query.current - 1) * query.size);
    return pageAnswer(await this.authShown(ctx, rows), total, query);
  }

  /** projectauth/detail: the project's authorisation, null when it has none. */
  async authDetail(ctx: Ctx, projectId: string) {
    await this.row(ctx, projectId);
    const [row] = await ctx.db
      .select()
      .from(projectAuth)
      .where(scope(ctx, projectAuth, eq(projectAuth.projectId, projectId)))
      .limit(1);
    return row ? (await this.authShown(ctx, [row]))[0]! : null;
  }

  /** projectauth/submit: set the depts and users authorised to see a project (one row per project). */
  async authSubmit(
    ctx: Ctx,
    input: { projectId: string; deptIds: string[]; userIds: string[]; remark?: string | null },
  ) {
    await this.require(ctx, input.projectId);
    await checkDepts(ctx, input.deptIds, 'deptIds');
    await checkUsers(ctx, input.userIds, 'userIds');
    const values = {
      deptIds: input.deptIds.join(','),
      userIds: input.userIds.join(','),
      remark: input.remark ?? null,
    };
    const [existing] = await ctx.db
      .select({ id: projectAuth.id })
      .from(projectAuth)
      .where(scope(ctx, projectAuth, eq(projectAuth.projectId, input.projectId)))
      .limit(1);
    if (existing) {
      await ctx.db
        .update(projectAuth)
        .set({ ...values, ...updateAudit(ctx) })
        .where(scope(ctx, projectAuth, eq(projectAuth.id, existing.id)));
    } else {
      await ctx.db.insert(projectAuth).values({
        ...values,
        projectId: input.projectId,
        ...insertAudit(ctx, projectAuth),
        id: newId(),
      } as never);
    }
    return (await this.authDetail(ctx, input.projectId))!;
  }

  /** projectauth/remove: authorisations of projects the caller sees; 404 when none. */
  async authRemove(ctx: Ctx, ids: string[]) {
    const visibleIds = await this.visibleIds(ctx);
    if (!visibleIds.length) throw notFound();
    const removed = await ctx.db
      .update(projectAuth)
      .set({ isDeleted: 1, ...updateAudit(ctx) })
      .where(
        scope(ctx, projectAuth, inArray(projectAuth.id, ids), inArray(projectAuth.projectId, visibleIds)),
      )
      .returning({ id: projectAuth.id });
    if (!removed.length) throw notFound();
    return removed.length;
  }
}
