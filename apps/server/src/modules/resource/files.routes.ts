import { envelope } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseRange } from '../../storage/http-range.js';
import { sendFile } from './file-reply.js';

const tags = ['resource: files'];
const params = z.object({ '*': z.string() });
/** A presigned link's query; anything odd in it is a refused link (403), not a validation error. */
const SignedQuery = z.object({
  expires: z.string().max(32).optional(),
  signature: z.string().max(128).optional(),
  filename: z.string().max(255).optional(),
});

/**
 * `/files/*`: the public links of uploads, and the local store's presigned links (GET and PUT, no token).
 * Registered in a scope of its own: a signed PUT's body is any type of bytes, handed to the store as the raw
 * request stream, so this scope replaces the JSON and form parsers with one that reads nothing.
 */
export default async function filesRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { files } = app.services;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  routes.get(
    '/files/*',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'An uploaded file (public, like a public bucket: whoever has the link can fetch it)',
        description:
          'Answers one `Range: bytes=` range with 206. With `expires` and `signature` (a presigned link of the ' +
          'local store): any object the link was signed for until it expires, refused (403) once expired or ' +
          'altered; `filename` is the download name it was signed with.',
        params,
        querystring: SignedQuery,
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const { expires, signature, filename = '' } = request.query;
      const range = parseRange(request.headers.range) ?? undefined;
      if (expires === undefined && signature === undefined) {
        return sendFile(reply, () => files.open(request.ctx.db, key, range), {
          cacheControl: 'public, max-age=31536000, immutable',
        });
      }
      files.checkSigned({ method: 'GET', key, expires, signature, detail: filename });
      return sendFile(reply, () => files.openSigned(key, filename, range), {
        cacheControl: 'private, no-store',
        attachment: filename !== '',
      });
    },
  );

  routes.put(
    '/files/*',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Send an object to a presigned link of the local store (docks’ media, browsers’ uploads)',
        description:
          'The body is the file’s bytes, with the `Content-Type` the link was signed for. Refused (403) once ' +
          'expired or altered; the content must match the key’s extension, within its kind’s size limit.',
        params,
        querystring: SignedQuery,
        response: { 200: envelope(z.object({ size: z.number().int() })) },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const contentType = request.headers['content-type'] ?? '';
      files.checkSigned({ method: 'PUT', key, ...request.query, detail: contentType });
      const length = request.headers['content-length'];
      const size = length === undefined ? undefined : Number(length);
      return reply.ok(await files.receive(key, request.raw, { contentType, size }));
    },
  );
}
