import { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP } from '@aos/contract';
import type { Cache } from '../../lib/cache.js';
import { OAuthError } from '../../lib/errors.js';

/**
 * Sign-in lockouts: five failures lock the account, twenty failures from one address (across accounts) lock
 * the address, each for the lock period. Counters live in the shared cache, so every instance agrees.
 */
export class LoginGuard {
  constructor(
    private readonly cache: Cache,
    private readonly lockSeconds: number,
  ) {}

  private accountKey(tenantId: string, account: string) {
    return `login:fail:account:${tenantId}:${account.toLowerCase()}`;
  }
  private ipKey(ip: string) {
    return `login:fail:ip:${ip}`;
  }

  /** Refuse at once while the account or the address is locked. */
  async assertOpen(tenantId: string, account: string, ip: string): Promise<void> {
    await this.assertKeyOpen(this.ipKey(ip), LOGIN_MAX_FAILURES_PER_IP, 'auth.ipLocked');
    await this.assertKeyOpen(
      this.accountKey(tenantId, account),
      LOGIN_MAX_FAILURES_PER_ACCOUNT,
      'auth.accountLocked',
    );
  }

  private async assertKeyOpen(key: string, limit: number, message: 'auth.ipLocked' | 'auth.accountLocked') {
    const count = Number((await this.cache.get(key)) ?? 0);
    if (count < limit) return;
    const seconds = Math.max(await this.cache.ttl(key), 1);
    throw new OAuthError(400, 'invalid_grant', message, { minutes: Math.ceil(seconds / 60) });
  }

  /** Count a failure; once a limit is reached the lock period starts afresh from this failure. */
  async recordFailure(tenantId: string, account: string, ip: string): Promise<void> {
    const accountKey = this.accountKey(tenantId, account);
    const ipKey = this.ipKey(ip);
    const [accountCount, ipCount] = await Promise.all([
      this.cache.incr(accountKey, this.lockSeconds),
      this.cache.incr(ipKey, this.lockSeconds),
    ]);
    if (ipCount === LOGIN_MAX_FAILURES_PER_IP) await this.cache.set(ipKey, String(ipCount), this.lockSeconds);
    if (accountCount === LOGIN_MAX_FAILURES_PER_ACCOUNT) {
      await this.cache.set(accountKey, String(accountCount), this.lockSeconds);
    }
    await this.assertOpen(tenantId, account, ip);
  }

  async recordSuccess(tenantId: string, account: string): Promise<void> {
    await this.cache.del(this.accountKey(tenantId, account));
  }
}
