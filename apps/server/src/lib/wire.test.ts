import { describe, expect, it } from 'vitest';
import { setTimeZone } from './time.js';
import { toWire } from './wire.js';

describe('wire format', () => {
  it('writes times as yyyy-MM-dd HH:mm:ss in the server time zone, deeply', () => {
    setTimeZone('Asia/Shanghai');
    const at = new Date('2026-11-22T01:02:03Z');
    expect(toWire({ createTime: at, items: [{ at }], none: null, n: 1 })).toEqual({
      createTime: '2026-11-22 09:02:03',
      items: [{ at: '2026-11-22 09:02:03' }],
      none: null,
      n: 1,
    });
    setTimeZone('UTC');
    expect(toWire(at)).toBe('2026-11-22 01:02:03');
    setTimeZone('Asia/Shanghai');
  });
});

describe('wire format cost', () => {
  it('returns values without a Date as they are, without copying', () => {
    const plain = { permissions: ['a', 'b'], nested: { n: 1 } };
    expect(toWire(plain)).toBe(plain);
    const mixed = { keep: plain.permissions, at: new Date(0) };
    const converted = toWire(mixed);
    expect(converted).not.toBe(mixed);
    expect(converted.keep).toBe(plain.permissions);
    expect(mixed.at).toBeInstanceOf(Date);
  });
});
