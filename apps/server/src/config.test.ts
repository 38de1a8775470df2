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
      DEFAULT_LANGUAGE: 'zh-CN',
      THEME_COLOR: '#409EFF',
      CONSOLE_CLIENT_ID: 'saber',
      CONSOLE_CLIENT_SECRET: 'saber_secret',
      MAP_CENTER: [116.397, 39.908],
      MAP_ZOOM: 5,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.MAP_TILE_URL).toBeUndefined();
  });

  it('reads the console settings', () => {
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        DEFAULT_LANGUAGE: 'en-US',
        THEME_COLOR: '#1F2d3d',
        CONSOLE_CLIENT_ID: 'console',
        CONSOLE_CLIENT_SECRET: 'console_secret',
        MAP_TILE_URL: 'http://tiles.local:8081/{z}/{x}/{y}.png?style=dark',
        MAP_CENTER: ' -73.9857 , 40.7484 ',
        MAP_ZOOM: '11.5',
      }),
    ).toMatchObject({
      DEFAULT_LANGUAGE: 'en-US',
      THEME_COLOR: '#1F2d3d',
      CONSOLE_CLIENT_ID: 'console',
      CONSOLE_CLIENT_SECRET: 'console_secret',
      MAP_TILE_URL: 'http://tiles.local:8081/{z}/{x}/{y}.png?style=dark',
      MAP_CENTER: [-73.9857, 40.7484],
      MAP_ZOOM: 11.5,
    });
  });

  it('reads the map layers, each with its coordinate system (WGS-84 street by default)', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      MAP_LAYERS: JSON.stringify([
        { name: ' Street ', url: 'https://{a-c}.tiles.example.com/{z}/{x}/{y}.png' },
        {
          name: 'Satellite',
          url: 'https://sat.example.cn/{z}/{x}/{-y}.jpg',
          crs: 'GCJ02',
          kind: 'satellite',
          attribution: 'Example Maps',
        },
      ]),
    });
    expect(config.MAP_LAYERS).toEqual([
      {
        name: 'Street',
        url: 'https://{a-c}.tiles.example.com/{z}/{x}/{y}.png',
        crs: 'WGS84',
        kind: 'street',
      },
      {
        name: 'Satellite',
        url: 'https://sat.example.cn/{z}/{x}/{-y}.jpg',
        crs: 'GCJ02',
        kind: 'satellite',
        attribution: 'Example Maps',
      },
    ]);
    expect(loadConfig({ DATA_DIR: dataDir() }).MAP_LAYERS).toBeUndefined();
  });

  it('names the bad map layer and what is wrong with it', () => {
    const url = 'https://tiles.example.com/{z}/{x}/{y}.png';
    const bad: Array<[unknown, RegExp]> = [
      ['not json', /expected a JSON array of layers such as/],
      [{ name: 'Street', url }, /expected a JSON array/],
      [[], /expected at least one layer/],
      [
        [{ name: 'Street', url: 'https://tiles.example.com/{z}/{x}.png' }],
        /layer 1 url: expected a tile template/,
      ],
      [
        [
          { name: 'A', url },
          { name: 'B', url, crs: 'BD09' },
        ],
        /layer 2 crs: expected WGS84 or GCJ02/,
      ],
      [[{ name: 'A', url, kind: 'terrain' }], /layer 1 kind: expected street or satellite/],
      [[{ name: '  ', url }], /layer 1 name: a name is required/],
      [[{ name: 'A', url, token: 'x' }], /layer 1/],
      [
        [
          { name: 'A', url },
          { name: 'A', url },
        ],
        /each layer needs its own name/,
      ],
    ];
    for (const [value, message] of bad) {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      expect(() => loadConfig({ DATA_DIR: dataDir(), MAP_LAYERS: text }), text).toThrow(
        new RegExp(`^Invalid configuration:\n  MAP_LAYERS: ${message.source}`),
      );
    }
  });

  it('names each bad console setting', () => {
    const bad: Record<string, string[]> = {
      DEFAULT_LANGUAGE: ['fr-FR', 'zh'],
      THEME_COLOR: ['blue', '#409EF', '#409EFFF', '409EFF', '#GGGGGG'],
      MAP_TILE_URL: [
        'ftp://tiles/{z}/{x}/{y}.png',
        'tiles.example.com/{z}/{x}/{y}.png',
        'https://tiles.example.com/{z}/{x}.png',
        'javascript:alert(1)//{z}/{x}/{y}',
      ],
      MAP_CENTER: ['116.397', '116.397,39.908,1', '200,10', '10,95', 'a,b', ',39.9'],
      MAP_ZOOM: ['-1', '23', 'far'],
      CONSOLE_CLIENT_ID: ['x'.repeat(49)],
    };
    for (const [name, values] of Object.entries(bad)) {
      for (const value of values) {
        expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value }), `${name}=${value}`).toThrow(
          new RegExp(`^Invalid configuration:\n  ${name}: `),
        );
      }
    }
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

  it('runs the embedded device broker by default, except under NODE_ENV=test', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      MQTT_ENABLED: true,
      MQTT_PORT: 1884,
      MQTT_SHARE_GROUP: 'aos',
      DEVICE_OFFLINE_MS: 30_000,
      DEVICE_REPLY_TIMEOUT_MS: 10_000,
    });
    expect(loadConfig({ DATA_DIR: dataDir() }).MQTT_URL).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test' }).MQTT_ENABLED).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test', MQTT_ENABLED: 'on' }).MQTT_ENABLED).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), MQTT_ENABLED: 'false' }).MQTT_ENABLED).toBe(false);
  });

  it('reads the device link settings', () => {
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        MQTT_URL: 'mqtt://user:pass@127.0.0.1:1883',
        MQTT_PORT: '0',
        MQTT_SHARE_GROUP: 'aos-blue_2',
        DEVICE_OFFLINE_MS: '500',
        DEVICE_REPLY_TIMEOUT_MS: '250',
      }),
    ).toMatchObject({
      MQTT_URL: 'mqtt://user:pass@127.0.0.1:1883',
      MQTT_PORT: 0,
      MQTT_SHARE_GROUP: 'aos-blue_2',
      DEVICE_OFFLINE_MS: 500,
      DEVICE_REPLY_TIMEOUT_MS: 250,
    });
    for (const url of ['mqtts://broker:8883', 'ws://broker:8083/mqtt', 'wss://broker/mqtt'])
      expect(loadConfig({ DATA_DIR: dataDir(), MQTT_URL: url }).MQTT_URL).toBe(url);
  });

  it('names each bad device link setting', () => {
    const bad: Record<string, string[]> = {
      MQTT_URL: ['http://broker:1883', 'broker:1883', '127.0.0.1'],
      MQTT_PORT: ['-1', '65536', 'mqtt', '1.5'],
      MQTT_ENABLED: ['maybe'],
      MQTT_SHARE_GROUP: ['a/b', 'a+b', 'x'.repeat(41)],
      DEVICE_OFFLINE_MS: ['99', 'soon', '3600001'],
      DEVICE_REPLY_TIMEOUT_MS: ['9', '600001'],
    };
    for (const [name, values] of Object.entries(bad)) {
      for (const value of values) {
        expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value }), `${name}=${value}`).toThrow(
          new RegExp(`^Invalid configuration:\n  ${name}: `),
        );
      }
    }
  });

  it('trusts no proxy unless TRUST_PROXY names them', () => {
    const trust = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).TRUST_PROXY;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trust(' 10.0.0.1, 10.1.0.0/16,fd00::/8 ,loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    for (const value of [
      'yes-please',
      '10.0.0.300',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.1,',
      'proxy.local',
      '101',
    ]) {
      expect(() => trust(value), value).toThrow(/^Invalid configuration:\n {2}TRUST_PROXY: /);
    }
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
