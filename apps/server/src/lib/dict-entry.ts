import type { DictCode, MessageKey } from '@aos/contract';
import { and, eq, ne } from 'drizzle-orm';
import { dict } from '../db/schema/index.js';
import type { Ctx } from './context.js';
import { fieldError } from './errors.js';

export interface DictEntry {
  id: string;
  value: string;
  valueEn: string | null;
}

/** The live entry keyed `key` of the platform dictionary `code` (a dictionary's own row is not an entry). */
export async function dictEntry(
  ctx: Ctx,
  code: DictCode,
  key: number | string,
): Promise<DictEntry | undefined> {
  const [entry] = await ctx.db
    .select({ id: dict.id, value: dict.dictValue, valueEn: dict.dictValueEn })
    .from(dict)
    .where(
      and(eq(dict.code, code), ne(dict.parentId, '0'), eq(dict.dictKey, String(key)), eq(dict.isDeleted, 0)),
    )
    .limit(1);
  return entry;
}

/**
 * The one dictionary-key check: refuse (400 on `field`, with `message`) a key that is not an entry of the
 * platform dictionary `code`.
 */
export async function checkDictKey(
  ctx: Ctx,
  code: DictCode,
  key: number | string,
  field: string,
  message: MessageKey,
): Promise<DictEntry> {
  const entry = await dictEntry(ctx, code, key);
  if (!entry) throw fieldError(field, message);
  return entry;
}
