import {
  DICT,
  haversineM,
  type Page,
  type PageQuery,
  PROJECT_CENTER_AREA_M,
  PROJECT_DEVICE_TYPE,
  PROJECT_MACHINE_KINDS,
  PROJECT_ROLES,
  type ProjectMachineKind,
  type ProjectPageQuery,
  projectState,
  translate,
} from '@aos/contract';
import { and, asc, desc, eq, gt, ilike, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ProjectSubmit as ProjectSubmitSchema } from '@aos/contract';
import { ADMINISTRATOR_ALIAS } from '../../db/provision.js';
import {
  attach,
  dept,
  device,
  dictBiz,
  dock,
  dockDrone,
  flyOperator,
  project,
  projectAuth,
  projectMachine,
  projectMember,
  task,
  taskExecution,
  user,
} from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { sortOrder } from '../../lib/crud.js';
import { dataScopeCondition, inCallerDeptsOrBelow } from '../../lib/data-scope.js';
import { fieldError, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { pageAnswer } from '../../lib/page.js';
import { userNames } from '../../lib/labels.js';
import { parseDateTime } from '../../lib/time.js';
import { insertAudit, scope, updateAudit } from '../../lib/tenant-scope.js';
import type { LiveHub } from '../../live/hub.js';

type ProjectRow = typeof project.$inferSelect;
type Submit = z.output<typeof ProjectSubmitSchema>;

/** Task statuses (TASK_STATUS) of a flight not over: pending, received, in progress; and of one flying. */
const UNFINISHED = [0, 1, 2];
const FLYING = [1, 2];

/** The submit field of each machine kind's id list. */
const LIST_FIELD: Record<ProjectMachineKind, 'dockIds' | 'aircraftIds' | 'payloadIds' | 'dataLinkIds'> = {
  dock: 'dockIds',
  aircraft: 'aircraftIds',
  payload: 'payloadIds',
  dataLink: 'dataLinkIds',
};

/** A constant text array, one parameter per element. */
function textArray(values: string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** The columns a page may be sorted by (`ascs`, `descs`). */
const SORTABLE: Record<string, PgColumn | undefined> = {
  name: project.name,
  startTime: project.startTime,
  endTime: project.endTime,
  createTime: project.createTime,
};

const isAdmin = (ctx: Ctx) => !ctx.user || ctx.user.roleAliases.includes(ADMINISTRATOR_ALIAS);

/**
 * Projects of a tenant (spec §3 Project, §4; §7 project-management, item-manager-config, projectauth;
 * docs/project.md). Rules:
 * - visible to the tenant's administrators, its creator and leader, its members, the users of its team (dept)
 *   and the depts above it, and the depts (with their sub-depts) and users its authorisation names; the role
 *   data scopes of `project_home` (on the team) apply on top;
 * - its team, leader, members, machines (each of its kind) and files are the tenant's, each refusal a 400
 *   naming the field; end ≥ start; the name is unique in the tenant;
 * - its state is read from the time: not started before its start, in progress from then on;
 * - members and machines are bound by users granted `project_members` who manage the project: the tenant's
 *   administrators, its creator and leader, and its members in the project administrator role.
 */
export class ProjectService {
  constructor(private readonly live: LiveHub) {}

  // --------------------------------------------------------------------------------------------- visibility

  /** Who sees which projects (the rule above), as a condition on aos_project; none for administrators. */
  private async visible(ctx: Ctx): Promise<SQL | undefined> {
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

  private async where(ctx: Ctx, ...more: Array<SQL | undefined>) {
    return scope(ctx, project, await this.visible(ctx), ...more);
  }

  /** The project `id` when the caller sees it; 404 otherwise. */
  private async row(ctx: Ctx, id: string): Promise<ProjectRow> {
    const [row] = await ctx.db
      .select()
      .from(project)
      .where(await this.where(ctx, eq(project.id, id)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  // ------------------------------------------------------------------------------ for other areas (Services)

  /** The ids of every project the caller sees (the task area's lists and checks). */
  async visibleIds(ctx: Ctx): Promise<string[]> {
    const rows = await ctx.db
      .select({ id: project.id })
      .from(project)
      .where(await this.where(ctx));
    return rows.map((row) => row.id);
  }

  /** One project as the API shows it; 404 when the caller does not see it. */
  async get(ctx: Ctx, id: string) {
    const [shown] = await this.shown(ctx, [await this.row(ctx, id)]);
    return shown!;
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

  // ----------------------------------------------------------------------------------------------- project

  async page(ctx: Ctx, query: PageQuery & ProjectPageQuery) {
    const now = new Date();
    const state =
      query.state === undefined
        ? undefined
        : query.state === 0
          ? gt(project.startTime, now)
          : lte(project.startTime, now);
    const where = await this.where(
      ctx,
      query.name ? ilike(project.name, `%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
      query.type === undefined ? undefined : eq(project.type, query.type),
      query.industryType === undefined ? undefined : eq(project.industryType, query.industryType),
      query.deptId ? eq(project.deptId, query.deptId) : undefined,
      state,
    );
    const [counted] = await ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(project)
      .where(where);
    const total = counted?.total ?? 0;
    const order = sortOrder(query, (name) => SORTABLE[name], [desc(project.createTime), desc(project.id)]);
    const rows = await ctx.db
      .select()
      .from(project)
      .where(where)
      .orderBy(...order)
      .limit(query.size)
      .offset((query.current - 1) * query.size);
    return pageAnswer(await this.shown(ctx, rows), total, query);
  }

  /** select-list and inspetionProjects: every project the caller sees, small, by name. */
  async options(ctx: Ctx) {
    const rows = await ctx.db
      .select({ id: project.id, name: project.name, startTime: project.startTime })
      .from(project)
      .where(await this.where(ctx))
      .orderBy(asc(project.name));
    return rows.map((row) => ({ id: row.id, name: row.name, state: projectState(row.startTime) }));
  }

  async detail(ctx: Ctx, id: string) {
    const row = await this.row(ctx, id);
    const [shown] = await this.shown(ctx, [row]);
    const members = await this.membersOf(ctx, [id]);
    const machines = await this.machinesOf(ctx, eq(projectMachine.projectId, id));
    return { ...shown!, members, machines };
  }

  add(ctx: Ctx, input: Omit<Submit, 'id'>) {
    return this.save(ctx, input);
  }

  update(ctx: Ctx, input: Submit & { id: string }) {
    return this.save(ctx, input);
  }

  private async save(ctx: Ctx, input: Submit) {
    const existing = input.id ? await this.row(ctx, input.id) : undefined;
    await this.checkReferences(ctx, input, existing?.id);
    const values = {
      name: input.name,
      type: input.type,
      industryType: input.industryType,
      deptId: input.deptId ?? null,
      leaderId: input.leaderId ?? null,
      startTime: parseDateTime(input.startTime),
      endTime: parseDateTime(input.endTime),
      reportTemplateId: input.reportTemplateId ?? null,
      centerLongitude: input.centerLongitude ?? null,
      centerLatitude: input.centerLatitude ?? null,
      screenTitle: input.screenTitle ?? null,
      remark: input.remark ?? null,
      ...(input.attachIds ? { attachIds: input.attachIds.join(',') } : existing ? {} : { attachIds: '' }),
    };
    const id = await inTransaction(ctx, async (tx) => {
      let projectId: string;
      if (existing) {
        projectId = existing.id;
        await tx.db
          .update(project)
          .set({ ...values, ...updateAudit(tx) })
          .where(scope(tx, project, eq(project.id, projectId)));
      } else {
        projectId = newId();
        await tx.db
          .insert(project)
          .values({ ...values, ...insertAudit(tx, project), id: projectId } as never);
      }
      if (input.memberIds) await this.syncMembers(tx, projectId, input.memberIds);
      for (const kind of PROJECT_MACHINE_KINDS) {
        const ids = input[LIST_FIELD[kind]];
        if (ids) await this.syncMachines(tx, projectId, kind, ids);
      }
      return projectId;
    });
    return this.get(ctx, id);
  }

  /** Every reference of a submit is the tenant's (a 400 naming the field); the name is the tenant's only one. */
  private async checkReferences(ctx: Ctx, input: Submit, id?: string) {
    if (!(await bizDict(ctx, DICT.project_type)).has(String(input.type))) {
      throw fieldError('type', 'project.type');
    }
    if (!(await bizDict(ctx, DICT.industry_type)).has(String(input.industryType))) {
      throw fieldError('industryType', 'project.industryType');
    }
    const [taken] = await ctx.db
      .select({ id: project.id })
      .from(project)
      .where(scope(ctx, project, eq(project.name, input.name), id ? ne(project.id, id) : undefined))
      .limit(1);
    if (taken) throw fieldError('name', 'project.nameTaken');
    if (input.deptId) await this.checkDepts(ctx, [input.deptId], 'deptId');
    if (input.leaderId) await this.checkUsers(ctx, [input.leaderId], 'leaderId');
    if (input.memberIds?.length) await this.checkUsers(ctx, input.memberIds, 'memberIds');
    if (input.reportTemplateId) throw fieldError('reportTemplateId', 'project.reportTemplate');
    for (const kind of PROJECT_MACHINE_KINDS) {
      const ids = input[LIST_FIELD[kind]];
      if (ids?.length) await this.checkMachines(ctx, kind, ids, LIST_FIELD[kind]);
    }
    if (input.attachIds?.length) {
      const found = await ctx.db
        .select({ id: attach.id })
        .from(attach)
        .where(scope(ctx, attach, inArray(attach.id, input.attachIds)));
      if (found.length !== input.attachIds.length) throw fieldError('attachIds', 'project.file');
    }
  }

  private async checkDepts(ctx: Ctx, ids: string[], field: string) {
    if (!ids.length) return;
    const found = await ctx.db
      .select({ id: dept.id })
      .from(dept)
      .where(scope(ctx, dept, inArray(dept.id, ids)));
    if (found.length !== new Set(ids).size) throw fieldError(field, 'project.dept');
  }

  private async checkUsers(ctx: Ctx, ids: string[], field: string) {
    if (!ids.length) return;
    const found = await ctx.db
      .select({ id: user.id })
      .from(user)
      .where(scope(ctx, user, inArray(user.id, ids)));
    if (found.length !== new Set(ids).size) throw fieldError(field, 'project.user');
  }

  private async checkMachines(ctx: Ctx, kind: ProjectMachineKind, ids: string[], field: string) {
    const found =
      kind === 'dock'
        ? await ctx.db
            .select({ id: dock.id })
            .from(dock)
            .where(scope(ctx, dock, inArray(dock.id, ids)))
        : await ctx.db
            .select({ id: device.id })
            .from(device)
            .where(scope(ctx, device, inArray(device.id, ids), eq(device.type, PROJECT_DEVICE_TYPE[kind])));
    if (found.length !== new Set(ids).size) throw fieldError(field, 'project.machine');
  }

  private async syncMembers(ctx: Ctx, projectId: string, userIds: string[]) {
    const current = await ctx.db
      .select({ userId: projectMember.userId })
      .from(projectMember)
      .where(scope(ctx, projectMember, eq(projectMember.projectId, projectId)));
    const have = new Set(current.map((row) => row.userId));
    const gone = [...have].filter((id) => !userIds.includes(id));
    if (gone.length) {
      await ctx.db
        .delete(projectMember)
        .where(
          scope(
            ctx,
            projectMember,
            eq(projectMember.projectId, projectId),
            inArray(projectMember.userId, gone),
          ),
        );
    }
    const added = userIds.filter((id) => !have.has(id));
    if (added.length) {
      await ctx.db.insert(projectMember).values(
        added.map((userId) => ({
          id: newId(),
          tenantId: ctx.tenantId,
          projectId,
          userId,
          role: PROJECT_ROLES.member,
        })),
      );
    }
  }

  private async syncMachines(ctx: Ctx, projectId: string, kind: ProjectMachineKind, ids: string[]) {
    const current = await ctx.db
      .select({ machineId: projectMachine.machineId })
      .from(projectMachine)
      .where(
        scope(ctx, projectMachine, eq(projectMachine.projectId, projectId), eq(projectMachine.kind, kind)),
      );
    const have = new Set(current.map((row) => row.machineId));
    const gone = [...have].filter((id) => !ids.includes(id));
    if (gone.length) {
      await ctx.db
        .delete(projectMachine)
        .where(
          scope(
            ctx,
            projectMachine,
            eq(projectMachine.projectId, projectId),
            eq(projectMachine.kind, kind),
            inArray(projectMachine.machineId, gone),
          ),
        );
    }
    await this.link(
      ctx,
      projectId,
      kind,
      ids.filter((id) => !have.has(id)),
    );
  }

  private async link(ctx: Ctx, projectId: string, kind: ProjectMachineKind, ids: string[]) {
    if (!ids.length) return;
    await ctx.db
      .insert(projectMachine)
      .values(ids.map((machineId) => ({ id: newId(), tenantId: ctx.tenantId, projectId, kind, machineId })))
      .onConflictDoNothing();
  }

  /** Remove projects the caller sees (with their members, machines and authorisation); 404 when none. */
  async remove(ctx: Ctx, ids: string[]): Promise<number> {
    const seen = await ctx.db
      .select({ id: project.id })
      .from(project)
      .where(await this.where(ctx, inArray(project.id, ids)));
    if (!seen.length) throw notFound();
    const found = seen.map((row) => row.id);
    await this.refuseUnfinishedTasks(ctx, found);
    await inTransaction(ctx, async (tx) => {
      // its finished tasks (and their flights' history) go with it; nothing of them is waiting or flying
      await tx.db
        .update(task)
        .set({ isDeleted: 1, nextTime: null, ...updateAudit(tx) })
        .where(scope(tx, task, inArray(task.projectId, found)));
      await tx.db
        .update(project)
        .set({ isDeleted: 1, ...updateAudit(tx) })
        .where(scope(tx, project, inArray(project.id, found)));
      await tx.db
        .delete(projectMember)
        .where(scope(tx, projectMember, inArray(projectMember.projectId, found)));
      await tx.db
        .delete(projectMachine)
        .where(scope(tx, projectMachine, inArray(projectMachine.projectId, found)));
      await tx.db
        .update(projectAuth)
        .set({ isDeleted: 1, ...updateAudit(tx) })
        .where(scope(tx, projectAuth, inArray(projectAuth.projectId, found)));
    });
    return found.length;
  }

  /**
   * A project is removed only when none of its tasks waits or flies: those would lose their project while a
   * dock may still take off for it. The refusal names them (code and name, the first five) under `ids`.
   */
  private async refuseUnfinishedTasks(ctx: Ctx, projectIds: string[]) {
    const open = await ctx.db
      .select({ code: task.code, name: task.name })
      .from(task)
      .where(
        scope(
          ctx,
          task,
          inArray(task.projectId, projectIds),
          or(
            inArray(task.taskStatus, UNFINISHED),
            sql`exists (select 1 from ${taskExecution} e where e.task_id = ${task.id} and e.is_deleted = 0
              and e.task_status in (${sql.join(
                UNFINISHED.map((status) => sql`${status}`),
                sql`, `,
              )}))`,
          ),
        ),
      )
      .orderBy(asc(task.code))
      .limit(6);
    if (!open.length) return;
    const named = open.slice(0, 5).map((row) => `${row.code} ${row.name}`);
    throw fieldError('ids', 'project.removeTasks', {
      tasks: named.join(', ') + (open.length > 5 ? ' …' : ''),
    });
  }

  /**
   * `getFlyingTask`: the flights of a project now — its tasks' executions a dock has received or is flying,
   * with their progress. A project the caller does not see is a 400 naming `projectId`.
   */
  async flyingTasks(ctx: Ctx, projectId: string) {
    await this.require(ctx, projectId, 'projectId');
    const rows = await ctx.db
      .select({
        id: taskExecution.id,
        taskId: task.id,
        taskCode: task.code,
        taskName: task.name,
        taskType: task.type,
        taskStatus: taskExecution.taskStatus,
        planAt: taskExecution.planAt,
        startTime: taskExecution.startTime,
        hangarId: taskExecution.hangarId,
        hangarSn: taskExecution.hangarSn,
        hangarName: dock.name,
        waypointIndex: taskExecution.waypointIndex,
        percent: taskExecution.percent,
        paused: taskExecution.paused,
      })
      .from(taskExecution)
      .innerJoin(task, eq(task.id, taskExecution.taskId))
      .leftJoin(dock, and(eq(dock.id, taskExecution.hangarId), eq(dock.isDeleted, 0)))
      .where(
        and(
          scope(ctx, taskExecution, inArray(taskExecution.taskStatus, FLYING)),
          scope(ctx, task, eq(task.projectId, projectId)),
        ),
      )
      .orderBy(asc(taskExecution.planAt))
      .limit(200);
    return rows.map(({ planAt, paused, ...row }) => ({ ...row, planTime: planAt, paused: paused === 1 }));
  }

  async setScreenTitle(ctx: Ctx, id: string, screenTitle: string | null | undefined) {
    await this.row(ctx, id);
    await ctx.db
      .update(project)
      .set({ screenTitle: screenTitle ?? null, ...updateAudit(ctx) })
      .where(scope(ctx, project, eq(project.id, id)));
    return this.get(ctx, id);
  }

  /** Records as the API shows them: state, labels, names, members' and machines' ids. */
  private async shown(ctx: Ctx, rows: ProjectRow[]) {
    const ids = rows.map((row) => row.id);
    const [labels, depts, leaders, members, machines] = await Promise.all([
      Promise.all([bizDict(ctx, DICT.project_type), bizDict(ctx, DICT.industry_type)]),
      this.deptNames(
        ctx,
        rows.map((row) => row.deptId).filter((id): id is string => Boolean(id)),
      ),
      userNames(
        ctx,
        rows.map((row) => row.leaderId),
      ),
      ids.length ? this.membersOf(ctx, ids) : Promise.resolve([]),
      ids.length
        ? ctx.db
            .select()
            .from(projectMachine)
            .where(scope(ctx, projectMachine, inArray(projectMachine.projectId, ids)))
            .orderBy(asc(projectMachine.createTime), asc(projectMachine.id))
        : Promise.resolve([]),
    ]);
    return rows.map((row) => {
      const state = projectState(row.startTime);
      const own = members.filter((member) => member.projectId === row.id);
      const bound = (kind: ProjectMachineKind) =>
        machines
          .filter((link) => link.projectId === row.id && link.kind === kind)
          .map((link) => link.machineId);
      return {
        ...row,
        state,
        typeName: labels[0].get(String(row.type)) ?? null,
        industryTypeName: labels[1].get(String(row.industryType)) ?? null,
        stateName: translate(
          ctx.language,
          state === 0 ? 'project.state.notStarted' : 'project.state.inProgress',
        ),
        deptName: row.deptId ? (depts.get(row.deptId) ?? null) : null,
        leaderName: row.leaderId ? (leaders.get(row.leaderId) ?? null) : null,
        memberIds: own.map((member) => member.userId),
        memberNames: own.map((member) => member.userName ?? member.account ?? member.userId),
        aircraftIds: bound('aircraft'),
        payloadIds: bound('payload'),
        dataLinkIds: bound('dataLink'),
        dockIds: bound('dock'),
      };
    });
  }

  private async deptNames(ctx: Ctx, ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await ctx.db
      .select({ id: dept.id, name: dept.deptName })
      .from(dept)
      .where(scope(ctx, dept, inArray(dept.id, [...new Set(ids)])));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  // ------------------------------------------------------------------------------------------------ members

  private async membersOf(ctx: Ctx, projectIds: string[], ...more: Array<SQL | undefined>) {
    return ctx.db
      .select({
        id: projectMember.id,
        projectId: projectMember.projectId,
        userId: projectMember.userId,
        role: projectMember.role,
        userName: sql<
          string | null
        >`coalesce(nullif(${user.realName}, ''), nullif(${user.name}, ''), ${user.account})`,
        account: user.account,
        phone: user.phone,
        createTime: projectMember.createTime,
      })
      .from(projectMember)
      .innerJoin(user, and(eq(user.id, projectMember.userId), eq(user.isDeleted, 0)))
      .where(scope(ctx, projectMember, inArray(projectMember.projectId, projectIds), ...more))
      .orderBy(asc(projectMember.role), asc(projectMember.createTime), asc(projectMember.id));
  }

  /** item-manager-config/user: a page of a project's members. */
  async memberPage(ctx: Ctx, query: PageQuery & { projectId: string; name?: string; role?: number }) {
    await this.row(ctx, query.projectId);
    const name = query.name ? `%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const all = await this.membersOf(
      ctx,
      [query.projectId],
      name ? or(ilike(user.realName, name), ilike(user.account, name), ilike(user.name, name)) : undefined,
      query.role === undefined ? undefined : eq(projectMember.role, query.role),
    );
    return pageOfList(all, query);
  }

  /** The caller may bind and unbind the project's members and machines (see the class rules). */
  private async manages(ctx: Ctx, row: ProjectRow): Promise<boolean> {
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

  private async managed(ctx: Ctx, projectId: string): Promise<ProjectRow> {
    const row = await this.row(ctx, projectId);
    if (!(await this.manages(ctx, row))) throw forbidden('project.notManager');
    return row;
  }

  /** modify-member: set a member's role; a user of the tenant not in the project yet joins with it. */
  async modifyMember(ctx: Ctx, input: { projectId: string; userId: string; role: number }) {
    await this.managed(ctx, input.projectId);
    await this.checkUsers(ctx, [input.userId], 'userId');
    await ctx.db
      .insert(projectMember)
      .values({
        id: newId(),
        tenantId: ctx.tenantId,
        projectId: input.projectId,
        userId: input.userId,
        role: input.role,
      })
      .onConflictDoUpdate({
        target: [projectMember.projectId, projectMember.userId],
        set: { role: input.role },
      });
    const [member] = await this.membersOf(ctx, [input.projectId], eq(projectMember.userId, input.userId));
    return member!;
  }

  /** unbind-member: the users leave the project; 404 when none of them was a member. */
  async unbindMembers(ctx: Ctx, input: { projectId: string; userIds: string[] }) {
    await this.managed(ctx, input.projectId);
    const removed = await ctx.db
      .delete(projectMember)
      .where(
        scope(
          ctx,
          projectMember,
          eq(projectMember.projectId, input.projectId),
          inArray(projectMember.userId, input.userIds),
        ),
      )
      .returning({ id: projectMember.id });
    if (!removed.length) throw notFound();
    return removed.length;
  }

  /** current-user: the caller's membership and role in a project. */
  async currentUser(ctx: Ctx, projectId: string, canBind: boolean) {
    const row = await this.row(ctx, projectId);
    const userId = ctx.user?.userId ?? null;
    const [member] = userId
      ? await ctx.db
          .select({ role: projectMember.role })
          .from(projectMember)
          .where(
            scope(
              ctx,
              projectMember,
              eq(projectMember.projectId, projectId),
              eq(projectMember.userId, userId),
            ),
          )
      : [];
    return {
      projectId,
      userId,
      member: Boolean(member),
      role: member?.role ?? null,
      leader: userId !== null && row.leaderId === userId,
      canManage: canBind && (await this.manages(ctx, row)),
    };
  }

  /** fly-list: the project's members who are fly operators of the tenant, switched on. */
  async flyers(ctx: Ctx, projectId: string) {
    await this.row(ctx, projectId);
    return ctx.db
      .select({
        id: flyOperator.id,
        userId: flyOperator.userId,
        name: flyOperator.name,
        phone: flyOperator.phone,
        licenceNumber: flyOperator.licenceNumber,
        licenceExpiry: flyOperator.licenceExpiry,
        role: projectMember.role,
      })
      .from(projectMember)
      .innerJoin(
        flyOperator,
        and(
          eq(flyOperator.userId, projectMember.userId),
          eq(flyOperator.tenantId, ctx.tenantId),
          eq(flyOperator.isDeleted, 0),
          eq(flyOperator.status, 1),
        ),
      )
      .where(scope(ctx, projectMember, eq(projectMember.projectId, projectId)))
      .orderBy(asc(flyOperator.name));
  }

  /** file: the project's attachments. */
  async files(ctx: Ctx, projectId: string) {
    const row = await this.row(ctx, projectId);
    const ids = row.attachIds.split(',').filter(Boolean);
    if (!ids.length) return [];
    return ctx.db
      .select({
        id: attach.id,
        link: attach.link,
        originalName: attach.originalName,
        extension: attach.extension,
        attachSize: attach.attachSize,
        createTime: attach.createTime,
      })
      .from(attach)
      .where(scope(ctx, attach, inArray(attach.id, ids)))
      .orderBy(asc(attach.createTime));
  }

  // ----------------------------------------------------------------------------------------------- machines

  /** The project's machines (condition on aos_project_machine) with their names and presence. */
  private async machinesOf(ctx: Ctx, condition: SQL | undefined) {
    const links = await ctx.db
      .select()
      .from(projectMachine)
      .where(scope(ctx, projectMachine, condition))
      .orderBy(asc(projectMachine.kind), asc(projectMachine.createTime), asc(projectMachine.id));
    return this.describe(ctx, links);
  }

  private async describe(ctx: Ctx, links: Array<typeof projectMachine.$inferSelect>) {
    const dockIds = links.filter((link) => link.kind === 'dock').map((link) => link.machineId);
    const deviceIds = links.filter((link) => link.kind !== 'dock').map((link) => link.machineId);
    const [docks, devices, online] = await Promise.all([
      dockIds.length
        ? ctx.db
            .select({
              id: dock.id,
              name: dock.name,
              serialNumber: dock.serialNumber,
              modelId: dock.modelId,
              manufacturerId: dock.manufacturerId,
            })
            .from(dock)
            .where(scope(ctx, dock, inArray(dock.id, dockIds)))
        : [],
      deviceIds.length
        ? ctx.db
            .select({
              id: device.id,
              name: device.name,
              serialNumber: device.serialNumber,
              modelId: device.modelId,
              manufacturerId: device.manufacturerId,
            })
            .from(device)
            .where(scope(ctx, device, inArray(device.id, deviceIds)))
        : [],
      this.onlineOwners(ctx),
    ]);
    const byId = new Map([...docks, ...devices].map((row) => [row.id, row]));
    return links.map((link) => {
      const machine = byId.get(link.machineId);
      return {
        id: link.id,
        projectId: link.projectId,
        kind: link.kind,
        machineId: link.machineId,
        name: machine?.name ?? null,
        serialNumber: machine?.serialNumber ?? null,
        modelId: machine?.modelId ?? null,
        manufacturerId: machine?.manufacturerId ?? null,
        online: online.has(link.machineId),
        createTime: link.createTime,
      };
    });
  }

  /** The ids of the tenant's docks and devices online now (device-link presence). */
  private async onlineOwners(ctx: Ctx): Promise<Set<string>> {
    const live = await this.live.list(ctx.tenantId);
    return new Set(live.filter((entry) => entry.online).map((entry) => entry.ownerId));
  }

  /** getProjectEqumentPage and page-equipment: a page of the project's machines. */
  async machinePage(ctx: Ctx, query: PageQuery & { projectId: string; kind?: ProjectMachineKind }) {
    await this.row(ctx, query.projectId);
    const condition = and(
      eq(projectMachine.projectId, query.projectId),
      query.kind ? eq(projectMachine.kind, query.kind) : undefined,
    );
    return pageOfList(await this.machinesOf(ctx, condition), query);
  }

  /** getEquListByProjectId: the project's devices (aircraft, payloads, data links). */
  async devices(ctx: Ctx, projectId: string) {
    await this.row(ctx, projectId);
    return this.machinesOf(
      ctx,
      and(eq(projectMachine.projectId, projectId), ne(projectMachine.kind, 'dock')),
    );
  }

  /** getHangarList (and by brand): the project's docks with their presence. */
  async docks(ctx: Ctx, projectId: string, manufacturerId?: string) {
    await this.row(ctx, projectId);
    const machines = await this.machinesOf(
      ctx,
      and(eq(projectMachine.projectId, projectId), eq(projectMachine.kind, 'dock')),
    );
    return machines
      .filter(
        (machine) => machine.name !== null && (!manufacturerId || machine.manufacturerId === manufacturerId),
      )
      .map((machine) => ({
        id: machine.machineId,
        name: machine.name!,
        serialNumber: machine.serialNumber!,
        modelId: machine.modelId ?? '',
        manufacturerId: machine.manufacturerId,
        online: machine.online,
      }));
  }

  /**
   * The project's aircraft: those it binds and those in the docks it binds (getOnlineUavList with a
   * `projectId` keeps the online ones).
   */
  async aircraftIds(ctx: Ctx, projectId: string): Promise<Set<string>> {
    await this.row(ctx, projectId);
    const links = await ctx.db
      .select({ kind: projectMachine.kind, machineId: projectMachine.machineId })
      .from(projectMachine)
      .where(scope(ctx, projectMachine, eq(projectMachine.projectId, projectId)));
    const ids = new Set(links.filter((link) => link.kind === 'aircraft').map((link) => link.machineId));
    const docks = links.filter((link) => link.kind === 'dock').map((link) => link.machineId);
    if (docks.length) {
      const drones = await ctx.db
        .select({ id: dockDrone.deviceId })
        .from(dockDrone)
        .where(scope(ctx, dockDrone, inArray(dockDrone.dockId, docks)));
      for (const drone of drones) ids.add(drone.id);
    }
    return ids;
  }

  /** bind-machine: the tenant's docks or devices of the kind join the project (already bound ones stay). */
  async bindMachines(ctx: Ctx, input: { projectId: string; kind: ProjectMachineKind; ids: string[] }) {
    await this.managed(ctx, input.projectId);
    await this.checkMachines(ctx, input.kind, input.ids, 'ids');
    await this.link(ctx, input.projectId, input.kind, input.ids);
    return this.machinesOf(
      ctx,
      and(
        eq(projectMachine.projectId, input.projectId),
        eq(projectMachine.kind, input.kind),
        inArray(projectMachine.machineId, input.ids),
      ),
    );
  }

  /** unbind-machine: the machines leave the project; 404 when none of them was bound. */
  async unbindMachines(ctx: Ctx, input: { projectId: string; kind: ProjectMachineKind; ids: string[] }) {
    await this.managed(ctx, input.projectId);
    const removed = await ctx.db
      .delete(projectMachine)
      .where(
        scope(
          ctx,
          projectMachine,
          eq(projectMachine.projectId, input.projectId),
          eq(projectMachine.kind, input.kind),
          inArray(projectMachine.machineId, input.ids),
        ),
      )
      .returning({ id: projectMachine.id });
    if (!removed.length) throw notFound();
    return removed.length;
  }

  /** getUseEquipmentList: the tenant's machines a project may bind, each saying whether `projectId` binds it. */
  async usableEquipment(ctx: Ctx, input: { projectId?: string; kind?: ProjectMachineKind }) {
    if (input.projectId) await this.require(ctx, input.projectId);
    const bound = new Set(
      input.projectId
        ? (
            await ctx.db
              .select({ kind: projectMachine.kind, machineId: projectMachine.machineId })
              .from(projectMachine)
              .where(scope(ctx, projectMachine, eq(projectMachine.projectId, input.projectId)))
          ).map((link) => `${link.kind}:${link.machineId}`)
        : [],
    );
    const result: Array<{
      kind: ProjectMachineKind;
      id: string;
      name: string;
      serialNumber: string;
      modelId: string | null;
      bound: boolean;
    }> = [];
    if (!input.kind || input.kind === 'dock') {
      const docks = await ctx.db
        .select({ id: dock.id, name: dock.name, serialNumber: dock.serialNumber, modelId: dock.modelId })
        .from(dock)
        .where(scope(ctx, dock))
        .orderBy(asc(dock.name));
      for (const row of docks) result.push({ kind: 'dock', ...row, bound: bound.has(`dock:${row.id}`) });
    }
    const kinds = (['aircraft', 'payload', 'dataLink'] as const).filter(
      (kind) => !input.kind || input.kind === kind,
    );
    if (kinds.length) {
      const devices = await ctx.db
        .select({
          id: device.id,
          name: device.name,
          serialNumber: device.serialNumber,
          modelId: device.modelId,
          type: device.type,
        })
        .from(device)
        .where(
          scope(
            ctx,
            device,
            inArray(
              device.type,
              kinds.map((kind) => PROJECT_DEVICE_TYPE[kind]),
            ),
          ),
        )
        .orderBy(asc(device.name));
      for (const { type, ...row } of devices) {
        const kind = kinds.find((entry) => PROJECT_DEVICE_TYPE[entry] === type)!;
        result.push({ kind, ...row, bound: bound.has(`${kind}:${row.id}`) });
      }
    }
    return result;
  }

  // ------------------------------------------------------------------------------------------- other reads

  /**
   * checkSameArea: whether another project's centre lies within PROJECT_CENTER_AREA_M of the point. Every
   * project of the tenant counts; only those the caller sees are named.
   */
  async sameArea(ctx: Ctx, query: { longitude: number; latitude: number; id?: string }) {
    const rows = await ctx.db
      .select({
        id: project.id,
        name: project.name,
        lon: project.centerLongitude,
        lat: project.centerLatitude,
      })
      .from(project)
      .where(scope(ctx, project, query.id ? ne(project.id, query.id) : undefined));
    const near = rows
      .filter((row) => row.lon !== null && row.lat !== null)
      .map((row) => ({
        id: row.id,
        name: row.name,
        distanceM: Math.round(haversineM([query.longitude, query.latitude], [row.lon!, row.lat!])),
      }))
      .filter((row) => row.distanceM <= PROJECT_CENTER_AREA_M)
      .sort((a, b) => a.distanceM - b.distanceM);
    const visible = new Set(near.length ? await this.visibleIds(ctx) : []);
    return {
      same: near.length > 0,
      radiusM: PROJECT_CENTER_AREA_M,
      projects: near.filter((row) => visible.has(row.id)),
    };
  }

  /** get-ararm-type: the entries of the tenant's alarm type dictionary, in the caller's language. */
  async alarmTypes(ctx: Ctx) {
    return [...(await bizDict(ctx, DICT.alarm_type))].map(([key, label]) => ({ key, label }));
  }

  /** getInspectionObjects: inspection objects are not built yet (docs/project.md): none. */
  async inspectionObjects(ctx: Ctx, projectId: string): Promise<never[]> {
    await this.row(ctx, projectId);
    return [];
  }

  // ------------------------------------------------------------------------------------------- projectauth

  private async authShown(ctx: Ctx, rows: Array<typeof projectAuth.$inferSelect>) {
    const deptIds = rows.flatMap((row) => row.deptIds.split(',').filter(Boolean));
    const userIds = rows.flatMap((row) => row.userIds.split(',').filter(Boolean));
    const [depts, users, projects] = await Promise.all([
      this.deptNames(ctx, deptIds),
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
    await this.checkDepts(ctx, input.deptIds, 'deptIds');
    await this.checkUsers(ctx, input.userIds, 'userIds');
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

/** The live entries of the tenant's business dictionary `code`, key → label in the caller's language, by sort. */
async function bizDict(ctx: Ctx, code: string): Promise<Map<string, string>> {
  const rows = await ctx.db
    .select({ key: dictBiz.dictKey, value: dictBiz.dictValue, valueEn: dictBiz.dictValueEn })
    .from(dictBiz)
    .where(scope(ctx, dictBiz, eq(dictBiz.code, code), ne(dictBiz.parentId, '0')))
    .orderBy(asc(dictBiz.sort), asc(dictBiz.id));
  const english = ctx.language === 'en-US';
  return new Map(rows.map((row) => [row.key, (english && row.valueEn) || row.value]));
}

/** A page of a list already read (members and machines of one project: small). */
function pageOfList<T>(all: T[], query: PageQuery): Page<T> {
  return {
    records: all.slice((query.current - 1) * query.size, query.current * query.size),
    total: all.length,
    size: query.size,
    current: query.current,
    pages: Math.ceil(all.length / query.size),
  };
}
