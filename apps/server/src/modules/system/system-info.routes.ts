import { readFileSync } from 'node:fs';
import { envelope, PLATFORM_TENANT_ID } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatDateTime } from '../../lib/time.js';

const SystemInfo = z.object({
  platformName: z.string(),
  version: z.string(),
  serverTime: z.string(),
  timeZone: z.string(),
  startedAt: z.string(),
  uptimeSeconds: z.number().int(),
  tenantMode: z.boolean(),
  captchaEnabled: z.boolean(),
  /** only for the platform tenant: what the server runs on */
  runtime: z
    .object({
      node: z.string(),
      platform: z.string(),
      database: z.string(),
      cache: z.string(),
      memoryMb: z.number(),
      /** telemetry samples since start: written, waiting for the database, dropped (counted, logged) */
      telemetry: z.object({
        written: z.number().int(),
        pending: z.number().int(),
        dropped: z.number().int(),
        retries: z.number().int(),
      }),
      /** device messages since start: received, not handled (registry unreadable), events received twice */
      deviceLink: z.object({
        received: z.number().int(),
        failed: z.number().int(),
        duplicateEvents: z.number().int(),
      }),
    })
    .optional(),
});

const VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** `getSystemInfo` (spec §7 System): what the console shows about the platform it talks to. */
export default async function systemInfoRoutes(app: FastifyInstance) {
  const started = new Date();
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/blade-system/getSystemInfo',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['system: info'],
        summary: 'Platform name, version, server time and uptime; runtime details for the platform tenant',
        response: { 200: envelope(SystemInfo) },
      },
    },
    async (request, reply) => {
      const { config } = app;
      const now = new Date();
      return reply.ok({
        platformName: config.PLATFORM_NAME,
        version: VERSION,
        serverTime: formatDateTime(now),
        timeZone: config.TIME_ZONE,
        startedAt: formatDateTime(started),
        uptimeSeconds: Math.floor((now.getTime() - started.getTime()) / 1000),
        tenantMode: config.TENANT_MODE,
        captchaEnabled: config.CAPTCHA_ENABLED,
        runtime:
          request.ctx.tenantId === PLATFORM_TENANT_ID
            ? {
                node: process.version,
                platform: `${process.platform} ${process.arch}`,
                database: app.database.kind,
                cache: app.cache.kind,
                memoryMb: Math.round(process.memoryUsage().rss / 1048576),
                telemetry: telemetryFigures(app),
                deviceLink: {
                  received: app.platform.deviceLink.stats.received,
                  failed: app.platform.deviceLink.stats.failed,
                  duplicateEvents: app.platform.deviceLink.stats.duplicateEvents,
                },
              }
            : undefined,
      });
    },
  );
}

function telemetryFigures(app: FastifyInstance) {
  const writer = app.services.telemetryWriter;
  return {
    written: writer.stats.written,
    pending: writer.pendingRows,
    dropped: writer.stats.droppedRows,
    retries: writer.stats.retries,
  };
}
