import { envelope, IMAGE_MAX_BYTES, PutFileQuery, PutFileResult, UPLOAD_MAX_BYTES } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readUpload } from '../../lib/upload.js';
import attachRoutes from './attach.routes.js';
import { disposition } from './content-types.js';
import ossRoutes from './oss.routes.js';
import smsRoutes from './sms.routes.js';

const tags = ['resource: files'];

/** Object storage (spec §7 /api/blade-resource): uploads, the public file links, oss, sms and attachments. */
export default async function resourceRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { files } = app.services;

  routes.post(
    '/api/blade-resource/oss/endpoint/put-file',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Upload a picture (multipart field `file`): jpg, png, gif or webp up to 5 MB',
        description:
          'The type is read from the content, not the name. `usage=avatar`: jpg or png up to 500 kB. ' +
          'Written to the tenant’s enabled object storage (the local disk when none) and recorded as an ' +
          'attachment. Answers `data.link` (`/files/<tenant>/<yyyyMMdd>/<id>.<ext>`), served publicly.',
        consumes: ['multipart/form-data'],
        querystring: PutFileQuery,
        response: { 200: envelope(PutFileResult) },
      },
    },
    async (request, reply) =>
      reply.ok(await files.put(request.ctx, await readUpload(request, IMAGE_MAX_BYTES), request.query)),
  );

  routes.post(
    '/api/blade-resource/oss/endpoint/upload-file',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary:
          'Upload a file (multipart field `file`) up to 20 MB: pictures, documents, archives, routes, media',
        description:
          'Allowed by extension: jpg png gif webp pdf txt csv doc(x) xls(x) ppt(x) zip rar 7z json geojson kml kmz ' +
          'mp4 flv mp3; a picture must really be one. Stored like put-file and recorded as an attachment.',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(PutFileResult) },
      },
    },
    async (request, reply) =>
      reply.ok(await files.upload(request.ctx, await readUpload(request, UPLOAD_MAX_BYTES))),
  );

  routes.get(
    '/files/*',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'An uploaded file (public, like a public bucket: whoever has the link can fetch it)',
        params: z.object({ '*': z.string() }),
      },
    },
    async (request, reply) => {
      const file = await files.open(request.ctx.db, request.params['*']);
      if (file.size) reply.header('content-length', file.size);
      if (!file.inline) reply.header('content-disposition', disposition('attachment', file.originalName));
      return reply
        .type(file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(file.stream);
    },
  );

  await app.register(ossRoutes);
  await app.register(smsRoutes);
  await app.register(attachRoutes);
}
