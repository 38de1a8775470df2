import { index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn, tenantColumn } from './columns.js';

/**
 * Logs the server writes about itself (PROTOCOLS.md §1 log_usual / log_api / log_error). Append-only rows
 * without audit columns or soft delete: they are written in batches by the log service and only read back.
 */
const logColumns = () => ({
  id: idColumn(),
  tenantId: tenantColumn(),
  serviceId: varchar('service_id', { length: 64 }),
  serverHost: varchar('server_host', { length: 255 }),
  serverIp: varchar('server_ip', { length: 255 }),
  env: varchar('env', { length: 32 }),
  method: varchar('method', { length: 10 }),
  requestUri: varchar('request_uri', { length: 1000 }),
  userAgent: varchar('user_agent', { length: 1000 }),
  remoteIp: varchar('remote_ip', { length: 64 }),
  params: text('params'),
  createBy: varchar('create_by', { length: 64 }),
  createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const logUsual = pgTable(
  'blade_log_usual',
  {
    ...logColumns(),
    logLevel: varchar('log_level', { length: 10 }).notNull(),
    logId: varchar('log_id', { length: 100 }).notNull(),
    logData: text('log_data'),
  },
  (t) => [index('blade_log_usual_tenant_time_idx').on(t.tenantId, t.createTime)],
);

export const logApi = pgTable(
  'blade_log_api',
  {
    ...logColumns(),
    /** 1 ok, 2 failed */
    type: smallint('type').notNull().default(1),
    title: varchar('title', { length: 255 }),
    /** time taken, ms */
    time: integer('time').notNull().default(0),
    status: smallint('status').notNull(),
  },
  (t) => [
    index('blade_log_api_tenant_time_idx').on(t.tenantId, t.createTime),
    index('blade_log_api_time_idx').on(t.createTime),
  ],
);

export const logError = pgTable(
  'blade_log_error',
  {
    ...logColumns(),
    stackTrace: text('stack_trace'),
    exceptionName: varchar('exception_name', { length: 255 }),
    message: text('message'),
    lineNumber: integer('line_number'),
    fileName: varchar('file_name', { length: 1000 }),
  },
  (t) => [index('blade_log_error_tenant_time_idx').on(t.tenantId, t.createTime)],
);
