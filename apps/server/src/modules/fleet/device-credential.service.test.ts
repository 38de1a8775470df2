import { describe, expect, it } from 'vitest';
import { brokenUniqueIndex } from './device-credential.service.js';

describe('brokenUniqueIndex', () => {
  it('finds the index of a unique violation wherever the driver nests it', () => {
    const pg = Object.assign(new Error('duplicate key'), {
      code: '23505',
      constraint: 'aos_device_credential_sn_uq',
    });
    expect(brokenUniqueIndex(pg)).toBe('aos_device_credential_sn_uq');
    expect(brokenUniqueIndex(new Error('query failed', { cause: pg }))).toBe('aos_device_credential_sn_uq');
    expect(brokenUniqueIndex(Object.assign(new Error('dup'), { code: '23505' }))).toBe('');
    expect(brokenUniqueIndex(Object.assign(new Error('other'), { code: '23503' }))).toBeUndefined();
    expect(brokenUniqueIndex('text')).toBeUndefined();
  });
});
