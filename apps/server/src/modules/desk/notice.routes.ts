import {
  envelope,
  IdQuery,
  IdsQuery,
  NoticePageQuery,
  NoticeSchema,
  NoticeSubmit,
  PageQuery,
  pageOf,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['desk: notice'];

/** Notices (spec §7 /api/blade-desk/notice). */
export default async function noticeRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { notices } = app.services;

  routes.get(
    '/api/blade-desk/notice/list',
    {
      config: { permission: 'notice' },
      schema: {
        tags,
        summary: 'Page of notices (latest release first)',
        querystring: PageQuery.extend(NoticePageQuery.shape),
        response: { 200: envelope(pageOf(NoticeSchema)) },
      },
    },
    async (request, reply) => reply.ok(await notices.page(request.ctx, request.query)),
  );
  routes.get(
    '/api/blade-desk/notice/detail',
    {
      config: { permission: 'notice' },
      schema: {
        tags,
        summary: 'One notice',
        querystring: IdQuery,
        response: { 200: envelope(NoticeSchema) },
      },
    },
    async (request, reply) => reply.ok(await notices.detail(request.ctx, request.query.id)),
  );
  routes.post(
    '/api/blade-desk/notice/submit',
    {
      config: { permission: (request) => ((request.body as NoticeSubmit).id ? 'notice_edit' : 'notice_add') },
      schema: {
        tags,
        summary: 'Add (no id) or update (with id) a notice',
        body: NoticeSubmit,
        response: { 200: envelope(NoticeSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await notices.submit(request.ctx, request.body),
        request.body.id ? 'common.updated' : 'common.added',
      ),
  );
  routes.post(
    '/api/blade-desk/notice/remove',
    {
      config: { permission: 'notice_delete' },
      schema: {
        tags,
        summary: 'Remove notices by comma-separated ids',
        querystring: IdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(await notices.remove(request.ctx, request.query.ids), 'common.deleted'),
  );
}
