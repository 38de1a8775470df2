import { LIVE_CLOSE_TOKEN_EXPIRED, LIVE_RENEW_REFUSED } from '@aos/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../src/db/schema/index.js';
import { createTenant, createTestApp, login, type Tokens, tokenRequest } from '../helper.js';
import { closeAll, openConsole, wsUrl } from '../live-helper.js';

/**
 * A live socket lives as long as its access token (issue 14): closed with 4408 at its expiry unless the
 * console renewed it over the socket with a fresh token of the same user and session (after a refresh).
 * The console's OAuth client issues 2-second access tokens here.
 */

const B = '800091';
let app: FastifyInstance;

/** The console client's access-token lifetime, seconds. */
const tokenLife = (seconds: number) =>
  app.database.db.update(client).set({ accessTokenValidity: seconds }).where(eq(client.clientId, 'saber'));

const expiresAt = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp * 1000;

async function refreshed(tokens: Tokens, tenantId = '000000'): Promise<Tokens> {
  const response = await app.inject(
    tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, tenantId }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  app = await createTestApp({ HOST: '127.0.0.1' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await createTenant(app, B);
});
afterEach(async () => {
  await tokenLife(3600);
  await closeAll();
});
afterAll(async () => {
  await app?.close();
});

describe('live socket and token expiry', () => {
  it('closes the socket with 4408 when its access token expires', async () => {
    await tokenLife(2);
    const tokens = await login(app);
    expect(tokens.expires_in).toBe(2);
    const viewer = openConsole(wsUrl(app, tokens.access_token));
    await viewer.next('hello');
    expect(await viewer.closed).toEqual({ code: LIVE_CLOSE_TOKEN_EXPIRED, reason: 'token expired' });
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt(tokens.access_token) - 50);
    expect(app.liveSockets.count()).toBe(0);
  });

  it('keeps a socket renewed with the refreshed token open past the first token’s expiry', async () => {
    await tokenLife(2);
    const tokens = await login(app);
    const viewer = openConsole(wsUrl(app, tokens.access_token));
    await viewer.next('hello');
    await tokenLife(3600);
    const fresh = await refreshed(tokens);
    viewer.send({ type: 'renew', token: fresh.access_token });
    const renewed = await viewer.next('renewed');
    expect(renewed.data.expiresAt).toBe(expiresAt(fresh.access_token));
    await new Promise((resolve) => setTimeout(resolve, expiresAt(tokens.access_token) - Date.now() + 500));
    await viewer.sync();
    expect(viewer.socket.readyState).toBe(viewer.socket.OPEN);
  });

  it('refuses a renewal with another user’s token or another session’s, and still closes at expiry', async () => {
    await tokenLife(2);
    const tokens = await login(app);
    const viewer = openConsole(wsUrl(app, tokens.access_token));
    await viewer.next('hello');
    await tokenLife(3600);
    const theirs = await login(app, B);
    const otherSession = await login(app);
    viewer.send({ type: 'renew', token: theirs.access_token });
    viewer.send({ type: 'renew', token: otherSession.access_token });
    viewer.send({ type: 'renew', token: `${tokens.access_token}x` });
    const closed = await viewer.closed;
    expect(viewer.of('error').map((frame) => frame.data)).toEqual([
      { reason: LIVE_RENEW_REFUSED },
      { reason: LIVE_RENEW_REFUSED },
      { reason: LIVE_RENEW_REFUSED },
    ]);
    expect(viewer.of('renewed')).toEqual([]);
    expect(closed.code).toBe(LIVE_CLOSE_TOKEN_EXPIRED);
  });
});
