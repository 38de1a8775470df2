import { defineArea, type Services } from '../../area.js';
import {
  client,
  dept,
  dict,
  dictBiz,
  menu,
  param,
  post,
  region,
  role,
  roleMenu,
  roleScope,
  scopeApi,
  scopeData,
  tenant,
  topMenu,
  topMenuSetting,
} from '../../db/schema/index.js';
import type { Platform } from '../../platform.js';
import clientRoutes from './client.routes.js';
import { ClientService } from './client.service.js';
import deptRoutes from './dept.routes.js';
import { DeptService } from './dept.service.js';
import dictBizRoutes from './dict-biz.routes.js';
import dictRoutes from './dict.routes.js';
import { DictService } from './dict.service.js';
import menuRoutes from './menu.routes.js';
import { MenuService } from './menu.service.js';
import paramRoutes from './param.routes.js';
import { ParamService } from './param.service.js';
import postRoutes from './post.routes.js';
import { PostService } from './post.service.js';
import regionRoutes from './region.routes.js';
import { RegionService } from './region.service.js';
import { RoleGrantService } from './role.grant.js';
import roleRoutes from './role.routes.js';
import { RoleService } from './role.service.js';
import scopeRoutes from './scope.routes.js';
import { ScopeService } from './scope.service.js';
import systemInfoRoutes from './system-info.routes.js';
import tenantRoutes from './tenant.routes.js';
import { TenantService } from './tenant.service.js';
import topMenuRoutes from './topmenu.routes.js';
import { TopMenuService } from './topmenu.service.js';

function buildServices(
  { config }: Platform,
  { principals }: Services,
): Pick<
  Services,
  | 'menus'
  | 'roles'
  | 'roleGrants'
  | 'topMenuAdmin'
  | 'scopes'
  | 'dicts'
  | 'params'
  | 'posts'
  | 'depts'
  | 'regions'
  | 'tenants'
  | 'clients'
> {
  return {
    menus: new MenuService(principals),
    roles: new RoleService(principals),
    roleGrants: new RoleGrantService(),
    topMenuAdmin: new TopMenuService(),
    scopes: new ScopeService(principals),
    dicts: new DictService(),
    params: new ParamService(),
    posts: new PostService(),
    depts: new DeptService(),
    regions: new RegionService(),
    tenants: new TenantService(config.PASSWORD_HASH_COST, principals),
    clients: new ClientService(config.CONSOLE_CLIENT_ID),
  };
}

declare module '../../area.js' {
  /** the system area's */
  interface Services {
    menus: MenuService;
    roles: RoleService;
    roleGrants: RoleGrantService;
    topMenuAdmin: TopMenuService;
    scopes: ScopeService;
    dicts: DictService;
    params: ParamService;
    posts: PostService;
    depts: DeptService;
    regions: RegionService;
    tenants: TenantService;
    clients: ClientService;
  }
}

/**
 * System administration (spec §7 blade-system): menus and top menus, roles and their grants, data and API
 * scopes, dictionaries, parameters, posts, depts, regions, tenants, OAuth clients.
 */
export default defineArea({
  name: 'system',
  needs: ['auth'],
  services: buildServices,
  routes: [
    menuRoutes,
    roleRoutes,
    topMenuRoutes,
    scopeRoutes,
    dictRoutes,
    dictBizRoutes,
    paramRoutes,
    postRoutes,
    systemInfoRoutes,
    deptRoutes,
    regionRoutes,
    tenantRoutes,
    clientRoutes,
  ],
  tables: [
    tenant,
    client,
    role,
    roleMenu,
    roleScope,
    menu,
    topMenu,
    topMenuSetting,
    dept,
    post,
    dict,
    dictBiz,
    param,
    scopeData,
    scopeApi,
    region,
  ],
  permissions: [
    'menu',
    'topmenu',
    'role',
    'data_scope',
    'api_scope',
    'dict',
    'dict_biz',
    'param',
    'post',
    'dept',
    'region',
    'tenant',
    'client',
  ],
});
