import { defineArea, type Services } from '../../area.js';
import { refreshToken } from '../../db/schema/index.js';
import type { Platform } from '../../platform.js';
import authRoutes from './auth.routes.js';
import { AuthService } from './auth.service.js';
import { CaptchaService } from './captcha.service.js';
import { LoginGuard } from './login-guard.js';
import { PrincipalService } from './principal.service.js';
import { SessionService } from './session.service.js';
import { TokenService } from './token.service.js';

function buildServices({
  config,
  database,
  cache,
  events,
}: Platform): Pick<Services, 'sessions' | 'principals' | 'captcha' | 'guard' | 'token' | 'auth'> {
  const sessions = new SessionService(config.JWT_SECRET, cache);
  const principals = new PrincipalService(database.db, cache);
  const captcha = new CaptchaService(cache);
  const guard = new LoginGuard(cache, config.LOGIN_LOCK_SECONDS, {
    captcha: { max: config.CAPTCHA_PER_MINUTE_PER_IP, seconds: 60 },
    sms: { max: config.SMS_CODES_PER_HOUR_PER_IP, seconds: 3600 },
  });
  return {
    sessions,
    principals,
    captcha,
    guard,
    token: new TokenService(database.db, config, sessions, principals, captcha, guard, events),
    auth: new AuthService(database.db, sessions, principals),
  };
}

declare module '../../area.js' {
  /** the auth area's */
  interface Services {
    /** access tokens, refresh tokens and revoked sessions */
    sessions: SessionService;
    /** the signed-in user as every request sees it (cached, invalidated on every instance) */
    principals: PrincipalService;
    captcha: CaptchaService;
    guard: LoginGuard;
    token: TokenService;
    auth: AuthService;
  }
}

/** Sign-in (spec §7 blade-auth): grants, tokens, sessions, lockouts, captcha; tells `auth.signedIn`. */
export default defineArea({
  name: 'auth',
  services: buildServices,
  routes: [authRoutes],
  tables: [refreshToken],
  async start(app) {
    // Revocations and profile changes made on other instances are heard before the first request.
    await app.services.sessions.start();
    await app.services.principals.start();
  },
});
