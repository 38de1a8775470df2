import {
  envelope,
  FlyOperatorIdsQuery,
  FlyOperatorPageQuery,
  FlyOperatorSchema,
  FlyOperatorSubmit,
  IdQuery,
  PageQuery,
  pageOf,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['fleet: fly operator'];
const BASE = '/api/cloud-user/fly-operator';

/** Fly operators (spec §7 "Fly operators"): page, detail, add (POST), update (PUT), remove (DELETE), turnOn/turnOff (PUT). */
export default async function flyOperatorRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { flyOperators } = app.services;

  routes.get(
    `${BASE}/page`,
    {
      config: { permission: 'fly_operator' },
      schema: {
        tags,
        summary: 'Page of fly operators (the console asks for page 1, size 9999)',
        querystring: PageQuery.extend(FlyOperatorPageQuery.shape),
        response: { 200: envelope(pageOf(FlyOperatorSchema)) },
      },
    },
    async (request, reply) => reply.ok(await flyOperators.page(request.ctx, request.query)),
  );
  routes.get(
    `${BASE}/detail`,
    {
      config: { permission: 'fly_operator' },
      schema: {
        tags,
        summary: 'One fly operator',
        querystring: IdQuery,
        response: { 200: envelope(FlyOperatorSchema) },
      },
    },
    async (request, reply) => reply.ok(await flyOperators.detail(request.ctx, request.query.id)),
  );
  routes.post(
    `${BASE}/add`,
    {
      config: { permission: 'fly_operator_add' },
      schema: {
        tags,
        summary: 'Add a fly operator (switched on)',
        body: FlyOperatorSubmit.omit({ id: true }),
        response: { 200: envelope(FlyOperatorSchema) },
      },
    },
    async (request, reply) => reply.ok(await flyOperators.add(request.ctx, request.body), 'common.added'),
  );
  routes.put(
    `${BASE}/update`,
    {
      config: { permission: 'fly_operator_edit' },
      schema: {
        tags,
        summary: 'Update a fly operator (id in the body)',
        body: FlyOperatorSubmit.required({ id: true }),
        response: { 200: envelope(FlyOperatorSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(await flyOperators.update(request.ctx, request.body), 'common.updated'),
  );
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
