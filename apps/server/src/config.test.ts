import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_ADMIN_PASSWORD, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'aos-config-'));

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      PORT: 8080,
      CAPTCHA_ENABLED: true,
      TENANT_MODE: true,
      ADMIN_PASSWORD: DEMO_ADMIN_PASSWORD,
      adminPasswordIsDemo: true,
      TIME_ZONE: 'Asia/Shanghai',
      PASSWORD_HASH_COST: 15,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('stops with a message naming each bad variable', () => {
    const attempt = () =>
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: 'eighty',
        CAPTCHA_ENABLED: 'maybe',
        DATABASE_URL: 'mysql://x',
        TIME_ZONE: 'Mars/Base',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'CAPTCHA_ENABLED', 'DATABASE_URL', 'TIME_ZONE'])
        expect(message).toContain(`${name}:`);
    }
  });

  it('refuses to start in production without ADMIN_PASSWORD', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(
      /ADMIN_PASSWORD: required in production/,
    );
    expect(
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', ADMIN_PASSWORD: 'S3cret-pass' })
        .adminPasswordIsDemo,
    ).toBe(false);
  });

  it('reads flags in the usual spellings', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), CAPTCHA_ENABLED: 'false', TENANT_MODE: '0' })).toMatchObject({
      CAPTCHA_ENABLED: false,
      TENANT_MODE: false,
    });
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).JWT_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).JWT_SECRET).toBe(first);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(() => loadConfig({ DATA_DIR: dir, JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET: must be at least 32/,
    );
  });
});
