import { DICT, type NoticePageQuery, type NoticeSubmit, type PageQuery } from '@aos/contract';
import { and, desc, gte, lt } from 'drizzle-orm';
import { notice } from '../../db/schema/index.js';
import { checkDictKey } from '../../lib/dict-entry.js';
import type { Ctx } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { dictLabels } from '../../lib/labels.js';
import { parseDateTime } from '../../lib/time.js';

const notices = crud({
  table: notice,
  filters: { title: 'like', category: 'eq' },
  defaultOrder: [desc(notice.releaseTime), desc(notice.id)],
});

type NoticeRow = typeof notice.$inferSelect;

/** Rows with their category's label (`categoryName`, as BladeX's wrapper adds it). */
async function labelled(ctx: Ctx, rows: NoticeRow[]) {
  if (rows.length === 0) return [];
  const label = await dictLabels(ctx, [DICT.notice]);
  return rows.map((row) => ({ ...row, categoryName: label(DICT.notice, row.category) }));
}

/** Notices of a tenant (spec §7 /api/blade-desk/notice). Rule: the category is an entry of the `notice` dictionary. */
export class NoticeService {
  async page(ctx: Ctx, query: PageQuery & NoticePageQuery) {
    const { releaseTime_datege: from, releaseTime_datelt: before } = query;
    const released = and(
      from ? gte(notice.releaseTime, parseDateTime(from)) : undefined,
      before ? lt(notice.releaseTime, parseDateTime(before)) : undefined,
    );
    const page = await notices.page(ctx, query, released);
    return { ...page, records: await labelled(ctx, page.records) };
  }

  async detail(ctx: Ctx, id: string) {
    const [row] = await labelled(ctx, [await notices.detail(ctx, id)]);
    return row!;
  }

  async submit(ctx: Ctx, input: NoticeSubmit) {
    await checkDictKey(ctx, DICT.notice, input.category, 'category', 'notice.categoryUnknown');
    const values = {
      title: input.title,
      category: input.category,
      releaseTime: parseDateTime(input.releaseTime),
      content: input.content,
    };
    return input.id ? notices.update(ctx, input.id, values) : notices.insert(ctx, values);
  }

  remove(ctx: Ctx, ids: string[]) {
    return notices.remove(ctx, ids);
  }
}
