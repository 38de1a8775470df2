import {
  AreaPageQuery,
  envelope,
  FenceSchema,
  FenceSubmit,
  FlyZoneSchema,
  FlyZoneSubmit,
  NoFlyZoneSchema,
  NoFlyZoneSubmit,
  PageQuery,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../lib/context.js';
import { crudRoutes } from '../../lib/crud-routes.js';

const pageQuery = PageQuery.extend(AreaPageQuery.shape);
const RANGE =
  'geometry: a GeoJSON Polygon (≥ 3 nodes, boundary not crossing itself) or {type: "Circle", center: ' +
  '[longitude, latitude], radius: metres ≥ 5}; optional floor/ceiling (metres above take-off) and ' +
  'startTime/endTime (yyyy-MM-dd HH:mm:ss, start before end). Shape, center, radius and areaM2 are computed';

/** The OpenAPI text of a zone resource's standard routes. */
function docs(what: string, filters: string, submitted = '') {
  return {
    page: { page: `Page of ${what}s (filters: ${filters})` },
    detail: `One ${what}`,
    submit: {
      summary: `Add (no id) or update (with id) a ${what}; the name is unique in the tenant`,
      description: `${RANGE}${submitted}.`,
    },
    remove: `Remove ${what}s by comma-separated ids (they leave the spatial index at once)`,
  };
}

/**
 * No-fly zones, fly zones and electronic fences (spec §7 noflyzone, flyzone, electronicfence): page, list,
 * detail, submit, remove; a saved zone is in the spatial index at once (forbidden-fly-area areaQuery, check).
 * Import and export are wired elsewhere.
 */
export default async function zoneRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { noFlyZones, flyZones, fences } = app.services;
  /** `<base>/list`: every row of the tenant, for maps and pickers (any signed-in user, as base stations) */
  const list = (
    base: string,
    tags: string[],
    summary: string,
    record: z.ZodType,
    service: { list: (ctx: Ctx, query: Record<string, unknown>) => Promise<unknown[]> },
  ) =>
    routes.get(
      `${base}/list`,
      {
        config: { permission: 'authenticated' },
        schema: { tags, summary, querystring: AreaPageQuery, response: { 200: envelope(z.array(record)) } },
      },
      async (request, reply) => reply.ok(await service.list(request.ctx, request.query)),
    );

  const NOFLY = '/api/aos-gisservice/noflyzone';
  const noFlyTags = ['gis: no-fly zone'];
  crudRoutes(app, {
    base: NOFLY,
    tags: noFlyTags,
    code: 'noflyzone',
    service: noFlyZones,
    schemas: { record: NoFlyZoneSchema, pageQuery, submit: NoFlyZoneSubmit },
    routes: docs(
      'no-fly zone',
      'name, type, shape',
      '. type: key of the nofly_zone_type dictionary; provinces: comma-separated province codes; side: 1 the ' +
        'inside is forbidden, 2 the outside (the zone is then a keep-in area)',
    ),
  });
  list(
    NOFLY,
    noFlyTags,
    'Every no-fly zone of the tenant (maps and pickers; filters: name, type, shape)',
    NoFlyZoneSchema,
    noFlyZones,
  );

  const FLY = '/api/aos-gisservice/flyzone';
  const flyTags = ['gis: fly zone'];
  crudRoutes(app, {
    base: FLY,
    tags: flyTags,
    code: 'flyzone',
    service: flyZones,
    schemas: { record: FlyZoneSchema, pageQuery, submit: FlyZoneSubmit },
    routes: docs('fly zone', 'name, shape'),
  });
  list(
    FLY,
    flyTags,
    'Every fly zone of the tenant (maps and pickers; filters: name, shape)',
    FlyZoneSchema,
    flyZones,
  );

  const FENCE = '/api/aos-gisservice/electronicfence';
  const fenceTags = ['gis: electronic fence'];
  crudRoutes(app, {
    base: FENCE,
    tags: fenceTags,
    code: 'fence',
    service: fences,
    schemas: { record: FenceSchema, pageQuery, submit: FenceSubmit },
    routes: docs('electronic fence', 'name, shape'),
  });
  list(
    FENCE,
    fenceTags,
    'Every electronic fence of the tenant (maps and pickers; filters: name, shape)',
    FenceSchema,
    fences,
  );
}
