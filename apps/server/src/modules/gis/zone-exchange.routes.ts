import { AreaExportQuery, envelope, FenceSubmit, FlyZoneSubmit, NoFlyZoneSubmit } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../lib/context.js';
import { formatDateTime } from '../../lib/time.js';
import { importAreas, readAreaUpload, sendAreaFile } from './area-import.js';
import { EXCHANGE_LIMITS, type ImportedArea, writeAreaFile } from './exchange/index.js';

const GIS = '/api/aos-gisservice';
const ImportResult = envelope(z.object({ count: z.number().int(), ids: z.array(z.string()) }));
const FILES =
  `multipart field \`file\`, up to ${EXCHANGE_LIMITS.maxInputBytes / 1024 / 1024} MB: a zip holding a shapefile ` +
  '(.shp, .dbf, .prj honoured: WGS-84, CGCS2000 and its Gauss-Krüger zones, UTM, Web Mercator) or KML/GeoJSON ' +
  'files, or a .kml, .kmz or .geojson file. Every polygon and circle becomes a row (name from its name ' +
  'property, else the file name and its number); all or nothing: the first refused shape refuses the file, ' +
  'naming the shape, its field and the rule';

/** A number property of an imported shape, when it holds one. */
const numberOf = (value: unknown) =>
  typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : undefined;

/**
 * Import and export of the zone resources (spec §7 flyzone/import, electronicfence/importElectronicFence and
 * export; noflyzone/import for the no-fly zone screen's import button, MENUS.md noflyzone_import).
 */
export default async function zoneExchangeRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { noFlyZones, flyZones, fences } = app.services;

  /** One resource's import: every range of the file becomes a row through its service's submit. */
  function importRoute<S extends z.ZodType>(
    path: string,
    permission: string,
    tag: string,
    what: string,
    schema: S,
    save: (ctx: Ctx, input: z.output<S>) => Promise<{ id: string }>,
    fields: (area: ImportedArea) => Record<string, unknown> = () => ({}),
    extra = '',
  ) {
    routes.post(
      `${GIS}/${path}`,
      {
        config: { permission },
        schema: {
          tags: [tag],
          summary: `Import ${what} from a file`,
          description: `${FILES}.${extra}`,
          consumes: ['multipart/form-data'],
          response: { 200: ImportResult },
        },
      },
      async (request, reply) => {
        const file = await readAreaUpload(request);
        return reply.ok(await importAreas(request.ctx, file, schema, fields, save), 'gis.imported');
      },
    );
  }

  importRoute(
    'noflyzone/import',
    'noflyzone_import',
    'gis: no-fly zone',
    'no-fly zones',
    NoFlyZoneSubmit,
    (ctx, input) => noFlyZones.submit(ctx, input),
    ({ properties }) => ({ type: numberOf(properties.type) ?? 1, side: numberOf(properties.side) ?? 1 }),
    ' The type (`type`, default 1) and no-fly side (`side`, default 1 inside) are read from the properties when present.',
  );
  importRoute('flyzone/import', 'flyzone_import', 'gis: fly zone', 'fly zones', FlyZoneSubmit, (ctx, input) =>
    flyZones.submit(ctx, input),
  );
  importRoute(
    'electronicfence/importElectronicFence',
    'fence_import',
    'gis: electronic fence',
    'electronic fences',
    FenceSubmit,
    (ctx, input) => fences.submit(ctx, input),
  );

  routes.get(
    `${GIS}/electronicfence/export`,
    {
      config: { permission: 'fence_export' },
      schema: {
        tags: ['gis: electronic fence'],
        summary: 'Export electronic fences as GeoJSON, KML or a zipped shapefile (WGS-84)',
        description:
          'format: geojson (default), kml or shapefile; ids: comma-separated fences, or none for every fence of ' +
          'the tenant. Circles are written as 64-sided polygons carrying shape, center and radius properties, ' +
          'which the import reads back as circles.',
        querystring: AreaExportQuery,
      },
    },
    async (request, reply) => {
      const { format, ids } = request.query;
      const rows = ids ? await fences.byIds(request.ctx, ids) : await fences.list(request.ctx, {});
      const features = rows.map((row) => ({
        geometry: row.geometry,
        properties: {
          name: row.name,
          remark: row.remark,
          floor: row.floor,
          ceiling: row.ceiling,
          startTime: row.startTime ? formatDateTime(row.startTime) : null,
          endTime: row.endTime ? formatDateTime(row.endTime) : null,
        },
      }));
      return sendAreaFile(reply, writeAreaFile(format, features, 'fences'));
    },
  );
}
