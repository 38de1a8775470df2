import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

/**
 * How long a stop may take: stop accepting, let in-flight requests finish, close sockets, jobs, the broker,
 * write buffered logs and telemetry, close the database. Past it the process exits anyway, with code 1.
 */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * The embedded database (PGlite) lives in this process alone: DATA_DIR/server.pid names the server using
 * it, so a second server refuses to open it and `npm run backup` / `restore` refuse while it runs. A file
 * left by a killed server names a dead process and is taken over.
 */
function claimDataDir(dataDir: string): void {
  const file = path.join(dataDir, 'server.pid');
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid) {
      let alive = true;
      try {
        process.kill(pid, 0);
      } catch (error) {
        alive = (error as NodeJS.ErrnoException).code === 'EPERM';
      }
      if (alive) {
        console.error(`another server (pid ${pid}) is using ${path.resolve(dataDir)}: not starting`);
        process.exit(1);
      }
    }
  } catch {
    // no pid file: nobody is using it
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${process.pid}\n`);
  process.on('exit', () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
    } catch {
      // gone already
    }
  });
}

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
  if (!config.DATABASE_URL) claimDataDir(config.DATA_DIR);
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
    // Node closes the connections idle when the stop begins; one whose request was still in flight turns
    // idle afterwards and would otherwise stay open until its keep-alive timeout (72 s), holding the close.
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
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
