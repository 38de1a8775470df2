import { describe, expect, it } from 'vitest';
import { type FileUrlClaim, FileUrlSigner } from './file-url-signer.js';

const signer = new FileUrlSigner('a-server-secret-of-at-least-32-characters');
const now = Date.UTC(2026, 0, 1);
const claim: FileUrlClaim = {
  method: 'GET',
  key: '000000/media/DJI_0001.mp4',
  expires: now / 1000 + 60,
  detail: 'flight.mp4',
};

describe('FileUrlSigner', () => {
  it('accepts its own signature until the expiry, then calls it expired', () => {
    const signature = signer.sign(claim);
    expect(signature).toMatch(/^[\w-]{43}$/);
    expect(signer.verify(claim, signature, now)).toBe('ok');
    expect(signer.verify(claim, signature, now + 60_000)).toBe('ok');
    expect(signer.verify(claim, signature, now + 60_001)).toBe('expired');
  });

  it('refuses any altered part: method, key, expiry, detail or signature', () => {
    const signature = signer.sign(claim);
    for (const altered of [
      { ...claim, method: 'PUT' as const },
      { ...claim, key: '000000/media/DJI_0002.mp4' },
      { ...claim, key: '400001/media/DJI_0001.mp4' },
      { ...claim, expires: claim.expires + 3600 },
      { ...claim, detail: 'other.mp4' },
    ]) {
      expect(signer.verify(altered, signature, now)).toBe('invalid');
    }
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect(signer.verify(claim, flipped, now)).toBe('invalid');
    expect(signer.verify(claim, signature.slice(1), now)).toBe('invalid');
    expect(signer.verify(claim, '', now)).toBe('invalid');
  });

  it('signs under a key of its own: another server secret gives another signature', () => {
    const other = new FileUrlSigner('another-server-secret-of-32-characters!');
    expect(other.verify(claim, signer.sign(claim), now)).toBe('invalid');
    expect(() => new FileUrlSigner('short')).toThrow();
  });
});
