import { z } from 'zod';
import { Id, optionalText, text } from './common.js';
import { FILE_LINK_PREFIX } from './resource.js';
import { phoneError } from './rules.js';
import { Email } from './validation.js';

/** The signed-in user's own profile: `GET /api/blade-user/info` (spec §3 "User profile"). */
export const Profile = z.object({
  id: Id,
  tenantId: z.string(),
  account: z.string(),
  name: z.string().nullable(),
  realName: z.string().nullable(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** dictionary `sex`: 1 male, 2 female, 3 unknown */
  sex: z.number().int().nullable(),
  /** `yyyy-MM-dd` */
  birthday: z.string().nullable(),
  deptId: z.string(),
  roleId: z.string(),
  postId: z.string(),
  userType: z.number().int(),
});
export type Profile = z.infer<typeof Profile>;

/** Spec §5 "Phone" where the phone is optional: empty is allowed, anything else must be a valid number. */
export const OptionalPhone = z
  .string()
  .trim()
  .max(45, { message: 'validation.textMax' })
  .superRefine((value, ctx) => {
    if (value !== '' && phoneError(value))
      ctx.addIssue({ code: 'custom', message: 'validation.phoneFormatError' });
  })
  .nullish();

/** An optional e-mail address: empty clears it, anything else must be a valid address. */
export const OptionalEmail = z
  .string()
  .trim()
  .max(45, { message: 'validation.textMax' })
  .refine((value) => value === '' || Email.safeParse(value).success, { message: 'validation.email' })
  .nullish();

/** A calendar date `yyyy-MM-dd` (a `yyyy-MM-dd HH:mm:ss` time is read as its day); empty clears it. */
export const OptionalDate = z
  .string()
  .trim()
  .refine((value) => value === '' || isDateOrTime(value), { message: 'validation.date' })
  .transform((value) => (value === '' ? null : value.slice(0, 10)))
  .nullish();

function isDateOrTime(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(value) && isCalendarDate(value.slice(0, 10));
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * `POST /api/blade-user/update-info` (JSON): the caller's own profile. Absent fields stay as they are, empty
 * ones are cleared; anything else in the body (id, tenantId, account, roles...) is ignored.
 */
export const ProfileUpdate = z.object({
  /** a link this server issued (`/files/...`, from put-file) */
  avatar: z
    .string()
    .trim()
    .max(500, { message: 'validation.textMax' })
    .refine((value) => value === '' || value.startsWith(FILE_LINK_PREFIX), { message: 'user.avatarLink' })
    .nullish(),
  name: text(20),
  realName: optionalText(20),
  phone: OptionalPhone,
  email: OptionalEmail,
  sex: z.coerce
    .number({ message: 'validation.sex' })
    .int({ message: 'validation.sex' })
    .refine((value) => [1, 2, 3].includes(value), { message: 'validation.sex' })
    .nullish(),
  birthday: OptionalDate,
});
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

/** Passwords travel as lowercase-or-uppercase md5 hex, as for sign-in (PROTOCOLS.md §1). */
export const Md5Password = z.string().regex(/^[0-9a-f]{32}$/i, { message: 'validation.md5' });

/**
 * `POST /api/blade-user/update-password?oldPassword=&newPassword=&newPassword1=` (spec §3 "Password change").
 * The strength rule (spec §5) is the console's to check: the server only ever sees the md5.
 */
export const PasswordChange = z
  .object({ oldPassword: Md5Password, newPassword: Md5Password, newPassword1: Md5Password })
  .superRefine((value, ctx) => {
    if (value.newPassword.toLowerCase() !== value.newPassword1.toLowerCase()) {
      ctx.addIssue({ code: 'custom', path: ['newPassword1'], message: 'validation.passwordMismatch' });
    } else if (value.newPassword.toLowerCase() === value.oldPassword.toLowerCase()) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'user.passwordUnchanged' });
    }
  });
export type PasswordChange = z.infer<typeof PasswordChange>;
