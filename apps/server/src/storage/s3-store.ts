import type { Readable } from 'node:stream';
import { IMAGE_MAX_BYTES, UPLOAD_MAX_BYTES, VIDEO_MAX_BYTES } from '@aos/contract';
import { disposition, servedType } from './content-types.js';
import { assertSafeKey, keyExtension } from './keys.js';
import type { NetworkGuard } from './network-guard.js';
import {
  type ByteRange,
  checkedExpiry,
  type GetOptions,
  type ObjectStore,
  type PresignGetOptions,
  type PresignPutOptions,
  type PutOptions,
  RangeNotSatisfiableError,
  type StoredObject,
  storeFailed,
  storeNamed,
} from './object-store.js';
import { BodyError, discard, expectOk, type S3Response, sendRequest } from './s3-http.js';
import { S3Multipart } from './s3-multipart.js';
import {
  type Credentials,
  EMPTY_SHA256,
  encodeKey,
  presignUrl,
  sha256Hex,
  signRequest,
  UNSIGNED_PAYLOAD,
} from './sigv4.js';
import { parts } from './streams.js';

export interface S3Settings extends Credentials {
  /** `http(s)://host[:port]`, the service's address (MinIO, an S3 region endpoint, Aliyun OSS...) */
  endpoint: string;
  bucket: string;
}

/** S3's smallest part is 5 MiB; 8 MiB parts take a 2 GB video in 256 requests and 80 GB in 10,000. */
export const PART_SIZE = 8 * 1024 * 1024;
/** A body of known size up to this is one streamed PUT; above, a multipart upload (resumable part by part). */
export const SINGLE_PUT_MAX = 64 * 1024 * 1024;

type Call = {
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Buffer | Readable;
  payloadHash?: string;
  /** how much of the answer may be read (s3-http's RESPONSE_MAX_BYTES unless given) */
  maxResponseBytes?: number;
};

/**
 * The most an object's answer may carry: the largest file this platform writes (a 2 GB video) and a margin.
 * An endpoint answering more than that is cut there, whatever it says it is sending.
 */
export const OBJECT_MAX_BYTES = Math.max(IMAGE_MAX_BYTES, UPLOAD_MAX_BYTES, VIDEO_MAX_BYTES) + 1024 * 1024;

/**
 * An S3-compatible bucket reached with path-style URLs (`<endpoint>/<bucket>/<key>`, as MinIO serves them) and
 * Signature V4. A body of unknown size is cut into 8 MiB parts: one part or less is a single PUT, more is a
 * multipart upload, aborted on any failure, so only a complete object ever appears. Any failure of the store
 * is a 500 `resource.storeFailed` naming the bucket (cause in the error log); a failure of the body (a refused upload) is
 * passed on as it is.
 */
export class S3Store implements ObjectStore {
  private readonly multipart = new S3Multipart((method, key, call) => this.call(method, key, call));

  constructor(
    private readonly settings: S3Settings,
    private readonly guard: NetworkGuard,
    private readonly partSize = PART_SIZE,
  ) {}

  private url(key: string, query: Record<string, string> = {}): URL {
    const base = this.settings.endpoint.replace(/\/+$/, '');
    const url = new URL(`${base}/${encodeKey(this.settings.bucket)}/${encodeKey(assertSafeKey(key))}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  }

  put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }> {
    return this.named(() => this.putUnnamed(key, body, options));
  }

  get(key: string, options: GetOptions = {}): Promise<StoredObject | null> {
    return this.named(() => this.getUnnamed(key, options));
  }

  remove(key: string): Promise<void> {
    return this.named(() => this.removeUnnamed(key));
  }

  /** A store failure of `work` names this bucket. */
  private async named<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw storeNamed(error, this.settings.bucket);
    }
  }

  /** Sign and send; a network failure is a store failure, a failing body keeps its own error. */
  async call(method: string, key: string, call: Call = {}): Promise<S3Response> {
    const url = this.url(key, call.query);
    const { body } = call;
    const payloadHash =
      call.payloadHash ?? (Buffer.isBuffer(body) ? sha256Hex(body) : body ? UNSIGNED_PAYLOAD : EMPTY_SHA256);
    const { host: _host, ...headers } = signRequest({
      method,
      url,
      headers: call.headers ?? {},
      payloadHash,
      credentials: this.settings,
    });
    if (Buffer.isBuffer(body)) headers['content-length'] = String(body.length);
    try {
      return await sendRequest(url, { method, headers, body }, this.guard, {
        maxResponseBytes: call.maxResponseBytes,
      });
    } catch (error) {
      if (error instanceof BodyError) throw error.original;
      throw storeFailed(`${method} ${url.pathname}: ${String(error)}`);
    }
  }

  private async putUnnamed(key: string, body: Readable, options: PutOptions): Promise<{ size: number }> {
    assertSafeKey(key);
    try {
      if (options.size !== undefined && options.size <= SINGLE_PUT_MAX) {
        await this.putOnce(key, body, options.contentType, options.size);
        return { size: options.size };
      }
      const chunks = parts(body, this.partSize);
      const first = await chunks.next();
      const head = first.done ? Buffer.alloc(0) : first.value;
      // The parts generator yields a short part only at the end: one short part is the whole body.
      if (head.length < this.partSize) {
        await this.putOnce(key, head, options.contentType, head.length);
        return { size: head.length };
      }
      return await this.multipart.upload(key, options.contentType, head, chunks);
    } catch (error) {
      body.destroy();
      throw error;
    }
  }

  private async putOnce(key: string, body: Buffer | Readable, contentType: string, size: number) {
    const headers: Record<string, string> = { 'content-type': contentType };
    if (!Buffer.isBuffer(body)) headers['content-length'] = String(size);
    const response = await this.call('PUT', key, { headers, body });
    await expectOk(response, `PUT ${key}`);
    discard(response.body);
  }

  private async getUnnamed(key: string, options: GetOptions = {}): Promise<StoredObject | null> {
    const headers: Record<string, string> = options.range ? { range: rangeHeader(options.range) } : {};
    const response = await this.call('GET', key, { headers, maxResponseBytes: OBJECT_MAX_BYTES });
    if (response.status === 404) {
      discard(response.body);
      return null;
    }
    if (response.status === 416) {
      discard(response.body);
      throw new RangeNotSatisfiableError(totalOf(response.headers['content-range']) ?? 0);
    }
    await expectOk(response, `GET ${key}`);
    const contentType = response.headers['content-type'] || servedType(keyExtension(key));
    const length = Number(response.headers['content-length'] ?? 0);
    const partial =
      response.status === 206
        ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(response.headers['content-range']))
        : null;
    if (!partial) return { stream: response.body, size: length, contentType };
    return {
      stream: response.body,
      size: Number(partial[3]),
      contentType,
      range: { start: Number(partial[1]), end: Number(partial[2]) },
    };
  }

  private async removeUnnamed(key: string): Promise<void> {
    const response = await this.call('DELETE', key);
    if (response.status === 404) return discard(response.body);
    await expectOk(response, `DELETE ${key}`);
    discard(response.body);
  }

  presignGet(key: string, options: PresignGetOptions): string {
    const query: Record<string, string> = options.downloadName
      ? { 'response-content-disposition': disposition('attachment', options.downloadName) }
      : {};
    return presignUrl({
      method: 'GET',
      url: this.url(key, query),
      expiresSeconds: checkedExpiry(options.expiresSeconds),
      credentials: this.settings,
    });
  }

  presignPut(key: string, options: PresignPutOptions): string {
    return presignUrl({
      method: 'PUT',
      url: this.url(key),
      expiresSeconds: checkedExpiry(options.expiresSeconds),
      credentials: this.settings,
      headers: { 'content-type': options.contentType },
    });
  }
}

function rangeHeader(range: ByteRange): string {
  if ('suffix' in range) return `bytes=-${range.suffix}`;
  return `bytes=${range.start}-${range.end ?? ''}`;
}

/** The size in `Content-Range: bytes a-b/size` or `bytes *\/size`. */
function totalOf(header: string | undefined): number | null {
  const match = /\/(\d+)$/.exec(header ?? '');
  return match ? Number(match[1]) : null;
}
