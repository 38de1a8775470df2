import {
  envelope,
  IdQuery,
  IdsQuery,
  PageQuery,
  PostPageQuery,
  PostSchema,
  PostSubmit,
  pageOf,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['system: post'];

export default async function postRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { posts } = app.services;

  routes.get(
    '/api/blade-system/post/list',
    {
      config: { permission: 'post' },
      schema: {
        tags,
        summary: 'Page of posts',
        querystring: PageQuery.extend(PostPageQuery.shape),
        response: { 200: envelope(pageOf(PostSchema)) },
      },
    },
    async (request, reply) => reply.ok(await posts.page(request.ctx, request.query)),
  );
  routes.get(
    '/api/blade-system/post/select',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Every post of the tenant (for pickers)',
        response: { 200: envelope(z.array(PostSchema)) },
      },
    },
    async (request, reply) => reply.ok(await posts.select(request.ctx)),
  );
  routes.get(
    '/api/blade-system/post/detail',
    {
      config: { permission: 'post' },
      schema: { tags, summary: 'One post', querystring: IdQuery, response: { 200: envelope(PostSchema) } },
    },
    async (request, reply) => reply.ok(await posts.detail(request.ctx, request.query.id)),
  );
  routes.post(
    '/api/blade-system/post/submit',
    {
      config: { permission: (request) => ((request.body as PostSubmit).id ? 'post_edit' : 'post_add') },
      schema: {
        tags,
        summary: 'Add (no id) or update (with id) a post',
        body: PostSubmit,
        response: { 200: envelope(PostSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await posts.submit(request.ctx, request.body),
        request.body.id ? 'common.updated' : 'common.added',
      ),
  );
  routes.post(
    '/api/blade-system/post/remove',
    {
      config: { permission: 'post_delete' },
      schema: {
        tags,
        summary: 'Remove posts by comma-separated ids',
        querystring: IdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) => reply.ok(await posts.remove(request.ctx, request.query.ids), 'common.deleted'),
  );
}
