import {
  envelope,
  FlyOperatorIdsQuery,
  FlyOperatorPageQuery,
  FlyOperatorSchema,
  FlyOperatorSubmit,
  PageQuery,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes.js';

const tags = ['fleet: fly operator'];
const BASE = '/api/cloud-user/fly-operator';

/** Fly operators (spec §7 "Fly operators"): page, detail, add (POST), update (PUT), remove (DELETE), turnOn/turnOff (PUT). */
export default async function flyOperatorRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { flyOperators } = app.services;

  crudRoutes(app, {
    base: BASE,
    tags,
    code: 'fly_operator',
    service: flyOperators,
    schemas: {
      record: FlyOperatorSchema,
      pageQuery: PageQuery.extend(FlyOperatorPageQuery.shape),
      submit: FlyOperatorSubmit,
    },
    routes: {
      page: { page: 'Page of fly operators (the console asks for page 1, size 9999)' },
      detail: 'One fly operator',
      add: 'Add a fly operator (switched on)',
      update: 'Update a fly operator (id in the body)',
    },
  });
  // remove, turnOn and turnOff take the ids as the contract's FlyOperatorIdsQuery
  routes.delete(
    `${BASE}/remove`,
    {
      config: { permission: 'fly_operator_delete' },
      schema: {
        tags,
        summary: 'Remove fly operators by comma-separated ids',
        querystring: FlyOperatorIdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(await flyOperators.remove(request.ctx, request.query.ids), 'common.deleted'),
  );
  routes.put(
    `${BASE}/turnOn`,
    {
      config: { permission: 'fly_operator_on' },
      schema: {
        tags,
        summary: 'Switch fly operators on, in bulk (refused when a licence has expired)',
        querystring: FlyOperatorIdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(await flyOperators.turnOn(request.ctx, request.query.ids), 'fleet.turnedOn'),
  );
  routes.put(
    `${BASE}/turnOff`,
    {
      config: { permission: 'fly_operator_off' },
      schema: {
        tags,
        summary: 'Switch fly operators off, in bulk',
        querystring: FlyOperatorIdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(await flyOperators.turnOff(request.ctx, request.query.ids), 'fleet.turnedOff'),
  );
}
