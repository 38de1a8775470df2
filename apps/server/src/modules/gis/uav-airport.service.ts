import { DICT, type PageQuery, type UavAirportBind, type UavAirportSubmit } from '@aos/contract';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { device, UAV_AIRPORT_DRONE_INDEX, uavAirport, uavAirportDrone } from '../../db/schema/index.js';
import { type Ctx, inTransaction } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { fieldError } from '../../lib/errors.js';
import { checkDictKey } from '../../lib/dict-entry.js';
import { newId } from '../../lib/ids.js';
import { scope } from '../../lib/tenant-scope.js';
import { userNames } from '../../lib/labels.js';
import { aircraftOf, namesById } from './references.js';

const points = crud({ table: uavAirport, filters: { name: 'like', type: 'eq' } });

type PointRow = typeof uavAirport.$inferSelect;

/** The name of the unique index a database error broke, if that is what it is. */
function brokenIndex(error: unknown): string | undefined {
  for (
    let cause: unknown = error;
    cause && typeof cause === 'object';
    cause = (cause as { cause?: unknown }).cause
  ) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505' && typeof constraint === 'string') return constraint;
  }
  return undefined;
}

/**
 * Takeoff/landing points of a tenant (spec §7 uavairport). Rules: the type is an entry of `uav_airport_type`;
 * the bound drones are aircraft of the tenant, and a drone is bound to one point only: binding one that
 * another point holds is refused (400 on droneIds, naming it), it is not moved; unbind it there first.
 * Removing a point frees its drones.
 */
export class UavAirportService {
  async page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    const page = await points.page(ctx, query);
    return { ...page, records: await this.shown(ctx, page.records) };
  }

  async detail(ctx: Ctx, id: string) {
    const [shown] = await this.shown(ctx, [await points.detail(ctx, id)]);
    return shown!;
  }

  async submit(ctx: Ctx, input: UavAirportSubmit) {
    return this.droneGuard(ctx, input.droneIds ?? [], input.id, () =>
      inTransaction(ctx, async (tx) => {
        if (input.id) await points.detail(tx, input.id);
        await checkDictKey(tx, DICT.uav_airport_type, input.type, 'type', 'gis.uavAirportType');
        const droneIds = input.droneIds ?? [];
        await this.checkDrones(tx, droneIds, input.id);
        const values: Partial<PointRow> = {
          name: input.name,
          longitude: input.longitude,
          latitude: input.latitude,
          altitude: input.altitude ?? null,
          type: input.type,
          remark: input.remark || null,
        };
        const row = input.id ? await points.update(tx, input.id, values) : await points.insert(tx, values);
        await this.setDrones(tx, row.id, droneIds);
        const [shown] = await this.shown(tx, [row]);
        return shown!;
      }),
    );
  }

  /** updateUav: the point's drones replaced by `droneIds` (in that order; none unbinds all). */
  async bind(ctx: Ctx, input: UavAirportBind) {
    const droneIds = input.droneIds ?? [];
    return this.droneGuard(ctx, droneIds, input.id, () =>
      inTransaction(ctx, async (tx) => {
        const row = await points.detail(tx, input.id);
        await this.checkDrones(tx, droneIds, row.id);
        await this.setDrones(tx, row.id, droneIds);
        const [shown] = await this.shown(tx, [row]);
        return shown!;
      }),
    );
  }

  async remove(ctx: Ctx, ids: string[]): Promise<number> {
    return inTransaction(ctx, async (tx) => {
      const removed = await points.remove(tx, ids);
      await tx.db
        .delete(uavAirportDrone)
        .where(scope(tx, uavAirportDrone, inArray(uavAirportDrone.airportId, ids)));
      return removed;
    });
  }

  /**
   * Two points binding the same drone at once: the unique index stops the second; checking again, now that
   * the first has committed, gives it the message naming the drone.
   */
  private async droneGuard<T>(
    ctx: Ctx,
    droneIds: string[],
    pointId: string | undefined,
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (brokenIndex(error) === UAV_AIRPORT_DRONE_INDEX) await this.checkDrones(ctx, droneIds, pointId);
      throw error;
    }
  }

  /** Each drone an aircraft of the tenant, bound to no other point. */
  private async checkDrones(ctx: Ctx, ids: string[], pointId: string | undefined): Promise<void> {
    const drones = await aircraftOf(ctx, ids, 'droneIds', {
      invalid: 'gis.droneInvalid',
      notAircraft: 'gis.notAircraft',
    });
    if (drones.size === 0) return;
    const bound = await ctx.db
      .select({ id: uavAirportDrone.deviceId })
      .from(uavAirportDrone)
      .where(
        scope(
          ctx,
          uavAirportDrone,
          and(
            inArray(uavAirportDrone.deviceId, ids),
            pointId ? ne(uavAirportDrone.airportId, pointId) : undefined,
          ),
        ),
      );
    if (bound.length)
      throw fieldError('droneIds', 'gis.droneBoundPoint', {
        names: bound.map((row) => drones.get(row.id)?.name ?? row.id).join(', '),
      });
  }

  private async setDrones(ctx: Ctx, airportId: string, ids: string[]): Promise<void> {
    await ctx.db
      .delete(uavAirportDrone)
      .where(scope(ctx, uavAirportDrone, eq(uavAirportDrone.airportId, airportId)));
    if (ids.length === 0) return;
    await ctx.db
      .insert(uavAirportDrone)
      .values(
        ids.map((deviceId, sort) => ({ id: newId(), tenantId: ctx.tenantId, airportId, deviceId, sort })),
      );
  }

  /** Rows as the API shows them: the bound drones (live devices only) with their names, and the creator's name. */
  private async shown(ctx: Ctx, rows: PointRow[]) {
    if (rows.length === 0) return [];
    const links = await ctx.db
      .select({ airportId: uavAirportDrone.airportId, deviceId: uavAirportDrone.deviceId })
      .from(uavAirportDrone)
      .where(
        scope(
          ctx,
          uavAirportDrone,
          inArray(
            uavAirportDrone.airportId,
            rows.map((row) => row.id),
          ),
        ),
      )
      .orderBy(asc(uavAirportDrone.sort));
    const names = await namesById(
      ctx,
      device,
      links.map((link) => link.deviceId),
    );
    const dronesOf = new Map<string, string[]>();
    for (const link of links) {
      if (!names.has(link.deviceId)) continue;
      dronesOf.set(link.airportId, [...(dronesOf.get(link.airportId) ?? []), link.deviceId]);
    }
    const creators = await userNames(
      ctx,
      rows.map((row) => row.createUser),
    );
    return rows.map((row) => {
      const ids = dronesOf.get(row.id) ?? [];
      return {
        ...row,
        droneIds: ids.join(','),
        droneNames: ids.map((id) => names.get(id)!).join(','),
        createUserName: row.createUser ? (creators.get(row.createUser) ?? null) : null,
      };
    });
  }
}
