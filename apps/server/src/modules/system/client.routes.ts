import { ClientPageQuery, ClientSaved, ClientSchema, ClientSubmit, PageQuery } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../../lib/crud-routes.js';

/** OAuth clients: spec §7 System client; platform tenant only (checked in the service too). */
export default async function clientRoutes(app: FastifyInstance) {
  crudRoutes(app, {
    base: '/api/blade-system/client',
    tags: ['system: client'],
    code: 'client',
    service: app.services.clients,
    schemas: {
      record: ClientSchema,
      pageQuery: PageQuery.extend(ClientPageQuery.shape),
      submit: ClientSubmit,
      saved: ClientSaved,
    },
    routes: {
      page: { list: 'Page of OAuth clients (secrets are never returned)' },
      detail: 'One OAuth client',
      submit: 'Add (no id) or update (with id) a client; the answer carries the secret when this call set it',
      remove: 'Remove clients by comma-separated ids (not the one the console signs in with)',
    },
  });
}
