import {
  CAPTCHA_CODE_HEADER,
  CAPTCHA_KEY_HEADER,
  CaptchaResponse,
  envelope,
  TENANT_HEADER,
  TokenError,
  TokenParams,
  TokenResponse,
  UserInfo,
} from '@aos/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['auth'];

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

/** Sign-in and session calls of spec §7 Auth (PROTOCOLS.md §1). */
export default async function authRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { token, captcha, auth, guard } = app.services;

  routes.post(
    '/api/blade-auth/oauth/token',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Sign in or refresh (OAuth2 grants password, captcha, refresh_token)',
        description:
          'Parameters in the query string (as the console sends them) or a form / JSON body. Client Basic auth ' +
          'required. Answers plain OAuth2 JSON, not the envelope.',
        security: [{ clientBasic: [] }],
        querystring: TokenParams,
        body: TokenParams.nullish(),
        response: { 200: TokenResponse, 400: TokenError, 401: TokenError },
      },
    },
    async (request) =>
      token.grant({
        params: { ...request.query, ...(request.body ?? {}) },
        authorization: request.headers.authorization,
        headers: {
          tenantId: header(request, TENANT_HEADER),
          captchaKey: header(request, CAPTCHA_KEY_HEADER),
          captchaCode: header(request, CAPTCHA_CODE_HEADER),
          deptId: header(request, 'Dept-Id'),
          roleId: header(request, 'Role-Id'),
          userAgent: header(request, 'User-Agent'),
        },
        ip: request.ip,
      }),
  );

  routes.get(
    '/api/blade-auth/oauth/captcha',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'A picture code: key and data-URL image (5 minutes, single use)',
        response: { 200: CaptchaResponse },
      },
    },
    async (request) => {
      await guard.limitRate('captcha', request.ip);
      const { key, image } = await captcha.create();
      return { key, image };
    },
  );

  routes.get(
    '/api/blade-auth/oauth/captchaString',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'The same picture code in the envelope, the image as SVG markup',
        response: { 200: envelope(z.object({ key: z.string(), image: z.string() })) },
      },
    },
    async (request, reply) => {
      await guard.limitRate('captcha', request.ip);
      const { key, svg } = await captcha.create();
      return reply.ok({ key, image: svg });
    },
  );

  routes.get(
    '/api/blade-auth/oauth/user-info',
    {
      config: { permission: 'authenticated', duringPasswordChange: true },
      schema: {
        tags,
        summary: 'The signed-in user with roles and permissions',
        response: { 200: envelope(UserInfo) },
      },
    },
    async (request, reply) => reply.ok(auth.userInfo(request.principal!)),
  );

  for (const method of ['GET', 'POST'] as const) {
    routes.route({
      method,
      url: '/api/blade-auth/oauth/logout',
      config: { permission: 'authenticated', duringPasswordChange: true },
      schema: {
        tags,
        summary: 'Sign out: revokes the session (refresh tokens and access tokens)',
        response: { 200: envelope(z.boolean()) },
      },
      handler: async (request, reply) => reply.ok(await auth.logout(request.principal!), 'auth.loggedOut'),
    });
  }

  routes.get(
    '/api/blade-auth/oauth/clear-cache',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "Drop cached permissions: the caller's, or everyone's for a platform administrator",
        response: { 200: envelope(z.boolean()) },
      },
    },
    async (request, reply) => reply.ok(await auth.clearCache(request.principal!), 'auth.cacheCleared'),
  );
}
