import {
  DEVICE_TYPE_AIRCRAFT,
  DICT,
  type EquipmentDetailQuery,
  equipmentModel,
  type HangarOption,
  type HangarPageQuery,
  type HangarPlayStream,
  type HangarSubmit,
  type PageQuery,
  PLATFORM_TENANT_ID,
  splitIds,
} from '@aos/contract';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { dept, equipment, hangar, hangarDrone, manufacturer } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { fieldError, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { scope, updateAudit } from '../../lib/tenant-scope.js';
import { brokenUniqueIndex, type DeviceCredentialService } from './device-credential.service.js';
import { checkBrand, checkDictKey, namesById } from './equipment.checks.js';
import { serialNumberGuard } from './equipment.service.js';
import { modelName } from './equipment-model.service.js';

export const docks = crud({
  table: hangar,
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

type DockRow = typeof hangar.$inferSelect;

const DRONE_INDEX = 'aos_hangar_drone_equipment_uq';

function option(row: DockRow): HangarOption {
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
export class HangarService {
  constructor(private readonly credentials: DeviceCredentialService) {}

  async page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    const page = await docks.page(ctx, query);
    return { ...page, records: await this.shown(ctx, page.records) };
  }

  /** `list` (POST): every dock of the tenant matching the filters in the body. */
  async list(ctx: Ctx, filters: HangarPageQuery) {
    return this.shown(ctx, await docks.list(ctx, filters));
  }

  /** Docks for pickers: the caller's tenant, or the one the platform tenant names. */
  async listForTenant(ctx: Ctx, tenantId: string | undefined): Promise<HangarOption[]> {
    if (tenantId && tenantId !== ctx.tenantId && ctx.tenantId !== PLATFORM_TENANT_ID) throw forbidden();
    const target = tenantId ? { ...ctx, tenantId } : ctx;
    return (await docks.list(target)).map(option);
  }

  async selectListByManufacturerId(ctx: Ctx, manufacturerId: string): Promise<HangarOption[]> {
    return (await docks.list(ctx, { manufacturerId })).map(option);
  }

  async detail(ctx: Ctx, id: string) {
    const [shown] = await this.shown(ctx, [await docks.detail(ctx, id)]);
    return shown!;
  }

  /** Insert without id (answering the credentials once), update with id. */
  async submit(ctx: Ctx, input: HangarSubmit) {
    return serialNumberGuard(() =>
      this.droneGuard(ctx, input, () =>
        input.id ? this.update(ctx, input.id, input) : this.add(ctx, input),
      ),
    );
  }

  async remove(ctx: Ctx, ids: string[]): Promise<number> {
    return inTransaction(ctx, async (tx) => {
      const rows = await tx.db
        .select({ id: hangar.id })
        .from(hangar)
        .where(scope(tx, hangar, inArray(hangar.id, ids)));
      if (rows.length === 0) throw notFound();
      const found = rows.map((row) => row.id);
      await tx.db.delete(hangarDrone).where(inArray(hangarDrone.hangarId, found));
      await this.credentials.remove(tx, 'hangar', found);
      return docks.remove(tx, found);
    });
  }

  async updateVisibility(ctx: Ctx, id: string, visible: number) {
    const [row] = await ctx.db
      .update(hangar)
      .set({ visible, ...updateAudit(ctx) })
      .where(scope(ctx, hangar, eq(hangar.id, id)))
      .returning();
    if (!row) throw notFound();
    const [shown] = await this.shown(ctx, [row]);
    return shown!;
  }

  /** The five stream addresses of a dock, by id or serial number. */
  async playStream(ctx: Ctx, query: EquipmentDetailQuery): Promise<HangarPlayStream> {
    const row = query.id
      ? await docks.detail(ctx, query.id)
      : await docks.find(ctx, eq(hangar.serialNumber, query.serialNumber ?? ''));
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
      return this.credentials.reset(tx, 'hangar', id);
    });
  }

  /** Brand-usage checker (manufacturers.usage): the brands among `ids` that a live dock references. */
  readonly brandsInUse = async (ctx: Ctx, ids: string[]): Promise<string[]> => {
    const rows = await ctx.db
      .selectDistinct({ id: hangar.manufacturerId })
      .from(hangar)
      .where(scope(ctx, hangar, inArray(hangar.manufacturerId, ids)));
    return rows.map((row) => row.id).filter((id): id is string => id !== null);
  };

  private add(ctx: Ctx, input: HangarSubmit) {
    return inTransaction(ctx, async (tx) => {
      await this.check(tx, input, undefined);
      const row = await docks.insert(tx, this.values(input));
      await this.setDrones(tx, row.id, input);
      const credential = await this.credentials.issue(tx, 'hangar', row.id, row.serialNumber);
      const [shown] = await this.shown(tx, [row]);
      return { ...shown!, credential };
    });
  }

  private update(ctx: Ctx, id: string, input: HangarSubmit) {
    return inTransaction(ctx, async (tx) => {
      const before = await docks.detail(tx, id);
      await this.check(tx, input, before);
      const row = await docks.update(tx, id, this.values(input));
      await this.setDrones(tx, id, input);
      if (row.serialNumber !== before.serialNumber) {
        await this.credentials.moveSerial(tx, 'hangar', id, row.serialNumber);
      }
      const [shown] = await this.shown(tx, [row]);
      return shown!;
    });
  }

  /**
   * Two docks binding the same drone at once: the unique index stops the second; checking its drones again,
   * now that the first has committed, gives it the message (naming the drone) the pre-check would have.
   */
  private async droneGuard<T>(ctx: Ctx, input: HangarSubmit, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (brokenUniqueIndex(error) === DRONE_INDEX)
        await this.checkDrones(ctx, splitIds(input.droneIds), input.id);
      throw error;
    }
  }

  /** The register's fields; the settings only hangarbasicset writes keep their value (or column default). */
  private values(input: HangarSubmit): Partial<DockRow> {
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
    };
  }

  private async check(ctx: Ctx, input: HangarSubmit, before: DockRow | undefined): Promise<void> {
    await this.credentials.assertSerialFree(
      ctx,
      input.serialNumber,
      before ? { kind: 'hangar', id: before.id } : undefined,
    );
    await checkDictKey(ctx, DICT.hangar_type, input.type, 'type', 'fleet.typeUnknown');
    const model = equipmentModel(input.modelId);
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
      .select({ id: equipment.id, name: equipment.name, type: equipment.type })
      .from(equipment)
      .where(scope(ctx, equipment, inArray(equipment.id, ids)));
    if (drones.length !== ids.length) throw fieldError('droneIds', 'fleet.droneInvalid');
    const others = drones.filter((drone) => drone.type !== DEVICE_TYPE_AIRCRAFT);
    if (others.length) {
      throw fieldError('droneIds', 'fleet.notAircraft', {
        names: others.map((drone) => drone.name).join(', '),
      });
    }
    const bound = await ctx.db
      .select({ id: hangarDrone.equipmentId })
      .from(hangarDrone)
      .where(
        and(inArray(hangarDrone.equipmentId, ids), hangarId ? ne(hangarDrone.hangarId, hangarId) : undefined),
      );
    if (bound.length) {
      const taken = new Set(bound.map((row) => row.id));
      const names = drones.filter((drone) => taken.has(drone.id)).map((drone) => drone.name);
      throw fieldError('droneIds', 'fleet.droneBound', { names: names.join(', ') });
    }
  }

  /** Replace the dock's bound drones, in the order given. */
  private async setDrones(ctx: Ctx, hangarId: string, input: HangarSubmit): Promise<void> {
    await ctx.db.delete(hangarDrone).where(eq(hangarDrone.hangarId, hangarId));
    const ids = splitIds(input.droneIds);
    if (ids.length === 0) return;
    await ctx.db.insert(hangarDrone).values(
      ids.map((equipmentId, sort) => ({
        id: newId(),
        tenantId: ctx.tenantId,
        hangarId,
        equipmentId,
        sort,
      })),
    );
  }

  /** Rows as the API shows them: names of the team, brand, model and bound drones. */
  private async shown(ctx: Ctx, rows: DockRow[]) {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const links = await ctx.db
      .select({ hangarId: hangarDrone.hangarId, droneId: hangarDrone.equipmentId })
      .from(hangarDrone)
      .where(and(eq(hangarDrone.tenantId, ctx.tenantId), inArray(hangarDrone.hangarId, ids)))
      .orderBy(asc(hangarDrone.sort));
    const dronesOf = new Map<string, string[]>();
    for (const link of links)
      dronesOf.set(link.hangarId, [...(dronesOf.get(link.hangarId) ?? []), link.droneId]);
    const droneNames = await namesById(
      ctx,
      equipment,
      links.map((link) => link.droneId),
    );
    const brandNames = await namesById(
      ctx,
      manufacturer,
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
