import { finished, PassThrough, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { fieldError } from './errors.js';

/** One uploaded file, read into memory: for small files that are parsed whole (a user-import sheet). */
export interface Upload {
  field: string;
  filename: string;
  data: Buffer;
  /** the file was larger than the limit: `data` is empty and the rest was discarded */
  tooLarge: boolean;
}

/** One uploaded file as it arrives: its bytes are a stream, never held whole in memory. */
export interface IncomingFile {
  field: string;
  filename: string;
  stream: Readable;
  /** true once the parser cut the file at `maxBytes + 1` bytes (the caller's own limit fires first) */
  truncated(): boolean;
}

/**
 * The first file of a multipart request, as a stream. The parser stops at `maxBytes + 1` bytes, one past the
 * largest file the caller accepts, so the caller's limit (which knows the kind of file) always sees the excess
 * and refuses it rather than storing a cut file. A request that is not a multipart form is null; a broken one
 * is a 400.
 */
export async function openUpload(request: FastifyRequest, maxBytes: number): Promise<IncomingFile | null> {
  if (!request.isMultipart()) return null;
  try {
    const part = await request.file({
      limits: { fileSize: maxBytes + 1, files: 1 },
      throwFileSizeLimit: false,
    });
    if (!part) return null;
    return {
      field: part.fieldname,
      filename: part.filename,
      stream: malformedOnError(part.file, request),
      truncated: () => part.file.truncated,
    };
  } catch (error) {
    request.log.info({ err: error }, 'unreadable upload');
    throw fieldError('file', 'upload.malformed');
  }
}

/**
 * The parser's failures (a form cut short, a broken boundary) become a 400 naming the file field; a consumer
 * that stops reading lets go of the request's part.
 */
function malformedOnError(source: Readable, request: FastifyRequest): Readable {
  const out = new PassThrough();
  // `finished` also reports a part destroyed before its end (a form cut short), which `error` alone misses.
  finished(source, (error) => {
    if (!error) return;
    request.log.info({ err: error }, 'unreadable upload');
    out.destroy(fieldError('file', 'upload.malformed'));
  });
  out.once('close', () => {
    if (!source.readableEnded) source.destroy();
  });
  source.pipe(out);
  return out;
}

/**
 * Read the first file of a multipart request, at most `maxBytes` of it. Nothing touches the disk here, so a
 * refused upload leaves nothing behind. A request that is not a multipart form, or a broken one, is a 400.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Upload | null> {
  if (!request.isMultipart()) return null;
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1 }, throwFileSizeLimit: false });
    if (!part) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) {
      if (!part.file.truncated) chunks.push(chunk as Buffer);
    }
    const tooLarge = part.file.truncated;
    return {
      field: part.fieldname,
      filename: part.filename,
      data: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks),
      tooLarge,
    };
  } catch (error) {
    request.log.info({ err: error }, 'unreadable upload');
    throw fieldError('file', 'upload.malformed');
  }
}
