import type { ProjectMachineKind } from '@aos/contract';
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, id, idColumn, tenantColumn } from './columns.js';

const live = sql`is_deleted = 0`;

/**
 * Projects of a tenant (spec §3 Project; §7 project-management; docs/project.md). The state (not started, in
 * progress) is read from `start_time`, never stored. Members and machines are the link tables below.
 */
export const project = pgTable(
  'aos_project',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    /** `project_type` dictionary key */
    type: smallint('type').notNull(),
    /** `industry_type` dictionary key */
    industryType: smallint('industry_type').notNull(),
    /** the team */
    deptId: id('dept_id'),
    leaderId: id('leader_id'),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }).notNull(),
    reportTemplateId: id('report_template_id'),
    centerLongitude: doublePrecision('center_longitude'),
    centerLatitude: doublePrecision('center_latitude'),
    screenTitle: varchar('screen_title', { length: 100 }),
    /** the project's files: comma-separated attachment ids */
    attachIds: varchar('attach_ids', { length: 2000 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }),
    ...auditColumns(),
  },
  (t) => [
    index('aos_project_tenant_idx').on(t.tenantId, t.createTime),
    uniqueIndex('aos_project_name_uq').on(t.tenantId, t.name).where(live),
  ],
);

/** A user's membership of a project with its role (PROJECT_ROLES); deleted outright when the user leaves. */
export const projectMember = pgTable(
  'aos_project_member',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    projectId: id('project_id').notNull(),
    userId: id('user_id').notNull(),
    role: smallint('role').notNull().default(3),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('aos_project_member_uq').on(t.projectId, t.userId),
    index('aos_project_member_user_idx').on(t.tenantId, t.userId),
  ],
);

/** A machine a project binds: a dock (`kind` dock) or a device of the registry; deleted outright when unbound. */
export const projectMachine = pgTable(
  'aos_project_machine',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    projectId: id('project_id').notNull(),
    kind: varchar('kind', { length: 16 }).$type<ProjectMachineKind>().notNull(),
    machineId: id('machine_id').notNull(),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('aos_project_machine_uq').on(t.projectId, t.kind, t.machineId),
    index('aos_project_machine_machine_idx').on(t.tenantId, t.machineId),
  ],
);

/**
 * Project authorisation (projectauth): the depts (and their sub-depts) and users who see a project beyond its
 * members, comma-separated. One live row per project.
 */
export const projectAuth = pgTable(
  'aos_project_auth',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    projectId: id('project_id').notNull(),
    deptIds: varchar('dept_ids', { length: 2000 }).notNull().default(''),
    userIds: varchar('user_ids', { length: 4000 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('aos_project_auth_project_uq').on(t.tenantId, t.projectId).where(live)],
);
