import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, id, idColumn, tenantColumn } from './columns.js';

const live = sql`is_deleted = 0`;

export const tenant = pgTable(
  'blade_tenant',
  {
    id: idColumn(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    tenantName: varchar('tenant_name', { length: 50 }).notNull(),
    domain: varchar('domain', { length: 255 }),
    backgroundUrl: varchar('background_url', { length: 1000 }),
    linkman: varchar('linkman', { length: 20 }),
    contactNumber: varchar('contact_number', { length: 20 }),
    address: varchar('address', { length: 255 }),
    /** -1 = unlimited accounts */
    accountNumber: integer('account_number').notNull().default(-1),
    expireTime: timestamp('expire_time', { withTimezone: true, mode: 'date' }),
    datasourceId: id('datasource_id'),
    licenseKey: varchar('license_key', { length: 1000 }),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('blade_tenant_tenant_id_uq').on(t.tenantId).where(live)],
);

export const client = pgTable(
  'blade_client',
  {
    id: idColumn(),
    clientId: varchar('client_id', { length: 48 }).notNull(),
    /** sha-256 of the secret; the secret itself is never stored */
    clientSecret: varchar('client_secret', { length: 256 }).notNull(),
    resourceIds: varchar('resource_ids', { length: 256 }),
    scope: varchar('scope', { length: 256 }).notNull().default('all'),
    authorizedGrantTypes: varchar('authorized_grant_types', { length: 256 }).notNull(),
    webServerRedirectUri: varchar('web_server_redirect_uri', { length: 256 }),
    authorities: varchar('authorities', { length: 256 }),
    accessTokenValidity: integer('access_token_validity').notNull().default(3600),
    refreshTokenValidity: integer('refresh_token_validity').notNull().default(604800),
    additionalInformation: varchar('additional_information', { length: 4096 }),
    autoapprove: varchar('autoapprove', { length: 256 }),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('blade_client_client_id_uq').on(t.clientId).where(live)],
);

export const user = pgTable(
  'blade_user',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    code: varchar('code', { length: 12 }),
    /** platform: 1 web, 2 app, 3 other */
    userType: smallint('user_type').notNull().default(1),
    account: varchar('account', { length: 45 }).notNull(),
    password: varchar('password', { length: 200 }).notNull(),
    name: varchar('name', { length: 20 }),
    realName: varchar('real_name', { length: 20 }),
    avatar: varchar('avatar', { length: 500 }),
    email: varchar('email', { length: 45 }),
    phone: varchar('phone', { length: 45 }),
    birthday: date('birthday', { mode: 'string' }),
    sex: smallint('sex'),
    /** comma-separated id lists, as BladeX keeps them */
    roleId: varchar('role_id', { length: 1000 }).notNull().default(''),
    deptId: varchar('dept_id', { length: 1000 }).notNull().default(''),
    postId: varchar('post_id', { length: 1000 }).notNull().default(''),
    education: varchar('education', { length: 45 }),
    /** 1 = may fly in no-fly zones (modNoFlyAuthority) */
    noFlyAuthority: smallint('no_fly_authority').notNull().default(0),
    /** the platform's extra settings (update-platform), a JSON object as text */
    userExt: varchar('user_ext', { length: 2000 }).notNull().default(''),
    /** when the owner cancelled the account (it is frozen since) */
    cancelTime: timestamp('cancel_time', { withTimezone: true, mode: 'date' }),
    /** 1 = the password is the init password (a new tenant's admin, a reset, an import): it must be changed
     * before anything else is allowed; cleared by update-password */
    passwordChangeRequired: smallint('password_change_required').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('blade_user_account_uq').on(t.tenantId, t.account).where(live),
    // the user page: newest first within a tenant, and "users of this dept and below" (array overlap)
    index('blade_user_tenant_time_idx').on(t.tenantId, t.createTime),
    index('blade_user_dept_gin').using('gin', sql`string_to_array(${t.deptId}, ',')`),
    // the page's "contains" filters (ilike '%…%') on account, name and real name: trigram indexes (pg_trgm)
    index('blade_user_account_trgm').using('gin', t.account.op('gin_trgm_ops')),
    index('blade_user_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('blade_user_real_name_trgm').using('gin', t.realName.op('gin_trgm_ops')),
  ],
);

export const role = pgTable(
  'blade_role',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    parentId: id('parent_id').notNull().default('0'),
    roleName: varchar('role_name', { length: 255 }).notNull(),
    sort: integer('sort').notNull().default(1),
    roleAlias: varchar('role_alias', { length: 255 }).notNull(),
    /** system-preset roles cannot be removed */
    isPreset: smallint('is_preset').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index('blade_role_tenant_idx').on(t.tenantId)],
);

export const menu = pgTable(
  'blade_menu',
  {
    id: idColumn(),
    parentId: id('parent_id').notNull().default('0'),
    code: varchar('code', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    nameEn: varchar('name_en', { length: 255 }),
    alias: varchar('alias', { length: 255 }),
    path: varchar('path', { length: 255 }),
    source: varchar('source', { length: 255 }),
    sort: integer('sort').notNull().default(1),
    /** 1 menu, 2 button */
    category: smallint('category').notNull().default(1),
    /** buttons: 0 none, 1 toolbar, 2 row, 3 both */
    action: smallint('action').notNull().default(0),
    /** 1 no, 2 keep alive */
    isOpen: smallint('is_open').notNull().default(1),
    component: varchar('component', { length: 255 }),
    remark: varchar('remark', { length: 255 }),
    /** only the platform tenant may be granted it (tenants, clients, datasources, code generation) */
    platformOnly: smallint('platform_only').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('blade_menu_code_uq').on(t.code).where(live),
    index('blade_menu_parent_idx').on(t.parentId),
  ],
);

export const roleMenu = pgTable(
  'blade_role_menu',
  {
    id: idColumn(),
    roleId: id('role_id').notNull(),
    menuId: id('menu_id').notNull(),
  },
  (t) => [uniqueIndex('blade_role_menu_uq').on(t.roleId, t.menuId)],
);

/** A role's grant of a data scope (category 1) or an API scope (category 2). */
/** blade_role_scope.scope_category: a data scope or an API scope held by a role */
export const SCOPE_CATEGORY_DATA = 1;
export const SCOPE_CATEGORY_API = 2;

export const roleScope = pgTable(
  'blade_role_scope',
  {
    id: idColumn(),
    scopeCategory: smallint('scope_category').notNull(),
    scopeId: id('scope_id').notNull(),
    roleId: id('role_id').notNull(),
  },
  (t) => [uniqueIndex('blade_role_scope_uq').on(t.roleId, t.scopeCategory, t.scopeId)],
);

export const topMenu = pgTable(
  'blade_top_menu',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    code: varchar('code', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    nameEn: varchar('name_en', { length: 255 }),
    source: varchar('source', { length: 255 }),
    path: varchar('path', { length: 255 }),
    sort: integer('sort').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('blade_top_menu_code_uq').on(t.tenantId, t.code).where(live)],
);

export const topMenuSetting = pgTable(
  'blade_top_menu_setting',
  {
    id: idColumn(),
    topMenuId: id('top_menu_id').notNull(),
    menuId: id('menu_id').notNull(),
  },
  (t) => [uniqueIndex('blade_top_menu_setting_uq').on(t.topMenuId, t.menuId)],
);

export const dept = pgTable(
  'blade_dept',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    parentId: id('parent_id').notNull().default('0'),
    /** comma-separated ids from the root down to the parent */
    ancestors: varchar('ancestors', { length: 2000 }).notNull().default('0'),
    deptCategory: smallint('dept_category').notNull().default(1),
    deptName: varchar('dept_name', { length: 45 }).notNull(),
    fullName: varchar('full_name', { length: 45 }),
    sort: integer('sort').notNull().default(1),
    remark: varchar('remark', { length: 255 }),
    /** the team's manager (spec §3 Team): a user of the same tenant */
    managerId: id('manager_id'),
    ...auditColumns(),
  },
  (t) => [index('blade_dept_tenant_idx').on(t.tenantId, t.parentId)],
);

export const post = pgTable(
  'blade_post',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    category: integer('category').notNull().default(1),
    postCode: varchar('post_code', { length: 64 }).notNull(),
    postName: varchar('post_name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(1),
    remark: varchar('remark', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('blade_post_code_uq').on(t.tenantId, t.postCode).where(live)],
);

const dictColumns = () => ({
  id: idColumn(),
  parentId: id('parent_id').notNull().default('0'),
  code: varchar('code', { length: 255 }).notNull(),
  dictKey: varchar('dict_key', { length: 255 }).notNull(),
  dictValue: varchar('dict_value', { length: 255 }).notNull(),
  dictValueEn: varchar('dict_value_en', { length: 255 }),
  sort: integer('sort').notNull().default(1),
  remark: varchar('remark', { length: 255 }),
  isSealed: smallint('is_sealed').notNull().default(0),
  ...auditColumns(),
});

export const dict = pgTable('blade_dict', dictColumns(), (t) => [
  index('blade_dict_code_idx').on(t.code, t.parentId),
]);

export const dictBiz = pgTable('blade_dict_biz', { ...dictColumns(), tenantId: tenantColumn() }, (t) => [
  index('blade_dict_biz_code_idx').on(t.tenantId, t.code, t.parentId),
]);

export const param = pgTable(
  'blade_param',
  {
    id: idColumn(),
    paramName: varchar('param_name', { length: 255 }).notNull(),
    paramKey: varchar('param_key', { length: 255 }).notNull(),
    paramValue: text('param_value').notNull(),
    remark: varchar('remark', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('blade_param_key_uq').on(t.paramKey).where(live)],
);

export const scopeData = pgTable('blade_scope_data', {
  id: idColumn(),
  menuId: id('menu_id'),
  resourceCode: varchar('resource_code', { length: 255 }).notNull(),
  scopeName: varchar('scope_name', { length: 255 }).notNull(),
  scopeField: varchar('scope_field', { length: 255 }),
  scopeClass: varchar('scope_class', { length: 500 }),
  scopeColumn: varchar('scope_column', { length: 255 }),
  /** 1 all, 2 own, 3 own dept, 4 own dept and below, 5 custom */
  scopeType: smallint('scope_type').notNull(),
  scopeValue: varchar('scope_value', { length: 2000 }),
  remark: varchar('remark', { length: 255 }),
  ...auditColumns(),
});

export const scopeApi = pgTable('blade_scope_api', {
  id: idColumn(),
  menuId: id('menu_id'),
  resourceCode: varchar('resource_code', { length: 255 }).notNull(),
  scopeName: varchar('scope_name', { length: 255 }).notNull(),
  scopePath: varchar('scope_path', { length: 255 }).notNull(),
  scopeType: smallint('scope_type').notNull(),
  remark: varchar('remark', { length: 255 }),
  ...auditColumns(),
});
