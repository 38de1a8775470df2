import { z } from 'zod';
import {
  AuditFields,
  DateTime,
  Id,
  IdList,
  optionalText,
  PageQuery,
  text,
  num,
  keyFilter,
} from '../common/schemas.js';
import { STATUS_ENABLED, STATUS_FROZEN } from '../common/constants.js';
import { FILE_LINK_PREFIX } from '../resource/resource.js';
import { phoneError } from '../rules.js';
import { Email } from '../common/validation.js';

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

/** Dictionary `sex`: 1 male, 2 female, 3 unknown; empty leaves it unset. */
export const Sex = z.preprocess(
  (value) => (value === '' ? null : value),
  num(
    z
      .number({ message: 'validation.sex' })
      .int({ message: 'validation.sex' })
      .refine((value) => [1, 2, 3].includes(value), { message: 'validation.sex' })
      .nullish(),
  ),
);

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
  sex: Sex,
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

// ---------------------------------------------------------------------------------------------------------
// User management (spec §3 User, §4 enable / deactivate, §7 /api/blade-user, PROTOCOLS.md §1 user fields)
// ---------------------------------------------------------------------------------------------------------

/** Dictionary `user_type` (the platform a user works on): 1 web, 2 app, 3 other. */
export const USER_TYPES = [1, 2, 3] as const;
/** Dictionary `account_status`: 1 enabled, 2 frozen (deactivated; a cancelled account is frozen too). */
export const USER_STATUSES = [STATUS_ENABLED, STATUS_FROZEN] as const;
/** Spec §5 "Uploads": user import takes xls or xlsx, read in memory, up to this size and this many rows. */
export const USER_IMPORT_EXTENSIONS = ['xls', 'xlsx'] as const;
export const USER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const USER_IMPORT_MAX_ROWS = 5000;
/** An export is one spreadsheet built in memory: larger selections are refused with a message. */
export const USER_EXPORT_MAX_ROWS = 20000;

/** An account: 1 to 45 characters, no spaces (it is typed at sign-in). Unique within a tenant. */
export const Account = z
  .string()
  .trim()
  .min(1, { message: 'validation.blank' })
  .max(45, { message: 'validation.textMax' })
  .regex(/^\S+$/, { message: 'user.accountFormat' });

/** A comma-separated id list (BladeX keeps role, dept and post ids so); an array is joined first. */
function idCsv(requiredMessage?: string) {
  return z.preprocess(
    (value) => (Array.isArray(value) ? value.join(',') : (value ?? '')),
    z
      .string({ message: 'validation.ids' })
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.string())
          .min(requiredMessage ? 1 : 0, { message: requiredMessage ?? 'validation.ids' })
          // one message for the list, on the field itself (not `deptId.0`)
          .refine((ids) => ids.every((id) => Id.safeParse(id).success), { message: 'validation.id' })
          .transform((ids) => [...new Set(ids)]),
      ),
  );
}

const UserType = num(
  z
    .number({ message: 'user.userType' })
    .int({ message: 'user.userType' })
    .refine((value) => (USER_TYPES as readonly number[]).includes(value), { message: 'user.userType' }),
);

/** The fields an administrator edits (spec §3 User): everything but the password. */
const UserFields = {
  account: Account,
  /** the nickname shown in the console */
  name: text(20),
  realName: optionalText(20),
  /** work number */
  code: optionalText(12),
  email: OptionalEmail,
  phone: OptionalPhone,
  sex: Sex,
  birthday: OptionalDate,
  education: optionalText(45),
  roleId: idCsv('user.roleRequired'),
  deptId: idCsv('user.deptRequired'),
  postId: idCsv(),
  userType: UserType.default(1),
};

/**
 * `POST /api/blade-user/submit`: insert without id (a password is then required), update with id (the
 * password is ignored: it changes through reset-password or the owner's update-password). Passwords arrive
 * as md5 hex like the sign-in one; the console checks the strength rule of spec §5 before hashing.
 */
export const UserSubmit = z
  .object({
    id: Id.optional(),
    ...UserFields,
    password: Md5Password.optional(),
    /** the confirmation, when the caller sends it */
    password2: Md5Password.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.id) return;
    if (!value.password) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'user.passwordRequired' });
    } else if (value.password2 && value.password2.toLowerCase() !== value.password.toLowerCase()) {
      ctx.addIssue({ code: 'custom', path: ['password2'], message: 'validation.passwordMismatch' });
    }
  });
export type UserSubmit = z.infer<typeof UserSubmit>;

/** `POST /api/blade-user/update`: an existing user, without the password. */
export const UserUpdate = z.object({ id: Id, ...UserFields });
export type UserUpdate = z.infer<typeof UserUpdate>;

/** A user as the management screens read it: never the password; names of the id lists resolved. */
export const UserSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  code: z.string().nullable(),
  userType: z.number().int(),
  account: z.string(),
  name: z.string().nullable(),
  realName: z.string().nullable(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  birthday: z.string().nullable(),
  sex: z.number().int().nullable(),
  education: z.string().nullable(),
  roleId: z.string(),
  deptId: z.string(),
  postId: z.string(),
  /** 1 = may fly in no-fly zones (modNoFlyAuthority) */
  noFlyAuthority: z.number().int(),
  /** when the owner cancelled the account (it is frozen since) */
  cancelTime: DateTime.nullable(),
  roleName: z.string(),
  deptName: z.string(),
  postName: z.string(),
  /** the last successful sign-in, from the login log */
  lastLoginTime: DateTime.nullable(),
  /** the labels of `sex` and `userType` (dictionaries `sex`, `user_type`) and the tenant's name, as BladeX answers them */
  sexName: z.string().nullable(),
  userTypeName: z.string().nullable(),
  tenantName: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

/** `user-list`, `projectUserList`: the small projection pickers need. */
export const UserOption = z.object({
  id: Id,
  account: z.string(),
  name: z.string().nullable(),
  realName: z.string().nullable(),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  deptId: z.string(),
  status: z.number().int(),
});
export type UserOption = z.infer<typeof UserOption>;

const filter = (max: number) => z.string().trim().max(max).optional();

/** Filters of `page` and `export-user`: `deptId` takes that dept and every dept below it. */
export const UserFilters = z.object({
  deptId: Id.optional(),
  account: filter(45),
  name: filter(20),
  realName: filter(20),
  phone: filter(45),
  email: filter(45),
  code: filter(12),
  status: keyFilter(),
  userType: keyFilter(),
  sex: keyFilter(),
});
export const UserPageQuery = PageQuery.extend(UserFilters.shape);
export type UserPageQuery = z.infer<typeof UserPageQuery>;
export const UserExportQuery = UserFilters.extend({
  ascs: PageQuery.shape.ascs,
  descs: PageQuery.shape.descs,
  createTimeBegin: PageQuery.shape.createTimeBegin,
  createTimeEnd: PageQuery.shape.createTimeEnd,
});
export type UserExportQuery = z.infer<typeof UserExportQuery>;

/** `user-list` and `projectUserList`: optional narrowing for the pickers. */
export const UserOptionQuery = z.object({
  deptId: Id.optional(),
  /** matches account, name or real name */
  keyword: filter(45),
});
export type UserOptionQuery = z.infer<typeof UserOptionQuery>;

/** `POST /api/blade-user/grant?userIds=&roleIds=`: the roles replace the users' roles. */
export const UserGrantQuery = z.object({ userIds: IdList, roleIds: IdList });
/** `POST /api/blade-user/reset-password?userIds=` */
export const UserIdsQuery = z.object({ userIds: IdList });

/** `userExt`: the platform's extra settings, a JSON object as text (BladeX); empty clears it. */
export const UserExt = z
  .string()
  .trim()
  .max(2000, { message: 'validation.textMax' })
  .refine(
    (value) => {
      if (value === '') return true;
      try {
        const parsed: unknown = JSON.parse(value);
        return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
      } catch {
        return false;
      }
    },
    { message: 'user.userExtJson' },
  );

/** `POST /api/blade-user/update-platform?userId=&userType=&userExt=` */
export const UserPlatformQuery = z.object({
  userId: Id,
  userType: UserType,
  /** the settings as a whole, as the dialog sends them: none (an empty query value is none) clears them */
  userExt: UserExt.default(''),
});
export type UserPlatformQuery = z.infer<typeof UserPlatformQuery>;
export const UserPlatform = z.object({
  id: Id,
  account: z.string(),
  name: z.string().nullable(),
  realName: z.string().nullable(),
  userType: z.number().int(),
  userExt: z.string(),
});
export type UserPlatform = z.infer<typeof UserPlatform>;

/** `PUT /api/cloud-user/status?ids=&status=`: 1 enables (unfreezes), 2 freezes (deactivates). */
export const UserStatusQuery = z.object({
  ids: IdList,
  status: num(
    z
      .number({ message: 'user.status' })
      .int({ message: 'user.status' })
      .refine((value) => (USER_STATUSES as readonly number[]).includes(value), { message: 'user.status' }),
  ),
});
export type UserStatusQuery = z.infer<typeof UserStatusQuery>;

/** `POST /api/blade-user/modNoFlyAuthority?userIds=&noFlyAuthority=`: 1 grants flying in no-fly zones. */
export const NoFlyAuthorityQuery = z.object({
  userIds: IdList,
  noFlyAuthority: num(
    z
      .number({ message: 'user.noFlyAuthority' })
      .int({ message: 'user.noFlyAuthority' })
      .refine((value) => value === 0 || value === 1, { message: 'user.noFlyAuthority' }),
  ),
});
export type NoFlyAuthorityQuery = z.infer<typeof NoFlyAuthorityQuery>;

/** Sign-in outcomes in the login log. */
export const LOGIN_RESULT = { failure: 0, success: 1 } as const;

export const LoginLogQuery = PageQuery.extend({
  userId: Id.optional(),
  account: filter(45),
  ip: filter(64),
  result: keyFilter(),
});
export type LoginLogQuery = z.infer<typeof LoginLogQuery>;

/** One sign-in attempt (`loginLogList`): time, account, address, browser and outcome. */
export const LoginLogSchema = z.object({
  id: Id,
  tenantId: z.string(),
  userId: z.string().nullable(),
  account: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  /** 1 success, 0 failure */
  result: z.number().int(),
  /** why it failed (or 'signed in'), in the caller's language */
  message: z.string(),
  createTime: DateTime,
});
export type LoginLog = z.infer<typeof LoginLogSchema>;

/** `POST /api/blade-user/import-user?isCovered=1`: update the users whose account exists already. */
export const UserImportQuery = z.object({
  isCovered: num(
    z
      .number()
      .int()
      .refine((value) => value === 0 || value === 1, { message: 'validation.invalid' })
      .default(0),
  ),
});

/**
 * One row of an import file once its labels are read (sex and platform by dictionary label or key, roles,
 * depts and posts by name, comma-separated). The service resolves the names to ids of the tenant.
 */
export const UserImportRow = z.object({
  account: Account,
  name: text(20),
  realName: optionalText(20),
  code: optionalText(12),
  phone: OptionalPhone,
  email: OptionalEmail,
  sex: Sex,
  birthday: OptionalDate,
  education: optionalText(45),
  roleName: text(1000),
  deptName: text(1000),
  postName: optionalText(1000),
  userType: UserType.default(1),
});
export type UserImportRow = z.infer<typeof UserImportRow>;

/** The columns of the import template and the export, in order; `required` ones must be filled. */
export const USER_IMPORT_COLUMNS = [
  { field: 'account', required: true },
  { field: 'name', required: true },
  { field: 'realName', required: false },
  { field: 'code', required: false },
  { field: 'phone', required: false },
  { field: 'email', required: false },
  { field: 'sex', required: false },
  { field: 'birthday', required: false },
  { field: 'education', required: false },
  { field: 'roleName', required: true },
  { field: 'deptName', required: true },
  { field: 'postName', required: false },
  { field: 'userType', required: false },
] as const;
export type UserImportField = (typeof USER_IMPORT_COLUMNS)[number]['field'];

/** A refused row of an import: the spreadsheet row number (the header is row 1), the column and why. */
export const UserImportError = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type UserImportError = z.infer<typeof UserImportError>;

export const UserImportResult = z.object({
  /** data rows read */
  total: z.number().int(),
  /** users added */
  saved: z.number().int(),
  /** existing users updated (isCovered=1) */
  updated: z.number().int(),
  /** rows refused */
  failed: z.number().int(),
  errors: z.array(UserImportError),
  /** download the error report (xlsx) with `import-report?key=` for 30 minutes; null when nothing failed */
  reportKey: z.string().nullable(),
});
export type UserImportResult = z.infer<typeof UserImportResult>;
export const ImportReportQuery = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
