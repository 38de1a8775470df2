import {
  BaseStationPageQuery,
  BaseStationSchema,
  BaseStationSubmit,
  envelope,
  PageQuery,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes.js';

const tags = ['gis: base station'];
const BASE = '/api/aos-gisservice/basestation';

/** Base stations (spec §7 GIS basestation): page, list, detail, submit, remove. */
export default async function baseStationRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { baseStations } = app.services;

  crudRoutes(app, {
    base: BASE,
    tags,
    code: 'basestation',
    service: baseStations,
    schemas: {
      record: BaseStationSchema,
      pageQuery: PageQuery.extend(BaseStationPageQuery.shape),
      submit: BaseStationSubmit,
    },
    routes: {
      page: { page: 'Page of base stations' },
      detail: 'One base station',
      submit: 'Add (no id) or update (with id) a base station; coordinates as "longitude,latitude"',
      remove: 'Remove base stations by comma-separated ids',
    },
  });
  routes.get(
    `${BASE}/list`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Every base station of the tenant (maps and pickers)',
        querystring: BaseStationPageQuery,
        response: { 200: envelope(z.array(BaseStationSchema)) },
      },
    },
    async (request, reply) => reply.ok(await baseStations.list(request.ctx, request.query)),
  );
}
