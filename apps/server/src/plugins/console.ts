import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

export interface ConsoleOptions {
  /** the built console (apps/web/dist); null or a folder without index.html: not served */
  root: string | null;
}

const NOT_BUILT =
  'The console is not built (no index.html in its folder): run `npm run build`, then restart the server.\n';

/** Paths the console never owns: the API, the settings script, uploaded files, and built assets. */
export function isConsoleRoute(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0] ?? '';
  return !(
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname === '/config.js' ||
    pathname.startsWith('/files/') ||
    pathname.startsWith('/assets/')
  );
}

/**
 * The built console: every file of its folder is a route (found once at start), `/assets/*` (content-hashed
 * names) cached for a year, everything else revalidated. Other console paths (/login, /system/user/index...)
 * are the single-page app's own routes: the not-found handler answers them with `reply.consolePage()`.
 */
export default fp(async function consolePlugin(app: FastifyInstance, options: ConsoleOptions) {
  const root = options.root && existsSync(path.join(options.root, 'index.html')) ? options.root : null;

  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // Served by the API itself, whatever the build holds.
      globIgnore: ['config.js', 'api/**', 'files/**'],
      cacheControl: false,
      setHeaders(reply, file) {
        const relative = path.relative(root, file).split(path.sep);
        reply.header(
          'cache-control',
          relative[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.info({ root: options.root }, 'console not built: only the API is served');
  }

  app.decorateReply('consolePage', function consolePage(this: FastifyReply) {
    if (!root) return this.code(404).type('text/plain; charset=utf-8').send(NOT_BUILT);
    return this.code(200).sendFile('index.html');
  });
});
