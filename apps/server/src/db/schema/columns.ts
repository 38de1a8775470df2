import { customType, integer, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/** 64-bit ids: bigint in the database, decimal strings everywhere else (PROTOCOLS.md §1). */
export const id = customType<{ data: string; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  fromDriver: (value) => String(value),
  toDriver: (value) => value,
});

export const idColumn = () => id('id').primaryKey();

/** Audit columns and the soft-delete flag of every business table (ARCHITECTURE.md). */
export const auditColumns = () => ({
  createUser: id('create_user'),
  createDept: id('create_dept'),
  createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updateUser: id('update_user'),
  updateTime: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  status: integer('status').notNull().default(1),
  isDeleted: smallint('is_deleted').notNull().default(0),
});

/** The owning tenant of a tenant-owned table; the tenant scope (lib/tenant-scope.ts) filters on it. */
export const tenantColumn = () => varchar('tenant_id', { length: 12 }).notNull();
