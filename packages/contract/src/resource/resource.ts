import { z } from 'zod';
import { AuditFields, Id, optionalText, text, num, keyFilter } from '../common/schemas.js';
import { MOBILE_PATTERN } from '../rules.js';
import { optionalTenantUrl } from '../common/validation.js';

/** Where uploaded files are served from: links the server issued start with this. */
export const FILE_LINK_PREFIX = '/files/';

/** Pictures the object-storage endpoint accepts, by the extension it stores them under. */
export const IMAGE_EXTENSIONS = ['jpg', 'png', 'gif', 'webp'] as const;
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];
/** Spec §5 "Uploads": the avatar is jpg or png only. */
export const AVATAR_EXTENSIONS: readonly ImageExtension[] = ['jpg', 'png'];

/**
 * What `oss/endpoint/upload-file` accepts besides pictures (spec §5 "Uploads": trajectories, routes, imports,
 * videos, and ordinary documents). No HTML, SVG or script: nothing a browser would run from our origin.
 */
export const DOCUMENT_EXTENSIONS = [
  'pdf',
  'txt',
  'csv',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'zip',
  'rar',
  '7z',
  'json',
  'geojson',
  'kml',
  'kmz',
  'mp4',
  'flv',
  'mp3',
] as const;
export const UPLOAD_EXTENSIONS = [...IMAGE_EXTENSIONS, ...DOCUMENT_EXTENSIONS] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];
/** Largest file `upload-file` takes (held in memory on its way to the store). */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/**
 * A link the server issued: `/files/<tenantId>/<yyyyMMdd>/<snowflake id>-<22 random base64url>.<ext>`.
 * The random part (128 bits) makes a link unguessable, as a public bucket's object key must be. Nothing else
 * is ever served from `/files/`, so no other path (dots, slashes, encodings) can reach the disk.
 */
export const FILE_LINK = new RegExp(
  `^/files/([A-Za-z0-9_-]{1,12})/(\\d{8})/([1-9]\\d{0,18}-[A-Za-z0-9_-]{22})\\.(${UPLOAD_EXTENSIONS.join('|')})$`,
);

/** `POST /api/blade-resource/oss/endpoint/put-file?usage=avatar`: the usage selects stricter rules. */
export const UPLOAD_USAGES = ['avatar'] as const;
export const PutFileQuery = z.object({ usage: z.enum(UPLOAD_USAGES).optional() });
export type PutFileQuery = z.infer<typeof PutFileQuery>;

/** What BladeX's put-file and upload-file answer (`data.link` is what the console keeps). */
export const PutFileResult = z.object({
  link: z.string(),
  domain: z.string(),
  name: z.string(),
  originalName: z.string(),
  attachId: Id.nullable(),
});
export type PutFileResult = z.infer<typeof PutFileResult>;

/** A stored secret as the API shows it once saved: never in clear. */
export const SECRET_MASK = '******';

// ---------------------------------------------------------------------------------------------- object storage

/**
 * Object-storage kinds the server can write to: the local disk (the default, also used when no configuration
 * is enabled) and S3-compatible stores (MinIO, AWS S3, and the S3 APIs of the big clouds). Keys 1 and 5 are
 * those of the `oss_category` dictionary.
 */
export const OSS_CATEGORY = { local: 0, minio: 1, s3: 5 } as const;
export const OSS_CATEGORIES = Object.values(OSS_CATEGORY);
/** A configuration's status: 1 off, 2 on (the one the uploads use), as BladeX keeps it. */
export const RESOURCE_DISABLED = 1;
export const RESOURCE_ENABLED = 2;

export const OssSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  category: z.number().int(),
  ossCode: z.string(),
  endpoint: z.string().nullable(),
  accessKey: z.string().nullable(),
  /** `******` once saved, '' when none */
  secretKey: z.string(),
  bucketName: z.string().nullable(),
  appId: z.string().nullable(),
  region: z.string().nullable(),
  remark: z.string().nullable(),
});
export type Oss = z.infer<typeof OssSchema>;

export const OssSubmit = z.object({
  id: Id.optional(),
  category: num(
    z
      .number()
      .int()
      .refine((value) => (OSS_CATEGORIES as number[]).includes(value), { message: 'resource.ossCategory' }),
  ),
  ossCode: text(64),
  /** the service's address; paths are appended to it, so no query or fragment (saved normalised) */
  endpoint: optionalTenantUrl({ max: 255 }),
  accessKey: optionalText(255),
  /** empty or `******` on an update keeps the saved secret */
  secretKey: optionalText(255),
  bucketName: z
    .string()
    .trim()
    .refine((value) => value === '' || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value), {
      message: 'resource.bucketName',
    })
    .optional()
    .nullable(),
  appId: optionalText(255),
  region: z
    .string()
    .trim()
    .refine((value) => value === '' || /^[a-z0-9-]{1,64}$/.test(value), { message: 'resource.region' })
    .optional()
    .nullable(),
  remark: optionalText(255),
});
export type OssSubmit = z.infer<typeof OssSubmit>;

export const OssPageQuery = z.object({
  ossCode: z.string().trim().max(64).optional(),
  category: keyFilter(),
});

// ------------------------------------------------------------------------------------------------------- SMS

/**
 * SMS providers the server can send through: the built-in outbox (messages kept in a table, for tests). The
 * carriers of the `sms_category` dictionary (1 Yunpian, 2 Qiniu, 3 Alibaba, 4 Tencent) can be configured, but
 * sending through them is refused with a message naming the carrier.
 */
export const SMS_CATEGORY = { outbox: 0 } as const;
/** Phone codes: 6 digits, 5 minutes, single use. */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_SECONDS = 5 * 60;
/** At most one code a minute and ten an hour per phone; five wrong guesses void a code. */
export const SMS_RESEND_SECONDS = 60;
export const SMS_MAX_PER_HOUR = 10;
export const SMS_MAX_ATTEMPTS = 5;

export const SmsSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  category: z.number().int(),
  smsCode: z.string(),
  templateId: z.string().nullable(),
  accessKey: z.string().nullable(),
  secretKey: z.string(),
  regionId: z.string().nullable(),
  signName: z.string().nullable(),
  remark: z.string().nullable(),
});
export type Sms = z.infer<typeof SmsSchema>;

export const SmsSubmit = z.object({
  id: Id.optional(),
  /** the built-in outbox (0) or a carrier of the `sms_category` dictionary (checked by the server) */
  category: num(
    z.number({ message: 'resource.smsCategory' }).int({ message: 'resource.smsCategory' }).min(0, {
      message: 'resource.smsCategory',
    }),
  ),
  smsCode: text(64),
  templateId: optionalText(64),
  accessKey: optionalText(255),
  secretKey: optionalText(255),
  regionId: optionalText(64),
  signName: optionalText(64),
  remark: optionalText(255),
});
export type SmsSubmit = z.infer<typeof SmsSubmit>;

export const SmsPageQuery = z.object({
  smsCode: z.string().trim().max(64).optional(),
  category: keyFilter(),
});

/** A mobile number that can receive a text (spec §5 "Phone": empty and format messages). */
const PhoneText = z
  .string({ message: 'validation.phoneEmptyError' })
  .trim()
  .min(1, { message: 'validation.phoneEmptyError' })
  .regex(MOBILE_PATTERN, { message: 'validation.phoneFormatError' });
/** Missing (an empty query value is missing) gets the spec's empty message too. */
const missingAsEmpty = (value: unknown) => value ?? '';
export const SmsPhone = z.preprocess(missingAsEmpty, PhoneText);

/** `sms/endpoint/send-message`: `code` picks a configuration by its smsCode (default: the enabled one). */
export const SmsSendMessage = z.object({
  code: z.string().trim().max(64).optional(),
  phones: z.preprocess(
    missingAsEmpty,
    z
      .string({ message: 'validation.phoneEmptyError' })
      .trim()
      .min(1, { message: 'validation.phoneEmptyError' })
      .transform((value) => [...new Set(value.split(',').map((part) => part.trim()))])
      .pipe(z.array(PhoneText).min(1).max(100)),
  ),
  /** template parameters as a JSON object of strings, e.g. `{"name":"Ada"}` */
  params: z.string().trim().max(2000).optional(),
});
export type SmsSendMessage = z.infer<typeof SmsSendMessage>;

export const SmsSendValidate = z.object({ phone: SmsPhone });
export const SmsValidateMessage = z.object({
  phone: SmsPhone,
  /** the id `send-validate` answered */
  id: z.string().trim().max(64).optional(),
  value: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'resource.smsCodeFormat' }),
});
export type SmsValidateMessage = z.infer<typeof SmsValidateMessage>;

export const SmsSendResult = z.object({ sent: z.number().int(), phones: z.array(z.string()) });
export const SmsValidateResult = z.object({ id: z.string(), phone: z.string() });

/** One message the built-in provider "sent". */
export const SmsOutboxSchema = z.object({
  id: Id,
  tenantId: z.string(),
  smsId: Id.nullable(),
  smsCode: z.string().nullable(),
  phone: z.string(),
  templateId: z.string().nullable(),
  params: z.string().nullable(),
  content: z.string(),
  createTime: z.string(),
});
export type SmsOutbox = z.infer<typeof SmsOutboxSchema>;

export const SmsOutboxPageQuery = z.object({
  tenantId: z.string().trim().max(12).optional(),
  phone: z.string().trim().max(20).optional(),
});

// ------------------------------------------------------------------------------------------------- attachments

export const AttachSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  link: z.string(),
  domainUrl: z.string().nullable(),
  name: z.string(),
  originalName: z.string(),
  extension: z.string(),
  attachSize: z.number().int(),
  /** the object-storage configuration it was written to; null for the local disk */
  ossId: Id.nullable(),
});
export type Attach = z.infer<typeof AttachSchema>;

/** Attachments are added by uploading; submit renames one. */
export const AttachSubmit = z.object({ id: Id, originalName: text(255) });
export type AttachSubmit = z.infer<typeof AttachSubmit>;

export const AttachPageQuery = z.object({
  originalName: z.string().trim().max(255).optional(),
  name: z.string().trim().max(255).optional(),
  extension: z.string().trim().max(10).optional(),
});
