import { DockAreaSyncSchema, envelope } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/errors.js';
import { FLIGHT_AREA_FILE_PATH } from './flight-areas/flight-area-sync.service.js';

const tags = ['gis: dock flight areas'];
const SignedQuery = z.object({
  expires: z.string().max(32).optional(),
  signature: z.string().max(128).optional(),
});
/**
 * The docks' custom flight areas (issue 15, flight-areas/README.md): the file a dock downloads with the signed
 * link its `flight_areas_get` was answered with (no token), and a dock's last reported sync.
 */
export default async function flightAreaRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { flightAreas } = app.services;

  routes.get(
    `${FLIGHT_AREA_FILE_PATH}/:serialNumber`,
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'A dock’s custom flight area file (DJI GeoJSON), by the signed link of its flight_areas_get',
        description:
          'No token: the link is signed for one dock serial number and expires (403 when altered, expired or ' +
          'for another serial number). Answers the current areas of the dock’s tenant.',
        params: z.object({ serialNumber: z.string().min(1).max(64) }),
        querystring: SignedQuery,
      },
    },
    async (request, reply) => {
      const { serialNumber } = request.params;
      const verdict = flightAreas.verifyLink(serialNumber, request.query.expires, request.query.signature);
      if (verdict === 'expired') throw forbidden('resource.linkExpired');
      if (verdict !== 'ok') throw forbidden('resource.linkInvalid');
      const dock = await app.platform.deviceDirectory.lookup(serialNumber);
      if (dock?.kind !== 'dock') throw notFound();
      const file = await flightAreas.file(dock.tenantId);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'private, no-store')
        .send(file.text);
    },
  );

  routes.get(
    '/api/aos-gisservice/flight-area/sync-status',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The last custom flight area sync a dock of the tenant reported (null: none yet)',
        querystring: z.object({ serialNumber: z.string().trim().min(1).max(64) }),
        response: { 200: envelope(DockAreaSyncSchema.nullable()) },
      },
    },
    async (request, reply) => reply.ok(await flightAreas.status(request.ctx, request.query.serialNumber)),
  );
}
