import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

/**
 * How long a stop may take: stop accepting, let in-flight requests finish, close sockets, jobs, the broker,
 * write buffered logs and telemetry, close the database. Past it the process exits anyway, with code 1.
 */
export const SHUTDOWN_DEADLINE_MS = 10_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let stopping: NodeJS.Signals | undefined;
  // Listening for the signals before the app is built: a stop asked for during the start (migrations,
  // the seed) waits for the start to finish, then closes the database properly, rather than killing it.
  const early = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = signal;
    console.error(`${signal} during the start: stopping once started`);
    setTimeout(() => {
      console.error(`the start did not finish within ${SHUTDOWN_DEADLINE_MS} ms of ${signal}: exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
  };
  process.on('SIGINT', early);
  process.on('SIGTERM', early);
  const app = await buildApp({ config });
  const stop = (signal: NodeJS.Signals) => {
    // A process-group SIGTERM reaches the server twice under npm (the kernel's, then npm's forwarded one):
    // the repeat must not cut the graceful stop short, so later signals are noted and otherwise ignored.
    if (stopping) {
      app.log.warn({ signal }, 'already shutting down');
      return;
    }
    stopping = signal;
    const began = performance.now();
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error(
        { signal, deadlineMs: SHUTDOWN_DEADLINE_MS },
        'shutdown did not finish before its deadline: exiting anyway',
      );
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS); // not unref'd: a close waiting on nothing still ends in this exit, not a silent 0
    app.close().then(
      () => {
        clearTimeout(deadline);
        app.log.info({ signal, ms: Math.round(performance.now() - began) }, 'shut down');
        process.exit(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        app.log.error({ err: error, signal }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.off('SIGINT', early);
  process.off('SIGTERM', early);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (stopping) {
    const signal = stopping;
    stopping = undefined;
    stop(signal);
    return;
  }
  await app.listen({ host: config.HOST, port: config.PORT });
  const port = (app.server.address() as AddressInfo | null)?.port ?? config.PORT;
  const where = `http://localhost:${port}`;
  app.log.info(
    {
      port,
      database: app.database.kind,
      cache: app.cache.kind,
      tenantMode: config.TENANT_MODE,
      captcha: config.CAPTCHA_ENABLED,
    },
    `platform ready at ${where} (API docs ${where}/api/docs)`,
  );
  if (config.adminPasswordIsDemo) {
    app.log.warn(
      `demo sign-in: tenant 000000, account admin, password ${config.ADMIN_PASSWORD} ` +
        '(set ADMIN_PASSWORD before the first start of a real installation)',
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
