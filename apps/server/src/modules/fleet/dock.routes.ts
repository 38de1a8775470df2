import {
  DeviceCredentialSchema,
  envelope,
  DockBasicSetQuery,
  DockBasicSetSchema,
  DockBasicSetSubmit,
  DockBrandQuery,
  DockOptionSchema,
  DockPageQuery,
  DockPlayStreamSchema,
  DockSchema,
  DockStreamQuery,
  DockSubmit,
  DockTenantQuery,
  DockVisibilityQuery,
  DockWithCredentialSchema,
  IdQuery,
  PageQuery,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes.js';
import { anyOf } from '../../plugins/types.js';

const tags = ['equipment: hangar'];
const BASE = '/api/cloud-equipment/uavhangar';
const BASIC_SET = '/api/cloud-equipment/hangarbasicset';

/**
 * Docks (spec §7 uavhangar): page, list (POST filters), listForTenant, detail, submit, remove,
 * updateVisibility, selectListByManufacturerId, getPlayStream, resetCredential; and hangarbasicset detail and
 * submit. Pickers (listForTenant, selectListByManufacturerId) are open to every signed-in user of the tenant
 * and answer no addresses.
 */
export default async function dockRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { docks, dockBasicSets } = app.services;

  crudRoutes(app, {
    base: BASE,
    tags,
    code: 'hangar',
    service: docks,
    schemas: {
      record: DockSchema,
      pageQuery: PageQuery.extend(DockPageQuery.shape),
      submit: DockSubmit,
      saved: DockWithCredentialSchema,
    },
    routes: {
      page: { page: 'Page of docks' },
      detail: 'One dock',
      submit: 'Add (no id; answers the MQTT credentials this once) or update (with id) a dock',
      remove: 'Remove docks by comma-separated ids (their drones are freed, their credentials removed)',
    },
  });
  routes.post(
    `${BASE}/list`,
    {
      config: { permission: 'hangar' },
      schema: {
        tags,
        summary: 'Every dock of the tenant matching the filters in the body',
        body: DockPageQuery,
        response: { 200: envelope(z.array(DockSchema)) },
      },
    },
    async (request, reply) => reply.ok(await docks.list(request.ctx, request.body)),
  );
  routes.get(
    `${BASE}/listForTenant`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "The caller tenant's docks for pickers (the platform tenant may name another tenant)",
        querystring: DockTenantQuery,
        response: { 200: envelope(z.array(DockOptionSchema)) },
      },
    },
    async (request, reply) => reply.ok(await docks.listForTenant(request.ctx, request.query.tenantId)),
  );
  routes.get(
    `${BASE}/selectListByManufacturerId`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The docks of one brand, for pickers',
        querystring: DockBrandQuery,
        response: { 200: envelope(z.array(DockOptionSchema)) },
      },
    },
    async (request, reply) =>
      reply.ok(await docks.selectListByManufacturerId(request.ctx, request.query.manufacturerId)),
  );
  routes.post(
    `${BASE}/updateVisibility`,
    {
      config: { permission: 'hangar_visibility' },
      schema: {
        tags,
        summary: 'Show (visible=1) or hide (visible=0) a dock; id and visible in the query',
        querystring: DockVisibilityQuery,
        response: { 200: envelope(DockSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await docks.updateVisibility(request.ctx, request.query.id, request.query.visible),
        'common.updated',
      ),
  );
  routes.get(
    `${BASE}/getPlayStream`,
    {
      // the dock register's preview and the remote-control screen's video wall
      config: { permission: anyOf('hangar', 'remote_control') },
      schema: {
        tags,
        summary: "A dock's five stream addresses, by id or serial number",
        querystring: DockStreamQuery,
        response: { 200: envelope(DockPlayStreamSchema) },
      },
    },
    async (request, reply) => reply.ok(await docks.playStream(request.ctx, request.query)),
  );
  routes.post(
    `${BASE}/resetCredential`,
    {
      config: { permission: 'hangar_edit' },
      schema: {
        tags,
        summary: 'Issue new MQTT credentials for a dock (id in the query); answered this once',
        querystring: IdQuery,
        response: { 200: envelope(DeviceCredentialSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(await docks.resetCredential(request.ctx, request.query.id), 'fleet.credentialIssued'),
  );

  routes.get(
    `${BASIC_SET}/detail`,
    {
      config: { permission: 'hangar_basic_set' },
      schema: {
        tags,
        summary: "A dock's basic settings",
        querystring: DockBasicSetQuery,
        response: { 200: envelope(DockBasicSetSchema) },
      },
    },
    async (request, reply) => reply.ok(await dockBasicSets.detail(request.ctx, request.query.hangarId)),
  );
  routes.post(
    `${BASIC_SET}/submit`,
    {
      config: { permission: 'hangar_basic_set' },
      schema: {
        tags,
        summary: "Save a dock's basic settings (same rules as the dock form)",
        body: DockBasicSetSubmit,
        response: { 200: envelope(DockBasicSetSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(await dockBasicSets.submit(request.ctx, request.body), 'common.updated'),
  );
}
