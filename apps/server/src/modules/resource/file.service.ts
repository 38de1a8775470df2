import { randomBytes } from 'node:crypto';
import {
  AVATAR_EXTENSIONS,
  AVATAR_MAX_BYTES,
  FILE_LINK,
  FILE_LINK_PREFIX,
  IMAGE_EXTENSIONS,
  IMAGE_MAX_BYTES,
  type ImageExtension,
  OSS_CATEGORY,
  type PutFileQuery,
  type PutFileResult,
  RESOURCE_ENABLED,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  type UploadExtension,
} from '@aos/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { attach, oss } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { crud } from '../../lib/crud.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { formatCompactDate } from '../../lib/time.js';
import type { Upload } from '../../lib/upload.js';
import { CONTENT_TYPES, isInline } from './content-types.js';
import { LocalDiskStore, type ObjectStore, S3Store, type StoredObject } from './storage.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** What the bytes are, whatever the name or the declared type says. */
export function sniffImage(data: Buffer): ImageExtension | null {
  const ascii = (start: number, end: number) => data.subarray(start, end).toString('latin1');
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (data.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (data.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/** `5 MB`, `500 kB`: the limit as the message names it. */
function sizeLabel(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} kB`;
}

/** The client's file name, as a label only: no folders, no control characters, bounded. */
function originalName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255) || 'file';
}

/** The extension a non-picture upload is stored under, from its name; null when not allowed. */
export function uploadExtension(filename: string): UploadExtension | null {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(filename.trim());
  const extension = match?.[1]?.toLowerCase().replace(/^jpeg$/, 'jpg');
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(extension ?? '')
    ? (extension as UploadExtension)
    : null;
}

/** Attachment rows: every upload is one (spec §7 blade-resource attach). */
export const attaches = crud({
  table: attach,
  filters: { originalName: 'like', name: 'like', extension: 'eq' },
});
export type AttachRow = typeof attach.$inferSelect;

export interface OpenedFile extends StoredObject {
  contentType: string;
  inline: boolean;
  originalName: string;
}

/**
 * Uploads, wherever the tenant's enabled object storage keeps them (the local disk when none is enabled):
 * `<tenant>/<yyyyMMdd>/<snowflake id>-<random>.<ext>`, recorded as an attachment, and served at
 * `/files/<name>` by this server to anyone with the link, as a public bucket would. A name is never rewritten,
 * so it is cached for good. The 128 random bits make a link unguessable (the snowflake alone is time-ordered).
 */
export class FileService {
  readonly local: LocalDiskStore;
  /** how S3-compatible stores are reached (tests point it at a stand-in server) */
  fetchImpl: typeof fetch = (...args) => fetch(...args);

  constructor(root: string) {
    this.local = new LocalDiskStore(root);
  }

  /** `oss/endpoint/put-file`: pictures only (checked by their bytes); the avatar usage is stricter (spec §5). */
  async put(ctx: Ctx, upload: Upload | null, query: PutFileQuery): Promise<PutFileResult> {
    const avatar = query.usage === 'avatar';
    if (!upload || upload.field !== 'file') throw fieldError('file', 'upload.missing');
    const maxBytes = avatar ? AVATAR_MAX_BYTES : IMAGE_MAX_BYTES;
    if (upload.tooLarge || upload.data.length > maxBytes) {
      throw fieldError('file', avatar ? 'upload.avatarSize' : 'upload.size', { limit: sizeLabel(maxBytes) });
    }
    if (upload.data.length === 0) throw fieldError('file', 'upload.missing');
    const extension = sniffImage(upload.data);
    if (avatar && (!extension || !AVATAR_EXTENSIONS.includes(extension))) {
      throw fieldError('file', 'upload.avatarType');
    }
    if (!extension) throw fieldError('file', 'upload.type');
    return this.store(ctx, upload, extension);
  }

  /** `oss/endpoint/upload-file`: any allowed type up to 20 MB; a picture's name must match its bytes. */
  async upload(ctx: Ctx, upload: Upload | null): Promise<PutFileResult> {
    if (!upload || upload.field !== 'file') throw fieldError('file', 'upload.missing');
    if (upload.tooLarge || upload.data.length > UPLOAD_MAX_BYTES) {
      throw fieldError('file', 'upload.size', { limit: sizeLabel(UPLOAD_MAX_BYTES) });
    }
    if (upload.data.length === 0) throw fieldError('file', 'upload.missing');
    let extension = uploadExtension(upload.filename);
    if (!extension) throw fieldError('file', 'resource.uploadType');
    if ((IMAGE_EXTENSIONS as readonly string[]).includes(extension)) {
      const sniffed = sniffImage(upload.data);
      if (!sniffed) throw fieldError('file', 'upload.type');
      extension = sniffed;
    }
    return this.store(ctx, upload, extension);
  }

  /** The tenant's enabled store and its configuration id (null: the local disk). */
  private async enabledStore(
    ctx: Ctx,
  ): Promise<{ store: ObjectStore; ossId: string | null; domain: string }> {
    const [config] = await ctx.db
      .select()
      .from(oss)
      .where(and(eq(oss.tenantId, ctx.tenantId), eq(oss.status, RESOURCE_ENABLED), eq(oss.isDeleted, 0)))
      .limit(1);
    if (!config || config.category === OSS_CATEGORY.local)
      return { store: this.local, ossId: null, domain: '' };
    return {
      store: this.s3Store(config),
      ossId: config.id,
      domain: `${config.endpoint?.replace(/\/+$/, '')}/${config.bucketName}`,
    };
  }

  private s3Store(config: typeof oss.$inferSelect): ObjectStore {
    return new S3Store(
      {
        endpoint: config.endpoint ?? '',
        bucket: config.bucketName ?? '',
        accessKey: config.accessKey ?? '',
        secretKey: config.secretKey ?? '',
        region: config.region || 'us-east-1',
      },
      this.fetchImpl,
    );
  }

  /** The store an attachment was written to (its configuration may since have been disabled or removed). */
  async storeOf(db: Executor, ossId: string | null): Promise<ObjectStore> {
    if (!ossId) return this.local;
    const [config] = await db.select().from(oss).where(eq(oss.id, ossId)).limit(1);
    if (!config || config.category === OSS_CATEGORY.local) return this.local;
    return this.s3Store(config);
  }

  private async store(ctx: Ctx, upload: Upload, extension: UploadExtension): Promise<PutFileResult> {
    const tenant = safeTenant(ctx.tenantId);
    const secret = randomBytes(16).toString('base64url');
    const name = `${tenant}/${formatCompactDate(new Date())}/${newId()}-${secret}.${extension}`;
    const { store, ossId, domain } = await this.enabledStore(ctx);
    await store.put(name, upload.data, CONTENT_TYPES[extension]);
    const label = originalName(upload.filename);
    try {
      const row = await attaches.insert(ctx, {
        link: FILE_LINK_PREFIX + name,
        domainUrl: domain,
        name,
        originalName: label,
        extension,
        attachSize: upload.data.length,
        ossId,
      });
      return { link: row.link, domain, name, originalName: label, attachId: row.id };
    } catch (error) {
      await store.remove(name).catch(() => undefined);
      throw error;
    }
  }

  /** True when `link` is a picture uploaded by the caller's tenant and still recorded (the avatar rule). */
  async isOwnLink(ctx: Ctx, link: string): Promise<boolean> {
    const match = FILE_LINK.exec(link);
    if (!match || match[1] !== ctx.tenantId || !(IMAGE_EXTENSIONS as readonly string[]).includes(match[4]!)) {
      return false;
    }
    const row = await attaches.find(ctx, eq(attach.name, link.slice(FILE_LINK_PREFIX.length)));
    if (!row) return false;
    if (row.ossId) return true;
    const found = await this.local.open(row.name);
    found?.stream.destroy();
    return found !== null;
  }

  /** `GET /files/<name>`: only names of the issued shape are looked up; anything else is a 404. */
  async open(db: Executor, relative: string): Promise<OpenedFile> {
    const match = FILE_LINK.exec(FILE_LINK_PREFIX + relative);
    if (!match) throw notFound();
    const [row] = await db.select().from(attach).where(eq(attach.name, relative)).limit(1);
    if (row?.isDeleted) throw notFound();
    // No row: a file stored before uploads were recorded, on the local disk.
    const store = row ? await this.storeOf(db, row.ossId) : this.local;
    const extension = match[4] as UploadExtension;
    return this.opened(store, relative, extension, row?.originalName ?? relative.split('/').pop()!);
  }

  /** An attachment's bytes (the download call checks the tenant first). */
  async openAttach(db: Executor, row: AttachRow): Promise<OpenedFile> {
    const store = await this.storeOf(db, row.ossId);
    const extension = (row.extension in CONTENT_TYPES ? row.extension : 'txt') as UploadExtension;
    return this.opened(store, row.name, extension, row.originalName);
  }

  private async opened(
    store: ObjectStore,
    name: string,
    extension: UploadExtension,
    label: string,
  ): Promise<OpenedFile> {
    const found = await store.open(name);
    if (!found) throw notFound();
    return {
      ...found,
      contentType: CONTENT_TYPES[extension],
      inline: isInline(extension),
      originalName: label,
    };
  }
}

/** Tenant ids come from the verified token; still, only a plain folder name may become one. */
function safeTenant(tenantId: string): string {
  if (!/^[A-Za-z0-9_-]{1,12}$/.test(tenantId)) throw new Error(`tenant id unfit for a folder: ${tenantId}`);
  return tenantId;
}
