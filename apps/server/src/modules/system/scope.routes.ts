import {
  ApiScopeSchema,
  ApiScopeSubmit,
  DataScopeSchema,
  DataScopeSubmit,
  PageQuery,
  ScopePageQuery,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../../lib/crud-routes.js';

const pageQuery = PageQuery.extend(ScopePageQuery.shape);

/**
 * Data scopes (`data-scope`, also reachable as BladeX's older `scope`) and API scopes (`api-scope`):
 * page by menuId, detail, submit, remove. Reads need the screen's code; changes are the platform tenant's.
 */
export default async function scopeRoutes(app: FastifyInstance) {
  const { scopes } = app.services;

  for (const resource of ['data-scope', 'scope']) {
    crudRoutes(app, {
      base: `/api/blade-system/${resource}`,
      tags: ['system: data scope'],
      code: 'data_scope',
      service: {
        page: (ctx, query) => scopes.dataPage(ctx, query),
        detail: (ctx, id) => scopes.dataDetail(ctx, id),
        submit: (ctx, input) => scopes.dataSubmit(ctx, input),
        remove: (ctx, ids) => scopes.dataRemove(ctx, ids),
      },
      schemas: { record: DataScopeSchema, pageQuery, submit: DataScopeSubmit },
      routes: {
        page: { list: 'Page of data scopes (filter by menuId)' },
        detail: 'One data scope',
        submit: 'Add (no id) or update (with id) a data scope; platform tenant only',
        remove: 'Remove data scopes by comma-separated ids; platform tenant only',
      },
    });
  }

  crudRoutes(app, {
    base: '/api/blade-system/api-scope',
    tags: ['system: API scope'],
    code: 'api_scope',
    service: {
      page: (ctx, query) => scopes.apiPage(ctx, query),
      detail: (ctx, id) => scopes.apiDetail(ctx, id),
      submit: (ctx, input) => scopes.apiSubmit(ctx, input),
      remove: (ctx, ids) => scopes.apiRemove(ctx, ids),
    },
    schemas: { record: ApiScopeSchema, pageQuery, submit: ApiScopeSubmit },
    routes: {
      page: { list: 'Page of API scopes (filter by menuId)' },
      detail: 'One API scope',
      submit: 'Add (no id) or update (with id) an API scope; platform tenant only',
      remove: 'Remove API scopes by comma-separated ids; platform tenant only',
    },
  });
}
