import {
  DeviceCredentialSchema,
  DeviceDetailQuery,
  DeviceModelQuery,
  DeviceModelSchema,
  DevicePageQuery,
  DeviceSchema,
  DeviceSubmit,
  DeviceWithCredentialSchema,
  envelope,
  IdQuery,
  PageQuery,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes.js';
import { findDeviceModels } from './device-model.service.js';

const tags = ['equipment: device'];
const MANAGEMENT = '/api/cloud-equipment/equipment-management';
const MANAGER = '/api/equipment-manager';

/**
 * Devices (spec §7 Equipment): equipment-management (page, detail by id or serial number, add, update,
 * remove, findEquipmentModel, resetCredential) and equipment-manager (page, detail by id, add, update,
 * remove), both on the one device service.
 */
export default async function deviceRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { devices } = app.services;

  for (const base of [MANAGEMENT, MANAGER]) {
    crudRoutes(app, {
      base,
      tags,
      code: 'device',
      service: devices,
      schemas: {
        record: DeviceSchema,
        pageQuery: PageQuery.extend(DevicePageQuery.shape),
        submit: DeviceSubmit,
        saved: DeviceWithCredentialSchema,
      },
      routes: {
        page: { page: 'Page of devices' },
        add: 'Add a device; answers its MQTT credentials, this once',
        update: 'Update a device (id in the body)',
        remove: {
          summary: 'Remove devices by comma-separated ids (refused while bound to a dock or carried)',
          method: 'DELETE',
        },
      },
    });
  }

  // detail takes the query itself: equipment-management finds a device by id or by serial number
  routes.get(
    `${MANAGEMENT}/detail`,
    {
      config: { permission: 'device' },
      schema: {
        tags,
        summary: 'One device, by id or by serial number',
        querystring: DeviceDetailQuery,
        response: { 200: envelope(DeviceSchema) },
      },
    },
    async (request, reply) => reply.ok(await devices.detail(request.ctx, request.query)),
  );
  routes.get(
    `${MANAGER}/detail`,
    {
      config: { permission: 'device' },
      schema: {
        tags,
        summary: 'One device',
        querystring: IdQuery,
        response: { 200: envelope(DeviceSchema) },
      },
    },
    async (request, reply) => reply.ok(await devices.detail(request.ctx, request.query)),
  );
  routes.get(
    `${MANAGEMENT}/findEquipmentModel`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The model catalogue (DJI Cloud API domain-type-subType), by device type, kind or keyword',
        querystring: DeviceModelQuery,
        response: { 200: envelope(z.array(DeviceModelSchema)) },
      },
    },
    async (request, reply) => reply.ok(findDeviceModels(request.language, request.query)),
  );
  routes.post(
    `${MANAGEMENT}/resetCredential`,
    {
      config: { permission: 'device_edit' },
      schema: {
        tags,
        summary: 'Issue new MQTT credentials for a device (id in the query); answered this once',
        querystring: IdQuery,
        response: { 200: envelope(DeviceCredentialSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(await devices.resetCredential(request.ctx, request.query.id), 'fleet.credentialIssued'),
  );
}
