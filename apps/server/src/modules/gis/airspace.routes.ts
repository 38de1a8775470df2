import {
  AirspaceAircraftSchema,
  AirspaceDetail,
  AirspaceInfo,
  AirspaceInfoRequest,
  AirspacePageQuery,
  AirspaceReject,
  AirspaceSchema,
  AirspaceSubmit,
  AirspaceTakeoffPointSchema,
  AirspaceTransition,
  envelope,
  PageQuery,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes.js';
import { readAreaUpload } from './area-import.js';

const tags = ['gis: airspace'];
const BASE = '/api/aos-gisservice/airspace';

/**
 * Airspace applications (spec §7 GIS airspace): page, list, detail, submit, remove, getAirSpaceInfo,
 * importAirSpace, and the status changes apply, approve and reject.
 */
export default async function airspaceRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { airspaces } = app.services;

  crudRoutes(app, {
    base: BASE,
    tags,
    code: 'airspace',
    service: airspaces,
    schemas: {
      record: AirspaceSchema,
      pageQuery: PageQuery.extend(AirspacePageQuery.shape),
      submit: AirspaceSubmit,
      detail: AirspaceDetail,
    },
    routes: {
      page: {
        page: 'Page of airspace applications (approvalStatus as of now: past its end time, approved reads expired)',
      },
      detail: 'One application with its status history (who moved it from which status to which, and when)',
      submit: {
        summary: 'Add a draft (no id), or change a draft or a rejected application (with id)',
        description: 'Changing a rejected application makes it a draft again, to be applied for again.',
      },
      remove: 'Remove applications by comma-separated ids (an approved one leaves the flight checks)',
    },
  });

  routes.get(
    `${BASE}/list`,
    {
      config: { permission: 'airspace' },
      schema: {
        tags,
        summary: 'Every application of the tenant matching the filters (maps)',
        querystring: AirspacePageQuery,
        response: { 200: envelope(z.array(AirspaceSchema)) },
      },
    },
    async (request, reply) => reply.ok(await airspaces.list(request.ctx, request.query)),
  );

  routes.get(
    `${BASE}/aircraft`,
    {
      config: { permission: 'airspace' },
      schema: {
        tags,
        summary: 'The aircraft of the tenant an application may name: id, name, serial number and model',
        response: { 200: envelope(z.array(AirspaceAircraftSchema)) },
      },
    },
    async (request, reply) => reply.ok(await airspaces.aircraftChoices(request.ctx)),
  );

  routes.get(
    `${BASE}/takeoffPoints`,
    {
      config: { permission: 'airspace' },
      schema: {
        tags,
        summary: 'The registered takeoff/landing points of the tenant an application may name (uavairport)',
        response: { 200: envelope(z.array(AirspaceTakeoffPointSchema)) },
      },
    },
    async (request, reply) => reply.ok(await airspaces.takeoffPointChoices(request.ctx)),
  );

  const transitions = [
    [
      'apply',
      'airspace_edit',
      'Apply for a draft: draft → submitted (every field of spec §3 filled in)',
      AirspaceTransition,
    ],
    [
      'approve',
      'airspace_approve',
      'Approve: submitted → approved; the airspace enters the flight checks',
      AirspaceTransition,
    ],
    ['reject', 'airspace_approve', 'Reject with a reason: submitted → rejected', AirspaceReject],
  ] as const;
  for (const [action, permission, summary, body] of transitions) {
    routes.post(
      `${BASE}/${action}`,
      {
        config: { permission },
        schema: { tags, summary, body, response: { 200: envelope(AirspaceSchema) } },
      },
      async (request, reply) => {
        const input = request.body as { id: string; reason?: string };
        return reply.ok(await airspaces.transition(request.ctx, action, input.id, input.reason), 'common.ok');
      },
    );
  }

  routes.post(
    `${BASE}/getAirSpaceInfo`,
    {
      config: { permission: 'airspace' },
      schema: {
        tags,
        summary:
          'The approved airspaces a geometry touches at a time (default now) and height, and whether it lies wholly inside each',
        body: AirspaceInfoRequest,
        response: { 200: envelope(z.array(AirspaceInfo)) },
      },
    },
    async (request, reply) => reply.ok(await airspaces.info(request.ctx, request.body)),
  );

  routes.post(
    `${BASE}/importAirSpace`,
    {
      config: { permission: 'airspace_import' },
      schema: {
        tags,
        summary:
          'Import one airspace range from a file as a draft (multipart field `file`: zip with a shapefile, KML or GeoJSON; .kml, .kmz, .geojson)',
        description:
          'The file must hold exactly one range: a Polygon, or a Point with a `radius` property in metres ' +
          "(a circle). The draft is named by the feature's `name` property, else by the file name.",
        consumes: ['multipart/form-data'],
        response: { 200: envelope(AirspaceSchema) },
      },
    },
    async (request, reply) => {
      const { features, filename } = await readAreaUpload(request);
      return reply.ok(await airspaces.importFeatures(request.ctx, features, filename), 'common.added');
    },
  );
}
