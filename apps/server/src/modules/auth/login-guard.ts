import { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP } from '@aos/contract';
import type { Cache } from '../../lib/cache.js';
import { AppError, OAuthError } from '../../lib/errors.js';

/** Requests limited per address: picture codes and SMS verification codes. */
export type RateKind = 'captcha' | 'sms';

/** A lock in force: which one, and how long it still lasts. */
export interface Lock {
  messageKey: 'auth.ipLocked' | 'auth.accountLocked';
  minutes: number;
}
/** How a lock is answered: the token endpoint speaks OAuth2, the other endpoints the BladeX envelope. */
export type Refusal = (lock: Lock) => Error;
export const oauthRefusal: Refusal = ({ messageKey, minutes }) =>
  new OAuthError(400, 'invalid_grant', messageKey, { minutes });

/**
 * Sign-in lockouts: five failures lock the account, twenty failures from one address (across accounts) lock
 * the address, each for the lock period. Counters live in the shared cache, so every instance agrees. A wrong
 * old password on update-password counts as a failed sign-in of the account. Picture and SMS codes are limited
 * per address.
 */
export class LoginGuard {
  constructor(
    private readonly cache: Cache,
    private readonly lockSeconds: number,
    /** requests of each kind one address may make per window */
    private readonly rates: Record<RateKind, { max: number; seconds: number }>,
  ) {}

  /**
   * Count a request of `kind` from `ip` (fixed window in the shared cache, so every instance agrees); beyond
   * the limit, 429 saying how long to wait. Picture codes and SMS codes cost the server (and SMS money).
   */
  async limitRate(kind: RateKind, ip: string): Promise<void> {
    const { max, seconds } = this.rates[kind];
    const key = `rate:${kind}:${ip}`;
    if ((await this.cache.incr(key, seconds)) <= max) return;
    throw new AppError(429, 'auth.rateLimited', { seconds: Math.max(await this.cache.ttl(key), 1) });
  }

  private accountKey(tenantId: string, account: string) {
    return `login:fail:account:${tenantId}:${account.toLowerCase()}`;
  }
  private ipKey(ip: string) {
    return `login:fail:ip:${ip}`;
  }

  /** Refuse at once while the account or the address is locked. */
  async assertOpen(tenantId: string, account: string, ip: string, refuse = oauthRefusal): Promise<void> {
    const lock =
      (await this.lockOf(this.ipKey(ip), LOGIN_MAX_FAILURES_PER_IP, 'auth.ipLocked')) ??
      (await this.lockOf(
        this.accountKey(tenantId, account),
        LOGIN_MAX_FAILURES_PER_ACCOUNT,
        'auth.accountLocked',
      ));
    if (lock) throw refuse(lock);
  }

  private async lockOf(key: string, limit: number, messageKey: Lock['messageKey']): Promise<Lock | null> {
    const count = Number((await this.cache.get(key)) ?? 0);
    if (count < limit) return null;
    const seconds = Math.max(await this.cache.ttl(key), 1);
    return { messageKey, minutes: Math.ceil(seconds / 60) };
  }

  /** Count a failure; once a limit is reached the lock period starts afresh from this failure. */
  async recordFailure(tenantId: string, account: string, ip: string, refuse = oauthRefusal): Promise<void> {
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
    await this.assertOpen(tenantId, account, ip, refuse);
  }

  async recordSuccess(tenantId: string, account: string): Promise<void> {
    await this.cache.del(this.accountKey(tenantId, account));
  }
}
