import { envelope, RouteCheckBody, RouteCheckSchema } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fieldError } from '../../lib/errors.js';

const tags = ['gis: route'];
const BASE = '/api/aos-gisservice/routemanageline';

/** The route checks before saving and before flying (issue 16; docs/route.md "Checks"). */
export default async function routeCheckRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { routeChecks, routes: routeService } = app.services;

  routes.post(
    `${BASE}/check`,
    {
      config: { permission: 'route' },
      schema: {
        tags,
        summary:
          'Check a route against zones, fences, airports, airspaces, the height limit, dock reach and endurance',
        description:
          'A saved route by `id` (its own aircraft and dock unless `aircraftModelId` / `hangarId` are given), or ' +
          'a `design` with its `aircraftModelId`; `startTime` (`yyyy-MM-dd HH:mm:ss`, default now) picks the ' +
          'zone and airspace windows. Each item is `block` or `warn`, names the zone, fence, airport, dock or ' +
          'approval concerned and the waypoints (`[wayline, index]`); `ok` is false when one blocks.',
        body: RouteCheckBody,
        response: { 200: envelope(RouteCheckSchema) },
      },
    },
    async (request, reply) => {
      const { ctx } = request;
      const { id, design, aircraftModelId, hangarId, startTime } = request.body;
      const options = {
        ...(hangarId === undefined ? {} : { hangarId }),
        ...(startTime === undefined ? {} : { startTime }),
      };
      if (id) {
        const saved = await routeService.flight(ctx, id);
        return reply.ok(
          await routeChecks.checkSaved(ctx, saved, {
            ...options,
            ...(aircraftModelId ? { aircraftModelId } : {}),
          }),
        );
      }
      if (!design) throw fieldError('design', 'route.designRequired');
      if (!aircraftModelId) throw fieldError('aircraftModelId', 'route.aircraft');
      return reply.ok(await routeChecks.check(ctx, { design, aircraftModelId, ...options }));
    },
  );
}
