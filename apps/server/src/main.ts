import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

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
  const app = await buildApp({ config });
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ host: config.HOST, port: config.PORT });
  const where = `http://localhost:${config.PORT}`;
  app.log.info(
    {
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
