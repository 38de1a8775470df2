import type { Readable } from 'node:stream';
import {
  IMAGE_EXTENSIONS,
  type MessageKey,
  IMAGE_MAX_BYTES,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  type UploadExtension,
  VIDEO_MAX_BYTES,
} from '@aos/contract';
import { fieldError } from '../../lib/errors.js';
import type { IncomingFile } from '../../lib/upload.js';

const VIDEO_EXTENSIONS: readonly UploadExtension[] = ['mp4', 'flv'];

export const isImage = (extension: string) => (IMAGE_EXTENSIONS as readonly string[]).includes(extension);

/**
 * The largest file of each kind (spec §5 "Uploads", §9): pictures 5 MB, videos (mp4, flv) 2 GB, everything
 * else 20 MB. Uploads are streamed to the store, so a limit is a rule, not a memory budget.
 */
export function uploadLimit(extension: UploadExtension): number {
  if (isImage(extension)) return IMAGE_MAX_BYTES;
  if (VIDEO_EXTENSIONS.includes(extension)) return VIDEO_MAX_BYTES;
  return UPLOAD_MAX_BYTES;
}

/** The largest file any upload route takes: the multipart parser stops one byte past it. */
export const LARGEST_UPLOAD = Math.max(IMAGE_MAX_BYTES, VIDEO_MAX_BYTES, UPLOAD_MAX_BYTES);

/** `5 MB`, `500 kB`, `2 GB`: the limit as the message names it. */
export function sizeLabel(bytes: number): string {
  const gb = 1024 * 1024 * 1024;
  if (bytes % gb === 0) return `${bytes / gb} GB`;
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} kB`;
}

/** The client's file name, as a label only: no folders, no control characters, bounded. */
export function originalName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255) || 'file';
}

/** The extension an upload is stored under, from its name (`jpeg` as `jpg`); null when not allowed. */
export function uploadExtension(filename: string): UploadExtension | null {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(filename.trim());
  const extension = match?.[1]?.toLowerCase().replace(/^jpeg$/, 'jpg');
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(extension ?? '')
    ? (extension as UploadExtension)
    : null;
}

/** How large a file may be, and the message when it is larger. */
export type Limit = { bytes: number; key: MessageKey };
export const tooLarge = (limit: Limit) => () =>
  fieldError('file', limit.key, { limit: sizeLabel(limit.bytes) });

/** Refuse `stream` (let go of the request) and throw. */
export function refuse(stream: Readable, error: Error): never {
  stream.destroy();
  throw error;
}

/** No `file` part: the form's first file (if any) is let go. */
export function refuseMissing(file: IncomingFile | null): never {
  file?.stream.destroy();
  throw fieldError('file', 'upload.missing');
}
