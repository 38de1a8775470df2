import { integer, pgTable, text, timestamp, varchar, index } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantColumn } from './columns.js';

/** Notices of a tenant (PROTOCOLS.md §1 notice). */
export const notice = pgTable(
  'blade_notice',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    title: varchar('title', { length: 255 }).notNull(),
    /** a key of the `notice` dictionary */
    category: integer('category').notNull(),
    releaseTime: timestamp('release_time', { withTimezone: true, mode: 'date' }).notNull(),
    content: text('content').notNull(),
    ...auditColumns(),
  },
  (t) => [index('blade_notice_tenant_idx').on(t.tenantId, t.releaseTime)],
);
