import { PageQuery, PostPageQuery, PostSchema, PostSubmit } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../../lib/crud-routes.js';

export default async function postRoutes(app: FastifyInstance) {
  crudRoutes(app, {
    base: '/api/blade-system/post',
    tags: ['system: post'],
    code: 'post',
    service: app.services.posts,
    schemas: { record: PostSchema, pageQuery: PageQuery.extend(PostPageQuery.shape), submit: PostSubmit },
    routes: {
      page: { list: 'Page of posts' },
      select: 'Every post of the tenant (for pickers)',
      detail: 'One post',
      submit: 'Add (no id) or update (with id) a post',
      remove: 'Remove posts by comma-separated ids',
    },
  });
}
