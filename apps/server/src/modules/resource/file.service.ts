import { randomBytes } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import {
  AVATAR_EXTENSIONS,
  AVATAR_MAX_BYTES,
  FILE_LINK,
  FILE_LINK_PREFIX,
  IMAGE_MAX_BYTES,
  type PutFileQuery,
  type PutFileResult,
  UPLOAD_EXTENSIONS,
  type UploadExtension,
} from '@aos/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { attach } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { fieldError, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { formatCompactDate } from '../../lib/time.js';
import type { IncomingFile } from '../../lib/upload.js';
import { CONTENT_TYPES, isInline, servedType } from '../../storage/content-types.js';
import { keyExtension, ownsKey, tenantKey } from '../../storage/keys.js';
import type { ByteRange, ObjectStore, StoredObject } from '../../storage/object-store.js';
import { contentMatches, SNIFF_BYTES, sniffImage } from '../../storage/sniff.js';
import type { LocalStore } from '../../storage/local-store.js';
import type { Storage } from '../../storage/storage.js';
import { byteLimit, peek } from '../../storage/streams.js';
import { enabledStore, storeOf } from './tenant-store.js';
import {
  isImage,
  type Limit,
  originalName,
  refuse,
  refuseMissing,
  tooLarge,
  uploadExtension,
  uploadLimit,
} from './upload-rules.js';

/** Attachment rows: every upload is one (spec §7 blade-resource attach). */
export const attaches = crud({
  table: attach,
  filters: { originalName: 'like', name: 'like', extension: 'eq' },
});
export type AttachRow = typeof attach.$inferSelect;

export interface OpenedFile extends StoredObject {
  inline: boolean;
  originalName: string;
}

/**
 * Uploads, wherever the tenant's enabled object storage keeps them (the local disk when none is enabled):
 * `<tenant>/<yyyyMMdd>/<snowflake id>-<random>.<ext>`, recorded as an attachment, and served at
 * `/files/<name>` by this server to anyone with the link, as a public bucket would. A name is never rewritten,
 * so it is cached for good. The 128 random bits make a link unguessable (the snowflake alone is time-ordered).
 * Bytes stream from the request to the store: the first 4 kB are sniffed before anything is written, and a
 * file over its kind's limit is stopped there, with nothing stored.
 */
export class FileService {
  constructor(readonly storage: Storage) {}

  /** `oss/endpoint/put-file`: pictures only (checked by their bytes); the avatar usage is stricter (spec §5). */
  async put(ctx: Ctx, file: IncomingFile | null, query: PutFileQuery): Promise<PutFileResult> {
    const avatar = query.usage === 'avatar';
    if (!file || file.field !== 'file') refuseMissing(file);
    const { head, stream } = await peek(file.stream, SNIFF_BYTES);
    if (head.length === 0) refuse(stream, fieldError('file', 'upload.missing'));
    const extension = sniffImage(head);
    if (avatar && (!extension || !AVATAR_EXTENSIONS.includes(extension))) {
      refuse(stream, fieldError('file', 'upload.avatarType'));
    }
    if (!extension) refuse(stream, fieldError('file', 'upload.type'));
    const limit: Limit = avatar
      ? { bytes: AVATAR_MAX_BYTES, key: 'upload.avatarSize' }
      : { bytes: IMAGE_MAX_BYTES, key: 'upload.size' };
    return this.store(ctx, file, stream, extension, limit);
  }

  /** `oss/endpoint/upload-file`: any allowed type, limited by kind; the bytes must be what the name says. */
  async upload(ctx: Ctx, file: IncomingFile | null): Promise<PutFileResult> {
    if (!file || file.field !== 'file') refuseMissing(file);
    const declared = uploadExtension(file.filename);
    if (!declared) refuse(file.stream, fieldError('file', 'resource.uploadType'));
    const { head, stream } = await peek(file.stream, SNIFF_BYTES);
    if (head.length === 0) refuse(stream, fieldError('file', 'upload.missing'));
    let extension: UploadExtension = declared;
    // A picture is stored under the type its bytes have (a png named .jpg is a png); other kinds must match.
    if (isImage(declared)) extension = sniffImage(head) ?? refuse(stream, fieldError('file', 'upload.type'));
    else if (!contentMatches(declared, head)) {
      refuse(stream, fieldError('file', 'resource.uploadContent', { extension: declared }));
    }
    return this.store(ctx, file, stream, extension, { bytes: uploadLimit(extension), key: 'upload.size' });
  }

  private async store(
    ctx: Ctx,
    file: IncomingFile,
    stream: Readable,
    extension: UploadExtension,
    limit: Limit,
  ): Promise<PutFileResult> {
    const secret = randomBytes(16).toString('base64url');
    const name = tenantKey(ctx.tenantId, formatCompactDate(new Date()), `${newId()}-${secret}.${extension}`);
    const { store, ossId, ossVersionId, domain } = await enabledStore(ctx, this.storage);
    const limited = pipeline(stream, byteLimit(limit.bytes, tooLarge(limit)), () => undefined);
    const { size } = await store.put(name, limited, { contentType: CONTENT_TYPES[extension] });
    const label = originalName(file.filename);
    try {
      // The parser cuts a file one byte past the largest limit; the limit above should have fired first.
      if (file.truncated()) throw tooLarge(limit)();
      const row = await attaches.insert(ctx, {
        link: FILE_LINK_PREFIX + name,
        domainUrl: domain,
        name,
        originalName: label,
        extension,
        attachSize: size,
        ossId,
        ossVersionId,
      });
      return { link: row.link, domain, name, originalName: label, attachId: row.id };
    } catch (error) {
      await store.remove(name).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Bytes an area keeps for itself (a route's KMZ, an imported file), in the tenant's enabled store under
   * `<tenant>/<folder>/<id>-<random>.<ext>`: not an attachment (not listed, not served by `/files/`). The
   * answer's `ossVersionId` must be kept with the key: the object is read and removed where it was written.
   */
  async saveObject(
    ctx: Ctx,
    folder: string,
    data: Buffer,
    extension: UploadExtension,
  ): Promise<{ key: string; ossVersionId: string | null; size: number }> {
    const key = tenantKey(
      ctx.tenantId,
      folder,
      `${newId()}-${randomBytes(16).toString('base64url')}.${extension}`,
    );
    const { store, ossVersionId } = await enabledStore(ctx, this.storage);
    const { size } = await store.put(key, Readable.from([data]), {
      contentType: CONTENT_TYPES[extension],
      size: data.length,
    });
    return { key, ossVersionId, size };
  }

  /** An object kept by `saveObject`, whole (callers keep their objects small: a route's KMZ is at most 20 MB). */
  async readObject(ctx: Ctx, object: { key: string; ossVersionId: string | null }): Promise<Buffer> {
    if (!ownsKey(ctx.tenantId, object.key)) throw notFound();
    const found = await (await storeOf(ctx.db, this.storage, object)).get(object.key);
    if (!found) throw notFound();
    const chunks: Buffer[] = [];
    for await (const chunk of found.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /**
   * A URL anyone (a dock) can GET an object kept by `saveObject` with until it expires: the tenant's S3 store
   * signs its own; the local store's link is served by this server (`/files/signed`).
   */
  async presignObject(
    ctx: Ctx,
    object: { key: string; ossVersionId: string | null },
    expiresSeconds: number,
  ): Promise<string> {
    if (!ownsKey(ctx.tenantId, object.key)) throw notFound();
    return (await storeOf(ctx.db, this.storage, object)).presignGet(object.key, { expiresSeconds });
  }

  /** Remove an object kept by `saveObject`; false (not thrown) when its store cannot be reached. */
  async removeObject(ctx: Ctx, object: { key: string; ossVersionId: string | null }): Promise<boolean> {
    if (!ownsKey(ctx.tenantId, object.key)) return false;
    try {
      await (await storeOf(ctx.db, this.storage, object)).remove(object.key);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * A presigned PUT to the local store (a dock's media, a browser's upload): the key was chosen and signed by
   * this server; the bytes are checked against its extension and limited by its kind, like an upload.
   */
  async receive(key: string, body: Readable, options: { contentType: string; size?: number }) {
    const extension = keyExtension(key);
    if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) {
      refuse(body, fieldError('file', 'resource.uploadType'));
    }
    const limit: Limit = { bytes: uploadLimit(extension as UploadExtension), key: 'upload.size' };
    if (options.size !== undefined && options.size > limit.bytes) refuse(body, tooLarge(limit)());
    const { head, stream } = await peek(body, SNIFF_BYTES);
    if (!contentMatches(extension as UploadExtension, head)) {
      refuse(stream, fieldError('file', 'resource.uploadContent', { extension }));
    }
    const limited = pipeline(stream, byteLimit(limit.bytes, tooLarge(limit)), () => undefined);
    return this.storage.local.put(key, limited, options);
  }

  /** A presigned link of the local store: refused (403) unless signed for exactly this and still valid. */
  checkSigned(link: Parameters<LocalStore['verifyPresigned']>[0]) {
    const verdict = this.storage.local.verifyPresigned(link);
    if (verdict === 'expired') throw forbidden('resource.linkExpired');
    if (verdict !== 'ok') throw forbidden('resource.linkInvalid');
  }

  /** True when `link` is a picture uploaded by the caller's tenant and still recorded (the avatar rule). */
  async isOwnLink(ctx: Ctx, link: string): Promise<boolean> {
    const match = FILE_LINK.exec(link);
    const name = link.slice(FILE_LINK_PREFIX.length);
    if (!match || !ownsKey(ctx.tenantId, name) || !isImage(match[4]!)) return false;
    const row = await attaches.find(ctx, eq(attach.name, name));
    if (!row) return false;
    if (row.ossVersionId) return true;
    const found = await this.storage.local.get(row.name);
    found?.stream.destroy();
    return found !== null;
  }

  /** `GET /files/<name>`: only names of the issued shape are looked up; anything else is a 404. */
  async open(db: Executor, relative: string, range?: ByteRange): Promise<OpenedFile> {
    const match = FILE_LINK.exec(FILE_LINK_PREFIX + relative);
    if (!match) throw notFound();
    const [row] = await db.select().from(attach).where(eq(attach.name, relative)).limit(1);
    if (row?.isDeleted) throw notFound();
    // No row: a file stored before uploads were recorded, on the local disk.
    const store = row ? await storeOf(db, this.storage, row) : this.storage.local;
    return this.opened(store, relative, row?.originalName ?? relative.split('/').pop()!, range);
  }

  /** An attachment's bytes (the download call checks the tenant first). */
  async openAttach(db: Executor, row: AttachRow, range?: ByteRange): Promise<OpenedFile> {
    return this.opened(await storeOf(db, this.storage, row), row.name, row.originalName, range);
  }

  /** A presigned GET of the local store, already verified: any safe key, under the name it was signed for. */
  openSigned(key: string, downloadName: string, range?: ByteRange): Promise<OpenedFile> {
    return this.opened(this.storage.local, key, downloadName || key.split('/').pop()!, range);
  }

  private async opened(store: ObjectStore, key: string, label: string, range?: ByteRange) {
    const found = await store.get(key, { range });
    if (!found) throw notFound();
    // Served with the type of its extension, whatever the store was told when it was written.
    const extension = keyExtension(key);
    return { ...found, contentType: servedType(extension), inline: isInline(extension), originalName: label };
  }
}
