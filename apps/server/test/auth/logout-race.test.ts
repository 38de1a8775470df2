import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshToken } from '../../src/db/schema/index.js';
import { sha256 } from '../../src/lib/password.js';
import { as, createTenant, createTestApp, login, type Tokens, tokenRequest } from '../helper.js';

let app: FastifyInstance;
const T = '300021';

beforeAll(async () => {
  app = await createTestApp();
  await createTenant(app, T);
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const refresh = (token: string) =>
  app.inject(tokenRequest({ grant_type: 'refresh_token', refresh_token: token }));
const logout = (tokens: Tokens) => as(app, tokens.access_token).post('/api/blade-auth/oauth/logout');

async function familyOf(token: string): Promise<string> {
  const [row] = await app.database.db
    .select({ familyId: refreshToken.familyId })
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, sha256(token)));
  return row!.familyId;
}

/** The refresh tokens of the family nobody ended: none may be left once the logout has answered. */
const surviving = (familyId: string) =>
  app.database.db
    .select({ id: refreshToken.id })
    .from(refreshToken)
    .where(and(eq(refreshToken.familyId, familyId), isNull(refreshToken.revokedAt)));

/** After the logout: every token of the family is ended, and whatever the refresh answered is refused. */
async function expectEnded(familyId: string, refreshed: Awaited<ReturnType<typeof refresh>>) {
  expect(await surviving(familyId)).toEqual([]);
  if (refreshed.statusCode === 200) {
    const again = await refresh(refreshed.json().refresh_token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
    const access = await as(app, refreshed.json().access_token).get('/api/blade-auth/oauth/user-info');
    expect(access.statusCode).toBe(401);
  } else {
    expect(refreshed.statusCode).toBe(400);
  }
}

describe('a refresh racing a logout (issue 14)', () => {
  it('cannot outlive it when the logout comes while the refresh is storing its new token', async () => {
    const tokens = await login(app, T);
    const familyId = await familyOf(tokens.refresh_token);
    const { sessions } = app.services;
    const issue = sessions.issueRefresh.bind(sessions);
    let loggedOut: ReturnType<typeof logout> | undefined;
    // Inside the refresh's transaction, after it checked that the family is not ended: the logout starts now
    // and gets the time to do whatever it can before the refresh stores its token and commits.
    vi.spyOn(sessions, 'issueRefresh').mockImplementation(async (...args) => {
      loggedOut ??= logout(tokens);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return issue(...args);
    });
    const refreshed = await refresh(tokens.refresh_token);
    expect(loggedOut).toBeDefined();
    expect((await loggedOut!).statusCode).toBe(200);
    vi.restoreAllMocks();
    await expectEnded(familyId, refreshed);
  });

  it('cannot outlive it however the two interleave, run many times', async () => {
    for (let round = 0; round < 25; round += 1) {
      const tokens = await login(app, T);
      const familyId = await familyOf(tokens.refresh_token);
      // Alternate which one is sent first; both are in flight together.
      const [refreshed, out] =
        round % 2 === 0
          ? await Promise.all([refresh(tokens.refresh_token), logout(tokens)])
          : await Promise.all([logout(tokens), refresh(tokens.refresh_token)]).then(
              ([a, b]) => [b, a] as const,
            );
      expect(out.statusCode, `round ${round}`).toBe(200);
      await expectEnded(familyId, refreshed);
    }
  });
});
