import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';

/**
 * Who uses a brand. Each register that references manufacturers (devices, docks, routes...) adds one checker
 * with `registerManufacturerUsage`: given brand ids, it answers the ids among them it still references (live
 * rows of the caller's tenant). Until such a register exists, no brand is in use.
 */
export type ManufacturerUsageChecker = (ctx: Ctx, ids: string[]) => Promise<Iterable<string>>;

export class ManufacturerUsage {
  private readonly checkers: ManufacturerUsageChecker[] = [];

  register(checker: ManufacturerUsageChecker): void {
    this.checkers.push(checker);
  }

  /** The ids among `ids` that some register still references. */
  async inUse(ctx: Ctx, ids: string[]): Promise<Set<string>> {
    const used = new Set<string>();
    for (const checker of this.checkers) for (const id of await checker(ctx, ids)) used.add(id);
    return used;
  }

  /** Refuse (400, naming the brands) when any of `ids` is in use. */
  async assertUnused(ctx: Ctx, ids: string[], nameOf: (id: string) => string): Promise<void> {
    const used = await this.inUse(ctx, ids);
    if (used.size) {
      throw new AppError(400, 'fleet.manufacturerInUse', {
        names: [...used].map(nameOf).join(', '),
      });
    }
  }
}
