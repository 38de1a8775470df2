import { DICT, type NoticeSubmit, type PageQuery } from '@aos/contract';
import { desc } from 'drizzle-orm';
import { notice } from '../../db/schema/index.js';
import { checkDictKey } from '../../lib/dict-entry.js';
import type { Ctx } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { parseDateTime } from '../../lib/time.js';

const notices = crud({
  table: notice,
  filters: { title: 'like', category: 'eq' },
  defaultOrder: [desc(notice.releaseTime), desc(notice.id)],
});

/** Notices of a tenant (spec §7 /api/blade-desk/notice). Rule: the category is an entry of the `notice` dictionary. */
export class NoticeService {
  page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    return notices.page(ctx, query);
  }

  detail(ctx: Ctx, id: string) {
    return notices.detail(ctx, id);
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
