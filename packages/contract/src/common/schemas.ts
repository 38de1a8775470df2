import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants.js';

/**
 * A number as clients send it: a JSON number, or a numeric string (query strings, forms). A blank string is
 * absent (the field's default applies, or it is required); every other value is left as it is, so `null`,
 * `true`, objects, arrays and non-numeric text meet the schema as they are and are refused with the field's
 * message, never turned into 0 or 1 as `z.coerce.number()` would (`'' → 0`, `true → 1`, `[5] → 5`).
 */
export function asNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  const number = Number(text);
  return Number.isNaN(number) ? value : number;
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The one way a number field reads its input: `num(z.number().int().min(0).default(1))` (see asNumber).
 * `{ ownMessage: true }`: a missing, null or blank value is not a number rather than absent, so the field's own
 * message (`z.number({ message })`, "please enter the sort order") refuses it instead of the generic "required".
 */
export const num = <T extends z.ZodType>(schema: T, options: { ownMessage?: boolean } = {}) =>
  z.preprocess(
    options.ownMessage ? (value) => (isBlank(value) ? Number.NaN : asNumber(value)) : asNumber,
    schema,
  );

/**
 * An optional filter on a dictionary key or a small code (status, type, category, sex): a whole number within
 * the database's smallint, the narrowest column such keys live in, so no filter value can make a query fail.
 */
export const keyFilter = () => num(z.number().int().min(-32768).max(32767).optional());

/** 64-bit ids travel as decimal strings (PROTOCOLS.md §1). */
export const Id = z.string().regex(/^[1-9]\d{0,18}$/, { message: 'validation.id' });
export type Id = z.infer<typeof Id>;

/**
 * The one id-list parser: comma-separated ids as BladeX keeps them in columns and sends them in queries
 * (`ids=1,2,3`), trimmed, empty parts dropped, duplicates removed. Whether each part is an id is the
 * caller's check ({@link IdList} for input).
 */
export function splitIds(value: string | null | undefined): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

/** `ids=1,2,3` as the BladeX remove calls send it: at least one id, each a valid id (empty parts dropped). */
export const IdList = z
  .string()
  .transform(splitIds)
  .pipe(z.array(Id).min(1, { message: 'validation.ids' }));

/** `yyyy-MM-dd HH:mm:ss`, the one time format of the API. */
export const DateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, { message: 'validation.dateTime' });

const columnList = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*(,[A-Za-z_][A-Za-z0-9_]*)*$/, { message: 'validation.sortColumns' });

export const PageQuery = z.object({
  current: num(z.number().int().min(1).default(1)),
  size: num(z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT)),
  ascs: columnList.optional(),
  descs: columnList.optional(),
  /** the creation-time filter of every CRUD table (spec §2), inclusive */
  createTimeBegin: DateTime.optional(),
  createTimeEnd: DateTime.optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const IdQuery = z.object({ id: Id });
export const IdsQuery = z.object({ ids: IdList });

/** The BladeX envelope `{code, success, data, msg}`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), success: z.boolean(), data, msg: z.string() });
}
export const EmptyEnvelope = envelope(z.unknown());

export function pageOf<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    total: z.number().int(),
    size: z.number().int(),
    current: z.number().int(),
    pages: z.number().int(),
  });
}
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** Validation failure body: the field named, with a message per field. */
export const ValidationErrorData = z.object({ errors: z.record(z.string(), z.string()) });

/** Audit columns of every business table, as the API returns them. */
export const AuditFields = z.object({
  createUser: Id.nullable(),
  createDept: Id.nullable(),
  createTime: DateTime,
  updateUser: Id.nullable(),
  updateTime: DateTime,
  status: z.number().int(),
  isDeleted: z.number().int(),
});

/** Text that is not blank and not over the limit (spec §5 "Text and time fields"). */
export function text(max = 200) {
  return z
    .string()
    .trim()
    .min(1, { message: 'validation.blank' })
    .max(max, { message: 'validation.textMax' });
}
export function optionalText(max = 200) {
  return z.string().trim().max(max, { message: 'validation.textMax' }).optional().nullable();
}
