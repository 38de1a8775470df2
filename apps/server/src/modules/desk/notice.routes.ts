import { NoticePageQuery, NoticeSchema, NoticeSubmit, PageQuery } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../../lib/crud-routes.js';

/** Notices (spec §7 /api/blade-desk/notice). */
export default async function noticeRoutes(app: FastifyInstance) {
  crudRoutes(app, {
    base: '/api/blade-desk/notice',
    tags: ['desk: notice'],
    code: 'notice',
    service: app.services.notices,
    schemas: {
      record: NoticeSchema,
      pageQuery: PageQuery.extend(NoticePageQuery.shape),
      submit: NoticeSubmit,
    },
    routes: {
      page: { list: 'Page of notices (latest release first)' },
      detail: 'One notice',
      submit: 'Add (no id) or update (with id) a notice',
      remove: 'Remove notices by comma-separated ids',
    },
  });
}
