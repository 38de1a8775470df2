import path from 'node:path';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Cache } from './lib/cache.js';
import { DeviceDirectory } from './device/directory.js';
import { DeviceLink } from './device/link.js';
import { LiveHub } from './live/hub.js';
import { DeviceControlService } from './modules/device-control/device-control.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import { CaptchaService } from './modules/auth/captcha.service.js';
import { LoginGuard } from './modules/auth/login-guard.js';
import { PrincipalService } from './modules/auth/principal.service.js';
import { SessionService } from './modules/auth/session.service.js';
import { TokenService } from './modules/auth/token.service.js';
import { FileService } from './modules/resource/file.service.js';
import { NoticeService } from './modules/desk/notice.service.js';
import { FlyOperatorService } from './modules/fleet-user/fly-operator.service.js';
import { BaseStationService } from './modules/gis/basestation.service.js';
import { DeviceCredentialService } from './modules/equipment/device-credential.service.js';
import { EquipmentService } from './modules/equipment/equipment.service.js';
import { HangarBasicSetService } from './modules/equipment/hangar-basic-set.service.js';
import { HangarService } from './modules/equipment/hangar.service.js';
import { ManufacturerService } from './modules/equipment/manufacturer.service.js';
import { SupplierConfigService } from './modules/equipment/supplier-config.service.js';
import { LogService } from './modules/log/log.service.js';
import { TelemetryService } from './modules/telemetry/telemetry.service.js';
import { TelemetryWriter } from './modules/telemetry/telemetry.writer.js';
import { AttachService } from './modules/resource/attach.service.js';
import { OssService } from './modules/resource/oss.service.js';
import { SmsService } from './modules/resource/sms.service.js';
import { DictService } from './modules/system/dict.service.js';
import { MenuService } from './modules/system/menu.service.js';
import { RoleGrantService } from './modules/system/role.grant.js';
import { RoleService } from './modules/system/role.service.js';
import { ScopeService } from './modules/system/scope.service.js';
import { TopMenuService } from './modules/system/topmenu.service.js';
import { ParamService } from './modules/system/param.service.js';
import { PostService } from './modules/system/post.service.js';
import { ClientService } from './modules/system/client.service.js';
import { DeptService } from './modules/system/dept.service.js';
import { RegionService } from './modules/system/region.service.js';
import { TenantService } from './modules/system/tenant.service.js';
import { ProfileService } from './modules/user/profile.service.js';
import { UserService } from './modules/user/user.service.js';
import { Storage } from './storage/storage.js';

/** Every service, built once per app from the infrastructure it needs. Routes reach them as `app.services`. */
export function createServices(config: Config, database: Database, cache: Cache) {
  const sessions = new SessionService(config.JWT_SECRET, cache);
  const principals = new PrincipalService(database.db, cache);
  const captcha = new CaptchaService(cache);
  const guard = new LoginGuard(cache, config.LOGIN_LOCK_SECONDS);
  const storage = new Storage({
    root: path.resolve(config.DATA_DIR, 'files'),
    secret: config.JWT_SECRET,
    publicUrl: config.PUBLIC_URL,
    allowPrivateEndpoints: config.STORAGE_ALLOW_PRIVATE_ENDPOINTS,
  });
  const files = new FileService(storage);
  const logs = new LogService(database.db);
  const manufacturers = new ManufacturerService();
  const deviceCredentials = new DeviceCredentialService(database.db);
  const devices = new EquipmentService(deviceCredentials);
  const hangars = new HangarService(deviceCredentials);
  // A brand referenced by a live device or dock cannot be removed.
  manufacturers.usage.register(devices.brandsInUse);
  manufacturers.usage.register(hangars.brandsInUse);
  // The device link reads the registry; the device-link plugin attaches it to a broker when MQTT is on.
  const deviceDirectory = new DeviceDirectory(database.db, deviceCredentials);
  deviceCredentials.onRevoked((sn) => deviceDirectory.invalidate(sn));
  const deviceLink = new DeviceLink({
    directory: deviceDirectory,
    offlineMs: config.DEVICE_OFFLINE_MS,
    replyTimeoutMs: config.DEVICE_REPLY_TIMEOUT_MS,
  });
  // Live push: the link's events as the console's model, shared between instances through the cache.
  const live = new LiveHub({
    link: deviceLink,
    directory: deviceDirectory,
    db: database.db,
    cache,
    offlineMs: config.DEVICE_OFFLINE_MS,
  });
  return {
    sessions,
    principals,
    captcha,
    guard,
    token: new TokenService(database.db, config, sessions, principals, captcha, guard),
    auth: new AuthService(database.db, sessions, principals),
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
    storage,
    files,
    logs,
    oss: new OssService(logs),
    sms: new SmsService(cache, logs),
    attaches: new AttachService(files, logs),
    notices: new NoticeService(),
    flyOperators: new FlyOperatorService(),
    baseStations: new BaseStationService(),
    manufacturers,
    deviceCredentials,
    devices,
    hangars,
    deviceDirectory,
    deviceLink,
    live,
    deviceControl: new DeviceControlService(deviceLink, live, logs),
    // Stores the link's OSD as telemetry samples and flights; attached by the telemetry routes plugin.
    telemetryWriter: new TelemetryWriter(database.db),
    telemetry: new TelemetryService(),
    hangarBasicSets: new HangarBasicSetService(),
    supplierConfigs: new SupplierConfigService(),
    profiles: new ProfileService(config.PASSWORD_HASH_COST, sessions, principals, files),
    users: new UserService(
      database.db,
      { passwordHashCost: config.PASSWORD_HASH_COST, tenantMode: config.TENANT_MODE },
      sessions,
      principals,
      cache,
    ),
  };
}

export type Services = ReturnType<typeof createServices>;

/** Subscriptions and mirrors that must be ready before the first request. */
export async function startServices(services: Services): Promise<void> {
  await services.sessions.start();
  await services.principals.start();
}
