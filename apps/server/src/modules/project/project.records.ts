import {
  DICT,
  type PageQuery,
  PROJECT_MACHINE_KINDS,
  type ProjectMachineKind,
  type ProjectPageQuery,
  type ProjectSubmit as ProjectSubmitSchema,
  projectState,
  translate,
} from '@aos/contract';
import { asc, desc, eq, gt, ilike, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  attach,
  project,
  projectAuth,
  projectMachine,
  projectMember,
  task,
  taskExecution,
} from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { sortOrder } from '../../lib/crud.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { userNames } from '../../lib/labels.js';
import { pageAnswer } from '../../lib/page.js';
import { parseDateTime } from '../../lib/time.js';
import { insertAudit, scope, updateAudit } from '../../lib/tenant-scope.js';
import type { ProjectAccess, ProjectRow } from './project.access.js';
import { bizDict, checkDepts, checkUsers, deptNames } from './project.lookups.js';
import type { ProjectMembers } from './project.members.js';

type Submit = z.output<typeof ProjectSubmitSchema>;

/** Task statuses (TASK_STATUS) of a flight not over: pending, received, in progress. */
export const UNFINISHED = [0, 1, 2];

/** The submit field of each machine kind's id list. */
const LIST_FIELD: Record<ProjectMachineKind, 'dockIds' | 'aircraftIds' | 'payloadIds' | 'dataLinkIds'> = {
  dock: 'dockIds',
  aircraft: 'aircraftIds',
  payload: 'payloadIds',
  dataLink: 'dataLinkIds',
};

/** The columns a page may be sorted by (`ascs`, `descs`). */
const SORTABLE: Record<string, PgColumn | undefined> = {
  name: project.name,
  startTime: project.startTime,
  endTime: project.endTime,
  createTime: project.createTime,
};

/**
 * The project records (CRUD) of the projects the caller sees (ProjectAccess). Rules:
 * - its team, leader, members, machines (each of its kind) and files are the tenant's, each refusal a 400
 *   naming the field; end ≥ start; the name is unique in the tenant;
 * - its state is read from the time: not started before its start, in progress from then on;
 * - it is removed only when none of its tasks waits or flies.
 */
export class ProjectRecords {
  constructor(
    private readonly access: ProjectAccess,
    private readonly members: ProjectMembers,
  ) {}

  /** One project as the API shows it; 404 when the caller does not see it. */
  async get(ctx: Ctx, id: string) {
    const [shown] = await this.shown(ctx, [await this.access.row(ctx, id)]);
    return shown!;
  }

  async page(ctx: Ctx, query: PageQuery & ProjectPageQuery) {
    const now = new Date();
    const state =
      query.state === undefined
        ? undefined
        : query.state === 0
          ? gt(project.startTime, now)
          : lte(project.startTime, now);
    const where = await this.access.where(
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
      .where(await this.access.where(ctx))
      .orderBy(asc(project.name));
    return rows.map((row) => ({ id: row.id, name: row.name, state: projectState(row.startTime) }));
  }

  async detail(ctx: Ctx, id: string) {
    const row = await this.access.row(ctx, id);
    const [shown] = await this.shown(ctx, [row]);
    const members = await this.members.membersOf(ctx, [id]);
    const machines = await this.members.machinesOf(ctx, eq(projectMachine.projectId, id));
    return { ...shown!, members, machines };
  }

  add(ctx: Ctx, input: Omit<Submit, 'id'>) {
    return this.save(ctx, input);
  }

  update(ctx: Ctx, input: Submit & { id: string }) {
    return this.save(ctx, input);
  }

  private async save(ctx: Ctx, input: Submit) {
    const existing = input.id ? await this.access.row(ctx, input.id) : undefined;
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
      if (input.memberIds) await this.members.syncMembers(tx, projectId, input.memberIds);
      for (const kind of PROJECT_MACHINE_KINDS) {
        const ids = input[LIST_FIELD[kind]];
        if (ids) await this.members.syncMachines(tx, projectId, kind, ids);
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
    if (input.deptId) await checkDepts(ctx, [input.deptId], 'deptId');
    if (input.leaderId) await checkUsers(ctx, [input.leaderId], 'leaderId');
    if (input.memberIds?.length) await checkUsers(ctx, input.memberIds, 'memberIds');
    if (input.reportTemplateId) throw fieldError('reportTemplateId', 'project.reportTemplate');
    for (const kind of PROJECT_MACHINE_KINDS) {
      const ids = input[LIST_FIELD[kind]];
      if (ids?.length) await this.members.checkMachines(ctx, kind, ids, LIST_FIELD[kind]);
    }
    if (input.attachIds?.length) {
      const found = await ctx.db
        .select({ id: attach.id })
        .from(attach)
        .where(scope(ctx, attach, inArray(attach.id, input.attachIds)));
      if (found.length !== input.attachIds.length) throw fieldError('attachIds', 'project.file');
    }
  }

  /** Remove projects the caller sees (with their members, machines and authorisation); 404 when none. */
  async remove(ctx: Ctx, ids: string[]): Promise<number> {
    const seen = await ctx.db
      .select({ id: project.id })
      .from(project)
      .where(await this.access.where(ctx, inArray(project.id, ids)));
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

  async setScreenTitle(ctx: Ctx, id: string, screenTitle: string | null | undefined) {
    await this.access.row(ctx, id);
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
      deptNames(
        ctx,
        rows.map((row) => row.deptId).filter((id): id is string => Boolean(id)),
      ),
      userNames(
        ctx,
        rows.map((row) => row.leaderId),
      ),
      ids.length ? this.members.membersOf(ctx, ids) : Promise.resolve([]),
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

  /** file: the project's attachments. */
  async files(ctx: Ctx, projectId: string) {
    const row = await this.access.row(ctx, projectId);
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
}
