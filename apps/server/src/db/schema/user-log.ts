import { index, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, idColumn, tenantColumn } from './columns.js';

/**
 * Every password sign-in, good or bad (`/api/blade-user/loginLogList`). `create_time` is the time of the
 * attempt; `user_id` is empty when no account matched. `message` is a message-catalog key, translated when
 * read. Written by the token endpoint's sign-in hook, never changed afterwards.
 */
export const loginLog = pgTable(
  'blade_login_log',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    userId: id('user_id'),
    account: varchar('account', { length: 45 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 500 }).notNull().default(''),
    /** 1 success, 0 failure */
    result: smallint('result').notNull(),
    message: varchar('message', { length: 100 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    index('blade_login_log_tenant_time_idx').on(t.tenantId, t.createTime),
    index('blade_login_log_user_idx').on(t.userId, t.createTime),
  ],
);
