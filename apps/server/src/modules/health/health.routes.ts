import { envelope } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fail } from '../../plugins/errors.js';

const Component = z.object({ kind: z.string(), status: z.enum(['up', 'down']), latencyMs: z.number() });
const Health = z.object({ status: z.enum(['up', 'down']), database: Component, cache: Component });

async function probe(kind: string, check: () => Promise<void>) {
  const started = performance.now();
  try {
    await check();
    return { kind, status: 'up' as const, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { kind, status: 'down' as const, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  }
}

export default async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Database and cache status; 503 when one is down',
        response: { 200: envelope(Health), 503: envelope(Health) },
      },
    },
    async (_request, reply) => {
      const [database, cache] = await Promise.all([
        probe(app.database.kind, () => app.database.ping()),
        probe(app.cache.kind, () => app.cache.ping()),
      ]);
      const up = database.status === 'up' && cache.status === 'up';
      const data = { status: up ? ('up' as const) : ('down' as const), database, cache };
      return up ? reply.ok(data) : reply.status(503).send({ ...fail(503, 'down'), data });
    },
  );
}
