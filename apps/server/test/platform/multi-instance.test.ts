import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, as, createTestApp, passwordGrant } from '../helper.js';

/**
 * Two server instances on one PostgreSQL and one Redis must agree: a logout on one is honoured by the other,
 * lockouts count across both, a captcha issued by one is accepted by the other. Only meaningful with the real
 * services, so this file runs in CI's PostgreSQL + Redis pass.
 */
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  'two instances sharing PostgreSQL and Redis',
  () => {
    let first: FastifyInstance;
    let second: FastifyInstance;
    beforeAll(async () => {
      first = await createTestApp({ CAPTCHA_ENABLED: 'true' });
      second = await createTestApp(
        { CAPTCHA_ENABLED: 'true' },
        {
          database: first.database.target,
          jwtSecret: first.config.JWT_SECRET,
          cachePrefix: first.config.CACHE_PREFIX,
        },
      );
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    async function captchaHeaders(issuer: FastifyInstance) {
      const { key } = (await issuer.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' })).json();
      return { 'captcha-key': key, 'captcha-code': (await issuer.cache.get(`captcha:${key}`))! };
    }

    it('a captcha from one instance signs in on the other, and only once', async () => {
      const headers = await captchaHeaders(first);
      expect(
        (await second.inject(passwordGrant('000000', 'admin', ADMIN_PASSWORD, headers))).statusCode,
      ).toBe(200);
      expect((await first.inject(passwordGrant('000000', 'admin', ADMIN_PASSWORD, headers))).statusCode).toBe(
        400,
      );
    });

    it('a logout on one instance revokes the session on the other', async () => {
      const response = await first.inject(
        passwordGrant('000000', 'admin', ADMIN_PASSWORD, await captchaHeaders(first)),
      );
      const { access_token: token } = response.json();
      expect((await as(second, token).get('/api/blade-auth/oauth/user-info')).statusCode).toBe(200);
      expect((await as(first, token).get('/api/blade-auth/oauth/logout')).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200)); // pub/sub delivery
      expect((await as(second, token).get('/api/blade-auth/oauth/user-info')).statusCode).toBe(401);
    });

    it('failed sign-ins count across instances', async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const instance = attempt % 2 ? first : second;
        await instance.inject(passwordGrant('000000', 'nobody', 'Wrong1234', await captchaHeaders(instance)));
      }
      const locked = await first.inject(
        passwordGrant('000000', 'nobody', 'Wrong1234', await captchaHeaders(first)),
      );
      expect(locked.json().error_description).toMatch(/账号已锁定/);
    });

    it('cache invalidation reaches the other instance', async () => {
      const signed = (
        await first.inject(passwordGrant('000000', 'admin', ADMIN_PASSWORD, await captchaHeaders(first)))
      ).json();
      let invalidated = '';
      await second.cache.subscribe('auth:invalidate', (message) => {
        invalidated = message;
      });
      await as(first, signed.access_token).get('/api/blade-auth/oauth/clear-cache');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(invalidated).toBe('*');
    });
  },
);
