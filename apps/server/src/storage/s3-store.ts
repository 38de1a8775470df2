import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AppError } from '../../lib/errors.js';
import { type Credentials, EMPTY_SHA256, encodeKey, sha256Hex, signRequest } from './sigv4.js';

/** An object read back from a store. */
export interface StoredObject {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded bytes live. Object names are `<tenant>/<yyyyMMdd>/<id>-<random>.<ext>`, chosen by the file
 * service; a store only keeps and returns them. Every link the console sees is `/files/<name>`, served by
 * this server from whichever store holds the object, so links work whatever the bucket's own access rules.
 */
export interface ObjectStore {
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object */
  open(name: string): Promise<StoredObject | null>;
  /** removing an object that is not there is not an error */
  remove(name: string): Promise<void>;
}

/** The default store: a folder on this machine (`DATA_DIR/files`). */
export class LocalDiskStore implements ObjectStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file of `name`, never outside the root. */
  private file(name: string): string | null {
    const file = path.resolve(this.root, name);
    return file.startsWith(this.root + path.sep) ? file : null;
  }

  async put(name: string, data: Buffer): Promise<void> {
    const target = this.file(name);
    if (!target) throw new Error(`object name outside the store: ${name}`);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await writeFile(target, data, { flag: 'wx', mode: 0o644 });
    } catch (error) {
      await rm(target, { force: true });
      throw error;
    }
  }

  async open(name: string): Promise<StoredObject | null> {
    const file = this.file(name);
    const info = file ? await stat(file).catch(() => null) : null;
    if (!file || !info?.isFile()) return null;
    return { stream: createReadStream(file), size: info.size };
  }

  async remove(name: string): Promise<void> {
    const file = this.file(name);
    if (file) await rm(file, { force: true });
  }
}

export interface S3Settings extends Credentials {
  /** `http(s)://host[:port]`, the service's address (MinIO, an S3 region endpoint...) */
  endpoint: string;
  bucket: string;
}

const TIMEOUT_MS = 30_000;

/**
 * An S3-compatible bucket reached with path-style URLs (`<endpoint>/<bucket>/<key>`, as MinIO serves them)
 * and Signature V4. Any failure of the store becomes a 500 `resource.storeFailed` (logged with its cause).
 */
export class S3Store implements ObjectStore {
  constructor(
    private readonly settings: S3Settings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private url(name: string): URL {
    const base = this.settings.endpoint.replace(/\/+$/, '');
    return new URL(`${base}/${encodeKey(this.settings.bucket)}/${encodeKey(name)}`);
  }

  private async call(method: string, name: string, body?: Buffer, contentType?: string): Promise<Response> {
    const url = this.url(name);
    const headers = signRequest({
      method,
      url,
      headers: contentType ? { 'content-type': contentType } : {},
      payloadHash: body ? sha256Hex(body) : EMPTY_SHA256,
      credentials: this.settings,
    });
    const { host: _host, ...sent } = headers;
    try {
      return await this.fetchImpl(url, {
        method,
        headers: sent,
        body: body ? new Uint8Array(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw storeFailed(`${method} ${url.pathname}: ${String(error)}`);
    }
  }

  async put(name: string, data: Buffer, contentType: string): Promise<void> {
    const response = await this.call('PUT', name, data, contentType);
    if (!response.ok) throw storeFailed(`PUT ${name}: ${response.status} ${await response.text()}`);
  }

  async open(name: string): Promise<StoredObject | null> {
    const response = await this.call('GET', name);
    if (response.status === 404) return null;
    if (!response.ok || !response.body) throw storeFailed(`GET ${name}: ${response.status}`);
    const size = Number(response.headers.get('content-length') ?? '0');
    return { stream: Readable.fromWeb(response.body as never), size };
  }

  async remove(name: string): Promise<void> {
    const response = await this.call('DELETE', name);
    if (!response.ok && response.status !== 404) {
      throw storeFailed(`DELETE ${name}: ${response.status} ${await response.text()}`);
    }
  }
}

/** A store failure: the client learns only that storage failed; the cause goes to the error log. */
function storeFailed(cause: string): AppError {
  const error = new AppError(500, 'resource.storeFailed');
  error.stack = `StoreError: ${cause}\n${error.stack?.split('\n').slice(1).join('\n') ?? ''}`;
  error.message = `resource.storeFailed: ${cause.slice(0, 500)}`;
  return error;
}
