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
  IdsQuery,
  PageQuery,
  pageOf,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
    routes.get(
      `${base}/page`,
      {
        config: { permission: 'device' },
        schema: {
          tags,
          summary: 'Page of devices',
          querystring: PageQuery.extend(EquipmentPageQuery.shape),
          response: { 200: envelope(pageOf(EquipmentSchema)) },
        },
      },
      async (request, reply) => reply.ok(await devices.page(request.ctx, request.query)),
    );
    routes.post(
      `${base}/add`,
      {
        config: { permission: 'device_add' },
        schema: {
          tags,
          summary: 'Add a device; answers its MQTT credentials, this once',
          body: EquipmentSubmit.omit({ id: true }),
          response: { 200: envelope(EquipmentWithCredentialSchema) },
        },
      },
      async (request, reply) => reply.ok(await devices.add(request.ctx, request.body), 'common.added'),
    );
    routes.put(
      `${base}/update`,
      {
        config: { permission: 'device_edit' },
        schema: {
          tags,
          summary: 'Update a device (id in the body)',
          body: EquipmentSubmit.required({ id: true }),
          response: { 200: envelope(EquipmentSchema) },
        },
      },
      async (request, reply) => reply.ok(await devices.update(request.ctx, request.body), 'common.updated'),
    );
    routes.delete(
      `${base}/remove`,
      {
        config: { permission: 'device_delete' },
        schema: {
          tags,
          summary: 'Remove devices by comma-separated ids (refused while bound to a dock or carried)',
          querystring: IdsQuery,
          response: { 200: envelope(z.number()) },
        },
      },
      async (request, reply) =>
        reply.ok(await devices.remove(request.ctx, request.query.ids), 'common.deleted'),
    );
  }

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
