import type { FastifyBaseLogger } from 'fastify';

/** What the device link logs with: the app's pino logger, or a stub in unit tests. */
export type LinkLogger = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

/** A logger that drops everything, until the app gives the link its own. */
export const silentLogger: LinkLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
