import { DEFAULT_TENANT_ID, type Language, TENANT_HEADER } from '@aos/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiScopeAllows } from '../lib/api-scope.js';
import type { Ctx, Principal } from '../lib/context.js';
import { AppError, forbidden, unauthorized } from '../lib/errors.js';
import type { ProfileProblem } from '../modules/auth/principal.service.js';
import type { RouteEntry } from './types.js';

const PROBLEM_MESSAGES: Record<ProfileProblem, ConstructorParameters<typeof AppError>[1]> = {
  missing: 'common.tokenInvalid',
  frozen: 'auth.accountFrozen',
  tenantMissing: 'auth.tenantNotFound',
  tenantExpired: 'auth.tenantExpired',
  tenantFrozen: 'auth.tenantFrozen',
};

function languageOf(header: string | undefined): Language {
  return header?.trim().toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}

function bearer(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^bearer\s+(.+)$/i.exec(value.trim()) : null;
  return match?.[1];
}

/**
 * `/api` and everything under it except the API explorer (`/api/docs`, `/api/docs/...`). Only that exact
 * folder is exempt: `/api/docs-x` is an API path like any other (declares a permission, 401 for strangers).
 */
export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  if (pathname === '/api/docs' || pathname.startsWith('/api/docs/')) return false;
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** API scopes (docs/server.md "API scopes"): a granted rule covering `code` must allow the path. */
function checkApiScope(principal: Principal, code: string, url: string): void {
  if (!apiScopeAllows(principal.apiScopes, code, url)) throw forbidden('role.apiScopeDenied');
}

/**
 * Authentication, tenancy and permissions for every route. Each /api route must declare `config.permission`
 * (checked at start-up, so none can be forgotten). A signed-in call's tenant is the token's; a Tenant-Id
 * header that disagrees is refused. The server refuses what the roles do not grant, whatever the console shows.
 */
export default fp(async function authPlugin(app: FastifyInstance) {
  const { sessions, principals } = app.services;

  app.decorateRequest('language', 'zh-CN');
  app.decorateRequest('principal', null);
  app.decorateRequest('ctx', null as unknown as Ctx);

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);

  app.addHook('onRoute', (route) => {
    const isApi = isApiPath(route.url);
    const permission = route.config?.permission;
    if (isApi && permission === undefined) {
      throw new Error(`route ${route.method} ${route.url} declares no config.permission`);
    }
    for (const method of [route.method].flat()) {
      routeTable.push({
        method,
        url: route.url,
        permission: typeof permission === 'function' ? 'by input' : (permission ?? 'public'),
        schema: route.schema,
      });
    }
    // Permissions that depend on the validated input (submit: add or edit) are checked once it is parsed.
    if (typeof permission === 'function') {
      const check = async (request: FastifyRequest) => {
        const code = permission(request);
        if (!request.principal?.permissions.has(code)) throw forbidden();
        checkApiScope(request.principal, code, request.url);
      };
      const existing = route.preHandler ? [route.preHandler].flat() : [];
      route.preHandler = [check, ...existing];
    }
  });

  async function authenticate(request: FastifyRequest): Promise<Principal | null> {
    const token = bearer(request.headers['blade-auth']);
    if (!token) return null;
    const claims = sessions.verifyAccess(token);
    if (!claims) throw unauthorized('common.tokenInvalid');
    const resolved = await principals.resolve(claims);
    if (typeof resolved === 'string') throw new AppError(401, PROBLEM_MESSAGES[resolved]);
    return resolved;
  }

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    request.language = languageOf(request.headers['accept-language']);
    const declared = request.routeOptions.config.permission;
    const isApi = isApiPath(request.url);
    const permission = declared ?? (isApi ? undefined : 'public');
    const headerTenant = request.headers[TENANT_HEADER.toLowerCase()];
    const requestedTenant =
      typeof headerTenant === 'string' && headerTenant.trim() ? headerTenant.trim() : undefined;

    let principal: Principal | null = null;
    if (permission === 'public') {
      principal = await authenticate(request).catch(() => null);
    } else {
      // Unknown paths answer 401 to strangers as well: nothing about the API is revealed without a token.
      principal = await authenticate(request);
      if (!principal) throw unauthorized();
      // known before the checks, so a refused call is still logged with its caller
      request.principal = principal;
      if (requestedTenant && requestedTenant !== principal.tenantId) throw forbidden('common.tenantMismatch');
      if (
        typeof permission === 'string' &&
        permission !== 'authenticated' &&
        !principal.permissions.has(permission)
      ) {
        throw forbidden();
      }
      if (typeof permission === 'string' && permission !== 'authenticated') {
        checkApiScope(principal, permission, request.url);
      }
      // An init password (new tenant admin, reset) is changed before anything else is allowed.
      if (principal.passwordChangeRequired && !request.routeOptions.config.duringPasswordChange) {
        throw forbidden('auth.passwordChangeRequired');
      }
    }
    request.principal = principal;
    request.ctx = {
      tenantId: principal?.tenantId ?? requestedTenant ?? DEFAULT_TENANT_ID,
      user: principal,
      roles: principal?.roleIds ?? [],
      depts: principal?.deptIds ?? [],
      dataScopes: principal?.dataScopes ?? [],
      language: request.language,
      db: app.database.db,
    };
  });
});
