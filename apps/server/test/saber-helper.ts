import type { FastifyInstance } from 'fastify';
import { CLIENT_BASIC } from './helper.js';

/**
 * Calls as the BladeX Saber 2.x console sends them (`src/router/axios.js`): the OAuth client in `Authorization`
 * on every call, the token in `Blade-Auth`, no `Accept-Language` (the server's default language). URLs are
 * written out exactly as axios serialises Saber's params: in the order of the object, an unset search field as
 * `field=`, undefined left out.
 */
export function saber(app: FastifyInstance, token: string) {
  const headers = { authorization: CLIENT_BASIC, 'blade-auth': `bearer ${token}` };
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    /** a POST with the params in the query (remove, enable) or a JSON body (submit, grant) */
    post: (url: string, body?: unknown) =>
      app.inject({
        method: 'POST',
        url,
        headers:
          body === undefined ? headers : { ...headers, 'content-type': 'application/json;charset=UTF-8' },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }),
  };
}
