import {
  envelope,
  FlightTrackSchema,
  HistoryRouteTrackQuery,
  HistoryRouteTrackSchema,
  pageOf,
  TelemetryPageBody,
  TelemetrySampleSchema,
  TrackPageQuery,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { telemetryRetention } from './telemetry.retention.js';

const tags = ['cloud-biglog: telemetry'];
const BASE = '/api/cloud-biglog';

/**
 * Stored telemetry (spec §7 cloud-biglog): findHistoryRouteTrack, trackPage (our addition: the flights for
 * the track-replay screen) and uavDataModel/page; all under the `track` menu. Also starts, with the app,
 * the writer that stores the device link's OSD (`app.close()` writes what is buffered), and defines the
 * daily retention job on the scheduler (`telemetry.retention.ts`).
 */
export default async function telemetryRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { telemetry, telemetryWriter, deviceLink } = app.services;
  const log = app.log.child({ module: 'telemetry' });

  telemetryWriter.attach(deviceLink, log);
  await telemetryRetention(app);
  app.addHook('onClose', async () => {
    await telemetryWriter.close();
  });

  routes.get(
    `${BASE}/state-log-message/findHistoryRouteTrack`,
    {
      config: { permission: 'track' },
      schema: {
        tags,
        summary:
          'The points of one flight (trackId) or of one device between startTime and endTime, in time order',
        querystring: HistoryRouteTrackQuery,
        response: { 200: envelope(HistoryRouteTrackSchema) },
      },
    },
    async (request, reply) => reply.ok(await telemetry.history(request.ctx, request.query)),
  );
  routes.get(
    `${BASE}/state-log-message/trackPage`,
    {
      config: { permission: 'track' },
      schema: {
        tags,
        summary: 'Page of flights, newest first (drone, dock, time window that they overlap)',
        querystring: TrackPageQuery,
        response: { 200: envelope(pageOf(FlightTrackSchema)) },
      },
    },
    async (request, reply) => reply.ok(await telemetry.trackPage(request.ctx, request.query)),
  );
  routes.post(
    `${BASE}/uavDataModel/page`,
    {
      config: { permission: 'track' },
      schema: {
        tags,
        summary: 'Page of stored telemetry samples, newest first',
        body: TelemetryPageBody,
        response: { 200: envelope(pageOf(TelemetrySampleSchema)) },
      },
    },
    async (request, reply) => reply.ok(await telemetry.samplePage(request.ctx, request.body)),
  );
}
