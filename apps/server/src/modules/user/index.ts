import { defineArea, type Services } from '../../area.js';
import { loginLog, user } from '../../db/schema/index.js';
import type { Platform } from '../../platform.js';
import profileRoutes from './profile.routes.js';
import { ProfileService } from './profile.service.js';
import userRoutes from './user.routes.js';
import { UserService } from './user.service.js';

function buildServices(
  { config, database, cache }: Platform,
  services: Services,
): Pick<Services, 'users' | 'profiles'> {
  const { sessions, principals, files, tenants, guard } = services;
  return {
    users: new UserService(
      database.db,
      { passwordHashCost: config.PASSWORD_HASH_COST, tenantMode: config.TENANT_MODE },
      sessions,
      principals,
      cache,
      tenants,
    ),
    profiles: new ProfileService(config.PASSWORD_HASH_COST, sessions, principals, files, guard),
  };
}

declare module '../../area.js' {
  /** the user area's */
  interface Services {
    users: UserService;
    profiles: ProfileService;
  }
}

/** Users (spec §7 blade-user, cloud-user/status), the personal centre and the sign-in log. */
export default defineArea({
  name: 'user',
  needs: ['auth', 'resource', 'system'],
  services: buildServices,
  // The sign-in log hears every password sign-in, on the instance that answered it.
  subscribe: (events, { users }) => events.on('auth.signedIn', (event) => users.logs.record(event)),
  routes: [profileRoutes, userRoutes],
  tables: [user, loginLog],
  permissions: ['user'],
  // Inserts of the sign-in log still under way finish before the database closes.
  stop: (app) => app.services.users.logs.flush(),
});
