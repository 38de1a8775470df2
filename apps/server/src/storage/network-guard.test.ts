import { describe, expect, it } from 'vitest';
import { guardedLookup, isOwnNetworkHost, isPrivateAddress, NetworkGuard } from './network-guard.js';

const lookup = (hostname: string, all = false) =>
  new Promise<{ error: Error | null; address: unknown }>((resolve) =>
    guardedLookup(hostname, { all }, (error, address) => resolve({ error, address })),
  );

describe('isPrivateAddress', () => {
  it('refuses loopback, private, link-local, metadata and mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '255.255.255.255',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      'fd00:ec2::254',
      'fe80::1',
      'not-an-address',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it('lets public addresses through', () => {
    for (const address of ['8.8.8.8', '52.216.0.1', '172.32.0.1', '100.128.0.1', '2600:1f18::1']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});

describe('guardedLookup', () => {
  it('refuses a name that resolves to our own network, in both lookup shapes', async () => {
    for (const all of [false, true]) {
      const { error } = await lookup('localhost', all);
      expect(error?.message).toMatch(/localhost resolves to (127\.0\.0\.1|::1)/);
    }
  });

  it('passes on resolver errors', async () => {
    const { error } = await lookup('no-such-host.invalid');
    expect(error).toBeTruthy();
    expect(error?.message).not.toMatch(/own network/);
  });
});

describe('NetworkGuard', () => {
  it('checks address literals, which are never looked up, and writes of them URL parsers normalise', () => {
    const guard = new NetworkGuard(false);
    for (const url of [
      'http://127.0.0.1:9000',
      'http://[::1]:9000',
      'http://[::ffff:127.0.0.1]/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://169.254.169.254/latest/meta-data',
    ]) {
      expect(() => guard.checkHost(new URL(url)), url).toThrow(/own network/);
    }
    expect(() => guard.checkHost(new URL('https://s3.amazonaws.com'))).not.toThrow();
    expect(guard.lookup).toBe(guardedLookup);
  });

  it('allows everything when the operator says so', () => {
    const guard = new NetworkGuard(true);
    expect(() => guard.checkHost(new URL('http://127.0.0.1:9000'))).not.toThrow();
    expect(guard.lookup).toBeUndefined();
  });
});

describe('isOwnNetworkHost and NetworkGuard.refuses (on save)', () => {
  it('refuses literal addresses of our network and the names that only mean it', () => {
    for (const host of [
      '127.0.0.1',
      '[::1]',
      '[::ffff:7f00:1]',
      '169.254.169.254',
      'localhost',
      'LOCALHOST.',
      'api.localhost',
      'metadata.google.internal',
      'printer.local',
      'metadata',
      'minio',
    ]) {
      expect(isOwnNetworkHost(host), host).toBe(true);
    }
    for (const host of ['s3.amazonaws.com', 'oss-cn-hangzhou.aliyuncs.com', '8.8.8.8', '[2600:1f18::1]']) {
      expect(isOwnNetworkHost(host), host).toBe(false);
    }
  });

  it('reads the URL as the parser does (numeric and hex hosts), and a string that is no URL is refused', () => {
    const guard = new NetworkGuard(false);
    for (const url of [
      'http://0x7f000001/',
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://localhost./',
      'nonsense',
    ]) {
      expect(guard.refuses(url), url).toBe(true);
    }
    expect(guard.refuses('https://s3.example.com')).toBe(false);
    expect(new NetworkGuard(true).refuses('http://127.0.0.1:9000')).toBe(false);
  });
});
