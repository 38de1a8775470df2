import { z } from 'zod';
import { Id } from './common.js';

/** Where uploaded files are served from: links the server issued start with this. */
export const FILE_LINK_PREFIX = '/files/';

/** Pictures the object-storage endpoint accepts, by the extension it stores them under. */
export const IMAGE_EXTENSIONS = ['jpg', 'png', 'gif', 'webp'] as const;
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];
/** Spec §5 "Uploads": the avatar is jpg or png only. */
export const AVATAR_EXTENSIONS: readonly ImageExtension[] = ['jpg', 'png'];

/**
 * A link the server issued: `/files/<tenantId>/<yyyyMMdd>/<snowflake id>-<22 random base64url>.<ext>`.
 * The random part (128 bits) makes a link unguessable, as a public bucket's object key must be. Nothing else
 * is ever served from `/files/`, so no other path (dots, slashes, encodings) can reach the disk.
 */
export const FILE_LINK =
  /^\/files\/([A-Za-z0-9_-]{1,12})\/(\d{8})\/([1-9]\d{0,18}-[A-Za-z0-9_-]{22})\.(jpg|png|gif|webp)$/;

/** `POST /api/blade-resource/oss/endpoint/put-file?usage=avatar`: the usage selects stricter rules. */
export const UPLOAD_USAGES = ['avatar'] as const;
export const PutFileQuery = z.object({ usage: z.enum(UPLOAD_USAGES).optional() });
export type PutFileQuery = z.infer<typeof PutFileQuery>;

/** What BladeX's put-file answers (`data.link` is what the console keeps). */
export const PutFileResult = z.object({
  link: z.string(),
  domain: z.string(),
  name: z.string(),
  originalName: z.string(),
  attachId: Id.nullable(),
});
export type PutFileResult = z.infer<typeof PutFileResult>;
