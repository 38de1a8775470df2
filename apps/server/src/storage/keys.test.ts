import { describe, expect, it } from 'vitest';
import { assertSafeKey, isSafeKey, keyExtension, ownsKey, tenantKey } from './keys.js';

describe('object keys', () => {
  it('accepts the keys uploads and media use', () => {
    for (const key of [
      '000000/20240501/1786543210987654321-abcdefghijklmnopqrstuv.png',
      '400001/media/flight-12/DJI_0001.MP4',
      'a',
      'tenant_1/x.y.z',
    ]) {
      expect(isSafeKey(key), key).toBe(true);
    }
  });

  it('refuses dot segments, absolute paths, backslashes, empty segments and encodings', () => {
    for (const key of [
      '',
      '..',
      '../jwt-secret',
      '000000/../../jwt-secret',
      '000000/./a.png',
      '/etc/passwd',
      '000000//a.png',
      '000000/a.png/',
      '..\\jwt-secret',
      '000000\\a.png',
      'C:/windows/win.ini',
      '000000/%2e%2e/a.png',
      '000000/.hidden',
      '.tmp/upload',
      '000000/a b.png',
      '000000/a.png\u0000.txt',
      '000000/飞行.png',
      'x'.repeat(513),
    ]) {
      expect(isSafeKey(key), key).toBe(false);
    }
    expect(() => assertSafeKey('../x')).toThrow(/unsafe object key/);
  });

  it('keeps a tenant inside its own prefix', () => {
    expect(tenantKey('400001', 'media', 'a.mp4')).toBe('400001/media/a.mp4');
    expect(() => tenantKey('400001', '..', '000000', 'a.mp4')).toThrow();
    expect(() => tenantKey('../000000', 'a.mp4')).toThrow();
    expect(ownsKey('400001', '400001/media/a.mp4')).toBe(true);
    expect(ownsKey('400001', '4000011/media/a.mp4')).toBe(false);
    expect(ownsKey('400001', '000000/media/a.mp4')).toBe(false);
    expect(ownsKey('400001', '400001/../000000/a.mp4')).toBe(false);
  });

  it('reads the extension of the last segment', () => {
    expect(keyExtension('a/b/c.MP4')).toBe('mp4');
    expect(keyExtension('a.b/c')).toBe('');
    expect(keyExtension('a/.png')).toBe('');
  });
});
