import { z } from 'zod';
import { num } from './schemas.js';

/** An IPv4 or IPv6 address. */
export const IpAddress = z
  .string()
  .trim()
  .refine((value) => z.ipv4().safeParse(value).success || z.ipv6().safeParse(value).success, {
    message: 'validation.ip',
  });
export const OptionalIp = z
  .string()
  .trim()
  .refine((value) => value === '' || z.ipv4().safeParse(value).success || z.ipv6().safeParse(value).success, {
    message: 'validation.ip',
  })
  .nullish();

export const Port = num(
  z
    .number({ message: 'validation.port' })
    .int({ message: 'validation.port' })
    .min(1, { message: 'validation.port' })
    .max(65535, { message: 'validation.port' }),
);
