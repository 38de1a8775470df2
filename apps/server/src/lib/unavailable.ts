/**
 * Whether `error` (or an error it wraps, `cause` by `cause`) says a backing service cannot be reached right
 * now: PostgreSQL restarting or gone, Redis disconnected. Such a failure is the service's, not a bug of this
 * server: a request answers 503 (`common.unavailable`) instead of 500, and the telemetry writer keeps its
 * batch and tries again instead of dropping it.
 */
export function isUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, name, message } = current as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_UNAVAILABLE.test(code))) return true;
    if (name === 'MaxRetriesPerRequestError') return true;
    if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Socket errors of a connection to the database or the cache. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATE classes 08 (connection exception) and 57P0x (admin_shutdown, crash_shutdown,
 * cannot_connect_now: the server is stopping or starting).
 */
const PG_UNAVAILABLE = /^(08...|57P0[1-3])$/;

/** What node-postgres and ioredis say when the connection went away (they give no code). */
const MESSAGES = [
  /^Connection terminated/, // pg: the server closed the connection mid-query
  /^timeout exceeded when trying to connect/, // pg pool: connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable/, // pg
  /^Connection is closed\.?$/, // ioredis
  /^Stream isn't writeable/, // ioredis without the offline queue
];
