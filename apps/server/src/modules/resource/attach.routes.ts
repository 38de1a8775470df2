import { AttachPageQuery, AttachSchema, AttachSubmit, envelope, IdQuery, PageQuery } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes.js';
import { parseRange } from '../../storage/http-range.js';
import { sendFile } from './file-reply.js';

const tags = ['resource: attach'];

/** Attachments (spec §7 /api/blade-resource/attach): every upload, per tenant. */
export default async function attachRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { attaches } = app.services;

  crudRoutes(app, {
    base: '/api/blade-resource/attach',
    tags,
    code: 'attach',
    service: attaches,
    schemas: { record: AttachSchema, pageQuery: PageQuery.extend(AttachPageQuery.shape) },
    routes: {
      page: { list: 'Page of attachments' },
      detail: 'One attachment',
      remove: 'Remove attachments and their stored files by comma-separated ids',
    },
  });
  // Written out: attachments are added by uploading, so submit only renames (always the edit code).
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
  routes.get(
    '/api/blade-resource/attach/download',
    {
      config: { permission: 'attach' },
      schema: {
        tags,
        summary:
          'Download an attachment of the tenant, under its original name (one `Range` answered with 206)',
        querystring: IdQuery,
      },
    },
    async (request, reply) => {
      const range = parseRange(request.headers.range) ?? undefined;
      return sendFile(reply, () => attaches.download(request.ctx, request.query.id, range), {
        cacheControl: 'private, no-store',
        attachment: true,
      });
    },
  );
}
