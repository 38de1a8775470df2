import { randomUUID } from 'node:crypto';
import { CAPTCHA_TTL_SECONDS } from '@aos/contract';
import svgCaptcha from 'svg-captcha';
import type { Cache } from '../../lib/cache.js';

const PREFIX = 'captcha:';

/** Picture codes for sign-in: 4 characters, valid five minutes, usable once (PROTOCOLS.md §1). */
export class CaptchaService {
  constructor(private readonly cache: Cache) {}

  async create(): Promise<{ key: string; svg: string; image: string }> {
    const { data, text } = svgCaptcha.create({
      size: 4,
      ignoreChars: '0oO1iIlL',
      noise: 2,
      color: true,
      background: '#f2f6fc',
      width: 120,
      height: 40,
    });
    const key = randomUUID();
    await this.cache.set(PREFIX + key, text.toLowerCase(), CAPTCHA_TTL_SECONDS);
    return { key, svg: data, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
  }

  /** True when the code matches (case-insensitive); the code is spent either way. */
  async verify(key: string | undefined, code: string | undefined): Promise<boolean> {
    if (!key || !code) return false;
    const expected = await this.cache.take(PREFIX + key);
    return expected !== null && expected === code.trim().toLowerCase();
  }
}
