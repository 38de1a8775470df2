import {
  DeviceCredentialSchema,
  envelope,
  HangarBasicSetQuery,
  HangarBasicSetSchema,
  HangarBasicSetSubmit,
  HangarManufacturerQuery,
  HangarOptionSchema,
  HangarPageQuery,
  HangarPlayStreamSchema,
  HangarSchema,
  HangarStreamQuery,
  HangarSubmit,
  HangarTenantQuery,
  HangarVisibilityQuery,
  HangarWithCredentialSchema,
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
export default async function hangarRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { hangars, hangarBasicSets } = app.services;

  crudRoutes(app, {
    base: BASE,
    tags,
    code: 'hangar',
    service: hangars,
    schemas: {
      record: HangarSchema,
      pageQuery: PageQuery.extend(HangarPageQuery.shape),
      submit: HangarSubmit,
      saved: HangarWithCredentialSchema,
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
        body: HangarPageQuery,
        response: { 200: envelope(z.array(HangarSchema)) },
      },
    },
    async (request, reply) => reply.ok(await hangars.list(request.ctx, request.body)),
  );
  routes.get(
    `${BASE}/listForTenant`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "The caller tenant's docks for pickers (the platform tenant may name another tenant)",
        querystring: HangarTenantQuery,
        response: { 200: envelope(z.array(HangarOptionSchema)) },
      },
    },
    async (request, reply) => reply.ok(await hangars.listForTenant(request.ctx, request.query.tenantId)),
  );
  routes.get(
    `${BASE}/selectListByManufacturerId`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The docks of one brand, for pickers',
        querystring: HangarManufacturerQuery,
        response: { 200: envelope(z.array(HangarOptionSchema)) },
      },
    },
    async (request, reply) =>
      reply.ok(await hangars.selectListByManufacturerId(request.ctx, request.query.manufacturerId)),
  );
  routes.post(
    `${BASE}/updateVisibility`,
    {
      config: { permission: 'hangar_visibility' },
      schema: {
        tags,
        summary: 'Show (visible=1) or hide (visible=0) a dock; id and visible in the query',
        querystring: HangarVisibilityQuery,
        response: { 200: envelope(HangarSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await hangars.updateVisibility(request.ctx, request.query.id, request.query.visible),
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
        querystring: HangarStreamQuery,
        response: { 200: envelope(HangarPlayStreamSchema) },
      },
    },
    async (request, reply) => reply.ok(await hangars.playStream(request.ctx, request.query)),
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
      reply.ok(await hangars.resetCredential(request.ctx, request.query.id), 'fleet.credentialIssued'),
  );

  routes.get(
    `${BASIC_SET}/detail`,
    {
      config: { permission: 'hangar_basic_set' },
      schema: {
        tags,
        summary: "A dock's basic settings",
        querystring: HangarBasicSetQuery,
        response: { 200: envelope(HangarBasicSetSchema) },
      },
    },
    async (request, reply) => reply.ok(await hangarBasicSets.detail(request.ctx, request.query.hangarId)),
  );
  routes.post(
    `${BASIC_SET}/submit`,
    {
      config: { permission: 'hangar_basic_set' },
      schema: {
        tags,
        summary: "Save a dock's basic settings (same rules as the dock form)",
        body: HangarBasicSetSubmit,
        response: { 200: envelope(HangarBasicSetSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(await hangarBasicSets.submit(request.ctx, request.body), 'common.updated'),
  );
}
