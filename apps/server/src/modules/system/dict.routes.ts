import { DictionaryItem, DictionaryQuery, envelope } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dict, dictBiz } from '../../db/schema/index.js';

export default async function dictRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { dicts } = app.services;
  const response = { 200: envelope(z.array(DictionaryItem)) };

  routes.get(
    '/api/blade-system/dict/dictionary',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['system: dict'],
        summary: 'Entries of a system dictionary',
        querystring: DictionaryQuery,
        response,
      },
    },
    async (request, reply) => reply.ok(await dicts.dictionary(request.ctx, dict, request.query.code)),
  );

  routes.get(
    '/api/blade-system/dict-biz/dictionary',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['system: dict-biz'],
        summary: "Entries of one of the tenant's business dictionaries",
        querystring: DictionaryQuery,
        response,
      },
    },
    async (request, reply) => reply.ok(await dicts.dictionary(request.ctx, dictBiz, request.query.code)),
  );
}
