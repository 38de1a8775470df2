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
