import { z } from 'zod';
import { Id } from '../common/schemas.js';

export const GRANT_TYPES = ['password', 'captcha', 'refresh_token', 'social', 'sms_code'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

/**
 * Parameters of `POST /api/blade-auth/oauth/token`. The console sends them in the query string (BladeX);
 * a form body works too. Which ones are required depends on the grant, so the service checks that.
 */
export const TokenParams = z.object({
  grant_type: z.string().optional(),
  tenantId: z.string().max(12).optional(),
  username: z.string().max(100).optional(),
  password: z.string().max(200).optional(),
  refresh_token: z.string().max(200).optional(),
  scope: z.string().max(50).optional(),
  type: z.string().max(50).optional(),
  source: z.string().max(50).optional(),
  code: z.string().max(200).optional(),
  state: z.string().max(200).optional(),
});
export type TokenParams = z.infer<typeof TokenParams>;

/** Plain OAuth2 success body (no envelope), field names as BladeX sends them. */
export const TokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  scope: z.string(),
  jti: z.string(),
  tenant_id: z.string(),
  user_id: Id,
  dept_id: z.string(),
  post_id: z.string(),
  role_id: z.string(),
  oauth_id: z.string(),
  account: z.string(),
  user_name: z.string(),
  nick_name: z.string(),
  real_name: z.string(),
  role_name: z.string(),
  avatar: z.string(),
  detail: z.record(z.string(), z.unknown()),
  /** the password is the init password (new tenant admin, reset, import): change it before anything else */
  password_change_required: z.boolean(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

export const TokenError = z.object({ error: z.string(), error_description: z.string() });
export type TokenError = z.infer<typeof TokenError>;

export const CaptchaResponse = z.object({ key: z.string(), image: z.string() });

/** The user as `user-info` returns it: profile, roles and the flat permission set. */
export const UserInfo = z.object({
  id: Id,
  tenantId: z.string(),
  account: z.string(),
  name: z.string(),
  realName: z.string(),
  avatar: z.string(),
  email: z.string(),
  phone: z.string(),
  sex: z.number().int().nullable(),
  userType: z.number().int(),
  deptId: z.string(),
  postId: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  tenantName: z.string(),
  /** see TokenResponse.password_change_required: until changed only user-info, update-password and logout */
  passwordChangeRequired: z.boolean(),
});
export type UserInfo = z.infer<typeof UserInfo>;

/** Claims of our access token (a JWT signed with HS256). */
export interface AccessClaims {
  tenant_id: string;
  user_id: string;
  account: string;
  role_id: string;
  role_name: string;
  dept_id: string;
  client_id: string;
  /** the refresh-token family this token was issued with; logout and reuse revoke it */
  sid: string;
}
