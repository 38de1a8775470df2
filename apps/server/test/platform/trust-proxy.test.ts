import { LOGIN_MAX_FAILURES_PER_IP } from '@aos/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginLog } from '../../src/db/schema/index.js';
import { ADMIN_PASSWORD, createTestApp, passwordGrant } from '../helper.js';

/**
 * X-Forwarded-For is believed only from the proxies TRUST_PROXY names (issue 14): otherwise anyone could
 * dodge the per-address sign-in lockout by changing the header, lock any address out by naming it, and
 * write forged addresses into the login log.
 */

const LOCKED = /from this address: it is locked/;

/** A failed sign-in of `account` from the TCP peer `remoteAddress`, claiming `forwardedFor`. */
function failFrom(app: FastifyInstance, account: string, remoteAddress: string, forwardedFor: string) {
  return app.inject({
    ...passwordGrant('000000', account, 'Wrong1234', {
      'accept-language': 'en-US',
      'x-forwarded-for': forwardedFor,
    }),
    remoteAddress,
  });
}

/** The address the login log recorded for `account`'s sign-ins. */
async function loggedAddresses(app: FastifyInstance, account: string): Promise<string[]> {
  let rows: Array<{ ip: string }> = [];
  await vi.waitFor(async () => {
    rows = await app.database.db
      .select({ ip: loginLog.ip })
      .from(loginLog)
      .where(and(eq(loginLog.tenantId, '000000'), eq(loginLog.account, account)));
    expect(rows.length).toBeGreaterThan(0);
  });
  return rows.map((row) => row.ip);
}

describe('X-Forwarded-For without TRUST_PROXY (the default)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('counts failures against the TCP peer whatever the header says, and never the named address', async () => {
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES_PER_IP - 1; attempt++) {
      const response = await failFrom(app, `forger${attempt}`, '10.20.0.1', `10.99.0.${attempt + 1}`);
      expect(response.json().error_description).not.toMatch(LOCKED);
    }
    // A fresh forged address does not reset the count: the peer is locked.
    expect((await failFrom(app, 'forger-last', '10.20.0.1', '10.99.1.1')).json().error_description).toMatch(
      LOCKED,
    );
    // Naming a victim's address in the header locked nothing of the victim's.
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES_PER_IP; attempt++) {
      await failFrom(app, `framer${attempt}`, '10.20.0.2', '10.30.0.7');
    }
    const victim = await app.inject({
      ...passwordGrant('000000', 'admin', ADMIN_PASSWORD),
      remoteAddress: '10.30.0.7',
    });
    expect(victim.statusCode, victim.body).toBe(200);
  });

  it('records the TCP peer in the login log, not the forged header', async () => {
    await failFrom(app, 'logged-forger', '10.20.0.3', '203.0.113.9');
    expect(await loggedAddresses(app, 'logged-forger')).toEqual(['10.20.0.3']);
  });
});

describe('X-Forwarded-For from a proxy TRUST_PROXY names', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // app.inject's peer is 127.0.0.1: it plays the trusted proxy
    app = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('counts and records the client the proxy names', async () => {
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES_PER_IP; attempt++) {
      await failFrom(app, `behind${attempt}`, '127.0.0.1', '10.40.0.1');
    }
    expect((await failFrom(app, 'behind-last', '127.0.0.1', '10.40.0.1')).json().error_description).toMatch(
      LOCKED,
    );
    // Another client behind the same proxy is not locked.
    expect((await failFrom(app, 'neighbour', '127.0.0.1', '10.40.0.2')).json().error_description).not.toMatch(
      LOCKED,
    );
    expect(await loggedAddresses(app, 'neighbour')).toEqual(['10.40.0.2']);
    // An untrusted peer's header is still ignored.
    await failFrom(app, 'direct', '10.20.0.4', '10.40.0.3');
    expect(await loggedAddresses(app, 'direct')).toEqual(['10.20.0.4']);
  });
});
