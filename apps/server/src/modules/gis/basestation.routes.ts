import {
  BaseStationPageQuery,
  BaseStationSchema,
  BaseStationSubmit,
  envelope,
  IdQuery,
  IdsQuery,
  PageQuery,
  pageOf,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['gis: base station'];
const BASE = '/api/aos-gisservice/basestation';

/** Base stations (spec §7 GIS basestation): page, list, detail, submit, remove. */
export default async function baseStationRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { baseStations } = app.services;

  routes.get(
    `${BASE}/page`,
    {
      config: { permission: 'basestation' },
      schema: {
        tags,
        summary: 'Page of base stations',
        querystring: PageQuery.extend(BaseStationPageQuery.shape),
        response: { 200: envelope(pageOf(BaseStationSchema)) },
      },
    },
    async (request, reply) => reply.ok(await baseStations.page(request.ctx, request.query)),
  );
  routes.get(
    `${BASE}/list`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Every base station of the tenant (maps and pickers)',
        querystring: BaseStationPageQuery,
        response: { 200: envelope(z.array(BaseStationSchema)) },
      },
    },
    async (request, reply) => reply.ok(await baseStations.list(request.ctx, request.query)),
  );
  routes.get(
    `${BASE}/detail`,
    {
      config: { permission: 'basestation' },
      schema: {
        tags,
        summary: 'One base station',
        querystring: IdQuery,
        response: { 200: envelope(BaseStationSchema) },
      },
    },
    async (request, reply) => reply.ok(await baseStations.detail(request.ctx, request.query.id)),
  );
  routes.post(
    `${BASE}/submit`,
    {
      config: {
        permission: (request) =>
          (request.body as BaseStationSubmit).id ? 'basestation_edit' : 'basestation_add',
      },
      schema: {
        tags,
        summary: 'Add (no id) or update (with id) a base station; coordinates as "longitude,latitude"',
        body: BaseStationSubmit,
        response: { 200: envelope(BaseStationSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await baseStations.submit(request.ctx, request.body),
        request.body.id ? 'common.updated' : 'common.added',
      ),
  );
  routes.post(
    `${BASE}/remove`,
    {
      config: { permission: 'basestation_delete' },
      schema: {
        tags,
        summary: 'Remove base stations by comma-separated ids',
        querystring: IdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(await baseStations.remove(request.ctx, request.query.ids), 'common.deleted'),
  );
}
