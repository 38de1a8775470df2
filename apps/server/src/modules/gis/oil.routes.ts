import {
  envelope,
  IdQuery,
  IdsQuery,
  InspectionObjectQuery,
  InspectionObjectSchema,
  InspectionObjectSubmit,
  OIL_LAYERS,
  OilFeatureListQuery,
  OilFeatureSchema,
  OilFeatureSubmit,
  OilLayerSettingsInput,
  OilLayerSettingsSchema,
  PageQuery,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes.js';

const GIS = '/api/aos-gisservice';

/**
 * Oil-field layers (spec §7 GIS oilwellpoint … oilgaswellpoint: submit, detail, remove, advancedSet; list and
 * advanced as extensions) and inspection objects (inspectionobject/listForTenant; page, detail, submit, remove
 * as extensions for the menu screen).
 */
export default async function oilRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { oilLayers, inspectionObjects } = app.services;

  for (const { layer, nameEn, geometry } of OIL_LAYERS) {
    const base = `${GIS}/${layer}`;
    const tags = [`gis: ${layer}`];
    const what = nameEn.toLowerCase();
    routes.post(
      `${base}/submit`,
      {
        config: {
          permission: (request) =>
            (request.body as { id?: unknown }).id ? 'oil_layer_edit' : 'oil_layer_add',
        },
        schema: {
          tags,
          summary: `Add (no id) or update a ${what} (geometry: GeoJSON ${geometry})`,
          body: OilFeatureSubmit[layer],
          response: { 200: envelope(OilFeatureSchema) },
        },
      },
      async (request, reply) =>
        reply.ok(
          await oilLayers.submit(request.ctx, layer, request.body),
          request.body.id ? 'common.updated' : 'common.added',
        ),
    );
    routes.get(
      `${base}/detail`,
      {
        config: { permission: 'oil_layer' },
        schema: {
          tags,
          summary: `One ${what}`,
          querystring: IdQuery,
          response: { 200: envelope(OilFeatureSchema) },
        },
      },
      async (request, reply) => reply.ok(await oilLayers.detail(request.ctx, layer, request.query.id)),
    );
    routes.post(
      `${base}/remove`,
      {
        config: { permission: 'oil_layer_delete' },
        schema: {
          tags,
          summary: `Remove ${what} features by comma-separated ids`,
          querystring: IdsQuery,
          response: { 200: envelope(z.number()) },
        },
      },
      async (request, reply) =>
        reply.ok(await oilLayers.remove(request.ctx, layer, request.query.ids), 'common.deleted'),
    );
    routes.get(
      `${base}/list`,
      {
        config: { permission: 'authenticated' },
        schema: {
          tags,
          summary: `Every ${what} of the tenant (the map's layer)`,
          querystring: OilFeatureListQuery,
          response: { 200: envelope(z.array(OilFeatureSchema)) },
        },
      },
      async (request, reply) => reply.ok(await oilLayers.list(request.ctx, layer, request.query)),
    );
    routes.get(
      `${base}/advanced`,
      {
        config: { permission: 'authenticated' },
        schema: {
          tags,
          summary: `The ${what} layer's display settings (the tenant's, else the defaults)`,
          response: { 200: envelope(OilLayerSettingsSchema) },
        },
      },
      async (request, reply) => reply.ok(await oilLayers.settings(request.ctx, layer)),
    );
    routes.post(
      `${base}/advancedSet`,
      {
        config: { permission: 'oil_layer_advanced' },
        schema: {
          tags,
          summary: `Save the ${what} layer's display settings: colour, line width, icon, label field, minimum zoom, visible`,
          body: OilLayerSettingsInput,
          response: { 200: envelope(OilLayerSettingsSchema) },
        },
      },
      async (request, reply) =>
        reply.ok(await oilLayers.setSettings(request.ctx, layer, request.body), 'common.updated'),
    );
  }

  const INSPECTION = `${GIS}/inspectionobject`;
  const inspectionTags = ['gis: inspection object'];
  crudRoutes(app, {
    base: INSPECTION,
    tags: inspectionTags,
    code: 'inspection_object',
    service: inspectionObjects,
    schemas: {
      record: InspectionObjectSchema,
      pageQuery: PageQuery.extend(InspectionObjectQuery.shape),
      submit: InspectionObjectSubmit,
    },
    routes: {
      page: { page: 'Page of inspection objects' },
      detail: 'One inspection object',
      submit:
        'Add (no id) or update an inspection object (type from inspection_object_type; point, line or polygon)',
      remove: 'Remove inspection objects by comma-separated ids',
    },
  });
  routes.post(
    `${INSPECTION}/listForTenant`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: inspectionTags,
        summary: "Every inspection object of the caller's tenant, optionally by name and type",
        body: InspectionObjectQuery.nullish(),
        response: { 200: envelope(z.array(InspectionObjectSchema)) },
      },
    },
    async (request, reply) =>
      reply.ok(await inspectionObjects.listForTenant(request.ctx, request.body ?? {})),
  );
}
