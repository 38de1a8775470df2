import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, PHONE_LENGTH, RADIUS_MIN } from './constants.js';

/**
 * Spec §5 "Empty check": null, undefined, the strings 'null'/'undefined', '', [] and {} are empty;
 * numbers and booleans never are.
 */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number' || typeof value === 'boolean') return false;
  if (typeof value === 'string') return value === '' || value === 'null' || value === 'undefined';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

const LANDLINE = /^0\d{2,3}-?\d{3,8}$/;
const MOBILE = /^1[3-9]\d{9}$/;

/** Spec §5 "Phone": returns the error key, or undefined when the number is valid. */
export function phoneError(
  phone: string | null | undefined,
): 'phoneEmptyError' | 'phoneFormatError' | undefined {
  if (isEmpty(phone)) return 'phoneEmptyError';
  const value = String(phone).trim();
  return LANDLINE.test(value) || MOBILE.test(value) ? undefined : 'phoneFormatError';
}

export const Phone = z.string().superRefine((value, ctx) => {
  const error = phoneError(value);
  if (error) ctx.addIssue({ code: 'custom', message: `validation.${error}` });
});

/** An 11-digit mobile number, where the spec asks for exactly that. */
export const MobilePhone = z
  .string()
  .length(PHONE_LENGTH, { message: 'validation.phoneLength' })
  .regex(MOBILE, { message: 'validation.phoneFormatError' });

export const Url = z.string().regex(/^https?:\/\//i, { message: 'validation.url' });

export const Email = z.email({ message: 'validation.email' });

/** Spec §5 "Passwords": 6 to 16 characters with upper and lower case letters and digits. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN &&
    password.length <= PASSWORD_MAX &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password)
  );
}
export const StrongPassword = z.string().refine(isStrongPassword, { message: 'validation.passwordRule' });

/** The login form only asks for a minimum length. */
export const LoginPassword = z.string().min(PASSWORD_MIN, { message: 'validation.loginPasswordMin' });

/** A start and an end must both be chosen and the start must come first. */
export function timeRangeError(start: unknown, end: unknown): 'timeRequired' | 'timeOrder' | undefined {
  if (isEmpty(start) || isEmpty(end)) return 'timeRequired';
  const from = new Date(String(start).replace(' ', 'T')).getTime();
  const to = new Date(String(end).replace(' ', 'T')).getTime();
  if (Number.isNaN(from) || Number.isNaN(to)) return 'timeRequired';
  return from < to ? undefined : 'timeOrder';
}

/** Spec §5: a radius cannot be empty and cannot be less than 5 (metres). */
export function radiusError(radius: unknown): 'radiusEmpty' | 'radiusMin' | undefined {
  if (isEmpty(radius) || (typeof radius === 'string' && radius.trim() === '')) return 'radiusEmpty';
  const value = Number(radius);
  if (Number.isNaN(value)) return 'radiusEmpty';
  return value < RADIUS_MIN ? 'radiusMin' : undefined;
}

export const Radius = z.coerce
  .number({ message: 'validation.radiusEmpty' })
  .min(RADIUS_MIN, { message: 'validation.radiusMin' });

/** Spec §5: a value cannot be empty and cannot be less than 1. */
export function positiveValueError(value: unknown): 'valueEmpty' | 'valueMin1' | undefined {
  if (isEmpty(value) || (typeof value === 'string' && value.trim() === '')) return 'valueEmpty';
  const number = Number(value);
  if (Number.isNaN(number)) return 'valueEmpty';
  return number < 1 ? 'valueMin1' : undefined;
}
