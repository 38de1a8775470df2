import {
  ClientPageQuery,
  ClientSaved,
  ClientSchema,
  ClientSubmit,
  envelope,
  IdQuery,
  IdsQuery,
  PageQuery,
  pageOf,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['system: client'];
const base = '/api/blade-system/client';

/** OAuth clients: spec §7 System client; platform tenant only (checked in the service too). */
export default async function clientRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { clients } = app.services;

  routes.get(
    `${base}/list`,
    {
      config: { permission: 'client' },
      schema: {
        tags,
        summary: 'Page of OAuth clients (secrets are never returned)',
        querystring: PageQuery.extend(ClientPageQuery.shape),
        response: { 200: envelope(pageOf(ClientSchema)) },
      },
    },
    async (request, reply) => reply.ok(await clients.page(request.ctx, request.query)),
  );
  routes.get(
    `${base}/detail`,
    {
      config: { permission: 'client' },
      schema: {
        tags,
        summary: 'One OAuth client',
        querystring: IdQuery,
        response: { 200: envelope(ClientSchema) },
      },
    },
    async (request, reply) => reply.ok(await clients.detail(request.ctx, request.query.id)),
  );
  routes.post(
    `${base}/submit`,
    {
      config: { permission: (request) => ((request.body as ClientSubmit).id ? 'client_edit' : 'client_add') },
      schema: {
        tags,
        summary:
          'Add (no id) or update (with id) a client; the answer carries the secret when this call set it',
        body: ClientSubmit,
        response: { 200: envelope(ClientSaved) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await clients.submit(request.ctx, request.body),
        request.body.id ? 'common.updated' : 'common.added',
      ),
  );
  routes.post(
    `${base}/remove`,
    {
      config: { permission: 'client_delete' },
      schema: {
        tags,
        summary: 'Remove clients by comma-separated ids (not the one the console signs in with)',
        querystring: IdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(await clients.remove(request.ctx, request.query.ids), 'common.deleted'),
  );
}
