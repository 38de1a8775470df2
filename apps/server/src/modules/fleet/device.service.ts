import {
  DEVICE_TYPE_AIRCRAFT,
  DEVICE_TYPE_DATALINK,
  DEVICE_TYPE_PAYLOAD,
  DICT,
  type DeviceDetailQuery,
  type DeviceSubmit,
  deviceModel,
  kindOfDeviceType,
  type PageQuery,
  splitIds,
} from '@aos/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { device, devicePayload, dock, dockDrone, brand } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { scope } from '../../lib/tenant-scope.js';
import { userNames } from '../../lib/labels.js';
import {
  brokenUniqueIndex,
  type DeviceCredentialService,
  SERIAL_NUMBER_INDEX,
} from './device-credential.service.js';
import { checkDictKey } from '../../lib/dict-entry.js';
import { checkBrand, namesById } from './device.checks.js';
import { modelName } from './device-model.service.js';

const devices = crud({
  table: device,
  filters: {
    name: 'like',
    serialNumber: 'like',
    type: 'eq',
    modelId: 'eq',
    manufacturerId: 'eq',
    status: 'eq',
  },
});

type DeviceRow = typeof device.$inferSelect;

/** Who still uses a device: the dock it is bound to, the aircraft that carry it as payload or data link. */
interface DeviceUse {
  docks: Map<string, string>;
  carriers: Map<string, string[]>;
}

/** Map a broken serial-number index (two adds racing) to the field error the pre-check would have given. */
export async function serialNumberGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (brokenUniqueIndex(error) === SERIAL_NUMBER_INDEX)
      throw fieldError('serialNumber', 'fleet.serialNumberTaken');
    throw error;
  }
}

/**
 * Devices of a tenant (spec §7 equipment-management and equipment-manager). Rules: the type is a device entry
 * of `device_type` (1..4); the model is a catalogue model of the device's kind; the brand is the tenant's
 * and makes that kind; only an aircraft carries payloads (payload devices of the tenant) and a data link (a
 * data-link device of the tenant); the serial number is unique platform-wide among devices and docks, and the
 * add answers the device's MQTT credentials once. A device bound to a dock or carried by an aircraft cannot
 * be removed nor change its type. Everything that writes runs in one transaction.
 */
export class DeviceService {
  constructor(private readonly credentials: DeviceCredentialService) {}

  async page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    const page = await devices.page(ctx, query);
    return { ...page, records: await this.shown(ctx, page.records) };
  }

  /** By id or by serial number (the id wins when both are given). */
  async detail(ctx: Ctx, query: DeviceDetailQuery) {
    const row = query.id
      ? await devices.detail(ctx, query.id)
      : await devices.find(ctx, eq(device.serialNumber, query.serialNumber ?? ''));
    if (!row) throw notFound();
    const [shown] = await this.shown(ctx, [row]);
    return shown!;
  }

  async add(ctx: Ctx, input: DeviceSubmit) {
    return serialNumberGuard(() =>
      inTransaction(ctx, async (tx) => {
        await this.check(tx, input, undefined);
        const row = await devices.insert(tx, this.values(input));
        await this.setPayloads(tx, row.id, input);
        const credential = await this.credentials.issue(tx, 'device', row.id, row.serialNumber);
        const [shown] = await this.shown(tx, [row]);
        return { ...shown!, credential };
      }),
    );
  }

  async update(ctx: Ctx, input: DeviceSubmit) {
    if (!input.id) throw fieldError('id', 'validation.required');
    const id = input.id;
    return serialNumberGuard(() =>
      inTransaction(ctx, async (tx) => {
        const before = await devices.detail(tx, id);
        await this.check(tx, input, before);
        const row = await devices.update(tx, id, this.values(input));
        await this.setPayloads(tx, id, input);
        if (row.serialNumber !== before.serialNumber) {
          await this.credentials.moveSerial(tx, 'device', id, row.serialNumber);
        }
        const [shown] = await this.shown(tx, [row]);
        return shown!;
      }),
    );
  }

  /**
   * Remove devices with their credentials and the payload links of removed aircraft. Refused as a whole when
   * one is bound to a dock or carried by an aircraft that stays (an aircraft removed together with its
   * payloads does not hold them back).
   */
  async remove(ctx: Ctx, ids: string[]): Promise<number> {
    return inTransaction(ctx, async (tx) => {
      const rows = await tx.db
        .select({ id: device.id, name: device.name })
        .from(device)
        .where(scope(tx, device, inArray(device.id, ids)));
      if (rows.length === 0) throw notFound();
      const found = rows.map((row) => row.id);
      const use = await this.use(tx, found, new Set(found));
      for (const row of rows) this.assertUnused(row, use);
      await tx.db
        .delete(devicePayload)
        .where(and(eq(devicePayload.tenantId, tx.tenantId), inArray(devicePayload.aircraftId, found)));
      await this.credentials.remove(tx, 'device', found);
      return devices.remove(tx, found);
    });
  }

  /** New MQTT credentials for a device of the caller's tenant, answered once. */
  async resetCredential(ctx: Ctx, id: string) {
    return inTransaction(ctx, async (tx) => {
      await devices.detail(tx, id);
      return this.credentials.reset(tx, 'device', id);
    });
  }

  /** The brands among `ids` that a live device of the tenant references (`fleet.brandsRemoving`). */
  async brandsInUse(ctx: Ctx, ids: string[]): Promise<string[]> {
    const rows = await ctx.db
      .selectDistinct({ id: device.manufacturerId })
      .from(device)
      .where(scope(ctx, device, inArray(device.manufacturerId, ids)));
    return rows.map((row) => row.id).filter((id): id is string => id !== null);
  }

  private values(input: DeviceSubmit): Partial<DeviceRow> {
    const aircraft = input.type === DEVICE_TYPE_AIRCRAFT;
    return {
      name: input.name,
      serialNumber: input.serialNumber,
      type: input.type,
      modelId: input.modelId || null,
      manufacturerId: input.manufacturerId || null,
      power: input.power ?? null,
      takeoffWeight: input.takeoffWeight ?? null,
      load: input.load ?? null,
      flightSpeed: input.flightSpeed ?? null,
      datalinkId: aircraft ? input.datalinkId || null : null,
      status: input.status,
      iotCard: input.iotCard || null,
      fingerprint: input.fingerprint || null,
      address: input.address || null,
      remark: input.remark || null,
      image: input.image || null,
    };
  }

  private async check(ctx: Ctx, input: DeviceSubmit, before: DeviceRow | undefined): Promise<void> {
    await this.credentials.assertSerialFree(
      ctx,
      input.serialNumber,
      before ? { kind: 'device', id: before.id } : undefined,
    );
    await checkDictKey(ctx, DICT.device_type, input.type, 'type', 'fleet.deviceType');
    const kind = kindOfDeviceType(input.type);
    if (!kind || kind === 'dock') throw fieldError('type', 'fleet.deviceType');
    if (before && before.type !== input.type) {
      const use = await this.use(ctx, [before.id], new Set());
      this.assertUnused(before, use, 'type');
    }
    if (input.modelId) {
      const model = deviceModel(input.modelId);
      if (!model) throw fieldError('modelId', 'fleet.modelUnknown');
      if (model.kind !== kind) throw fieldError('modelId', 'fleet.modelMismatch');
    }
    if (input.manufacturerId) await checkBrand(ctx, input.manufacturerId, kind);
    await this.checkCarried(ctx, input);
  }

  /** Only an aircraft carries; what it carries are payload and data-link devices of the tenant. */
  private async checkCarried(ctx: Ctx, input: DeviceSubmit): Promise<void> {
    const payloadIds = splitIds(input.payloadIds);
    if (input.type !== DEVICE_TYPE_AIRCRAFT) {
      if (payloadIds.length) throw fieldError('payloadIds', 'fleet.onlyAircraftCarries');
      if (input.datalinkId) throw fieldError('datalinkId', 'fleet.onlyAircraftCarries');
      return;
    }
    if (
      payloadIds.length &&
      (await this.countOfType(ctx, payloadIds, DEVICE_TYPE_PAYLOAD)) !== payloadIds.length
    ) {
      throw fieldError('payloadIds', 'fleet.payloadInvalid');
    }
    if (input.datalinkId && (await this.countOfType(ctx, [input.datalinkId], DEVICE_TYPE_DATALINK)) !== 1) {
      throw fieldError('datalinkId', 'fleet.datalinkInvalid');
    }
  }

  private async countOfType(ctx: Ctx, ids: string[], type: number): Promise<number> {
    const rows = await ctx.db
      .select({ id: device.id })
      .from(device)
      .where(scope(ctx, device, inArray(device.id, ids), eq(device.type, type)));
    return rows.length;
  }

  /** Replace an aircraft's payload links (none for any other type), in the order given. */
  private async setPayloads(ctx: Ctx, aircraftId: string, input: DeviceSubmit): Promise<void> {
    await ctx.db.delete(devicePayload).where(eq(devicePayload.aircraftId, aircraftId));
    const payloadIds = input.type === DEVICE_TYPE_AIRCRAFT ? splitIds(input.payloadIds) : [];
    if (payloadIds.length === 0) return;
    await ctx.db.insert(devicePayload).values(
      payloadIds.map((payloadId, sort) => ({
        id: newId(),
        tenantId: ctx.tenantId,
        aircraftId,
        payloadId,
        sort,
      })),
    );
  }

  /** Docks and aircraft that use the devices `ids`, ignoring the aircraft in `leaving`. */
  private async use(ctx: Ctx, ids: string[], leaving: Set<string>): Promise<DeviceUse> {
    const bound = await ctx.db
      .select({ deviceId: dockDrone.deviceId, name: dock.name })
      .from(dockDrone)
      .innerJoin(dock, eq(dock.id, dockDrone.dockId))
      .where(scope(ctx, dock, inArray(dockDrone.deviceId, ids)));
    const asPayload = await ctx.db
      .select({ deviceId: devicePayload.payloadId, aircraftId: device.id, name: device.name })
      .from(devicePayload)
      .innerJoin(device, eq(device.id, devicePayload.aircraftId))
      .where(scope(ctx, device, inArray(devicePayload.payloadId, ids)));
    const asDatalink = await ctx.db
      .select({ deviceId: device.datalinkId, aircraftId: device.id, name: device.name })
      .from(device)
      .where(scope(ctx, device, inArray(device.datalinkId, ids)));
    const carriers = new Map<string, string[]>();
    for (const carrier of [...asPayload, ...asDatalink]) {
      if (!carrier.deviceId || leaving.has(carrier.aircraftId)) continue;
      carriers.set(carrier.deviceId, [...(carriers.get(carrier.deviceId) ?? []), carrier.name]);
    }
    return { docks: new Map(bound.map((row) => [row.deviceId, row.name])), carriers };
  }

  /** Refuse (400, naming the device and its dock or carrier) when the device is in use; on `field` if given. */
  private assertUnused(device: { id: string; name: string }, use: DeviceUse, field?: string): void {
    const refuse = (
      key: 'fleet.deviceBoundToDock' | 'fleet.deviceCarried',
      params: Record<string, string>,
    ) => (field ? fieldError(field, key, params) : new AppError(400, key, params));
    const dock = use.docks.get(device.id);
    if (dock) throw refuse('fleet.deviceBoundToDock', { device: device.name, dock });
    const aircraft = use.carriers.get(device.id);
    if (aircraft) throw refuse('fleet.deviceCarried', { device: device.name, aircraft: aircraft.join(', ') });
  }

  /** Rows as the API shows them: names of the model, brand, payloads, data link, dock and creator. */
  private async shown(ctx: Ctx, rows: DeviceRow[]) {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const links = await ctx.db
      .select({ aircraftId: devicePayload.aircraftId, payloadId: devicePayload.payloadId })
      .from(devicePayload)
      .where(scope(ctx, devicePayload, inArray(devicePayload.aircraftId, ids)))
      .orderBy(asc(devicePayload.sort));
    const payloadsOf = new Map<string, string[]>();
    for (const link of links)
      payloadsOf.set(link.aircraftId, [...(payloadsOf.get(link.aircraftId) ?? []), link.payloadId]);
    const deviceNames = await namesById(ctx, device, [
      ...links.map((link) => link.payloadId),
      ...rows.map((row) => row.datalinkId),
    ]);
    const brandNames = await namesById(
      ctx,
      brand,
      rows.map((row) => row.manufacturerId),
    );
    const docks = await ctx.db
      .select({ deviceId: dockDrone.deviceId, id: dock.id, name: dock.name })
      .from(dockDrone)
      .innerJoin(dock, eq(dock.id, dockDrone.dockId))
      .where(scope(ctx, dock, inArray(dockDrone.deviceId, ids)));
    const dockOf = new Map(docks.map((row) => [row.deviceId, row]));
    const creators = await userNames(
      ctx,
      rows.map((row) => row.createUser),
    );
    return rows.map((row) => {
      const payloadIds = payloadsOf.get(row.id) ?? [];
      const dock = dockOf.get(row.id);
      return {
        ...row,
        payloadIds: payloadIds.join(','),
        payloadNames: payloadIds.map((id) => deviceNames.get(id) ?? '').join(','),
        datalinkName: row.datalinkId ? (deviceNames.get(row.datalinkId) ?? null) : null,
        modelName: modelName(row.modelId, ctx.language),
        manufacturerName: row.manufacturerId ? (brandNames.get(row.manufacturerId) ?? null) : null,
        hangarId: dock?.id ?? null,
        hangarName: dock?.name ?? null,
        createUserName: row.createUser ? (creators.get(row.createUser) ?? null) : null,
      };
    });
  }
}
