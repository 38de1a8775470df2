import type { Readable } from 'node:stream';
import { AppError } from '../lib/errors.js';

/** `bytes=start-end` (end inclusive, optional) or `bytes=-suffix` (the last `suffix` bytes). */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export interface PutOptions {
  contentType: string;
  /** the exact length when known (a Content-Length); unknown for a multipart form's file */
  size?: number;
}

export interface GetOptions {
  range?: ByteRange;
}

/** An object read back: a stream of its bytes (or of the requested range) and what it is. */
export interface StoredObject {
  stream: Readable;
  /** the whole object's size, whatever the range */
  size: number;
  contentType: string;
  /** the bytes the stream holds when a range was asked for, inclusive */
  range?: { start: number; end: number };
}

export interface PresignGetOptions {
  expiresSeconds: number;
  /** offered as `Content-Disposition: attachment; filename=...` */
  downloadName?: string;
}

export interface PresignPutOptions {
  expiresSeconds: number;
  /** the sender must send exactly this `Content-Type` */
  contentType: string;
}

/** Presigned URLs live at most a week, as S3 allows. */
export const PRESIGN_MAX_SECONDS = 7 * 24 * 3600;

/**
 * Where bytes live: a folder on this machine or an S3-compatible bucket. Keys are checked by `keys.ts`;
 * bodies are streams, so no object is ever held whole in memory. A failed or refused `put` leaves nothing:
 * no half-written object is ever visible under its key.
 */
export interface ObjectStore {
  /** Store `body` under `key` (replacing an object already there); resolves with the bytes written. */
  put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }>;
  /** null when there is no such object; throws RangeNotSatisfiableError for a range outside it */
  get(key: string, options?: GetOptions): Promise<StoredObject | null>;
  /** removing an object that is not there is not an error */
  remove(key: string): Promise<void>;
  /** a URL anyone can GET the object with until it expires, no token needed */
  presignGet(key: string, options: PresignGetOptions): string;
  /** a URL anyone can PUT the object's bytes to until it expires, no token needed */
  presignPut(key: string, options: PresignPutOptions): string;
}

/** A range that starts past the end of the object: HTTP 416 with `Content-Range: bytes *\/size`. */
export class RangeNotSatisfiableError extends Error {
  override name = 'RangeNotSatisfiableError';
  constructor(readonly size: number) {
    super(`range not satisfiable for an object of ${size} bytes`);
  }
}

/**
 * A store failure: the object store, an outside service, failed. The client learns which store (`store`: its
 * bucket) failed; the cause (`error.cause`) goes to the error log. Its status is 500, not 502: the console (spec
 * §8 "Request handling") shows a message only for statuses up to 500, and the operator must read "check the
 * storage configuration".
 */
export function storeFailed(cause: string, store = ''): AppError {
  const error = new AppError(500, 'resource.storeFailed', { store });
  error.cause = cause;
  error.stack = `StoreError: ${cause}\n${error.stack?.split('\n').slice(1).join('\n') ?? ''}`;
  error.message = `resource.storeFailed: ${cause.slice(0, 500)}`;
  return error;
}

/** `error`, a store failure of `store` named so (other errors unchanged). */
export function storeNamed(error: unknown, store: string): unknown {
  if (!(error instanceof AppError) || error.messageKey !== 'resource.storeFailed' || error.params.store)
    return error;
  return storeFailed(String(error.cause), store);
}

/** `[start, end]` of `range` in an object of `size` bytes (end clipped to the object), or null if outside. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } | null {
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) return null;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) return null;
  const end = range.end === undefined ? size - 1 : Math.min(range.end, size - 1);
  return end < range.start ? null : { start: range.start, end };
}

/** Expiry in whole seconds, 1 second to a week; anything else is a programming error. */
export function checkedExpiry(expiresSeconds: number): number {
  if (!Number.isInteger(expiresSeconds) || expiresSeconds < 1 || expiresSeconds > PRESIGN_MAX_SECONDS) {
    throw new Error(`presigned URLs live 1 to ${PRESIGN_MAX_SECONDS} seconds, not ${expiresSeconds}`);
  }
  return expiresSeconds;
}
