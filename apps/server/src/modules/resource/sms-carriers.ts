import { DICT, SMS_CATEGORY } from '@aos/contract';
import { dictEntry } from '../../lib/dict-entry.js';
import type { Ctx } from '../../lib/context.js';
import { badRequest, fieldError } from '../../lib/errors.js';

/**
 * A configuration may name the built-in outbox or any carrier of the `sms_category` dictionary (the BladeX
 * Saber console offers them all), whether or not the platform can send through it yet: the configuration is
 * kept, and a send through a carrier without a provider is refused by {@link refuseCarrier}.
 */
export async function checkSmsCategory(ctx: Ctx, category: number): Promise<void> {
  if (category === SMS_CATEGORY.outbox) return;
  if (!(await dictEntry(ctx, DICT.sms_category, category)))
    throw fieldError('category', 'resource.smsCategory');
}

/** The 400 for a send through a carrier the platform does not ship: it names the carrier. */
export async function refuseCarrier(ctx: Ctx, category: number): Promise<never> {
  const entry = await dictEntry(ctx, DICT.sms_category, category);
  const carrier =
    (ctx.language === 'en-US' ? entry?.valueEn || entry?.value : entry?.value) ?? String(category);
  throw badRequest('resource.smsCarrierMissing', { carrier });
}
