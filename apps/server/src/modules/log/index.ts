import { defineArea, type Services } from '../../area.js';
import { logApi, logError, logUsual } from '../../db/schema/index.js';
import type { Platform } from '../../platform.js';
import logRoutes from './log.routes.js';
import { LogService } from './log.service.js';

function buildServices({ database }: Platform): Pick<Services, 'logs'> {
  return { logs: new LogService(database.db) };
}

declare module '../../area.js' {
  /** the log area's */
  interface Services {
    /** usual, API and error logs, written in batches (the api-log and errors plugins write through it) */
    logs: LogService;
  }
}

/** Logs (spec §7 blade-log): usual, API and error logs. */
export default defineArea({
  name: 'log',
  services: buildServices,
  routes: [logRoutes],
  tables: [logUsual, logApi, logError],
  permissions: ['log_usual', 'log_api', 'log_error'],
});
