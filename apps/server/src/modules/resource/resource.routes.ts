import { envelope, IMAGE_MAX_BYTES, PutFileQuery, PutFileResult } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { openUpload } from '../../lib/upload.js';
import attachRoutes from './attach.routes.js';
import { closeUnreadRequests } from './file-reply.js';
import filesRoutes from './files.routes.js';
import ossRoutes from './oss.routes.js';
import smsRoutes from './sms.routes.js';
import { LARGEST_UPLOAD } from './upload-rules.js';

const tags = ['resource: files'];

/** Object storage (spec §7 /api/blade-resource): uploads, the public file links, oss, sms and attachments. */
export default async function resourceRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { files } = app.services;
  closeUnreadRequests(app);

  routes.post(
    '/api/blade-resource/oss/endpoint/put-file',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Upload a picture (multipart field `file`): jpg, png, gif or webp up to 5 MB',
        description:
          'The type is read from the content, not the name. `usage=avatar`: jpg or png up to 500 kB. ' +
          'Streamed to the tenant’s enabled object storage (the local disk when none) and recorded as an ' +
          'attachment. Answers `data.link` (`/files/<tenant>/<yyyyMMdd>/<id>.<ext>`), served publicly.',
        consumes: ['multipart/form-data'],
        querystring: PutFileQuery,
        response: { 200: envelope(PutFileResult) },
      },
    },
    async (request, reply) =>
      reply.ok(await files.put(request.ctx, await openUpload(request, IMAGE_MAX_BYTES), request.query)),
  );

  // upload-file is ours (spec §7); put-file-attach is BladeX's name for the same call, which its Saber console's
  // attachment page and many BladeX front ends send (the answer's attachId names the attachment row)
  for (const [url, origin] of [
    ['/api/blade-resource/oss/endpoint/upload-file', ''],
    ['/api/blade-resource/oss/endpoint/put-file-attach', ' (BladeX’s name for upload-file)'],
  ] as const) {
    routes.post(
      url,
      {
        config: { permission: 'authenticated' },
        schema: {
          tags,
          summary: `Upload a file (multipart field \`file\`): pictures up to 5 MB, mp4/flv videos up to 2 GB, others up to 20 MB${origin}`,
          description:
            'Allowed by extension: jpg png gif webp pdf txt csv doc(x) xls(x) ppt(x) zip rar 7z json geojson kml kmz ' +
            'mp4 flv mp3; the first bytes must be what the extension says (a picture is stored as the type it ' +
            'really is). Streamed to the store, never held in memory; recorded as an attachment (`data.attachId`).',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(PutFileResult) },
        },
      },
      async (request, reply) =>
        reply.ok(await files.upload(request.ctx, await openUpload(request, LARGEST_UPLOAD))),
    );
  }

  await app.register(filesRoutes);
  await app.register(ossRoutes);
  await app.register(smsRoutes);
  await app.register(attachRoutes);
}
