import { describe, expect, it } from 'vitest';
import { hashPassword, md5Hex, verifyPassword } from './password.js';

describe('password storage', () => {
  it('stores a salted scrypt hash of the md5 the console sends, never the md5 itself', async () => {
    expect(md5Hex('admin')).toBe('21232f297a57a5a743894a0e4a801fc3');
    const md5 = md5Hex('Admin@123');
    const stored = await hashPassword(md5, 10);
    expect(stored).toMatch(/^scrypt\$10\$8\$3\$/);
    expect(stored).not.toContain(md5);
    expect(await hashPassword(md5, 10)).not.toBe(stored);
    expect(await verifyPassword(md5, stored)).toBe(true);
    expect(await verifyPassword(md5.toUpperCase(), stored)).toBe(true);
    expect(await verifyPassword(md5Hex('admin@123'), stored)).toBe(false);
    expect(await verifyPassword(md5, 'garbage')).toBe(false);
  });
});
