import {
  AttachPageQuery,
  AttachSchema,
  AttachSubmit,
  envelope,
  IdQuery,
  IdsQuery,
  PageQuery,
  pageOf,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { disposition } from './content-types.js';

const tags = ['resource: attach'];

/** Attachments (spec §7 /api/blade-resource/attach): every upload, per tenant. */
export default async function attachRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { attaches } = app.services;

  routes.get(
    '/api/blade-resource/attach/list',
    {
      config: { permission: 'attach' },
      schema: {
        tags,
        summary: 'Page of attachments',
        querystring: PageQuery.extend(AttachPageQuery.shape),
        response: { 200: envelope(pageOf(AttachSchema)) },
      },
    },
    async (request, reply) => reply.ok(await attaches.page(request.ctx, request.query)),
  );
  routes.get(
    '/api/blade-resource/attach/detail',
    {
      config: { permission: 'attach' },
      schema: {
        tags,
        summary: 'One attachment',
        querystring: IdQuery,
        response: { 200: envelope(AttachSchema) },
      },
    },
    async (request, reply) => reply.ok(await attaches.detail(request.ctx, request.query.id)),
  );
  routes.post(
    '/api/blade-resource/attach/submit',
    {
      config: { permission: 'attach_edit' },
      schema: {
        tags,
        summary: 'Rename an attachment (attachments are added by uploading)',
        body: AttachSubmit,
        response: { 200: envelope(AttachSchema) },
      },
    },
    async (request, reply) => reply.ok(await attaches.submit(request.ctx, request.body), 'common.updated'),
  );
  routes.post(
    '/api/blade-resource/attach/remove',
    {
      config: { permission: 'attach_delete' },
      schema: {
        tags,
        summary: 'Remove attachments and their stored files by comma-separated ids',
        querystring: IdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(await attaches.remove(request.ctx, request.query.ids), 'common.deleted'),
  );
  routes.get(
    '/api/blade-resource/attach/download',
    {
      config: { permission: 'attach' },
      schema: {
        tags,
        summary: 'Download an attachment of the tenant, under its original name',
        querystring: IdQuery,
      },
    },
    async (request, reply) => {
      const file = await attaches.download(request.ctx, request.query.id);
      if (file.size) reply.header('content-length', file.size);
      return reply
        .type(file.contentType)
        .header('content-disposition', disposition('attachment', file.originalName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
}
