import { z } from 'zod';
import { GRANT_TYPES } from '../auth/auth.js';
import { AuditFields, DateTime, Id, IdList, optionalText, text, num } from '../common/schemas.js';
import { phoneError } from '../rules.js';
import { optionalTenantUrl } from '../common/validation.js';

/** Accounts a tenant may hold when no limit is set. */
export const UNLIMITED_ACCOUNTS = -1;
/** The account every new tenant's administrator signs in with. */
export const TENANT_ADMIN_ACCOUNT = 'admin';

const TenantIdText = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,12}$/, { message: 'tenant.idFormat' });

/** Empty or a phone number of spec §5 (landline or mobile). */
const ContactNumber = z
  .string()
  .trim()
  .max(20, { message: 'validation.textMax' })
  .refine((value) => value === '' || !phoneError(value), { message: 'validation.phoneFormatError' })
  .nullish();

/** Empty or an http(s) link a browser opens (a query allowed), saved normalised (common/validation.ts). */
const OptionalUrl = (max: number) => optionalTenantUrl({ max, query: true });

/** Empty (never) or `yyyy-MM-dd HH:mm:ss`. */
const OptionalDateTime = z
  .union([DateTime, z.literal('')], { message: 'validation.dateTime' })
  .nullish()
  .transform((value) => value || null);

const AccountNumber = num(
  z
    .number({ message: 'tenant.accountNumber' })
    .int({ message: 'tenant.accountNumber' })
    .min(UNLIMITED_ACCOUNTS, { message: 'tenant.accountNumber' })
    .max(1_000_000, { message: 'tenant.accountNumber' }),
);

/** A tenant (PROTOCOLS.md §1 tenant); managed by the platform tenant only. */
export const TenantSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  tenantName: z.string(),
  domain: z.string().nullable(),
  backgroundUrl: z.string().nullable(),
  linkman: z.string().nullable(),
  contactNumber: z.string().nullable(),
  address: z.string().nullable(),
  /** -1 = unlimited */
  accountNumber: z.number().int(),
  expireTime: DateTime.nullable(),
  datasourceId: z.string().nullable(),
  licenseKey: z.string().nullable(),
});
export type Tenant = z.infer<typeof TenantSchema>;

/** `tenant/select`: a tenant as pickers show it (the Saber console's tenant columns read these two). */
export const TenantOptionSchema = TenantSchema.pick({ id: true, tenantId: true, tenantName: true });
export type TenantOption = z.infer<typeof TenantOptionSchema>;

/** What creating a tenant answers: the tenant and the administrator account it was given. */
export const TenantSaved = TenantSchema.extend({
  adminAccount: z.string().optional(),
  /** the initial password (parameter `account.initPassword`), told once at creation */
  adminPassword: z.string().optional(),
});
export type TenantSaved = z.infer<typeof TenantSaved>;

export const TenantSubmit = z.object({
  id: Id.optional(),
  /** generated when absent on creation; cannot change afterwards */
  tenantId: z
    .union([TenantIdText, z.literal('')], { message: 'tenant.idFormat' })
    .nullish()
    .transform((value) => value || null),
  tenantName: text(50),
  domain: optionalText(255),
  backgroundUrl: OptionalUrl(1000),
  linkman: optionalText(20),
  contactNumber: ContactNumber,
  address: optionalText(255),
  accountNumber: AccountNumber.default(UNLIMITED_ACCOUNTS),
  expireTime: OptionalDateTime,
  licenseKey: optionalText(1000),
});
export type TenantSubmit = z.infer<typeof TenantSubmit>;

export const TenantPageQuery = z.object({
  tenantId: z.string().max(12).optional(),
  tenantName: z.string().max(50).optional(),
  linkman: z.string().max(20).optional(),
  contactNumber: z.string().max(20).optional(),
});

/** `tenant/setting`: the account limit and expiry of the chosen tenants. */
export const TenantSettingQuery = z.object({
  ids: IdList,
  accountNumber: AccountNumber,
  expireTime: OptionalDateTime,
});
export type TenantSettingQuery = z.infer<typeof TenantSettingQuery>;

export const TenantDatasourceQuery = z.object({
  tenantId: TenantIdText,
  /** empty detaches the tenant from its datasource (back to the main database) */
  datasourceId: z
    .union([Id, z.literal('')], { message: 'validation.id' })
    .nullish()
    .transform((value) => value || null),
});

export const TenantInfoQuery = z.object({ domain: z.string().trim().max(255).default('') });
/** `tenant/info`: what the sign-in page may show for the host it was opened on (public). */
export const TenantInfo = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  backgroundUrl: z.string(),
  domain: z.string(),
});
export type TenantInfo = z.infer<typeof TenantInfo>;
/**
 * `tenant/info`'s answer: the tenant, or `{}` when no tenant claims the host, as BladeX answers (the Saber
 * console's sign-in page reads `data.tenantId` and would fail on null).
 */
export const TenantInfoAnswer = z.union([TenantInfo, z.object({}).strict()]);

/** OAuth client (PROTOCOLS.md §1 client); the secret is never returned except once when set. */
export const ClientSchema = AuditFields.extend({
  id: Id,
  clientId: z.string(),
  resourceIds: z.string().nullable(),
  scope: z.string(),
  authorizedGrantTypes: z.string(),
  webServerRedirectUri: z.string().nullable(),
  authorities: z.string().nullable(),
  accessTokenValidity: z.number().int(),
  refreshTokenValidity: z.number().int(),
  additionalInformation: z.string().nullable(),
  autoapprove: z.string().nullable(),
});
export type Client = z.infer<typeof ClientSchema>;
export const ClientSaved = ClientSchema.extend({ clientSecret: z.string().optional() });
export type ClientSaved = z.infer<typeof ClientSaved>;

/** `password,refresh_token`: each one of the grants the token endpoint supports, no repeats. */
export const GrantTypeList = z
  .string()
  .trim()
  .min(1, { message: 'validation.blank' })
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .refine(
    (grants) =>
      grants.length > 0 &&
      new Set(grants).size === grants.length &&
      grants.every((grant) => (GRANT_TYPES as readonly string[]).includes(grant)),
    { message: 'client.grantTypes' },
  )
  .transform((grants) => grants.join(','));

const Validity = num(
  z
    .number({ message: 'client.validity' })
    .int({ message: 'client.validity' })
    .min(1, { message: 'client.validity' })
    .max(315_360_000, { message: 'client.validity' }),
);

export const ClientSubmit = z.object({
  id: Id.optional(),
  clientId: z
    .string()
    .trim()
    .min(1, { message: 'validation.blank' })
    .max(48, { message: 'validation.textMax' })
    .regex(/^[A-Za-z0-9_.-]+$/, { message: 'client.idFormat' }),
  /** adding: the secret (generated when absent); editing: a new secret resets it, absent keeps it */
  clientSecret: z
    .string()
    .trim()
    .max(256, { message: 'validation.textMax' })
    .refine((value) => value === '' || value.length >= 6, { message: 'client.secretMin' })
    .nullish()
    .transform((value) => value || null),
  resourceIds: optionalText(256),
  scope: text(256).default('all'),
  authorizedGrantTypes: GrantTypeList,
  webServerRedirectUri: OptionalUrl(256),
  authorities: optionalText(256),
  accessTokenValidity: Validity,
  refreshTokenValidity: Validity,
  additionalInformation: optionalText(4096),
  autoapprove: optionalText(256),
});
export type ClientSubmit = z.infer<typeof ClientSubmit>;

export const ClientPageQuery = z.object({
  clientId: z.string().max(48).optional(),
});
