import {
  DEVICE_TYPE_AIRCRAFT,
  DICT,
  type DeviceDetailQuery,
  deviceModel,
  type DockOption,
  type DockPageQuery,
  type DockPlayStream,
  type DockSubmit,
  type PageQuery,
  PLATFORM_TENANT_ID,
  splitIds,
} from '@aos/contract';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { DOCK_DRONE_DEVICE_INDEX, brand, dept, device, dock, dockDrone } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { fieldError, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { scope, updateAudit } from '../../lib/tenant-scope.js';
import { brokenUniqueIndex, type DeviceCredentialService } from './device-credential.service.js';
import { checkDictKey } from '../../lib/dict-entry.js';
import { checkBrand, namesById } from './device.checks.js';
import { serialNumberGuard } from './device.service.js';
import { modelName } from './device-model.service.js';

export const docks = crud({
  table: dock,
  filters: {
    name: 'like',
    serialNumber: 'like',
    type: 'eq',
    deptId: 'eq',
    manufacturerId: 'eq',
    modelId: 'eq',
    visible: 'eq',
  },
});

type DockRow = typeof dock.$inferSelect;

function option(row: DockRow): DockOption {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    serialNumber: row.serialNumber,
    type: row.type,
    modelId: row.modelId,
    deptId: row.deptId,
    manufacturerId: row.manufacturerId,
    visible: row.visible,
  };
}

/**
 * Docks of a tenant (spec §7 uavhangar). Rules: the type is an entry of `hangar_type`; the model is a dock
 * model of that type; the brand is the tenant's and makes docks; the team is a dept of the tenant; the
 * bound drones are aircraft of the tenant, each bound to this dock only; the serial number is unique
 * platform-wide among devices and docks, and adding a dock answers its MQTT credentials once. Removing a
 * dock frees its drones and removes its credential.
 */
export class DockService {
  constructor(private readonly credentials: DeviceCredentialService) {}

  async page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    const page = await docks.page(ctx, query);
    return { ...page, records: await this.shown(ctx, page.records) };
  }

  /** `list` (POST): every dock of the tenant matching the filters in the body. */
  async list(ctx: Ctx, filters: DockPageQuery) {
    return this.shown(ctx, await docks.list(ctx, filters));
  }

  /** Docks for pickers: the caller's tenant, or the one the platform tenant names. */
  async listForTenant(ctx: Ctx, tenantId: string | undefined): Promise<DockOption[]> {
    if (tenantId && tenantId !== ctx.tenantId && ctx.tenantId !== PLATFORM_TENANT_ID) throw forbidden();
    const target = tenantId ? { ...ctx, tenantId } : ctx;
    return (await docks.list(target)).map(option);
  }

  async selectListByManufacturerId(ctx: Ctx, manufacturerId: string): Promise<DockOption[]> {
    return (await docks.list(ctx, { manufacturerId })).map(option);
  }

  async detail(ctx: Ctx, id: string) {
    const [shown] = await this.shown(ctx, [await docks.detail(ctx, id)]);
    return shown!;
  }

  /** Insert without id (answering the credentials once), update with id. */
  async submit(ctx: Ctx, input: DockSubmit) {
    return serialNumberGuard(() =>
      this.droneGuard(ctx, input, () =>
        input.id ? this.update(ctx, input.id, input) : this.add(ctx, input),
      ),
    );
  }

  async remove(ctx: Ctx, ids: string[]): Promise<number> {
    return inTransaction(ctx, async (tx) => {
      const rows = await tx.db
        .select({ id: dock.id })
        .from(dock)
        .where(scope(tx, dock, inArray(dock.id, ids)));
      if (rows.length === 0) throw notFound();
      const found = rows.map((row) => row.id);
      await tx.db.delete(dockDrone).where(inArray(dockDrone.dockId, found));
      await this.credentials.remove(tx, 'dock', found);
      return docks.remove(tx, found);
    });
  }

  async updateVisibility(ctx: Ctx, id: string, visible: number) {
    const [row] = await ctx.db
      .update(dock)
      .set({ visible, ...updateAudit(ctx) })
      .where(scope(ctx, dock, eq(dock.id, id)))
      .returning();
    if (!row) throw notFound();
    const [shown] = await this.shown(ctx, [row]);
    return shown!;
  }

  /** The five stream addresses of a dock, by id or serial number. */
  async playStream(ctx: Ctx, query: DeviceDetailQuery): Promise<DockPlayStream> {
    const row = query.id
      ? await docks.detail(ctx, query.id)
      : await docks.find(ctx, eq(dock.serialNumber, query.serialNumber ?? ''));
    if (!row) throw notFound();
    return {
      hangarId: row.id,
      serialNumber: row.serialNumber,
      streamLeftWing: row.streamLeftWing,
      streamRightWing: row.streamRightWing,
      streamTail: row.streamTail,
      streamInside: row.streamInside,
      streamOutside: row.streamOutside,
    };
  }

  /** New MQTT credentials for a dock of the caller's tenant, answered once. */
  async resetCredential(ctx: Ctx, id: string) {
    return inTransaction(ctx, async (tx) => {
      await docks.detail(tx, id);
      return this.credentials.reset(tx, 'dock', id);
    });
  }

  /** The brands among `ids` that a live dock of the tenant references (`fleet.brandsRemoving`). */
  async brandsInUse(ctx: Ctx, ids: string[]): Promise<string[]> {
    const rows = await ctx.db
      .selectDistinct({ id: dock.manufacturerId })
      .from(dock)
      .where(scope(ctx, dock, inArray(dock.manufacturerId, ids)));
    return rows.map((row) => row.id).filter((id): id is string => id !== null);
  }

  private add(ctx: Ctx, input: DockSubmit) {
    return inTransaction(ctx, async (tx) => {
      await this.check(tx, input, undefined);
      const row = await docks.insert(tx, this.values(input));
      await this.setDrones(tx, row.id, input);
      const credential = await this.credentials.issue(tx, 'dock', row.id, row.serialNumber);
      const [shown] = await this.shown(tx, [row]);
      return { ...shown!, credential };
    });
  }

  private update(ctx: Ctx, id: string, input: DockSubmit) {
    return inTransaction(ctx, async (tx) => {
      const before = await docks.detail(tx, id);
      await this.check(tx, input, before);
      const row = await docks.update(tx, id, this.values(input));
      await this.setDrones(tx, id, input);
      if (row.serialNumber !== before.serialNumber) {
        await this.credentials.moveSerial(tx, 'dock', id, row.serialNumber);
      }
      const [shown] = await this.shown(tx, [row]);
      return shown!;
    });
  }

  /**
   * Two docks binding the same drone at once: the unique index stops the second; checking its drones again,
   * now that the first has committed, gives it the message (naming the drone) the pre-check would have.
   */
  private async droneGuard<T>(ctx: Ctx, input: DockSubmit, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (brokenUniqueIndex(error) === DOCK_DRONE_DEVICE_INDEX)
        await this.checkDrones(ctx, splitIds(input.droneIds), input.id);
      throw error;
    }
  }

  /** The register's fields; the settings only hangarbasicset writes keep their value (or column default). */
  private values(input: DockSubmit): Partial<DockRow> {
    return {
      name: input.name,
      type: input.type,
      deptId: input.deptId || null,
      serialNumber: input.serialNumber,
      manufacturerId: input.manufacturerId || null,
      modelId: input.modelId,
      images: input.images ?? '',
      streamLeftWing: input.streamLeftWing || null,
      streamRightWing: input.streamRightWing || null,
      streamTail: input.streamTail || null,
      streamInside: input.streamInside || null,
      streamOutside: input.streamOutside || null,
      logUrl: input.logUrl || null,
      alternateLongitude: input.alternateLongitude ?? null,
      alternateLatitude: input.alternateLatitude ?? null,
      lowBattery: input.lowBattery,
      ultraLowBattery: input.ultraLowBattery,
      visible: input.visible,
      remark: input.remark || null,
      // absent: kept (a form without the field does not clear it)
      ...(input.timeZone !== undefined ? { timeZone: input.timeZone || null } : {}),
    };
  }

  private async check(ctx: Ctx, input: DockSubmit, before: DockRow | undefined): Promise<void> {
    await this.credentials.assertSerialFree(
      ctx,
      input.serialNumber,
      before ? { kind: 'dock', id: before.id } : undefined,
    );
    await checkDictKey(ctx, DICT.hangar_type, input.type, 'type', 'fleet.typeUnknown');
    const model = deviceModel(input.modelId);
    if (!model) throw fieldError('modelId', 'fleet.modelUnknown');
    if (model.kind !== 'dock' || model.hangarType !== input.type)
      throw fieldError('modelId', 'fleet.modelMismatch');
    if (input.manufacturerId) await checkBrand(ctx, input.manufacturerId, 'dock');
    if (input.deptId) {
      const [team] = await ctx.db
        .select({ id: dept.id })
        .from(dept)
        .where(scope(ctx, dept, eq(dept.id, input.deptId)))
        .limit(1);
      if (!team) throw fieldError('deptId', 'fleet.deptUnknown');
    }
    await this.checkDrones(ctx, splitIds(input.droneIds), before?.id);
  }

  /** Each drone is an aircraft of the tenant and bound to no other dock; the messages name the drones. */
  private async checkDrones(ctx: Ctx, ids: string[], hangarId: string | undefined): Promise<void> {
    if (ids.length === 0) return;
    const drones = await ctx.db
      .select({ id: device.id, name: device.name, type: device.type })
      .from(device)
      .where(scope(ctx, device, inArray(device.id, ids)));
    if (drones.length !== ids.length) throw fieldError('droneIds', 'fleet.droneInvalid');
    const others = drones.filter((drone) => drone.type !== DEVICE_TYPE_AIRCRAFT);
    if (others.length) {
      throw fieldError('droneIds', 'fleet.notAircraft', {
        names: others.map((drone) => drone.name).join(', '),
      });
    }
    const bound = await ctx.db
      .select({ id: dockDrone.deviceId })
      .from(dockDrone)
      .where(and(inArray(dockDrone.deviceId, ids), hangarId ? ne(dockDrone.dockId, hangarId) : undefined));
    if (bound.length) {
      const taken = new Set(bound.map((row) => row.id));
      const names = drones.filter((drone) => taken.has(drone.id)).map((drone) => drone.name);
      throw fieldError('droneIds', 'fleet.droneBound', { names: names.join(', ') });
    }
  }

  /** Replace the dock's bound drones, in the order given. */
  private async setDrones(ctx: Ctx, dockId: string, input: DockSubmit): Promise<void> {
    await ctx.db.delete(dockDrone).where(eq(dockDrone.dockId, dockId));
    const ids = splitIds(input.droneIds);
    if (ids.length === 0) return;
    await ctx.db.insert(dockDrone).values(
      ids.map((deviceId, sort) => ({
        id: newId(),
        tenantId: ctx.tenantId,
        dockId,
        deviceId,
        sort,
      })),
    );
  }

  /** Rows as the API shows them: names of the team, brand, model and bound drones. */
  private async shown(ctx: Ctx, rows: DockRow[]) {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const links = await ctx.db
      .select({ hangarId: dockDrone.dockId, droneId: dockDrone.deviceId })
      .from(dockDrone)
      .where(scope(ctx, dockDrone, inArray(dockDrone.dockId, ids)))
      .orderBy(asc(dockDrone.sort));
    const dronesOf = new Map<string, string[]>();
    for (const link of links)
      dronesOf.set(link.hangarId, [...(dronesOf.get(link.hangarId) ?? []), link.droneId]);
    const droneNames = await namesById(
      ctx,
      device,
      links.map((link) => link.droneId),
    );
    const brandNames = await namesById(
      ctx,
      brand,
      rows.map((row) => row.manufacturerId),
    );
    const deptIds = [...new Set(rows.map((row) => row.deptId).filter((id): id is string => Boolean(id)))];
    const teams = deptIds.length
      ? await ctx.db
          .select({ id: dept.id, name: dept.deptName })
          .from(dept)
          .where(scope(ctx, dept, inArray(dept.id, deptIds)))
      : [];
    const teamNames = new Map(teams.map((team) => [team.id, team.name]));
    return rows.map((row) => {
      const droneIds = dronesOf.get(row.id) ?? [];
      return {
        ...row,
        droneIds: droneIds.join(','),
        droneNames: droneIds.map((id) => droneNames.get(id) ?? '').join(','),
        deptName: row.deptId ? (teamNames.get(row.deptId) ?? null) : null,
        manufacturerName: row.manufacturerId ? (brandNames.get(row.manufacturerId) ?? null) : null,
        modelName: modelName(row.modelId, ctx.language),
      };
    });
  }
}
