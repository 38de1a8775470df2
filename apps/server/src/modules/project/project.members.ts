import { type PageQuery, PROJECT_DEVICE_TYPE, PROJECT_ROLES, type ProjectMachineKind } from '@aos/contract';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { device, dock, flyOperator, projectMachine, projectMember, user } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { scope } from '../../lib/tenant-scope.js';
import type { LiveHub } from '../../live/hub.js';
import type { ProjectAccess } from './project.access.js';
import { checkUsers, pageOfList } from './project.lookups.js';

/**
 * A project's members (with their roles) and machines (docks and devices of each kind, with their presence):
 * read by whoever sees the project, bound and unbound by whoever manages it (ProjectAccess); every user and
 * machine bound is the tenant's, each refusal a 400 naming the field.
 */
export class ProjectMembers {
  constructor(
    private readonly access: ProjectAccess,
    private readonly live: LiveHub,
  ) {}

  async membersOf(ctx: Ctx, projectIds: string[], ...more: Array<SQL | undefined>) {
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
    await this.access.row(ctx, query.projectId);
    const name = query.name ? `%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const all = await this.membersOf(
      ctx,
      [query.projectId],
      name ? or(ilike(user.realName, name), ilike(user.account, name), ilike(user.name, name)) : undefined,
      query.role === undefined ? undefined : eq(projectMember.role, query.role),
    );
    return pageOfList(all, query);
  }

  /** modify-member: set a member's role; a user of the tenant not in the project yet joins with it. */
  async modifyMember(ctx: Ctx, input: { projectId: string; userId: string; role: number }) {
    await this.access.managed(ctx, input.projectId);
    await checkUsers(ctx, [input.userId], 'userId');
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
    await this.access.managed(ctx, input.projectId);
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
    const row = await this.access.row(ctx, projectId);
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
      canManage: canBind && (await this.access.manages(ctx, row)),
    };
  }

  /** fly-list: the project's members who are fly operators of the tenant, switched on. */
  async flyers(ctx: Ctx, projectId: string) {
    await this.access.row(ctx, projectId);
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

  async syncMembers(ctx: Ctx, projectId: string, userIds: string[]) {
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

  /** The project's machines (condition on aos_project_machine) with their names and presence. */
  async machinesOf(ctx: Ctx, condition: SQL | undefined) {
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
    await this.access.row(ctx, query.projectId);
    const condition = and(
      eq(projectMachine.projectId, query.projectId),
      query.kind ? eq(projectMachine.kind, query.kind) : undefined,
    );
    return pageOfList(await this.machinesOf(ctx, condition), query);
  }

  /** bind-machine: the tenant's docks or devices of the kind join the project (already bound ones stay). */
  async bindMachines(ctx: Ctx, input: { projectId: string; kind: ProjectMachineKind; ids: string[] }) {
    await this.access.managed(ctx, input.projectId);
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
    await this.access.managed(ctx, input.projectId);
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
    if (input.projectId) await this.access.require(ctx, input.projectId);
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

  async checkMachines(ctx: Ctx, kind: ProjectMachineKind, ids: string[], field: string) {
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

  async syncMachines(ctx: Ctx, projectId: string, kind: ProjectMachineKind, ids: string[]) {
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
}
