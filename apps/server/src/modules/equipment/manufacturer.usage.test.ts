import { describe, expect, it } from 'vitest';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { ManufacturerUsage } from './manufacturer.usage.js';

// The mechanism only: the registers that reference brands (devices, docks) add their own checkers and test
// the refusal through HTTP with real rows.
const ctx = {} as Ctx;

describe('manufacturer usage', () => {
  it('answers no use without checkers', async () => {
    const usage = new ManufacturerUsage();
    expect([...(await usage.inUse(ctx, ['1', '2']))]).toEqual([]);
    await expect(usage.assertUnused(ctx, ['1'], String)).resolves.toBeUndefined();
  });

  it('joins what every checker reports and refuses with the names', async () => {
    const usage = new ManufacturerUsage();
    usage.register(async (_ctx, ids) => ids.filter((id) => id === '2'));
    usage.register(async (_ctx, ids) => new Set(ids.filter((id) => id !== '1')));
    expect([...(await usage.inUse(ctx, ['1', '2', '3']))].sort()).toEqual(['2', '3']);
    const refused = await usage
      .assertUnused(ctx, ['1', '2', '3'], (id) => `brand ${id}`)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      status: 400,
      messageKey: 'fleet.manufacturerInUse',
      params: { names: 'brand 2, brand 3' },
    });
  });
});
