import { DICT, haversineM, PROJECT_CENTER_AREA_M } from '@aos/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { dock, dockDrone, project, projectMachine, task, taskExecution } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { scope } from '../../lib/tenant-scope.js';
import type { ProjectAccess } from './project.access.js';
import { bizDict } from './project.lookups.js';
import type { ProjectMembers } from './project.members.js';

/** Task statuses (TASK_STATUS) of a flight flying: received, in progress. */
const FLYING = [1, 2];

/**
 * Reads about a project's flying and devices now: its flights in the air, its docks and devices with their
 * presence, its aircraft, the projects near a point, and the dictionaries its screens show.
 */
export class ProjectQueries {
  constructor(
    private readonly access: ProjectAccess,
    private readonly members: ProjectMembers,
  ) {}

  /**
   * `getFlyingTask`: the flights of a project now — its tasks' executions a dock has received or is flying,
   * with their progress. A project the caller does not see is a 400 naming `projectId`.
   */
  async flyingTasks(ctx: Ctx, projectId: string) {
    await this.access.require(ctx, projectId, 'projectId');
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
          scope(
            ctx,
            taskExecution,
            inArray(taskExecution.taskStatus, FLYING),
            // a flight its dock took ahead of its time is not flying until it is told to (task area)
            sql`not (${taskExecution.taskStatus} = 1 and ${taskExecution.startTime} is null)`,
          ),
          scope(ctx, task, eq(task.projectId, projectId)),
        ),
      )
      .orderBy(asc(taskExecution.planAt))
      .limit(200);
    return rows.map(({ planAt, paused, ...row }) => ({ ...row, planTime: planAt, paused: paused === 1 }));
  }

  /** getEquListByProjectId: the project's devices (aircraft, payloads, data links). */
  async devices(ctx: Ctx, projectId: string) {
    await this.access.row(ctx, projectId);
    return this.members.machinesOf(
      ctx,
      and(eq(projectMachine.projectId, projectId), ne(projectMachine.kind, 'dock')),
    );
  }

  /** getHangarList (and by brand): the project's docks with their presence. */
  async docks(ctx: Ctx, projectId: string, manufacturerId?: string) {
    await this.access.row(ctx, projectId);
    const machines = await this.members.machinesOf(
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
    await this.access.row(ctx, projectId);
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
    const visible = new Set(near.length ? await this.access.visibleIds(ctx) : []);
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
    await this.access.row(ctx, projectId);
    return [];
  }
}
