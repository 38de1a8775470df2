import {
  envelope,
  Id,
  IdQuery,
  PageQuery,
  RouteDetailSchema,
  RouteExportQuery,
  RouteImportQuery,
  RoutePageQuery,
  RoutePublicBody,
  RouteSchema,
  RouteSubmit,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes.js';
import { fieldError } from '../../lib/errors.js';
import { readUpload } from '../../lib/upload.js';
import { KMZ_LIMITS } from './wpml/read.js';
import { sendAreaFile } from '../gis/index.js';

const tags = ['gis: route'];
const BASE = '/api/aos-gisservice/routemanageline';

/** Routes (spec §7 aos-gisservice routemanageline; docs/route.md). */
export default async function routeLineRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { routes: service } = app.services;

  crudRoutes(app, {
    base: BASE,
    tags,
    code: 'route',
    service,
    schemas: {
      record: RouteSchema,
      detail: RouteDetailSchema,
      saved: RouteDetailSchema,
      pageQuery: PageQuery.extend(RoutePageQuery.shape),
      submit: RouteSubmit,
    },
    routes: {
      page: { page: 'Page of routes the caller may see (public ones, and their dept’s)' },
      detail:
        'One route: the record, its design (null for a file the planners cannot express) and its waylines',
      submit: {
        summary: 'Add (no id) or change (id) a route',
        description:
          'The design is planned again here and written as a DJI KMZ (WPML) for the aircraft and payload; a ' +
          'planner refusal names `design`; a blocking finding of the checks before saving is a 400 naming ' +
          '`design` with every finding in `data.check`. The same design (only the record changed) keeps the ' +
          'file flown; `design: null` changes the record of a route whose flight is an imported file.',
      },
      remove: 'Remove routes by comma-separated ids (their files too)',
    },
  });

  routes.get(
    `${BASE}/list`,
    {
      config: { permission: 'route' },
      schema: {
        tags,
        summary: 'The routes the caller may see, newest first (at most 1,000: maps and pickers)',
        querystring: RoutePageQuery,
        response: { 200: envelope(z.array(RouteSchema)) },
      },
    },
    async (request, reply) => reply.ok(await service.list(request.ctx, request.query)),
  );

  routes.get(
    `${BASE}/selectListByManufacturerId`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The routes of one brand the caller may see (task forms)',
        querystring: z.object({ manufacturerId: Id }),
        response: { 200: envelope(z.array(RouteSchema)) },
      },
    },
    async (request, reply) =>
      reply.ok(await service.selectByManufacturer(request.ctx, request.query.manufacturerId)),
  );

  routes.post(
    `${BASE}/import`,
    {
      config: { permission: 'route_import' },
      schema: {
        tags,
        summary: 'Import a route file: DJI KMZ (WPML), KML or GeoJSON (multipart `file`, at most 20 MB)',
        description:
          'A KMZ must hold wpmz/template.kml and wpmz/waylines.wpml (spec §5); it is kept unchanged and flown ' +
          'as it is, with its design when the planners can express it. A KML/GeoJSON line becomes a waypoint ' +
          'route (at the default height: altitudes in the file are not read), a work area polygon an area route ' +
          '(with `cameraId` and `heightM`, which our own exports carry). The other fields come in the query.',
        querystring: RouteImportQuery,
        response: { 200: envelope(RouteDetailSchema) },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, KMZ_LIMITS.maxInputBytes);
      if (!upload || upload.field !== 'file') throw fieldError('file', 'upload.missing');
      if (upload.tooLarge) throw fieldError('file', 'gis.fileTooLarge', { limit: '20 MB' });
      const route = await service.importFile(request.ctx, upload, request.query);
      return reply.ok(route, 'gis.imported');
    },
  );

  routes.get(
    `${BASE}/export`,
    {
      config: { permission: 'route_export' },
      schema: {
        tags,
        summary: 'Export a route as KMZ (as flown), KML or GeoJSON (heights as the third coordinate)',
        querystring: RouteExportQuery,
      },
    },
    async (request, reply) => {
      const file = await service.exportFile(request.ctx, request.query.id, request.query.format);
      return sendAreaFile(reply, file);
    },
  );

  routes.post(
    `${BASE}/copy`,
    {
      config: { permission: 'route_add' },
      schema: {
        tags,
        summary: 'Copy a route (not public, in the caller’s dept), named with a copy suffix',
        querystring: IdQuery,
        response: { 200: envelope(RouteDetailSchema) },
      },
    },
    async (request, reply) => reply.ok(await service.copy(request.ctx, request.query.id), 'common.added'),
  );

  routes.post(
    `${BASE}/public`,
    {
      config: { permission: 'route_public' },
      schema: {
        tags,
        summary:
          'Make routes public (1: every user of the tenant sees them) or not (0: their dept and above)',
        body: RoutePublicBody,
        response: { 200: envelope(z.number().int()) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await service.setPublic(request.ctx, request.body.ids, request.body.isPublic),
        'common.updated',
      ),
  );
}
