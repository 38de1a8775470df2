import { z } from 'zod';
import { DateTime, Id, keyFilter } from '../common/schemas.js';

/**
 * Logs the server writes about itself (PROTOCOLS.md §1 log_usual / log_api / log_error): read-only here.
 * A tenant sees its own logs; the platform tenant sees every tenant's, and may filter by `tenantId`.
 */
const LogFields = z.object({
  id: Id,
  tenantId: z.string(),
  /** the BladeX service of the call: `blade-system`, `blade-resource`... (the path's first segment) */
  serviceId: z.string().nullable(),
  serverHost: z.string().nullable(),
  serverIp: z.string().nullable(),
  env: z.string().nullable(),
  method: z.string().nullable(),
  requestUri: z.string().nullable(),
  userAgent: z.string().nullable(),
  remoteIp: z.string().nullable(),
  /** query and body as JSON, passwords, tokens and secrets replaced by `***` */
  params: z.string().nullable(),
  /** the account that made the call (empty for strangers) */
  createBy: z.string().nullable(),
  createTime: DateTime,
});

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LogUsualSchema = LogFields.extend({
  logLevel: z.string(),
  /** what happened, as a stable key: `auth.signIn`, `oss.enable`... */
  logId: z.string(),
  logData: z.string().nullable(),
});
export type LogUsual = z.infer<typeof LogUsualSchema>;

export const LogApiSchema = LogFields.extend({
  /** 1 ok (2xx/3xx), 2 failed (4xx/5xx) */
  type: z.number().int(),
  /** the route's summary */
  title: z.string().nullable(),
  /** time taken, in ms */
  time: z.number().int(),
  /** HTTP status answered */
  status: z.number().int(),
});
export type LogApi = z.infer<typeof LogApiSchema>;

export const LogErrorSchema = LogFields.extend({
  stackTrace: z.string().nullable(),
  exceptionName: z.string().nullable(),
  message: z.string().nullable(),
  lineNumber: z.number().int().nullable(),
  fileName: z.string().nullable(),
});
export type LogError = z.infer<typeof LogErrorSchema>;

const filter = (max = 255) => z.string().trim().max(max).optional();

/** Filters of the three log pages; `tenantId` is honoured for the platform tenant only. */
export const LogPageQuery = z.object({
  tenantId: filter(12),
  serviceId: filter(),
  requestUri: filter(),
  method: filter(10),
  remoteIp: filter(64),
  createBy: filter(),
});
export const LogApiPageQuery = LogPageQuery.extend({
  title: filter(),
  status: keyFilter(),
});
export const LogUsualPageQuery = LogPageQuery.extend({ logLevel: filter(10), logId: filter() });
export const LogErrorPageQuery = LogPageQuery.extend({ exceptionName: filter() });
