import {
  DictChildQuery,
  DictDetailSchema,
  DictionaryItem,
  DictionaryQuery,
  DictionaryTreeItemSchema,
  DictNodeSchema,
  DictPageQuery,
  DictParentPageQuery,
  DictSchema,
  DictSubmit,
  DictTreeNodeSchema,
  DictTreeQuery,
  envelope,
  PageQuery,
  pageOf,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes.js';
import type { DictionaryStore } from './dict.service.js';

export interface DictionaryRoutesOptions {
  /** e.g. /api/blade-system/dict */
  base: string;
  /** the menu code: reads need it, writes need `<code>_add|_edit|_delete` (MENUS.md) */
  code: string;
  tag: string;
  /** what this table is, for the summaries */
  noun: string;
  store: DictionaryStore;
}

/**
 * The calls both dictionary tables answer (spec §7): list, parent-list, child-list, detail, tree, dictionary,
 * dictionary-tree, submit, remove. The console's dictionary screens use the first ones; `dictionary` and
 * `dictionary-tree` serve every screen that shows dictionary values, so any signed-in user may call them.
 */
export function dictionaryRoutes(app: FastifyInstance, options: DictionaryRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { base, code, store, noun } = options;
  const tags = [options.tag];

  crudRoutes(app, {
    base,
    tags,
    code,
    service: store,
    schemas: {
      record: DictSchema,
      pageQuery: PageQuery.extend(DictPageQuery.shape),
      submit: DictSubmit,
      detail: DictDetailSchema,
    },
    routes: {
      page: {
        list: `Page of ${noun}: dictionaries (parents), or with parentId the direct entries of that entry`,
      },
      detail: 'One entry, with the name of its parent',
      submit:
        'Add (no id) or update (with id) a dictionary (parentId 0 or none) or an entry (parentId, dictKey); ' +
        "an entry's code is its parent's",
      remove: 'Remove entries by comma-separated ids (refused while an entry has entries under it)',
    },
  });
  routes.get(
    `${base}/parent-list`,
    {
      config: { permission: code },
      schema: {
        tags,
        summary: `Page of ${noun} (parents only); code and dictValue filter by "contains"`,
        querystring: PageQuery.extend(DictParentPageQuery.shape),
        response: { 200: envelope(pageOf(DictSchema)) },
      },
    },
    async (request, reply) => reply.ok(await store.page(request.ctx, request.query)),
  );
  routes.get(
    `${base}/child-list`,
    {
      config: { permission: code },
      schema: {
        tags,
        summary: 'Every entry under parentId, as a tree (children, hasChildren)',
        querystring: DictChildQuery,
        response: { 200: envelope(z.array(DictNodeSchema)) },
      },
    },
    async (request, reply) => reply.ok(await store.children(request.ctx, request.query.parentId)),
  );
  routes.get(
    `${base}/tree`,
    {
      config: { permission: code },
      schema: {
        tags,
        summary:
          'Every entry (or those of dictionary `code`; `code=DICT` is every entry, as Saber sends it) as ' +
          'tree-select nodes; key and value are ids',
        querystring: DictTreeQuery,
        response: { 200: envelope(z.array(DictTreeNodeSchema)) },
      },
    },
    async (request, reply) => reply.ok(await store.tree(request.ctx, request.query.code)),
  );
  routes.get(
    `${base}/dictionary`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The direct entries of dictionary `code`, in the caller language',
        querystring: DictionaryQuery,
        response: { 200: envelope(z.array(DictionaryItem)) },
      },
    },
    async (request, reply) => reply.ok(await store.dictionary(request.ctx, request.query.code)),
  );
  routes.get(
    `${base}/dictionary-tree`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Every entry of dictionary `code` as a tree (title = name, key and value = dictKey)',
        querystring: DictionaryQuery,
        response: { 200: envelope(z.array(DictionaryTreeItemSchema)) },
      },
    },
    async (request, reply) => reply.ok(await store.dictionaryTree(request.ctx, request.query.code)),
  );
}

/** System dictionaries: one copy for the platform; every tenant reads them, only the platform tenant writes. */
export default async function dictRoutes(app: FastifyInstance) {
  dictionaryRoutes(app, {
    base: '/api/blade-system/dict',
    code: 'dict',
    tag: 'system: dict',
    noun: 'system dictionaries',
    store: app.services.dicts.system,
  });
}
