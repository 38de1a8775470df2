import type { DockBasicSet, DockBasicSetSubmit } from '@aos/contract';
import type { dock } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { docks } from './dock.service.js';

type DockRow = typeof dock.$inferSelect;

function settings(row: DockRow): DockBasicSet {
  return {
    hangarId: row.id,
    hangarName: row.name,
    serialNumber: row.serialNumber,
    alternateLongitude: row.alternateLongitude,
    alternateLatitude: row.alternateLatitude,
    safeLandHeight: row.safeLandHeight,
    lowBattery: row.lowBattery,
    ultraLowBattery: row.ultraLowBattery,
    logUrl: row.logUrl,
    rthAltitude: row.rthAltitude,
    outOfControlAction: row.outOfControlAction,
  };
}

/**
 * A dock's basic settings (spec §7 hangarbasicset): the subset of the dock row the dock itself is configured
 * with (alternate landing point and its safe height, battery alarm thresholds, log address, return-home
 * altitude, out-of-control action). The contract applies the same rules as the dock form.
 */
export class DockBasicSetService {
  async detail(ctx: Ctx, hangarId: string): Promise<DockBasicSet> {
    return settings(await docks.detail(ctx, hangarId));
  }

  async submit(ctx: Ctx, input: DockBasicSetSubmit): Promise<DockBasicSet> {
    // One statement, scoped to the caller's tenant: 404 when the dock is not theirs.
    const row = await docks.update(ctx, input.hangarId, {
      alternateLongitude: input.alternateLongitude ?? null,
      alternateLatitude: input.alternateLatitude ?? null,
      safeLandHeight: input.safeLandHeight,
      lowBattery: input.lowBattery,
      ultraLowBattery: input.ultraLowBattery,
      logUrl: input.logUrl || null,
      rthAltitude: input.rthAltitude,
      outOfControlAction: input.outOfControlAction,
    });
    return settings(row);
  }
}
