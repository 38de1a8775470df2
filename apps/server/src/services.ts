import path from 'node:path';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Cache } from './lib/cache.js';
import { AuthService } from './modules/auth/auth.service.js';
import { CaptchaService } from './modules/auth/captcha.service.js';
import { LoginGuard } from './modules/auth/login-guard.js';
import { PrincipalService } from './modules/auth/principal.service.js';
import { SessionService } from './modules/auth/session.service.js';
import { TokenService } from './modules/auth/token.service.js';
import { FileService } from './modules/resource/file.service.js';
import { DictService } from './modules/system/dict.service.js';
import { MenuService } from './modules/system/menu.service.js';
import { PostService } from './modules/system/post.service.js';
import { ProfileService } from './modules/user/profile.service.js';

/** Every service, built once per app from the infrastructure it needs. Routes reach them as `app.services`. */
export function createServices(config: Config, database: Database, cache: Cache) {
  const sessions = new SessionService(config.JWT_SECRET, cache);
  const principals = new PrincipalService(database.db, cache);
  const captcha = new CaptchaService(cache);
  const guard = new LoginGuard(cache, config.LOGIN_LOCK_SECONDS);
  const files = new FileService(path.resolve(config.DATA_DIR, 'files'));
  return {
    sessions,
    principals,
    captcha,
    guard,
    token: new TokenService(database.db, config, sessions, principals, captcha, guard),
    auth: new AuthService(database.db, sessions, principals),
    menus: new MenuService(),
    dicts: new DictService(),
    posts: new PostService(),
    files,
    profiles: new ProfileService(config.PASSWORD_HASH_COST, sessions, principals, files),
  };
}

export type Services = ReturnType<typeof createServices>;

/** Subscriptions and mirrors that must be ready before the first request. */
export async function startServices(services: Services): Promise<void> {
  await services.sessions.start();
  await services.principals.start();
}
