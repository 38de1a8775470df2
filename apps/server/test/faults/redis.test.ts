import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { login, passwordGrant } from '../helper.js';
import { closeAll } from '../live-helper.js';
import {
  apiAnswers,
  CAP,
  dockEvent,
  type FaultFixture,
  faultFixture,
  handledOnce,
  liveAgain,
} from './helper.js';
import { available, type PrivateService, startRedis } from './services.js';

/**
 * Redis restarted under a running app (a private redis-server on a free port): a request that needs the
 * cache (the sign-in counts failures there) answers 503 meanwhile, signed-in reads keep answering (the
 * revoked sessions are held in memory), the live view keeps working (each instance applies its own changes
 * before sharing them), and after the restart the cache answers again and its pub/sub subscriptions are
 * back (ioredis resubscribes).
 */
describe.skipIf(!available.redis)('Redis restarted (skipped without redis-server on PATH)', () => {
  let redis: PrivateService;
  let fixture: FaultFixture;

  beforeAll(async () => {
    redis = await startRedis();
    fixture = await faultFixture(
      { REDIS_URL: redis.url },
      (app) => `mqtt://127.0.0.1:${app.deviceBroker!.port}`,
    );
  });
  afterAll(async () => {
    await closeAll();
    await fixture?.app.close();
    await redis?.destroy();
  }, 120_000);

  it('refuses a sign-in with 503 while it is down, keeps reads and the live view, resubscribes after', async () => {
    const { app } = fixture;
    const heard: string[] = [];
    await app.cache.subscribe('faults-probe', (message) => heard.push(message));
    await apiAnswers(fixture, 200);

    await redis.stop();
    await signInAnswers(fixture, 503);
    await apiAnswers(fixture, 200);
    const during = dockEvent(fixture);
    await liveAgain(fixture);
    await handledOnce(fixture, during);

    await redis.start();
    await signInAnswers(fixture, 200);
    // The subscriber connection is back on its channels: a message published now arrives.
    await vi.waitFor(async () => {
      await app.cache.publish('faults-probe', 'after');
      expect(heard).toContain('after');
    }, CAP);
    // A session revoked by another instance while this one's subscription was away (its message lost):
    // read from Redis when the subscription is back. Here the subscriber connection alone is cut.
    const { access_token: other } = await login(app);
    const sid = (JSON.parse(Buffer.from(other.split('.')[1]!, 'base64url').toString()) as { sid: string })
      .sid;
    const signedIn = () =>
      app.inject({
        method: 'GET',
        url: '/api/blade-auth/oauth/user-info',
        headers: { 'blade-auth': `bearer ${other}` },
      });
    expect((await signedIn()).statusCode).toBe(200);
    await app.cache.set(`auth:revoked:${sid}`, String(Date.now() + 600_000), 600);
    const admin = new Redis(redis.url);
    await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
    await admin.quit();
    await vi.waitFor(async () => expect((await signedIn()).statusCode).toBe(401), CAP);

    const after = dockEvent(fixture);
    await liveAgain(fixture);
    await handledOnce(fixture, after);
    expect(app.platform.deviceLink.stats.failed).toBe(0);
  }, 150_000);
});

async function signInAnswers({ app }: FaultFixture, status: number): Promise<void> {
  await vi.waitFor(async () => {
    const response = await app.inject(passwordGrant('000000', 'admin', 'Admin@123'));
    expect(response.statusCode, response.body).toBe(status);
  }, CAP);
}
