import {
  envelope,
  PageQuery,
  UavAirportBind,
  UavAirportPageQuery,
  UavAirportSchema,
  UavAirportSubmit,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes.js';

const tags = ['gis: takeoff/landing point'];
const BASE = '/api/aos-gisservice/uavairport';

/** Takeoff/landing points (spec §7 GIS uavairport): list (a page), detail, submit, remove, updateUav. */
export default async function uavAirportRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { uavAirports } = app.services;

  crudRoutes(app, {
    base: BASE,
    tags,
    code: 'airport',
    service: uavAirports,
    schemas: {
      record: UavAirportSchema,
      pageQuery: PageQuery.extend(UavAirportPageQuery.shape),
      submit: UavAirportSubmit,
    },
    routes: {
      page: { list: 'Page of takeoff/landing points with their bound drones' },
      detail: 'One takeoff/landing point with its bound drones',
      submit: {
        summary: 'Add (no id) or update (with id) a takeoff/landing point, with its bound drones',
        description:
          'droneIds replaces the bound drones. A drone is bound to one point only: one bound elsewhere is ' +
          'refused (400 on droneIds naming it), not moved.',
      },
      remove: 'Remove takeoff/landing points by comma-separated ids (their drones are freed)',
    },
  });
  routes.post(
    `${BASE}/updateUav`,
    {
      config: { permission: 'airport_bind_uav' },
      schema: {
        tags,
        summary: "Replace a point's bound drones (none: unbind all); a drone bound elsewhere is refused",
        body: UavAirportBind,
        response: { 200: envelope(UavAirportSchema) },
      },
    },
    async (request, reply) => reply.ok(await uavAirports.bind(request.ctx, request.body), 'common.updated'),
  );
}
