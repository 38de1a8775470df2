import {
  DeviceCredentialSchema,
  EquipmentDetailQuery,
  EquipmentModelQuery,
  EquipmentModelSchema,
  EquipmentPageQuery,
  EquipmentSchema,
  EquipmentSubmit,
  EquipmentWithCredentialSchema,
  envelope,
  IdQuery,
  PageQuery,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes.js';
import { findEquipmentModels } from './equipment-model.service.js';

const tags = ['equipment: device'];
const MANAGEMENT = '/api/cloud-equipment/equipment-management';
const MANAGER = '/api/equipment-manager';

/**
 * Devices (spec §7 Equipment): equipment-management (page, detail by id or serial number, add, update,
 * remove, findEquipmentModel, resetCredential) and equipment-manager (page, detail by id, add, update,
 * remove), both on the one device service.
 */
export default async function equipmentRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { devices } = app.services;

  for (const base of [MANAGEMENT, MANAGER]) {
    crudRoutes(app, {
      base,
      tags,
      code: 'device',
      service: devices,
      schemas: {
        record: EquipmentSchema,
        pageQuery: PageQuery.extend(EquipmentPageQuery.shape),
        submit: EquipmentSubmit,
        saved: EquipmentWithCredentialSchema,
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
        querystring: EquipmentDetailQuery,
        response: { 200: envelope(EquipmentSchema) },
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
        response: { 200: envelope(EquipmentSchema) },
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
        querystring: EquipmentModelQuery,
        response: { 200: envelope(z.array(EquipmentModelSchema)) },
      },
    },
    async (request, reply) => reply.ok(findEquipmentModels(request.language, request.query)),
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
