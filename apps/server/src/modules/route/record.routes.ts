import { envelope, PageQuery, RecordTaskPageQuery, RecordTaskSchema, RecordTaskSubmit } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes.js';

const tags = ['gis: route record task'];
const BASE = '/api/aos-gisservice/recordtask';

/** Record tasks: a hand-flown drone recorded into a waypoint route (spec §7 recordtask; docs/route.md). */
export default async function recordTaskRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { recordTasks: service } = app.services;

  crudRoutes(app, {
    base: BASE,
    tags,
    code: 'route',
    service,
    schemas: {
      record: RecordTaskSchema,
      pageQuery: PageQuery.extend(RecordTaskPageQuery.shape),
    },
    routes: {
      page: {
        page:
          'Page of the tenant’s record tasks, newest first (filters: name, status recording/finished/failed, ' +
          'droneId, droneSn); a task still recording shows the positions, length and time recorded so far',
      },
      detail:
        'One record task: status, positions recorded, length flown (m), duration (s), the route made ' +
        '(`routeId`) or why none was (`reason`)',
      remove: 'Remove record tasks by comma-separated ids (the routes they made stay)',
    },
  });

  routes.post(
    `${BASE}/submit`,
    {
      config: { permission: 'route_add' },
      schema: {
        tags,
        summary:
          'Start recording a drone (no id), finish a recording (id, `finish: true`) or rename one (id)',
        description:
          'Start: `name` and the tenant’s aircraft (`droneId` or `droneSn`), optional `aircraftModelId` (the ' +
          'drone’s own model otherwise), `toleranceM` (0.5–100 m, default 2: how far the route may stray from ' +
          'the flown path, horizontally and in height) and `minSpacingM` (0–1,000 m, default 5: the least ' +
          'distance between waypoints). One open recording per aircraft. While it is open the drone’s telemetry ' +
          'is its path (positions in the air, not taking off, returning or landing). Finish: the path is ' +
          'simplified (Douglas–Peucker) into a waypoint route with the height and speed flown, saved as the ' +
          'route manager saves one (checks, DJI KMZ), and linked as `routeId`; with no position recorded, too ' +
          'short a path or a route the checks refuse the task is `failed` with its `reason`.',
        body: RecordTaskSubmit,
        response: { 200: envelope(RecordTaskSchema) },
      },
    },
    async (request, reply) => {
      const task = await service.submit(request.ctx, request.body);
      return reply.ok(task, request.body.id ? 'common.updated' : 'common.added');
    },
  );
}
