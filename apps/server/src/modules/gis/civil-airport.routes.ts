import {
  CivilAirportPageQuery,
  CivilAirportSchema,
  CivilAirportSubmit,
  envelope,
  PageQuery,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes.js';

const tags = ['gis: civil airport'];
const BASE = '/api/aos-gisservice/civilairport';

/**
 * Civil airports (spec §1, §9; not in spec §7, so named as its other GIS resources are): page, list, detail,
 * submit, remove. Each answer carries the 10 km buffer and the height-limit area computed from the runway.
 */
export default async function civilAirportRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { civilAirports } = app.services;

  crudRoutes(app, {
    base: BASE,
    tags,
    code: 'airport',
    service: civilAirports,
    schemas: {
      record: CivilAirportSchema,
      pageQuery: PageQuery.extend(CivilAirportPageQuery.shape),
      submit: CivilAirportSubmit,
    },
    routes: {
      page: { page: 'Page of civil airports' },
      detail: 'One civil airport with its 10 km buffer and height-limit area',
      submit: {
        summary: 'Add (no id) or update (with id) a civil airport',
        description:
          'The buffer (10 km around the runway) and the height-limit area (10 km either side of the ' +
          'centreline, 20 km beyond both thresholds, floor = heightLimit) are computed from the runway and ' +
          'enter the flight checks.',
      },
      remove: 'Remove civil airports by comma-separated ids (their areas leave the flight checks)',
    },
  });
  routes.get(
    `${BASE}/list`,
    {
      config: { permission: 'airport' },
      schema: {
        tags,
        summary: 'Every civil airport of the tenant matching the filters (maps)',
        querystring: CivilAirportPageQuery,
        response: { 200: envelope(z.array(CivilAirportSchema)) },
      },
    },
    async (request, reply) => reply.ok(await civilAirports.list(request.ctx, request.query)),
  );
}
