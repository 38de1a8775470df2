import { envelope, IMAGE_MAX_BYTES, PutFileQuery, PutFileResult } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readUpload } from '../../lib/upload.js';

const tags = ['resource: files'];

/** Object storage on local disk (spec §7 /api/blade-resource): upload, and the public file links. */
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
          'Answers `data.link` (`/files/<tenant>/<yyyyMMdd>/<id>.<ext>`), served publicly.',
        consumes: ['multipart/form-data'],
        querystring: PutFileQuery,
        response: { 200: envelope(PutFileResult) },
      },
    },
    async (request, reply) =>
      reply.ok(await files.put(request.ctx, await readUpload(request, IMAGE_MAX_BYTES), request.query)),
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
      const file = await files.open(request.params['*']);
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(file.stream);
    },
  );
}
