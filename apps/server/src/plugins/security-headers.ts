import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every answer. The console authenticates with a token in a header (`Blade-Auth`), never
 * a cookie, so a page of another site cannot make a browser send an authenticated request: no CSRF token is
 * needed (docs/server.md "Security headers and CSRF").
 *
 * - `X-Content-Type-Options: nosniff`: a browser takes the type we send, never guesses one.
 * - `Referrer-Policy: strict-origin-when-cross-origin`: other sites (map tiles, video servers) learn our origin
 *   at most, never a page's address with its query (`?sn=`); some tile servers require a referrer.
 * - `X-Frame-Options` and CSP `frame-ancestors`: only our own pages may frame ours (click-jacking).
 * - `Content-Security-Policy`: the console's pages run scripts of our origin only (and the inline start-up
 *   script of index.html, by its hash); every other answer (API JSON, errors) is `default-src 'none'`, so a
 *   body opened as a page can run nothing. An answer that sets its own policy keeps it (stored files, the API
 *   explorer).
 */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The SHA-256 sources of the inline `<script>` elements (those without `src`) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? '')) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/**
 * The console's policy. Map tiles, camera streams (HLS over XHR and MSE `blob:` media) and their servers are
 * configured by the platform and by tenants, on any host and often plain http on a site's network, so
 * images, media and connections may come from anywhere; scripts, styles' files, fonts, workers and forms may
 * not. Styles allow inline: antd writes its styles at run time.
 */
export function consolePolicy(inlineScripts: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScripts.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    "media-src 'self' blob: http: https:",
    "connect-src 'self' ws: wss: http: https:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export default fp(async function securityHeadersPlugin(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_POLICY);
    return payload;
  });
});
