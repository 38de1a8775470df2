import { index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, idColumn } from './columns.js';

/**
 * Refresh tokens, stored as sha-256 digests. One sign-in starts a family; every refresh rotates the token
 * inside it. Presenting a used token revokes the whole family (reuse detection).
 */
export const refreshToken = pgTable(
  'blade_refresh_token',
  {
    id: idColumn(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    familyId: varchar('family_id', { length: 36 }).notNull(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    userId: id('user_id').notNull(),
    clientId: varchar('client_id', { length: 48 }).notNull(),
    roleId: varchar('role_id', { length: 1000 }).notNull(),
    deptId: varchar('dept_id', { length: 1000 }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('blade_refresh_token_hash_uq').on(t.tokenHash),
    index('blade_refresh_token_family_idx').on(t.familyId),
  ],
);
