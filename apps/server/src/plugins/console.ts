import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { consolePolicy, inlineScriptHashes } from './security-headers.js';

export interface ConsoleOptions {
  /** the built console (apps/web/dist); null: not served. It may be built (or rebuilt) while the server runs. */
  root: string | null;
}

const NOT_BUILT =
  'The console is not built (no index.html in its folder): run `npm run build`, then reload the page.\n';

/** Content-hashed names never change content: a year, immutable. Everything else is revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The policy of a console page as it is on disk now (its inline scripts' hashes), kept for its last version. */
const policies = new Map<string, string>();
async function pagePolicy(file: string): Promise<string> {
  const { mtimeMs, size } = await stat(file);
  const version = `${file}:${mtimeMs}:${size}`;
  let policy = policies.get(version);
  if (!policy) {
    policy = consolePolicy(inlineScriptHashes(await readFile(file, 'utf8')));
    policies.clear();
    policies.set(version, policy);
  }
  return policy;
}

/** Paths the console never owns: the API, the settings script and uploaded files. */
export function isConsoleRoute(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0] ?? '';
  return !(
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname === '/config.js' ||
    pathname.startsWith('/files/')
  );
}

/**
 * The file a URL path names inside `root`, as a path relative to it, or null when it names none: a path
 * that leaves the folder (`..`, encoded or not, a symbolic link pointing out), a dotfile, a folder, a
 * missing file, or one that cannot be decoded. `root` must be a real path (no symbolic link in it).
 */
export async function fileInside(root: string, pathname: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter(Boolean);
  if (segments.some((segment) => segment.startsWith('.'))) return null; // also '..'
  try {
    const real = await realpath(path.join(root, ...segments));
    const relative = path.relative(root, real);
    if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return null;
    return (await stat(real)).isFile() ? relative : null;
  } catch {
    return null;
  }
}

/**
 * The built console, read from disk on every request, so a rebuild under a running server is served at
 * once (the old list of files found at start answered 404 for the new hashed names). `/assets/*` (hashed
 * names) are cached for a year; index.html and the other files are revalidated. Other console paths
 * (/login, /system/user/index...) are the single-page app's own routes and answer index.html. The
 * not-found handler sends every console route here (`reply.consolePage()`): no route of ours shadows an API.
 */
export default fp(async function consolePlugin(app: FastifyInstance, options: ConsoleOptions) {
  const root = options.root ? path.resolve(options.root) : null;
  // Only the reply decorator: which file to send is decided below, from what is on disk now.
  await app.register(fastifyStatic, { serve: false });
  if (!root) app.log.info('console not served: only the API');

  let realRoot: string | null = null;
  const resolveRoot = async () => {
    if (!root) return null;
    realRoot ??= await realpath(root).catch(() => null);
    return realRoot;
  };

  app.decorateReply('consolePage', async function consolePage(this: FastifyReply) {
    const base = await resolveRoot();
    const index = base && (await fileInside(base, '/index.html'));
    if (!base || !index) return this.code(404).type('text/plain; charset=utf-8').send(NOT_BUILT);
    const pathname = this.request.url.split('?')[0] ?? '/';
    const file = await fileInside(base, pathname);
    if (file) {
      const segments = file.split(path.sep);
      if (file.endsWith('.html'))
        this.header('content-security-policy', await pagePolicy(path.join(base, file)));
      // send() decodes the name it is given: encode each segment so a '%' in a name stays one.
      return this.header('cache-control', segments[0] === 'assets' ? IMMUTABLE : 'no-cache').sendFile(
        segments.map(encodeURIComponent).join('/'),
        base,
        { cacheControl: false },
      );
    }
    // A missing asset is a 404, never the page (a browser would try to run HTML as a script).
    if (pathname.startsWith('/assets/'))
      return this.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    return this.code(200)
      .header('cache-control', 'no-cache')
      .header('content-security-policy', await pagePolicy(path.join(base, 'index.html')))
      .sendFile('index.html', base, { cacheControl: false });
  });
});
