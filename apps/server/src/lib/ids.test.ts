import { describe, expect, it } from 'vitest';
import { IdGenerator } from './ids.js';

describe('snowflake ids', () => {
  it('are decimal strings that fit in a signed 64-bit integer and increase', () => {
    const generator = new IdGenerator(7);
    const ids = Array.from({ length: 10_000 }, () => generator.next());
    expect(new Set(ids).size).toBe(ids.length);
    for (let index = 1; index < ids.length; index++)
      expect(BigInt(ids[index]!) > BigInt(ids[index - 1]!)).toBe(true);
    expect(BigInt(ids.at(-1)!) < 2n ** 63n).toBe(true);
    expect(ids[0]).toMatch(/^[1-9]\d+$/);
  });
});
