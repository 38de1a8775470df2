import {
  ControlResultSchema,
  DroneRefQuery,
  envelope,
  Id,
  DockControlBody,
  OnlineDroneSchema,
  PodControlBody,
  PodControlStatusSchema,
  DroneControlBody,
  REMOTE_ACTION_PERMISSIONS,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '../../plugins/types.js';

const tags = ['equipment: remote control'];
const HANGAR = '/api/cloud-equipment/uavhangar';
const MANAGEMENT = '/api/cloud-equipment/equipment-management';

/**
 * Remote control (spec §7): hangarControl and vtolHangarControl (dock remote-debug actions), uavControl
 * (flight), podControl (camera and gimbal), getPodControlStatus, getOnlineUavList. Each command is refused
 * with the predicate's message (400, or 404 when the dock or aircraft is not the caller's), or answered once
 * the device accepted it (502 when the device refused, 504 when it did not answer, 503 without a link).
 */
export default async function remoteControlRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const control = app.services.remoteControl;

  for (const [name, vtol] of [
    ['hangarControl', false],
    ['vtolHangarControl', true],
  ] as const) {
    routes.post(
      `${HANGAR}/${name}`,
      {
        config: { permission: anyOf(...REMOTE_ACTION_PERMISSIONS.dock) },
        schema: {
          tags,
          summary: vtol
            ? 'Send a remote-debug action to a VTOL dock'
            : 'Send a remote-debug action to a dock (hatch, wings, charging, aircraft power, light, debug mode, reboot)',
          body: DockControlBody,
          response: { 200: envelope(ControlResultSchema) },
        },
      },
      async (request, reply) =>
        reply.ok(await control.hangarControl(request.ctx, request.body, request, { vtol }), 'common.ok'),
    );
  }
  routes.post(
    `${MANAGEMENT}/uavControl`,
    {
      config: { permission: anyOf(...REMOTE_ACTION_PERMISSIONS.drone) },
      schema: {
        tags,
        summary: 'Fly an aircraft: take off to a point, fly to a point, return home, pause, resume, stop',
        body: DroneControlBody,
        response: { 200: envelope(ControlResultSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(await control.droneControl(request.ctx, request.body, request), 'common.ok'),
  );
  routes.post(
    `${MANAGEMENT}/podControl`,
    {
      config: { permission: anyOf(...REMOTE_ACTION_PERMISSIONS.pod) },
      schema: {
        tags,
        summary: 'Drive an aircraft camera: gimbal, zoom, photo, recording, mode, lens',
        body: PodControlBody,
        response: { 200: envelope(ControlResultSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(await control.podControl(request.ctx, request.body, request), 'common.ok'),
  );
  routes.get(
    `${MANAGEMENT}/getPodControlStatus`,
    {
      config: { permission: anyOf('pod_control', 'remote_control', 'device_control') },
      schema: {
        tags,
        summary: "An aircraft's camera state and which camera actions are allowed now",
        querystring: DroneRefQuery,
        response: { 200: envelope(PodControlStatusSchema) },
      },
    },
    async (request, reply) => reply.ok(await control.podStatus(request.ctx, request.query)),
  );
  routes.get(
    '/api/cloud-task/project-management/getOnlineUavList',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "The tenant's aircraft online now, with position, heading, speed and battery",
        description:
          'With `projectId`: only the project’s aircraft (those it binds and those in its docks; the project ' +
          'area, docs/project.md); a project the caller does not see is a 404.',
        querystring: z.object({ projectId: Id.optional() }),
        response: { 200: envelope(z.array(OnlineDroneSchema)) },
      },
    },
    async (request, reply) => {
      const { projectId } = request.query;
      const ofProject = projectId ? await app.services.projects.aircraftIds(request.ctx, projectId) : null;
      const online = await control.onlineDrones(request.ctx);
      return reply.ok(ofProject ? online.filter((drone) => ofProject.has(drone.id)) : online);
    },
  );
}
