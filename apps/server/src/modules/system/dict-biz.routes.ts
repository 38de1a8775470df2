import { DictionaryItem, DictParentKeyQuery, envelope } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dictionaryRoutes } from './dict.routes.js';

/** Business dictionaries: each tenant's own copy (seeded at provisioning), the dictionary calls plus one extra. */
export default async function dictBizRoutes(app: FastifyInstance) {
  const store = app.services.dicts.biz;
  dictionaryRoutes(app, {
    base: '/api/blade-system/dict-biz',
    code: 'dict_biz',
    tag: 'system: dict-biz',
    noun: "the tenant's business dictionaries",
    store,
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/blade-system/dict-biz/getDictBizByParentKey',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['system: dict-biz'],
        summary:
          'The direct entries under the entry whose dictKey is `parentKey` in business dictionary `code` ' +
          '(e.g. code=task_nature&parentKey=1), in the caller language; [] when there is no such entry',
        querystring: DictParentKeyQuery,
        response: { 200: envelope(z.array(DictionaryItem)) },
      },
    },
    async (request, reply) =>
      reply.ok(await store.byParentKey(request.ctx, request.query.code, request.query.parentKey)),
  );
}
