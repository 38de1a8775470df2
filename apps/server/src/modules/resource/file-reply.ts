import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { disposition } from '../../storage/content-types.js';
import { RangeNotSatisfiableError } from '../../storage/object-store.js';
import type { OpenedFile } from './file.service.js';

/**
 * Answer a stored file: the whole of it (200) or the one range asked for (206 with Content-Range), 416 for a
 * range past its end. Never rendered as a page of our origin: the type comes from the extension, `nosniff`
 * and `default-src 'none'` always, and anything that is not a picture is an attachment.
 */
export async function sendFile(
  reply: FastifyReply,
  open: () => Promise<OpenedFile>,
  options: { cacheControl: string; attachment?: boolean },
) {
  reply
    .header('accept-ranges', 'bytes')
    .header('content-security-policy', "default-src 'none'")
    .header('cache-control', options.cacheControl);
  let file: OpenedFile;
  try {
    file = await open();
  } catch (error) {
    if (!(error instanceof RangeNotSatisfiableError)) throw error;
    return reply.code(416).header('content-range', `bytes */${error.size}`).send();
  }
  if (options.attachment || !file.inline) {
    reply.header('content-disposition', disposition('attachment', file.originalName));
  }
  reply.type(file.contentType);
  if (file.range) {
    const { start, end } = file.range;
    reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${file.size}`)
      .header('content-length', end - start + 1);
  } else {
    reply.header('content-length', file.size);
  }
  // HEAD: Fastify would read the stream to its end and throw it away (a whole video from the bucket); an
  // empty stream keeps the Content-Length set above, which an empty body would reset to 0.
  if (reply.request.method === 'HEAD') {
    file.stream.destroy();
    return reply.send(Readable.from([]));
  }
  return reply.send(file.stream);
}

/**
 * A request answered before its body was read (a refused or failed upload) closes its connection: the
 * client stops sending, and the rest of a large body is never read into this server.
 */
export function closeUnreadRequests(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.raw.complete === false) reply.header('connection', 'close');
    return payload;
  });
}
