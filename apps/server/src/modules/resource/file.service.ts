import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  AVATAR_EXTENSIONS,
  AVATAR_MAX_BYTES,
  FILE_LINK,
  FILE_LINK_PREFIX,
  IMAGE_MAX_BYTES,
  type ImageExtension,
  type PutFileQuery,
  type PutFileResult,
} from '@aos/contract';
import type { Ctx } from '../../lib/context.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { formatCompactDate } from '../../lib/time.js';
import type { Upload } from '../../lib/upload.js';

const CONTENT_TYPES: Record<ImageExtension, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

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
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255);
}

/**
 * Uploaded pictures on local disk, as a public object-storage bucket would hold them:
 * `<root>/<tenantId>/<yyyyMMdd>/<snowflake id>-<random>.<ext>`, served at `/files/...` under the same path
 * to anyone with the link. A name is never rewritten, so it is cached for good. The 128 random bits make a
 * link unguessable (the snowflake alone is time-ordered and could be found by trying ids).
 */
export class FileService {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
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

    const tenant = safeTenant(ctx.tenantId);
    const secret = randomBytes(16).toString('base64url');
    const name = `${tenant}/${formatCompactDate(new Date())}/${newId()}-${secret}.${extension}`;
    const target = path.join(this.root, name);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await writeFile(target, upload.data, { flag: 'wx', mode: 0o644 });
    } catch (error) {
      await rm(target, { force: true });
      throw error;
    }
    return {
      link: FILE_LINK_PREFIX + name,
      domain: '',
      name,
      originalName: originalName(upload.filename),
      attachId: null,
    };
  }

  /** True when `link` is a file this server issued to the caller's tenant and it is still there. */
  async isOwnLink(ctx: Ctx, link: string): Promise<boolean> {
    const match = FILE_LINK.exec(link);
    if (!match || match[1] !== ctx.tenantId) return false;
    return (await this.locate(link)) !== null;
  }

  /** `GET /files/<path>`: only names of the issued shape reach the disk; anything else is a 404. */
  async open(relative: string): Promise<{ stream: ReadStream; size: number; contentType: string }> {
    const found = await this.locate(FILE_LINK_PREFIX + relative);
    if (!found) throw notFound();
    return { stream: createReadStream(found.file), size: found.size, contentType: found.contentType };
  }

  private async locate(link: string): Promise<{ file: string; size: number; contentType: string } | null> {
    const match = FILE_LINK.exec(link);
    if (!match) return null;
    const file = path.resolve(this.root, link.slice(FILE_LINK_PREFIX.length));
    if (!file.startsWith(this.root + path.sep)) return null;
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { file, size: info.size, contentType: CONTENT_TYPES[match[4] as ImageExtension] };
  }
}

/** Tenant ids come from the verified token; still, only a plain folder name may become one. */
function safeTenant(tenantId: string): string {
  if (!/^[A-Za-z0-9_-]{1,12}$/.test(tenantId)) throw new Error(`tenant id unfit for a folder: ${tenantId}`);
  return tenantId;
}
