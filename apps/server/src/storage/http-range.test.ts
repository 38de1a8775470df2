import { describe, expect, it } from 'vitest';
import { parseRange } from './http-range.js';

describe('parseRange', () => {
  it('reads one range: closed, open-ended and suffix', () => {
    expect(parseRange('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-')).toEqual({ start: 100 });
    expect(parseRange('bytes=-500')).toEqual({ suffix: 500 });
  });

  it('answers null (the whole object) for anything else', () => {
    for (const header of [
      undefined,
      '',
      'bytes=',
      'bytes=-',
      'items=0-1',
      'bytes=5-1',
      'bytes=0-1,4-5',
      'bytes=a-b',
    ]) {
      expect(parseRange(header), String(header)).toBeNull();
    }
  });
});
