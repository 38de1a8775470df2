import { errorCodes, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.js';

/**
 * JSON bodies, with `__proto__` and `constructor.prototype` keys refused as Fastify's own parser
 * (secure-json-parse) refuses them, but answered as what they are, with the key named: `{"__proto__": ...}` is
 * valid JSON, so Fastify's "not valid JSON" would be untrue. Duplicate keys are a documented
 * normalisation: the last one counts, as in JSON.parse.
 */
export default fp(async function jsonBodyPlugin(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
    }
    const forbidden = forbiddenKey(parsed);
    if (forbidden) return done(badRequest('validation.forbiddenKey', { field: forbidden }), undefined);
    done(null, parsed);
  });
});

/** The path of the first `__proto__` key or `constructor.prototype` in a parsed body, or null. */
export function forbiddenKey(value: unknown, path = ''): string | null {
  if (value === null || typeof value !== 'object') return null;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    const here = path ? `${path}.${key}` : key;
    if (!Array.isArray(value)) {
      if (key === '__proto__') return here;
      if (key === 'constructor' && item !== null && typeof item === 'object' && 'prototype' in item)
        return `${here}.prototype`;
    }
    const inner = forbiddenKey(item, here);
    if (inner) return inner;
  }
  return null;
}
