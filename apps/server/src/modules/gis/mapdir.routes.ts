import {
  ElementAdd,
  ElementGroupAdd,
  ElementGroupSchema,
  envelope,
  IdQuery,
  IdsQuery,
  MapDirNodeSchema,
  MapDirSchema,
  MapDirSubmit,
  MapDirVisibilityInput,
  MapElementSchema,
  MapMarkListQuery,
  MapMarkSchema,
  MapMarkSubmit,
  MapMarkTenantQuery,
  MARK_KIND_INFO,
  MARK_KINDS,
  TreeSelectNodeSchema,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const GIS = '/api/aos-gisservice';
const tags = ['gis: map directories and marks'];
const djiTags = ['labels: DJI map elements'];
/** Add without id, edit with one (the button codes of the mapdir screen). */
const addOrEdit = (request: { body: unknown }) =>
  (request.body as { id?: unknown }).id ? 'mapdir_edit' : 'mapdir_add';

/**
 * Map directories and marks (spec §7 GIS mapdir, mapmark, mapmarkpoint/line/polygon) and the same data as
 * DJI map elements (§7 Labels: /api/group_element, /api/element). Permissions: the `mapdir` screen's codes.
 */
export default async function mapDirRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { mapDirs } = app.services;

  // ------------------------------------------------------------------------------------------ mapdir
  routes.get(
    `${GIS}/mapdir/list`,
    {
      config: { permission: 'mapdir' },
      schema: {
        tags,
        summary: 'The directory tree, each directory with its marks',
        response: { 200: envelope(z.array(MapDirNodeSchema)) },
      },
    },
    async (request, reply) => reply.ok(await mapDirs.tree(request.ctx)),
  );
  routes.get(
    `${GIS}/mapdir/dirs`,
    {
      config: { permission: 'mapdir' },
      schema: {
        tags,
        summary: 'The directories only, as tree-select nodes (id, parentId, title, key, value, children)',
        response: { 200: envelope(z.array(TreeSelectNodeSchema)) },
      },
    },
    async (request, reply) => reply.ok(await mapDirs.dirTree(request.ctx)),
  );
  routes.post(
    `${GIS}/mapdir/submit`,
    {
      config: { permission: addOrEdit },
      schema: {
        tags,
        summary:
          'Add (no id) or update a directory; the parent is a directory of the tenant, not below itself',
        body: MapDirSubmit,
        response: { 200: envelope(MapDirSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await mapDirs.submitDir(request.ctx, request.body),
        request.body.id ? 'common.updated' : 'common.added',
      ),
  );
  routes.post(
    `${GIS}/mapdir/removeDir`,
    {
      config: { permission: 'mapdir_delete' },
      schema: {
        tags,
        summary:
          'Remove empty directories by comma-separated ids (refused while one holds directories or marks)',
        querystring: IdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(await mapDirs.removeDirs(request.ctx, request.query.ids), 'common.deleted'),
  );
  routes.post(
    `${GIS}/mapdir/updateDirVisibility`,
    {
      config: { permission: 'mapdir_visibility' },
      schema: {
        tags,
        summary: 'Show (1) or hide (0) a directory on the map',
        body: MapDirVisibilityInput,
        response: { 200: envelope(MapDirSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(await mapDirs.setVisibility(request.ctx, request.body), 'common.updated'),
  );

  // ------------------------------------------------------------------------------------------ mapmark
  routes.get(
    `${GIS}/mapmark/getList`,
    {
      config: { permission: 'mapdir' },
      schema: {
        tags,
        summary: 'Marks by directory, name and kind',
        querystring: MapMarkListQuery,
        response: { 200: envelope(z.array(MapMarkSchema)) },
      },
    },
    async (request, reply) => reply.ok(await mapDirs.markList(request.ctx, request.query)),
  );
  routes.post(
    `${GIS}/mapmark/listForTenant`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary:
          "Every mark of the caller's tenant for the map: optionally in bbox [w,s,e,n], of shown directories",
        body: MapMarkTenantQuery.nullish(),
        response: { 200: envelope(z.array(MapMarkSchema)) },
      },
    },
    async (request, reply) => reply.ok(await mapDirs.marksForTenant(request.ctx, request.body ?? {})),
  );

  for (const kind of MARK_KINDS) {
    const { path, geometry } = MARK_KIND_INFO[kind];
    const kindTags = [`gis: ${path}`];
    routes.post(
      `${GIS}/${path}/submit`,
      {
        config: { permission: addOrEdit },
        schema: {
          tags: kindTags,
          summary: `Add (no id) or update a ${kind} mark (geometry: GeoJSON ${geometry})`,
          body: MapMarkSubmit[kind],
          response: { 200: envelope(MapMarkSchema) },
        },
      },
      async (request, reply) =>
        reply.ok(
          await mapDirs.submitMark(request.ctx, kind, request.body),
          request.body.id ? 'common.updated' : 'common.added',
        ),
    );
    routes.get(
      `${GIS}/${path}/detail`,
      {
        config: { permission: 'mapdir' },
        schema: {
          tags: kindTags,
          summary: `One ${kind} mark`,
          querystring: IdQuery,
          response: { 200: envelope(MapMarkSchema) },
        },
      },
      async (request, reply) => reply.ok(await mapDirs.markDetail(request.ctx, kind, request.query.id)),
    );
    routes.post(
      `${GIS}/${path}/remove`,
      {
        config: { permission: 'mapdir_delete' },
        schema: {
          tags: kindTags,
          summary: `Remove ${kind} marks by comma-separated ids`,
          querystring: IdsQuery,
          response: { 200: envelope(z.number()) },
        },
      },
      async (request, reply) =>
        reply.ok(await mapDirs.removeMarks(request.ctx, kind, request.query.ids), 'common.deleted'),
    );
  }

  // ------------------------------------------------------------------------------------------ DJI shapes
  routes.get(
    '/api/group_element/treeList',
    {
      config: { permission: 'mapdir' },
      schema: {
        tags: djiTags,
        summary:
          'Directories as DJI element groups, with their marks as elements (resource.content a Feature)',
        response: { 200: envelope(z.array(ElementGroupSchema)) },
      },
    },
    async (request, reply) => reply.ok(await mapDirs.groupTree(request.ctx)),
  );
  routes.post(
    '/api/group_element/add',
    {
      config: { permission: 'mapdir_add' },
      schema: {
        tags: djiTags,
        summary: 'Add an element group (a directory), under parent_id or at the top',
        body: ElementGroupAdd,
        response: { 200: envelope(ElementGroupSchema) },
      },
    },
    async (request, reply) => reply.ok(await mapDirs.addGroup(request.ctx, request.body), 'common.added'),
  );
  routes.post(
    '/api/group_element/remove',
    {
      config: { permission: 'mapdir_delete' },
      schema: {
        tags: djiTags,
        summary: 'Remove empty element groups by comma-separated ids (as mapdir/removeDir)',
        querystring: IdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(await mapDirs.removeDirs(request.ctx, request.query.ids), 'common.deleted'),
  );
  routes.post(
    '/api/element/add',
    {
      config: { permission: addOrEdit },
      schema: {
        tags: djiTags,
        summary: 'Add an element (a mark) to group_id; with id, replace that element',
        description: 'resource.type 0 pin (Point), 1 line (LineString), 2 polygon; content a GeoJSON Feature',
        body: ElementAdd,
        response: { 200: envelope(MapElementSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await mapDirs.addElement(request.ctx, request.body),
        request.body.id ? 'common.updated' : 'common.added',
      ),
  );
  routes.post(
    '/api/element/remove',
    {
      config: { permission: 'mapdir_delete' },
      schema: {
        tags: djiTags,
        summary: 'Remove elements (marks of any kind) by comma-separated ids',
        querystring: IdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(await mapDirs.removeMarks(request.ctx, undefined, request.query.ids), 'common.deleted'),
  );
}
