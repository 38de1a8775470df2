import { PageQuery, ParamPageQuery, ParamSchema, ParamSubmit } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../../lib/crud-routes.js';

/** System parameters: platform-wide; holders of `param` read them, only the platform tenant changes them. */
export default async function paramRoutes(app: FastifyInstance) {
  crudRoutes(app, {
    base: '/api/blade-system/param',
    tags: ['system: param'],
    code: 'param',
    service: app.services.params,
    schemas: { record: ParamSchema, pageQuery: PageQuery.extend(ParamPageQuery.shape), submit: ParamSubmit },
    routes: {
      page: {
        list: 'Page of parameters; paramName and paramKey filter by "contains" (paramValue is not searchable)',
      },
      detail: 'One parameter',
      submit: 'Add (no id) or update (with id) a parameter; platform tenant only; the key is unique',
      remove: 'Remove parameters by comma-separated ids; platform tenant only; built-in keys stay',
    },
  });
}
