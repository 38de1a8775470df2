import { z } from 'zod';
import { num } from './schemas.js';
import { PASSWORD_MIN, PHONE_LENGTH, RADIUS_MIN } from './constants.js';
import { isStrongPassword, MOBILE_PATTERN, phoneError } from '../rules.js';

/** zod schemas of the spec §5 rules (rules.ts holds the plain functions the console uses too). */
export const Phone = z.string().superRefine((value, ctx) => {
  const error = phoneError(value);
  if (error) ctx.addIssue({ code: 'custom', message: `validation.${error}` });
});

/** An 11-digit mobile number, where the spec asks for exactly that. */
export const MobilePhone = z
  .string()
  .length(PHONE_LENGTH, { message: 'validation.phoneLength' })
  .regex(MOBILE_PATTERN, { message: 'validation.phoneFormatError' });

export const Url = z.string().regex(/^https?:\/\//i, { message: 'validation.url' });

export const Email = z.email({ message: 'validation.email' });

export const StrongPassword = z.string().refine(isStrongPassword, { message: 'validation.passwordRule' });

/** The login form only asks for a minimum length. */
export const LoginPassword = z.string().min(PASSWORD_MIN, { message: 'validation.loginPasswordMin' });

export const Radius = num(
  z.number({ message: 'validation.radiusEmpty' }).min(RADIUS_MIN, { message: 'validation.radiusMin' }),
);

/**
 * What a tenant-configured URL may be (issue 14): an absolute `http://` or `https://` address written out in
 * full (`scheme://host...`), parsed by the WHATWG URL parser the server and browsers use, with a host, no
 * user name or password, no `#` fragment, no `?` query unless the field is a link that may carry one, no
 * whitespace, control characters or backslashes (which parsers read differently). Answers the normalised form
 * (`new URL`'s: lower-case scheme and host, numeric and hex hosts as dotted addresses, dot segments resolved,
 * a lone `/` path dropped), or the catalog key of what is wrong. Whether its host is one of our own network's
 * addresses is the server's check on save (NetworkGuard), and again after DNS at connect time.
 */
export function parseTenantUrl(
  value: string,
  options: { query?: boolean } = {},
): { url: string } | { error: string } {
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f-\u009f\\]/.test(value)) return { error: 'validation.urlCharacters' };
  if (!/^https?:\/\/[^/?#]/i.test(value)) return { error: 'validation.url' };
  const authority = value.slice(value.indexOf('//') + 2).split(/[/?#]/)[0] ?? '';
  if (authority.includes('@')) return { error: 'validation.urlCredentials' };
  if (value.includes('#')) return { error: 'validation.urlFragment' };
  if (!options.query && value.includes('?')) return { error: 'validation.urlQuery' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: 'validation.urlFormat' };
  }
  if (!url.hostname) return { error: 'validation.urlFormat' };
  const path = url.pathname === '/' ? '' : url.pathname;
  return { url: `${url.protocol}//${url.host}${path}${url.search}` };
}

/** True when `value` is a URL a tenant may save (see parseTenantUrl); the console's forms check with it. */
export function isTenantUrl(value: string, options: { query?: boolean } = {}): boolean {
  return 'url' in parseTenantUrl(value, options);
}

/**
 * A URL a tenant configures and the server or a browser will use (see parseTenantUrl): stored in its
 * normalised form. `query: true` for links that may carry one (a picture's address); base URLs and endpoints,
 * to which paths are appended, may not. At most `max` characters, before and after normalising.
 */
export function tenantUrl(options: { max?: number; query?: boolean } = {}) {
  return urlSchema(options, false);
}

/** An optional tenantUrl: absent, null or empty (kept as ''), else a URL as tenantUrl checks and normalises it. */
export function optionalTenantUrl(options: { max?: number; query?: boolean } = {}) {
  return urlSchema(options, true).nullish();
}

function urlSchema(options: { max?: number; query?: boolean }, emptyAllowed: boolean) {
  const max = options.max ?? 255;
  return z
    .string()
    .trim()
    .max(max, { message: 'validation.textMax' })
    .transform((value, ctx) => {
      if (emptyAllowed && value === '') return value;
      const parsed = parseTenantUrl(value, options);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error, input: value });
        return z.NEVER;
      }
      if (parsed.url.length > max) {
        ctx.addIssue({
          code: 'too_big',
          origin: 'string',
          maximum: max,
          inclusive: true,
          message: 'validation.textMax',
          input: value,
        });
        return z.NEVER;
      }
      return parsed.url;
    });
}
