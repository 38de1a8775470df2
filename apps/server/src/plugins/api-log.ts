import { translate } from '@aos/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { setLogEnvironment } from '../lib/request-info.js';
import { isApiPath } from './auth.js';

const MUTATING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
/** Its parameters are credentials: never an API log; a successful sign-in becomes a usual log instead. */
const TOKEN_PATH = '/api/blade-auth/oauth/token';
const LOGOUT_PATH = '/api/blade-auth/oauth/logout';

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '';

/**
 * The server's own logs (spec §7 blade-log): an API log row for every mutating /api call made by a signed-in
 * user or to a public route, usual log rows for sign-in and sign-out. Rows are queued (LogService), so
 * requests never wait for them; the queue is flushed when the app closes. Strangers' refused calls (401) are
 * not logged, so that nobody can fill the tables without an account.
 */
export default fp(async function apiLogPlugin(app: FastifyInstance) {
  const { logs } = app.services;
  setLogEnvironment(app.config.NODE_ENV);
  logs.writer.onProblem = (error, context) => app.log.warn({ err: error, ...context }, 'log rows lost');

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'POST' || pathOf(request) !== TOKEN_PATH || reply.statusCode !== 200)
      return payload;
    try {
      const answer = JSON.parse(String(payload)) as { tenant_id?: string; account?: string };
      const body = typeof request.body === 'object' && request.body ? request.body : {};
      const grant = { ...(request.query as object), ...body } as { grant_type?: unknown };
      if (answer.tenant_id && answer.account && grant.grant_type !== 'refresh_token') {
        logs.signIn(
          request,
          answer.tenant_id,
          answer.account,
          translate(request.language, 'log.signIn', answer),
        );
      }
    } catch {
      // not JSON: nothing to note
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const path = pathOf(request);
    if (!isApiPath(path)) return;
    if (path === LOGOUT_PATH && reply.statusCode === 200 && request.principal) {
      const account = request.principal.account;
      logs.usual(
        request.ctx,
        'info',
        'auth.signOut',
        translate(request.language, 'log.signOut', { account }),
        request,
      );
    }
    if (!MUTATING.has(request.method) || path === TOKEN_PATH) return;
    if (!request.principal && request.routeOptions.config?.permission !== 'public') return;
    logs.apiCall(request, reply.statusCode, reply.elapsedTime);
  });

  // Runs before the database closes (onClose hooks run in reverse order of registration).
  app.addHook('onClose', async () => {
    await logs.close();
  });
});
