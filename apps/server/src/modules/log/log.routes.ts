import {
  envelope,
  IdQuery,
  LogApiPageQuery,
  LogApiSchema,
  LogErrorPageQuery,
  LogErrorSchema,
  LogUsualPageQuery,
  LogUsualSchema,
  PageQuery,
  pageOf,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { LogKind } from './log.service.js';

const KINDS: Array<{ kind: LogKind; code: string; query: z.ZodObject; record: z.ZodType; noun: string }> = [
  { kind: 'usual', code: 'log_usual', query: LogUsualPageQuery, record: LogUsualSchema, noun: 'usual logs' },
  { kind: 'api', code: 'log_api', query: LogApiPageQuery, record: LogApiSchema, noun: 'API logs' },
  { kind: 'error', code: 'log_error', query: LogErrorPageQuery, record: LogErrorSchema, noun: 'error logs' },
];

/** The three read-only log tables (spec §7 /api/blade-log: usual, api, error). */
export default async function logRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { logs } = app.services;

  for (const { kind, code, query, record, noun } of KINDS) {
    const tags = [`log: ${kind}`];
    routes.get(
      `/api/blade-log/${kind}/list`,
      {
        config: { permission: code },
        schema: {
          tags,
          summary: `Page of ${noun} (newest first); the platform tenant sees every tenant's`,
          querystring: PageQuery.extend(query.shape),
          response: { 200: envelope(pageOf(record)) },
        },
      },
      async (request, reply) =>
        reply.ok(await logs.page(kind, request.ctx, request.query as PageQuery & Record<string, unknown>)),
    );
    routes.get(
      `/api/blade-log/${kind}/detail`,
      {
        config: { permission: code },
        schema: {
          tags,
          summary: `One of the ${noun}`,
          querystring: IdQuery,
          response: { 200: envelope(record) },
        },
      },
      async (request, reply) => reply.ok(await logs.detail(kind, request.ctx, request.query.id)),
    );
  }
}
