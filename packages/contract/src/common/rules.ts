import { PASSWORD_MAX, PASSWORD_MIN, RADIUS_MIN } from './constants.js';

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
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/** Spec §5 "Phone": returns the error key, or undefined when the number is valid. */
export function phoneError(
  phone: string | null | undefined,
): 'phoneEmptyError' | 'phoneFormatError' | undefined {
  if (isEmpty(phone)) return 'phoneEmptyError';
  const value = String(phone).trim();
  return LANDLINE.test(value) || MOBILE_PATTERN.test(value) ? undefined : 'phoneFormatError';
}

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

/** Spec §5: a value cannot be empty and cannot be less than 1. */
export function positiveValueError(value: unknown): 'valueEmpty' | 'valueMin1' | undefined {
  if (isEmpty(value) || (typeof value === 'string' && value.trim() === '')) return 'valueEmpty';
  const number = Number(value);
  if (Number.isNaN(number)) return 'valueEmpty';
  return number < 1 ? 'valueMin1' : undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A plausible email address (the server checks with zod's email format). */
export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

/** Spec §5 URL: must start with http or https. */
export function isHttpUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}
