import type { FastifyInstance } from 'fastify';
import { consoleConfig, consoleScript } from './console.service.js';

/** `GET /config.js`: the console's settings as a script, loaded by index.html before the bundle. */
export default async function consoleRoutes(app: FastifyInstance) {
  // The configuration is read once at start, so the script is built once.
  const script = consoleScript(consoleConfig(app.config));
  app.get(
    '/config.js',
    {
      config: { permission: 'public' },
      schema: { tags: ['console'], summary: 'The console settings: window.__AOS_CONFIG__ = {...}' },
    },
    async (_request, reply) =>
      reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );
}
