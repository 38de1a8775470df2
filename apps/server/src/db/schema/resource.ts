import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, idColumn, tenantColumn } from './columns.js';

const live = sql`is_deleted = 0`;
// status 2 = enabled (BladeX); at most one enabled configuration per tenant, enforced by the database too.
const enabled = sql`is_deleted = 0 and status = 2`;

/** Object-storage configurations of a tenant (PROTOCOLS.md §1 oss). */
export const oss = pgTable(
  'blade_oss',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** 0 local disk, 1 MinIO, 5 S3-compatible */
    category: integer('category').notNull(),
    ossCode: varchar('oss_code', { length: 64 }).notNull(),
    endpoint: varchar('endpoint', { length: 255 }),
    accessKey: varchar('access_key', { length: 255 }),
    secretKey: varchar('secret_key', { length: 255 }),
    bucketName: varchar('bucket_name', { length: 64 }),
    appId: varchar('app_id', { length: 255 }),
    region: varchar('region', { length: 64 }),
    remark: varchar('remark', { length: 255 }),
    /** the location uploads go to now (blade_oss_version); null for the local disk */
    versionId: id('version_id'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('blade_oss_code_uq').on(t.tenantId, t.ossCode).where(live),
    uniqueIndex('blade_oss_enabled_uq').on(t.tenantId).where(enabled),
  ],
);

/**
 * Where a configuration's files are, as it was when they were written: endpoint, bucket and region never
 * change once a row is written; an edit that moves a configuration elsewhere adds a row, and every
 * attachment keeps the row it was written with (issue 14: a tenant who edits the endpoint afterwards cannot
 * redirect reads and deletes of old files). The credentials are the bucket's key: rotating them (same
 * endpoint, bucket and region) updates the current row, so old files stay readable with the new key.
 */
export const ossVersion = pgTable(
  'blade_oss_version',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    ossId: id('oss_id').notNull(),
    endpoint: varchar('endpoint', { length: 255 }).notNull(),
    bucketName: varchar('bucket_name', { length: 64 }).notNull(),
    region: varchar('region', { length: 64 }),
    accessKey: varchar('access_key', { length: 255 }).notNull(),
    secretKey: varchar('secret_key', { length: 255 }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('blade_oss_version_oss_idx').on(t.ossId)],
);

/** SMS configurations of a tenant (PROTOCOLS.md §1 sms). */
export const sms = pgTable(
  'blade_sms',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** 0 the built-in outbox */
    category: integer('category').notNull(),
    smsCode: varchar('sms_code', { length: 64 }).notNull(),
    templateId: varchar('template_id', { length: 64 }),
    accessKey: varchar('access_key', { length: 255 }),
    secretKey: varchar('secret_key', { length: 255 }),
    regionId: varchar('region_id', { length: 64 }),
    signName: varchar('sign_name', { length: 64 }),
    remark: varchar('remark', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('blade_sms_code_uq').on(t.tenantId, t.smsCode).where(live),
    uniqueIndex('blade_sms_enabled_uq').on(t.tenantId).where(enabled),
  ],
);

/** What the built-in SMS provider "sent": the platform admin reads it, tests read the codes from it. */
export const smsOutbox = pgTable(
  'blade_sms_outbox',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    smsId: id('sms_id'),
    smsCode: varchar('sms_code', { length: 64 }),
    phone: varchar('phone', { length: 20 }).notNull(),
    templateId: varchar('template_id', { length: 64 }),
    params: text('params'),
    content: text('content').notNull(),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('blade_sms_outbox_time_idx').on(t.createTime),
    index('blade_sms_outbox_phone_idx').on(t.phone),
  ],
);

/** Every uploaded file (PROTOCOLS.md §1 attach), wherever it is stored. */
export const attach = pgTable(
  'blade_attach',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    link: varchar('link', { length: 1000 }).notNull(),
    domainUrl: varchar('domain_url', { length: 500 }),
    /** the object name in its store: `<tenant>/<yyyyMMdd>/<id>-<random>.<ext>` */
    name: varchar('name', { length: 500 }).notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    extension: varchar('extension', { length: 10 }).notNull(),
    attachSize: bigint('attach_size', { mode: 'number' }).notNull(),
    /** the oss configuration it was written to; null = the local disk */
    ossId: id('oss_id'),
    /** the configuration's location it was written to (blade_oss_version), read and deleted there; null = local */
    ossVersionId: id('oss_version_id'),
    ...auditColumns(),
  },
  (t) => [
    index('blade_attach_tenant_idx').on(t.tenantId, t.createTime),
    uniqueIndex('blade_attach_name_uq').on(t.name),
  ],
);
