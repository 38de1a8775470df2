import type { PageQuery, PostSubmit } from '@aos/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import { post } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { fieldError } from '../../lib/errors.js';

const posts = crud({
  table: post,
  filters: { postCode: 'like', postName: 'like', category: 'eq' },
  defaultOrder: [asc(post.sort), asc(post.id)],
  dataScope: { code: 'post' },
});

/** Posts (job positions) of a tenant. Rule: a post code is unique within the tenant. */
export class PostService {
  page(ctx: Ctx, query: PageQuery & Record<string, unknown>) {
    return posts.page(ctx, query);
  }

  select(ctx: Ctx) {
    return posts.list(ctx);
  }

  detail(ctx: Ctx, id: string) {
    return posts.detail(ctx, id);
  }

  async submit(ctx: Ctx, input: PostSubmit) {
    const clash = await posts.find(
      ctx,
      and(eq(post.postCode, input.postCode), input.id ? ne(post.id, input.id) : undefined)!,
    );
    if (clash) throw fieldError('postCode', 'post.codeExists');
    return input.id ? posts.update(ctx, input.id, input) : posts.insert(ctx, input);
  }

  remove(ctx: Ctx, ids: string[]) {
    return posts.remove(ctx, ids);
  }
}
