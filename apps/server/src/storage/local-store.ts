import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_LINK_PREFIX } from '@aos/contract';
import { assertSafeKey, isSafeKey, keyExtension } from './keys.js';
import { servedType } from './content-types.js';
import type { FileUrlSigner, FileUrlVerdict } from './file-url-signer.js';
import {
  checkedExpiry,
  type GetOptions,
  type ObjectStore,
  type PresignGetOptions,
  type PresignPutOptions,
  type PutOptions,
  RangeNotSatisfiableError,
  resolveRange,
  type StoredObject,
} from './object-store.js';

/** Where bytes wait while they arrive: inside the root (so a rename is atomic), unreachable by any key. */
const TEMPORARY = '.incoming';

/**
 * The default store: a folder on this machine (`DATA_DIR/files`). A write goes to a temporary file first and
 * is renamed into place once complete, so a reader never sees half an object and a refused or broken upload
 * leaves nothing. Presigned URLs are `/files/<key>?expires=&signature=` links served by this server.
 */
export class LocalStore implements ObjectStore {
  private readonly root: string;

  constructor(
    root: string,
    private readonly signer: FileUrlSigner,
    /** what presigned URLs start with: the address docks and browsers reach this server at ('' = relative) */
    private readonly publicUrl = '',
  ) {
    this.root = path.resolve(root);
  }

  /** The file of a key; keys are checked, and the resolved path must still be inside the root. */
  private file(key: string): string {
    const file = path.resolve(this.root, assertSafeKey(key));
    if (!file.startsWith(this.root + path.sep)) throw new Error(`object key outside the store: ${key}`);
    return file;
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }> {
    const target = this.file(key);
    const temporary = path.join(this.root, TEMPORARY, `${Date.now()}-${randomBytes(8).toString('hex')}`);
    // The body may fail while the folder is made: keep that from being an uncaught error (pipeline sees it).
    const ignore = () => undefined;
    body.on('error', ignore);
    await mkdir(path.dirname(temporary), { recursive: true }).finally(() => body.off('error', ignore));
    const out = createWriteStream(temporary, { flags: 'wx', mode: 0o644 });
    try {
      await pipeline(body, out);
      if (options.size !== undefined && out.bytesWritten !== options.size) {
        throw new Error(`expected ${options.size} bytes for ${key}, received ${out.bytesWritten}`);
      }
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temporary, target);
      return { size: out.bytesWritten };
    } catch (error) {
      body.destroy();
      // A stream destroyed before its file was open still opens it: wait, or the file would outlive the rm.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string, options: GetOptions = {}): Promise<StoredObject | null> {
    const file = this.file(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const contentType = servedType(keyExtension(key));
    if (!options.range) return { stream: createReadStream(file), size: info.size, contentType };
    const range = resolveRange(options.range, info.size);
    if (!range) throw new RangeNotSatisfiableError(info.size);
    return { stream: createReadStream(file, range), size: info.size, contentType, range };
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  /**
   * Is this a link this store presigned, unaltered and still valid? `expires` and `signature` are the link's
   * query parameters as received; `detail` is the download name (GET) or the Content-Type sent (PUT).
   */
  verifyPresigned(link: {
    method: 'GET' | 'PUT';
    key: string;
    expires?: string;
    signature?: string;
    detail: string;
  }): FileUrlVerdict {
    const { method, key, detail, signature } = link;
    if (!signature || !/^\d{1,12}$/.test(link.expires ?? '') || !isSafeKey(key)) return 'invalid';
    return this.signer.verify({ method, key, expires: Number(link.expires), detail }, signature);
  }

  presignGet(key: string, options: PresignGetOptions): string {
    return this.presign('GET', key, options.expiresSeconds, options.downloadName ?? '', 'filename');
  }

  presignPut(key: string, options: PresignPutOptions): string {
    return this.presign('PUT', key, options.expiresSeconds, options.contentType);
  }

  private presign(
    method: 'GET' | 'PUT',
    key: string,
    expiresSeconds: number,
    detail: string,
    detailParam?: string,
  ): string {
    assertSafeKey(key);
    const expires = Math.floor(Date.now() / 1000) + checkedExpiry(expiresSeconds);
    const signature = this.signer.sign({ method, key, expires, detail });
    const query = new URLSearchParams({ expires: String(expires) });
    if (detailParam && detail) query.set(detailParam, detail);
    query.set('signature', signature);
    return `${this.publicUrl.replace(/\/+$/, '')}${FILE_LINK_PREFIX}${key}?${query.toString().replace(/\+/g, '%20')}`;
  }
}
