import {
  AreaCheckRequest,
  AreaCheckResultSchema,
  AreaHitSchema,
  AreaQueryRequest,
  envelope,
  GeoPageQuery,
  pageOf,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['gis: forbidden fly area'];
const BASE = '/api/cloud-task/forbidden-fly-area';
const KINDS = 'nofly, nofly_outside, airport_buffer, airport_height_limit, fence, flyzone, airspace';

/**
 * Spec §7 `forbidden-fly-area`: the tenant's areas for a map (geoPage), the areas a geometry touches
 * (areaQuery), and the flight check (check). Any signed-in user of the tenant: every screen that plans or shows
 * a flight needs them.
 */
export default async function areaQueryRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { areaChecks } = app.services;

  routes.get(
    `${BASE}/geoPage`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "Page of the tenant's areas of every kind, for a map",
        description:
          `bbox=west,south,east,north (degrees): only areas whose box meets it; kinds: comma list of ${KINDS}. ` +
          'Records are area hits (within is false).',
        querystring: GeoPageQuery,
        response: { 200: envelope(pageOf(AreaHitSchema)) },
      },
    },
    async (request, reply) => reply.ok(await areaChecks.geoPage(request.ctx, request.query)),
  );

  routes.post(
    `${BASE}/areaQuery`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The areas a point, a line, a polygon or a circle touches, at a height and a time',
        description:
          'Body: geometry (GeoJSON Point, LineString, Polygon, or {type: "Circle", center, radius}), height ' +
          '(metres above take-off; absent: every height), time (yyyy-MM-dd HH:mm:ss; absent: now), kinds. ' +
          'within: the geometry lies wholly inside the area.',
        body: AreaQueryRequest,
        response: { 200: envelope(z.array(AreaHitSchema)) },
      },
    },
    async (request, reply) => reply.ok(await areaChecks.query(request.ctx, request.body)),
  );

  routes.post(
    `${BASE}/check`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'May a flight with this geometry fly at this height and time? (the route and task check)',
        description:
          'violations: each restricted area touched (entersRestricted: no-fly zones, airport areas), and each ' +
          'keep-in kind (fence, flyzone, nofly_outside) the tenant has in force whose union the geometry does ' +
          'not lie inside, or whose height band it leaves (leavesKeepIn; refId null when it touches none of ' +
          "that kind). The caller's no-fly authority waives no-fly zones (listed in waived), never airport " +
          'areas. allowed: no violations.',
        body: AreaCheckRequest,
        response: { 200: envelope(AreaCheckResultSchema) },
      },
    },
    async (request, reply) => reply.ok(await areaChecks.check(request.ctx, request.body)),
  );
}
