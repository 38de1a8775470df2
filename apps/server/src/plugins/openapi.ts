import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the route schemas; the explorer at /api/docs, the document at /api/docs/json. */
export default fp(async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Drone operations platform API',
        description:
          'BladeX-style API: envelope `{code, success, data, msg}`, 64-bit ids as strings, times ' +
          '`yyyy-MM-dd HH:mm:ss`. Sign in at `POST /api/blade-auth/oauth/token`, then send ' +
          '`Blade-Auth: bearer <access_token>`. `Accept-Language: en-US | zh-CN` chooses the message language.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bladeAuth: {
            type: 'apiKey',
            in: 'header',
            name: 'Blade-Auth',
            description: 'bearer <access_token>',
          },
          clientBasic: { type: 'http', scheme: 'basic', description: 'OAuth client id and secret' },
        },
      },
      security: [{ bladeAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The explorer's own policy (its pages load only its own scripts and styles); the security-headers plugin
  // keeps it. Not the plugin's `staticCSP: true`: that one upgrades requests to https, which breaks a server
  // on plain http (the default here).
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP:
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
      "font-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'",
  });
});
