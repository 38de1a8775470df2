import type { FastifyRequest } from 'fastify';
import { fieldError } from './errors.js';

/** One uploaded file, read into memory (uploads here are pictures of a few MB at most). */
export interface Upload {
  field: string;
  filename: string;
  data: Buffer;
  /** the file was larger than the limit: `data` is empty and the rest was discarded */
  tooLarge: boolean;
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
